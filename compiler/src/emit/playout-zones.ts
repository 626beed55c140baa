// The playout kernel's zones and draws: its card-array layout, zone operations written inline, the random draw.
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import type { LocalSlot } from "../check/types.js";
import { zoneDeclaration } from "./code.js";
import { typedArray } from "./playout-arrays.js";


/** A construct the kernel emitter does not write yet: the reason is shown by `rules compile`. */
export class KernelUnsupported extends Error {}

export function unsupported(what: string): never {
  throw new KernelUnsupported(what);
}

/** Where each zone lives in the kernel's card array. */
export interface ZoneLayout {
  readonly declaration: A.ZoneDeclaration;
  /** The constant naming its first segment. */
  readonly constant: string;
  readonly first: number;
  /** Stacks are stored top-last (dealing is a pop). */
  readonly topLast: boolean;
}

export interface ZoneRef {
  readonly layout: ZoneLayout;
  /** The segment as code: `Z_deck`, `(Z_hand + p)`. */
  readonly seg: string;
}

/** The segment each card was last put in, by card id: where a move whose origin the rules leave
 *  open looks first (runtime `takeFromZoneOf`, which searches every zone when the card is not
 *  there). Only a hint, so code that moves cards without noting it stays correct. The kernel
 *  writer drops its lines (each a line of its own, starting with it) from a kernel that never
 *  reads it. */
export const WHERE = "$where";

/** Names the kernel's generated code uses: `v_` variables, `l_` locals, `$` temporaries (which no
 *  rules name can contain), so a rules name never clashes with one of the kernel's own. */
export const varName = (name: string): string => `v_${name}`;
export const localName = (slot: LocalSlot): string => `l_${slot.slot}`;

/** What the kernel's expression and statement writers share: temporaries, scratch arrays, zones. */
export abstract class KernelZones {
  /** Imports from cards.js that the written code uses. */
  readonly cardImports = new Set<string>();
  /** Scratch arrays the written code uses (lists snapshot before a loop, choices of an `ask each`). */
  readonly scratch: { name: string; init: string }[] = [];
  /** The counts of the preallocated lists (`newList`): number variables, declared by the file. */
  readonly listCounts: string[] = [];
  private temporaries = 0;
  /** The most cards a zone holds (the most of one kind), set by the file writer: CAP. */
  zoneCap = Infinity;

  constructor(
    protected readonly game: CheckedGame,
    private readonly zones: ReadonlyMap<string, ZoneLayout>,
  ) {}

  /** Writes an expression (playout-expressions.ts): a per-player zone's seat is one. */
  abstract expression(e: A.Expression): string;

  /** A fresh temporary name. */
  temp(base: string): string {
    return `$${base}${this.temporaries++}`;
  }

  newScratch(size: string): string {
    const name = `$list${this.scratch.length}`;
    this.scratch.push({ name, init: typedArray("Int32Array", size) });
    return name;
  }

  /** A list of values of any kind (choices waiting until every seat has chosen). */
  newValues(): string {
    const name = `$values${this.scratch.length}`;
    this.scratch.push({ name, init: "[] as unknown[]" });
    return name;
  }

  /** An array of numbers or strings written by index under a count of the writer's own. */
  newIndexedList(element: "number" | "string"): string {
    const name = `$values${this.scratch.length}`;
    this.scratch.push({ name, init: `[] as ${element}[]` });
    return name;
  }

