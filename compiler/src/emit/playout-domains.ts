// The playout kernel's parameter domains: what a move's parameter is chosen among (a range, a zone, the
// seats, a set of cards, a list kept by `where`), as code that declares it, its size and its values by
// index, for the decisions' samplers (playout-decisions.ts).
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import type { KernelCode } from "./playout-statements.js";
import { KernelSets } from "./playout-sets.js";
import { localName, unsupported } from "./playout-zones.js";

/** A parameter's domain in the kernel: lines that declare it, its size and its values by index. */
export interface KernelDomain {
  /** A domain of seats worked out as a mask (playout-seat-sets.ts): the mask's code. */
  readonly mask?: string;
  /** Code true when it holds a value now; null when it always does. */
  readonly nonEmpty: string | null;
  readonly size: string;
  readonly valueAt: (digit: string) => string;
  /** A range's ends (names of consts). */
  readonly ends?: { readonly low: string; readonly high: string };
  /** Each value in order, bound to `binder`, running `body`: a search or a listing, which moves no
   *  card and lists into another list, so the domain's size is read once. */
  readonly each: (binder: string, body: string[]) => string[];
  /** A set of cards: the zone it is drawn from, as a new array (code to run where one is needed). */
  readonly cards?: string;
  /** A set of cards: the zone's segment (a name bound by the domain's lines), drawn from in place. */
  readonly zone?: { readonly seg: string; readonly topLast: boolean };
  /** True when the value at a digit is the card at that position of a zone: the digit then tells a
   *  move of the card where to look first (playout-position-hints.ts). */
  readonly position?: boolean;
  /** The same for every domain walked in the same order over the same values at one moment (the
   *  same zone, the seats): the options of a decision searching it share one pass
   *  (playout-shared-search.ts). */
  readonly shares?: string;
}

export class KernelDomains {
  /** Sets of cards drawn for moves, read in place. */
  readonly sets: KernelSets;

  constructor(
    private readonly game: CheckedGame,
    private readonly code: KernelCode,
  ) {
    this.sets = new KernelSets(game, code);
  }

  /** A parameter's declared domain, its lines pushed to `lines` (run for every option, as the
   *  compiled sampler declares every option's domains). */
  of(p: A.ParameterDeclaration, lines: string[]): KernelDomain {
    const type = this.game.types.get(p.domain);
    if (type?.kind === "subsets" && p.domain.kind === "call") {
      if (p.condition) unsupported("a set of cards kept by `where`");
      return this.sets.domain(p.domain.args[0]!, lines);
    }
    if (p.domain.kind === "range" && !p.condition) {
      const range = p.domain;
      const low = this.code.temp("low");
      const high = this.code.temp("high");
      const lowCode = this.code.hoisted(() => this.code.expression(range.low));
      const highCode = this.code.hoisted(() => this.code.expression(range.high));
      lines.push(...lowCode.pre, `const ${low} = ${lowCode.code};`, ...highCode.pre, `const ${high} = ${highCode.code};`);
      return this.rangeOver(low, high);
    }
    if (type?.kind === "zone" && !p.condition) {
      const zone = this.code.zone(p.domain);
      const seg = this.code.temp("seg");
      lines.push(`const ${seg} = ${zone.seg};`);
      const cardAt = (i: string): string => this.code.cardAt(seg, zone.layout.topLast, i);
      return {
        nonEmpty: `N[${seg}]! > 0`,
        size: `N[${seg}]!`,
        valueAt: cardAt,
        position: true,
        shares: `zone ${zone.seg} ${zone.layout.topLast}`,
        // The size read once, not at every card: a load and bounds check of the typed array each time.
        each: (binder, body) => {
          const i = this.code.temp("i");
          const n = this.code.temp("n");
          return [`for (let ${i} = 0, ${n} = N[${seg}]!; ${i} < ${n}; ${i}++) {`, `const ${binder} = ${cardAt(i)};`, ...body, "}"];
        },
      };
    }
    if (!p.condition && !this.game.eliminates && p.domain.kind === "name" && p.domain.name === "players" && this.game.names.get(p.domain)?.kind === "builtin") {
      // Never empty where every player count the game allows is one or more (play checks the count).
      const nonEmpty = Math.min(...this.game.seatCounts) >= 1 ? null : "players > 0";
      return { nonEmpty, size: "players", valueAt: (digit) => digit, shares: "seats", each: (binder, body) => [`for (let ${binder} = 0; ${binder} < players; ${binder}++) {`, ...body, "}"] };
    }
    // Any other list (or a domain kept by `where`): its values listed into a scratch list.
    const list = this.code.newList(this.elementType(p), this.listCapacity(p));
    const binder = p.condition ? localName(this.game.filterBinders.get(p)!) : this.code.temp("item");
    const keep = p.condition ? this.code.hoisted(() => this.code.expression(p.condition!)) : null;
    const add = `${list.list}[${list.size}++] = ${binder};`;
    const filter = p.condition ? { slot: this.game.filterBinders.get(p)!, test: p.condition } : null;
    lines.push(`${list.size} = 0;`, ...this.code.eachOf(p.domain, binder, keep ? [...keep.pre, `if (${keep.code}) ${add}`] : [add], filter));
    return this.listed(list);
  }

  rangeOver(low: string, high: string): KernelDomain {
    return {
      nonEmpty: `${low} <= ${high}`,
      size: `Math.max(0, ${high} - ${low} + 1)`,
      valueAt: (digit) => `${low} + ${digit}`,
      ends: { low, high },
      each: (binder, body) => [`for (let ${binder} = ${low}; ${binder} <= ${high}; ${binder}++) {`, ...body, "}"],
    };
  }

  listed({ list, size }: { list: string; size: string }): KernelDomain {
    return {
      nonEmpty: `${size} > 0`,
      size,
      valueAt: (digit) => `${list}[${digit}]!`,
      each: (binder, body) => {
        const i = this.code.temp("i");
        const n = this.code.temp("n");
        return [`for (let ${i} = 0, ${n} = ${size}; ${i} < ${n}; ${i}++) {`, `const ${binder} = ${list}[${i}]!;`, ...body, "}"];
      },
    };
  }

  /** How many values a list of the parameter's domain can hold, where the domain bounds it: a
   *  zone's cards (each card in one place, no more than CAP of a kind), the seats. */
  listCapacity(p: A.ParameterDeclaration): string | null {
    if (this.game.types.get(p.domain)?.kind === "zone") return "CAP";
    if (p.domain.kind === "name" && p.domain.name === "players" && this.game.names.get(p.domain)?.kind === "builtin") return String(this.code.maxSeats);
    return null;
  }

  elementType(p: A.ParameterDeclaration): "number" | "string" {
    const type = this.game.types.get(p.domain);
    const element = type?.kind === "list" ? type.element : type?.kind === "zone" ? { kind: "card" } : p.domain.kind === "range" ? { kind: "int" } : null;
    if (element?.kind === "enum") return "string";
    if (element && ["int", "player", "card"].includes(element.kind)) return "number";
    return unsupported(`a parameter chosen from a list of ${type?.kind ?? "unknown"}`);
  }
}
