// A playout kernel resumed from a state of its state machine (`PlayoutKernel.resume`): the code that
// loads the plain JSON state (zones, variables, the flow's locals and loop lists, the game's
// generator) into the kernel's own state, and the map from the state machine's decision labels to
// the kernel's entries. Each decision has an entry of its own in the kernel's switch: the code that
// asks (who is asked, read again from the state as `enter` reads it) and draws the move, the same
// code the step before it runs. A state the kernel cannot take as it stands gets -1, and the caller
// plays on with the state machine until it can: an `ask each` some seats have answered (their secret
// moves are the state machine's `pending`), a race some seats have declined, a generator with
// scripted outcomes, a game over.
import type { Decision, LoopSlots } from "../lower/ir.js";
import type { CheckedGame } from "../check/checker.js";
import { quote } from "./code.js";
import { kernelType } from "./playout-lists.js";
import { localName, varName, type ZoneLayout } from "./playout-zones.js";
import { cardVarStored } from "./playout-card-vars.js";
import { seatVarStored } from "./playout-flags.js";
import { cardIdRange } from "./playout-card-ranges.js";

/** A loop around decisions as the kernel keeps it (playout-loop-walks.ts): its scratch list, or the
 *  let of the first seat of a walk of the seats (null for seat 0), and the lets of its count and place. */
export interface KernelLoop {
  readonly list: string | null;
  readonly count: string;
  readonly index: string;
  readonly start: string | null;
}

export class KernelResume {
  constructor(
    private readonly game: CheckedGame,
    private readonly zones: ReadonlyMap<string, ZoneLayout>,
    private readonly loops: ReadonlyMap<LoopSlots, KernelLoop>,
    private readonly cardIds: ReadonlyMap<string, readonly number[]>,
  ) {}

  /** Lines of `play` that load the state `$from` into the kernel's (its locals declared, the seat
   *  count set); every seat's segments are emptied first, those past the state's seats stay so. */
  load(): string[] {
    const lines = ["N.fill(0);"];
    for (const [name, z] of this.zones) {
      const fill = (zone: string, seg: string) => [
        `for (let $i = 0; $i < ${zone}.length; $i++) C[${seg} * CAP + ${z.topLast ? `${zone}.length - 1 - $i` : "$i"}] = ${zone}[$i]!;`,
        `N[${seg}] = ${zone}.length;`,
      ];
      if (z.declaration.perPlayer) {
        lines.push(
          "{",
          `const $zones = $from.zones[${quote(name)}] as number[][];`,
          "for (let $p = 0; $p < $zones.length; $p++) {",
          "const $zone = $zones[$p]!;",
          ...fill("$zone", `(${z.constant} + $p)`),
          "}",
          "}",
        );
      } else lines.push("{", `const $zone = $from.zones[${quote(name)}] as number[];`, ...fill("$zone", z.constant), "}");
    }
    for (const v of this.game.vars.values()) {
      const ts = kernelType(this.game.typeOfVar(v));
      const value = `$from.vars[${quote(v.name.name)}]`;
      const target = varName(v.name.name);
      const stored = v.perCard ? cardVarStored(this.game, v, "$values[$k]!") : "$values[$k]!";
      // A per-card variable's record holds every card of its type: read by id where the ids run in one
      // range (a `for … in` over a record keyed by numbers makes a string of each key).
      if (v.perCard) {
        const range = cardIdRange(this.cardIds, v.perCard.name);
        const load = range
          ? `for (let $k = ${range.from}; $k < ${range.to}; $k++) ${target}[$k] = ${stored};`
          : `for (const $k in $values) ${target}[Number($k)] = ${stored};`;
        lines.push("{", `const $values = ${value} as unknown as Record<number, ${ts}>;`, load, "}");
      } else if (v.perPlayer) lines.push("{", `const $values = ${value} as unknown as ${ts}[];`, `for (let $p = 0; $p < $values.length; $p++) ${target}[$p] = ${seatVarStored(this.game, v, "$values[$p]!")};`, "}");
      else lines.push(`${target} = ${value} as unknown as ${ts};`);
    }
    for (const slot of this.game.stateLocals) {
      const ts = kernelType(slot.type);
      const value = `$from.locals[${quote(slot.slot)}] as unknown as ${ts}`;
      // A list local is the kernel's own copy: the kernel may change it where the state must not.
      lines.push(`${localName(slot)} = ${ts.endsWith("[]") ? `[...(${value})]` : value};`);
    }
    for (const [loop, kept] of this.loops) {
      const binder = localName(loop.binder);
      lines.push(
        "{",
        `const $values = $from.locals[${quote(loop.list)}] as unknown as ${kernelType(loop.binder.type)}[];`,
        ...(kept.list ? [`for (let $i = 0; $i < $values.length; $i++) ${kept.list}[$i] = $values[$i]!;`] : []),
        ...(kept.start ? [`${kept.start} = $values.length > 0 ? $values[0]! : 0;`] : []),
        `${kept.count} = $values.length;`,
        `${kept.index} = $from.locals[${quote(loop.index)}] as unknown as number;`,
        `${binder} = $from.locals[${quote(loop.binder.slot)}] as unknown as ${kernelType(loop.binder.type)};`,
        "}",
      );
    }
    lines.push("for (let $w = 0; $w < 4; $w++) G[$w] = $from.random.s[$w]!;");
    return lines;
  }

  /**
   * `entryOf(state)`: the kernel's program counter for the decision the state waits at, or -1 where
   * the kernel cannot take the state as it stands (see above). `entries` gives each decision's. The
   * labels are looked up in a Map: a state's label is a copy (a search clones its states), which a
   * `switch` would compare character by character with each label in turn.
   */
  entryFunction(entries: ReadonlyMap<Decision, number>): string[] {
    const races = [...entries.keys()].filter((d) => d.ask.race).map((d) => quote(d.label));
    return [
      `const ENTRIES = new Map<string, number>([${[...entries].map(([decision, pc]) => `[${quote(decision.label)}, ${pc}]`).join(", ")}]);`,
      ...(races.length ? [`const RACES = new Set<string>([${races.join(", ")}]);`] : []),
      "/** The kernel's entry for the decision the state waits at, or -1 where it cannot take the state as it stands. */",
      "function entryOf($s: BaseState): number {",
      "const $entry = ENTRIES.get($s.pc);",
      "if ($entry === undefined || $s.random.script.length > 0) return -1;",
      "if ($s.pending !== null) for (const $m of $s.pending) if ($m !== null) return -1;",
      // A race that some seat has declined is under way: who is still in lives in `declined`.
      ...(races.length ? [`if (RACES.has($s.pc)) for (const $d of $s.locals["declined"] as unknown as boolean[]) if ($d) return -1;`] : []),
      "return $entry;",
      "}",
    ];
  }
}