  /** A preallocated list of values (a domain listed, or narrowed by requirements), emptied before
   *  use by setting its count (`size`, a number variable of the closure, or of `play` in a kernel of
   *  one function) to 0: truncating the array itself would drop its storage, to be allocated again by
   *  the next game. A count kept in a one-slot Int32Array instead cost Keys to Knowledge 3.5% more
   *  instructions (a load and a bounds check at every value kept and read). Whole numbers that never
   *  number more than `capacity` (the cards of a zone, the seats) are an Int32Array of that size: a
   *  JS array's store checks its length and kind at every value kept (the window before a roll of
   *  Keys to Knowledge, listing seven options' deeds, played 8% faster). */
  newList(element: "number" | "string", capacity: string | null = null): { list: string; size: string } {
    const list = `$values${this.scratch.length}`;
    this.scratch.push({ name: list, init: element === "number" && capacity !== null ? typedArray("Int32Array", capacity) : `[] as ${element}[]` });
    const size = `${list}$n`;
    this.listCounts.push(size);
    return { list, size };
  }

  // ── zones ────────────────────────────────────────────────────────────────────────────────────

  zone(e: A.Expression): ZoneRef {
    const declaration = zoneDeclaration(this.game, e);
    const layout = declaration ? this.zones.get(declaration.name.name) : undefined;
    if (!layout) return unsupported(`a zone written as an expression of kind ${e.kind}`);
    if (declaration!.perPlayer) {
      if (e.kind !== "index") return unsupported(`per-player zone ${declaration!.name.name} without a seat`);
      return { layout, seg: `(${layout.constant} + ${this.expression(e.index)})` };
    }
    return { layout, seg: layout.constant };
  }

  /** Arguments every zone helper of the runtime takes: cards, sizes, cap, segment, top-last. */
  zoneArgs(z: ZoneRef): string {
    return `C, N, CAP, ${z.seg}, ${z.layout.topLast}`;
  }

  size(z: ZoneRef): string {
    return `N[${z.seg}]!`;
  }

  isZone(e: A.Expression): boolean {
    return this.game.types.get(e)?.kind === "zone";
  }

  /** The segment as a name: a constant as it is, anything else bound once to a temporary. */
  protected segment(z: ZoneRef, lines: string[]): string {
    if (/^Z_\w+$/.test(z.seg)) return z.seg;
    const seg = this.temp("seg");
    lines.push(`const ${seg} = ${z.seg};`);
    return seg;
  }

  // The zone operations of runtime/src/playout.ts written out where they are used: a kernel's `play`
  // is one large function, too large for V8 to inline many helper calls into it.

  /** Where position `i` of the zone at `seg` is stored. */
  slot(seg: string, topLast: boolean, i: string): string {
    return topLast ? `${seg} * CAP + N[${seg}]! - 1 - ${i}` : i === "0" ? `${seg} * CAP` : `${seg} * CAP + ${i}`;
  }

  cardAt(seg: string, topLast: boolean, i: string): string {
    return `C[${this.slot(seg, topLast, i)}]!`;
  }

  /** Takes the card at position `i` into a new const `target`, the others keeping their order. */
  take(seg: string, topLast: boolean, i: string, target: string): string[] {
    if (topLast && i === "0") return [`const ${target} = C[${seg} * CAP + --N[${seg}]!]!;`];
    const at = this.temp("at");
    const end = this.temp("end");
    const k = this.temp("k");
    return [
      `const ${at} = ${this.slot(seg, topLast, i)};`,
      `const ${target} = C[${at}]!;`,
      `const ${end} = ${seg} * CAP + N[${seg}]! - 1;`,
      `for (let ${k} = ${at}; ${k} < ${end}; ${k}++) C[${k}] = C[${k} + 1]!;`,
      `N[${seg}]!--;`,
    ];
  }

