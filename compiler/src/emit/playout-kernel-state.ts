// The kernel's state in one list: every variable of a split kernel's closure, with what a new game
// does to it. The modules that declare state (counts, held counts, memos, `first` tables, the file's
// zones and variables) each list their own declarations here with a role; the copy of the setup's
// draw-free prefix (playout-setup-prefix.ts) is written from the list: the game's state is copied
// and restored, a cache is made stale, the rest is left as it is. The list is checked against the
// closure's text: a variable the list lacks (a new kind of state, declared without a role) keeps the
// prefix from being copied, so the setup runs as written and the state is never restored in part.
import { closureDeclarations } from "./playout-closure-vars.js";

export type StateRole =
  /** The game's state: zones, where cards were put, counts kept by the moves, the rules' variables. */
  | "game"
  /** Worked out from the game's state and kept (memos, `first` tables, totals): made stale by its
   *  `stale` lines, or by those of another (a memo's table goes stale with its generation). */
  | "cache"
  /** The same in every game: layout constants, card tables, enum codes, a pure function's last answer. */
  | "fixed"
  /** A statement's working space (a loop's list), or a drawn set's list: never read across the
   *  setup's draw-free prefix (it is written by a draw, which the prefix has none of). */
  | "scratch"
  /** Set by `play` for each game apart from the setup: the generators, players, variants, the policy,
   *  the trace, the counts of decisions and steps, the flow's locals (set back after the setup). */
  | "per-game";

/** How a variable of the game's state is copied: a typed array by `.set`, an array item by item, a
 *  scalar by assignment; the zones' cards segment by segment, each as many as its count holds (the
 *  slots past a segment's count are never read). */
export type StateKind = "typed" | "array" | "scalar" | "cards";

export interface StateDeclaration {
  readonly name: string;
  readonly role: StateRole;
  /** A cache's lines that make it stale. */
  readonly stale?: readonly string[];
  /** The zones' cards: the name of the array of the segments' counts. */
  readonly counts?: string;
}

export interface GameStateVariable {
  readonly name: string;
  readonly kind: StateKind;
  /** The closure's name of the segments' counts, for the zones' cards. */
  readonly counts?: string;
}

export class KernelState {
  private readonly listed = new Map<string, StateDeclaration>();

  add(role: StateRole, names: Iterable<string>): void {
    for (const name of names) this.listed.set(name, { name, role });
  }

  /** The zones' cards (`cards`), live up to each segment's count in `counts`. */
  addCards(cards: string, counts: string): void {
    this.listed.set(cards, { name: cards, role: "game", counts });
  }

  addAll(declarations: Iterable<StateDeclaration>): void {
    for (const d of declarations) this.listed.set(d.name, d);
  }

  /** The closure's variables in `text` (the kernel's), checked against the list: the game's state
   *  to copy, the lines that make every cache stale, and the variables the list lacks. */
  read(text: string): { game: GameStateVariable[]; stale: string[]; unlisted: string[] } {
    const game: GameStateVariable[] = [];
    const stale: string[] = [];
    const unlisted: string[] = [];
    const declared = closureDeclarations(text);
    const names = new Set(declared.map((d) => d.name));
    for (const { name, value } of declared) {
      // `const C = K_C;`: the closure's alias of its own array, the same state.
      if (value === `K_${name};` && names.has(`K_${name}`)) continue;
      const listed = this.listed.get(name) ?? (name.startsWith("K_") ? this.listed.get(name.slice(2)) : undefined);
      if (!listed) unlisted.push(name);
      else if (listed.role === "game") game.push(listed.counts ? { name, kind: "cards", counts: names.has(`K_${listed.counts}`) ? `K_${listed.counts}` : listed.counts } : { name, kind: kindOf(value) });
      else if (listed.role === "cache") stale.push(...(listed.stale ?? []));
    }
    return { game, stale, unlisted };
  }
}

/** How a declaration's first value is copied: `new Int32Array(…)` / `Int32Array.from(…)` (or its
 *  copy off the heap, `offHeap(…)`) a typed array, `Array.from(…)` or `[…]` an array, anything else a scalar. */
function kindOf(value: string): StateKind {
  if (/^(offHeap\()?(new )?(Int8|Uint8|Int16|Uint16|Int32|Uint32|Float32|Float64)Array\b/.test(value)) return "typed";
  if (/^(Array\.from\(|\[)/.test(value)) return "array";
  return "scalar";
}

/** The names the `let` and `const` lines of a piece of the kernel declare. */
export function declaredNames(lines: readonly string[]): string[] {
  return lines.flatMap((line) => {
    const m = /^(?:let|const)\s+([\w$]+)/.exec(line.trim());
    return m ? [m[1]!] : [];
  });
}
