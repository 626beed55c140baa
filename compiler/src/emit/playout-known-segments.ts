// The playout kernel's known segments: an option's card parameter drawn from a zone (`d in deeds[p]`)
// was listed from that zone's segment (`(Z_deeds + l_p)`), and nothing moves a card between the listing
// and the draw. So, in the option's effect, until the first statement that may move a card (or rebind
// the card's local or the seat the segment is written with), a write of a per-card variable that running
// counts key on hands that segment to the write (`$write_V$at`), which then does not look for the card
// (`segmentHolding`). A procedure written inline carries it through a parameter its argument names the
// card by (playout-statements.ts `inlined`). Any other statement drops every known segment: sound, since
// a statement the rules cannot show to keep cards where they are ends the knowledge.
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import type { LocalSlot } from "../check/types.js";
import { zoneDeclaration } from "./code.js";
import { localName } from "./playout-zones.js";

/** A card's segment: its zone's name and the zone expression (per-player: at a local's seat). */
interface Known {
  readonly zone: string;
  readonly domain: A.Expression;
  /** The local the segment's seat is read from (none for a zone of one segment). */
  readonly seat: LocalSlot | null;
}

/** Statements written with their inner statements in order (a drop inside them falls where it should). */
const OPEN: ReadonlySet<A.Statement["kind"]> = new Set(["if", "inlined"]);

export class KnownSegments {
  private known = new Map<LocalSlot, Known>();

  constructor(private readonly game: CheckedGame) {}

  /** `body` written with each parameter drawn from a zone known to lie in the segment it was listed from. */
  within<T>(parameters: readonly A.ParameterDeclaration[], slots: readonly LocalSlot[], body: () => T): T {
    return this.scoped(() => {
      parameters.forEach((p, j) => {
        const known = this.segmentOf(p.domain);
        if (known) this.known.set(slots[j]!, known);
      });
      return body();
    });
  }

  /** A procedure's body written inline: a parameter whose argument names a known card knows it too. */
  aliased<T>(parameters: readonly A.LetStatement[], body: () => T): T {
    if (this.known.size === 0) return body();
    return this.scoped(() => {
      if (parameters.some((p) => this.rebinds(p))) this.known.clear();
      for (const p of parameters) {
        const known = this.of(p.value);
        const slot = this.slotOf(p.name);
        if (known && slot) this.known.set(slot, known);
      }
      return body();
    });
  }

  /** The statements written in order, every known segment dropped at the first that may move a card
   *  (before it, for a loop: its body runs again after its own moves). */
  sequence(statements: readonly A.Statement[], write: (s: A.Statement) => string[]): string[] {
    const lines: string[] = [];
    for (const s of statements) {
      const still = this.known.size === 0 || this.still(s);
      if (!still && !OPEN.has(s.kind)) this.known.clear();
      lines.push(...write(s));
      if (!still) this.known.clear();
    }
    return lines;
  }

  /** For a write of a per-card variable (`V[card]`) of a card whose segment is known: its zone's name
   *  and the segment's code. */
  at(target: A.Expression, segmentCode: (zone: A.Expression) => string): { zone: string; seg: string } | null {
    const known = target.kind === "index" ? this.of(target.index) : null;
    return known ? { zone: known.zone, seg: segmentCode(known.domain) } : null;
  }

  private of(card: A.Expression): Known | null {
    if (card.kind !== "name") return null;
    const slot = this.slotOf(card);
    return slot ? (this.known.get(slot) ?? null) : null;
  }

  /** A zone expression whose segment stays the same while its seat's local is not written. */
  private segmentOf(domain: A.Expression): Known | null {
    if (this.game.types.get(domain)?.kind !== "zone") return null;
    const declaration = zoneDeclaration(this.game, domain);
    if (!declaration) return null;
    if (!declaration.perPlayer) return domain.kind === "name" ? { zone: declaration.name.name, domain, seat: null } : null;
    const seat = domain.kind === "index" && domain.index.kind === "name" ? this.slotOf(domain.index) : null;
    return seat ? { zone: declaration.name.name, domain, seat } : null;
  }

  /** Whether `s` surely moves no card and writes no local a known segment reads. */
  private still(s: A.Statement): boolean {
    const writes = (e: A.Expression): boolean => e.kind === "name" && this.rebinds(e);
    const all = (b: A.Block | null): boolean => b === null || b.statements.every((x) => this.still(x));
    switch (s.kind) {
      case "assign":
        return !writes(s.target);
      case "transfer":
        return !writes(s.from) && !writes(s.to);
      case "let":
        return !this.rebinds(s);
      case "say":
      case "reveal":
      case "conceal":
        return true;
      case "if":
        return all(s.then) && all(s.otherwise);
      case "inlined":
        return s.parameters.every((p) => !this.rebinds(p)) && all(s.body);
      default:
        return false;
    }
  }

  /** Whether writing or binding local `name` may change what a known segment's code reads: the
   *  card's local or its seat's, by name (a procedure's parameter of the same name hides the caller's). */
  private rebinds(name: A.Identifier | A.Expression | A.LetStatement): boolean {
    const slot = this.slotOf("kind" in name && name.kind === "let" ? name.name : name);
    if (!slot) return false;
    const named = localName(slot);
    // Bound to the local of its own name (a procedure's `p` given the caller's `p`): the same value.
    const value = "kind" in name && name.kind === "let" && name.value.kind === "name" ? this.slotOf(name.value) : null;
    if (value && localName(value) === named) return false;
    for (const [card, known] of this.known) if (localName(card) === named || (known.seat && localName(known.seat) === named)) return true;
    return false;
  }

  private slotOf(name: A.Identifier | A.Expression): LocalSlot | null {
    const binding = this.game.names.get(name);
    return binding?.kind === "local" ? binding.slot : null;
  }

  /** `body` with the known segments as they are, and as they were once it is written. */
  private scoped<T>(body: () => T): T {
    const saved = this.known;
    this.known = new Map(saved);
    try {
      return body();
    } finally {
      this.known = saved;
    }
  }
}