  /** Fisher–Yates over the positions of the zone at `seg`, drawing from the game's generator as
   *  `shuffle` does. The place of position 0 is worked out once (the zone's size does not change),
   *  and the count drawn, a position plus one, needs no range test where a zone holds at most 2^21. */
  shuffled(seg: string, topLast: boolean): string[] {
    const i = this.temp("i");
    const a = this.temp("a");
    const b = this.temp("b");
    const j = this.temp("j");
    const first = `${i}$first`;
    const at = (k: string): string => (topLast ? `${first} - ${k}` : `${first} + ${k}`);
    return [
      `const ${first} = ${topLast ? `${seg} * CAP + N[${seg}]! - 1` : `${seg} * CAP`};`,
      `for (let ${i} = N[${seg}]! - 1; ${i} > 0; ${i}--) {`,
      ...this.draw("G", `(${i} + 1)`, j, this.zoneCap <= 2097152),
      `const ${a} = ${at(i)};`,
      `const ${b} = ${at(j)};`,
      `const $card = C[${a}]!;`,
      `C[${a}] = C[${b}]!;`,
      `C[${b}] = $card;`,
      "}",
    ];
  }

  /** Puts `card` at position 0 (`front`) or after the last position, noting its segment (see WHERE). */
  put(seg: string, topLast: boolean, front: boolean, card: string): string[] {
    const where = `${WHERE}[${card}] = ${seg};`;
    if (front === topLast) return [`C[${seg} * CAP + N[${seg}]!] = ${card};`, `N[${seg}]!++;`, where];
    const k = this.temp("k");
    return [`for (let ${k} = ${seg} * CAP + N[${seg}]!; ${k} > ${seg} * CAP; ${k}--) C[${k}] = C[${k} - 1]!;`, `C[${seg} * CAP] = ${card};`, `N[${seg}]!++;`, where];
  }

  /** A whole number in [0, n) into a new const `target`, as `randomInt` draws it: sfc32 and
   *  Lemire's multiply-shift (runtime/src/random.ts), the high word of word · n, the word redrawn
   *  while the product's low word is below 2^32 mod n. Below 2^21 (every count a game has met) the
   *  product is exact as a double and written out here; above, `drawInt` takes it in halves. */
  draw(words: "G" | "P", n: string, target: string, small = false): string[] {
    const size = this.temp("n");
    const r = this.temp("r");
    // A count known to be in [1, 2^21] (`small`: a position in a zone, plus one) is drawn at once.
    if (small) return [`const ${size} = ${n};`, `let ${r} = 0;`, ...this.drawSmall(words, size, r), `const ${target} = ${r};`];
    return [
      `const ${size} = ${n};`,
      `let ${r} = 0;`,
      // The range is checked on the rare path only: a count in [1, 2^21] needs no other test.
      `if (${size} <= 2097152 && ${size} >= 1) {`,
      ...this.drawSmall(words, size, r),
      `} else {`,
      `if (!(${size} >= 1 && ${size} <= 4294967296)) throw new GameFault("fault/random-range", "a kernel draws among 1 to 2^32 values");`,
      `${r} = drawInt(${words}, ${size});`,
      "}",
      `const ${target} = ${r};`,
    ];
  }

  /** The draw of a number below `size` (in [1, 2^21]) into `r`: one sfc32 step and Lemire's
   *  multiply-shift in line; on the rare rejection `drawInt` draws again as its own loop would
   *  (playout-draws.test.ts). No loop written at each of a kernel's forty-odd draws: shorter kernels
   *  (Foreclosed!'s optimized code 5% smaller), as fast as the loop was. */
  private drawSmall(words: "G" | "P", size: string, r: string): string[] {
    return [
      "{",
      `const $a = ${words}[0]!, $b = ${words}[1]!, $c = ${words}[2]!, $d = ${words}[3]!;`,
      "const $t = (((($a + $b) | 0) + $d) | 0);",
      `${words}[3] = $d + 1;`,
      `${words}[0] = $b ^ ($b >>> 9);`,
      `${words}[1] = $c + ($c << 3);`,
      `${words}[2] = (($c << 21) | ($c >>> 11)) + $t;`,
      `const $m = ($t >>> 0) * ${size};`,
      "const $low = $m >>> 0;",
      `${r} = $low >= ${size} || $low >= 4294967296 % ${size} ? ($m / 4294967296) >>> 0 : drawInt(${words}, ${size});`,
      "}",
    ];
  }
}
