// The playout kernel's memo of the rules' functions while decisions list their moves. Listing a
// decision (is an option offered? which values meet its requirements?) only reads the state, and
// calls the same functions over and over with the same arguments: `complete(p, d.group)` for every
// deed a seat holds, once to offer a window and again to draw from it, and again at the next
// decision, the state mostly unchanged. A function whose arguments come from small sets (seats,
// cards, enum members, booleans) and which draws nothing gets a memo table: a value and the
// generation it was computed in, per argument tuple. Each such function has a generation of its
// own, bumped by every statement that writes an item of the state the function reads (directly or
// through the functions it calls: playout-memo-reads.ts), and by the start of every game played or
// resumed; so a value stays good across decisions until what it was computed from changes. The
// memo is read only by code written while `KernelLists.memo` is on (the listing, never a move's
// effect), so no state changes between a value computed and read.
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import type { Type } from "../check/types.js";
import { cardFieldArray, functionName } from "./code.js";
import { kernelType } from "./playout-lists.js";
import { localName } from "./playout-zones.js";
import { EACH_DECISION, EVERYTHING, StateReads, functionsByName, walk } from "./playout-memo-reads.js";
import type { EnumIndexes } from "./playout-count-registry.js";
import { MemberKeys, type MemberKey } from "./playout-member-memo.js";
import type { StateDeclaration } from "./playout-kernel-state.js";
import { typedArray } from "./playout-arrays.js";

/** A line of the written kernel that says which items of the state the code after it writes; the
 *  kernel writer turns it into the bumps of the memoized functions that read them (`writesCode`),
 *  once every function the kernel memoizes is known. */
const WRITES = "/*$memo-writes ";

/** The marker line for code that writes `items`, or no line when it writes none. */
export function writesMarker(items: ReadonlySet<string>): string[] {
  return items.size === 0 ? [] : [`${WRITES}${[...items].sort().join(" ")}*/`];
}

/** Whether a line is such a marker. */
export function isWritesMarker(line: string): boolean {
  return line.trimStart().startsWith(WRITES);
}

/** The marker before every decision (for functions whose reads cannot be named) and before a game
 *  starts or resumes (every item). */
export const DECISION_MARKER = writesMarker(new Set([EACH_DECISION]))[0]!;
export const START_MARKER = writesMarker(new Set([EVERYTHING]))[0]!;

/** The most argument tuples a function's memo table holds. */
const MOST_ENTRIES = 4096;

/** An argument's set as the memo indexes it. */
interface ArgumentSet {
  readonly size: number;
  /** Code for the argument's index in [0, size), or -1 when it is outside (never for a well-typed game). */
  readonly index: (value: string) => string;
}

export class KernelMemo implements EnumIndexes {
  private readonly functions: ReadonlyMap<string, A.FunctionDeclaration>;
  private readonly verdicts = new Map<string, boolean>();
  /** Functions whose memo the written code calls. */
  readonly used = new Set<string>();
  /** Functions whose memo is called with the indexes of their enum arguments at hand (`callAt`). */
  private readonly usedAt = new Set<string>();
  /** Per card field of an enum type read as a memo's argument: its members' indexes by card id. */
  private readonly fieldIndexes = new Map<string, { array: string; enumName: string }>();
  readonly reads: StateReads;
  /** Set by the kernel writer: memos live in the closure beside the rules' functions, which a
   *  kernel written as one `play` (no functions of the rules, a short flow) does not have. */
  enabled = false;
  /** The used functions whose zone reads are counts keyed by an argument, with the card field's
   *  member indexes by card id (made in `code`). */
  private readonly memberKeys = new Map<string, MemberKey & { readonly index: string }>();
  private readonly memberKeyFinder: MemberKeys;
  /** Set by the kernel writer: where an aggregate is written as a read of the running counts
   *  (playout-counts.ts), the expressions the read still evaluates; null for a pass. */
  countedReads: ((e: A.AggregateExpression) => readonly A.Expression[] | null) | null = null;
  /** Set by the kernel writer: the index of an enum value's code where it is at hand, or null. */
  knownIndex: ((value: string) => string | null) | null = null;
  /** Enums whose members' index function the written code calls. */
  private readonly enums = new Set<string>();
  /** The closure's variables `code` declared, with their roles (playout-kernel-state.ts). */
  readonly declared: StateDeclaration[] = [];

  constructor(
    private readonly game: CheckedGame,
    private readonly maxSeats: number,
    private readonly cardCount: number,
  ) {
    this.functions = functionsByName(game);
    this.reads = new StateReads(game);
    this.memberKeyFinder = new MemberKeys(game, this.functions);
  }

  memberIndex(enumName: string, value: string): string {
    // An argument that came with its index (playout-enum-arguments.ts).
    const known = this.knownIndex?.(value);
    if (known) return known;
    this.enums.add(enumName);
    return `${enumIndex(enumName)}(${value})`;
  }

  fieldIndex(array: string, enumName: string): string {
    const index = `${array}$index`;
    this.fieldIndexes.set(index, { array, enumName });
    return index;
  }

  /** The line (or none) that comes before a statement's code: the items it writes. */
  statementMarker(s: A.Statement): string[] {
    // Memos live only in kernels with a closure (`enabled`); elsewhere a marker line, dropped at
    // the end, would still count in a step's length (a short step is copied in place).
    if (!this.enabled) return [];
    const writes = this.reads.statementWrites(s);
    if (writes.size === 0) return [];
    // A card moved (the marker goes where `$card` is bound): a member-keyed memo forgets only its
    // values for the card's member (playout-member-memo.ts).
    const card = s.kind === "move" ? this.game.types.get(s.card) : undefined;
    if (card?.kind === "card" && this.keyedBy(card.cardType)) return writesMarker(new Set([...writes, `${MOVED}${card.cardType}`]));
    // One card's variable written (`books[d] += 1`, d a local): likewise, by the card's member.
    const written = s.kind === "assign" ? this.cardWritten(s.target) : null;
    if (written) return writesMarker(new Set([...writes, `${MOVED}${written.cardType}`, `${CARD}${written.card}`]));
    return writesMarker(writes);
  }

  /** Whether a function the memo may keep counts cards of the type by a member argument. */
  private keyedBy(cardType: string): boolean {
    return this.keyed().types.has(cardType);
  }

  /** The card type and the local that names the card of a per-card variable's assignment
   *  (`books[d]`), when a function the memo may keep reads that variable by member; else null. */
  private cardWritten(target: A.Expression): { cardType: string; card: string } | null {
    if (target.kind !== "index" || target.target.kind !== "name" || target.index.kind !== "name") return null;
    const variable = this.game.names.get(target.target);
    const card = this.game.names.get(target.index);
    const cardType = this.game.types.get(target.index);
    if (variable?.kind !== "var" || !variable.declaration.perCard || card?.kind !== "local" || cardType?.kind !== "card") return null;
    if (!this.keyed().vars.has(variable.declaration.name.name)) return null;
    return { cardType: cardType.cardType, card: localName(card.slot) };
  }

  /** The card types the memoizable functions' members are of, and the per-card variables they read by member. */
  private keyed(): { types: ReadonlySet<string>; vars: ReadonlySet<string> } {
    if (this.keyedSets) return this.keyedSets;
    const keys = [...this.functions.keys()].filter((name) => this.memoizable(name)).map((name) => this.memberKeyFinder.keyOf(name)).filter((k): k is MemberKey => k !== null);
    this.keyedSets = { types: new Set(keys.map((k) => k.cardType)), vars: new Set(keys.flatMap((k) => [...k.cardVars])) };
    return this.keyedSets;
  }

  private keyedSets: { types: ReadonlySet<string>; vars: ReadonlySet<string> } | null = null;

  /** A marker line replaced by the bumps of the used functions that read what it names: a bump
   *  makes every value in the function's table stale. Null for a line that is no marker. */
  writesCode(line: string): string[] | null {
    const at = line.indexOf(WRITES);
    if (at < 0 || line.slice(0, at).trim() !== "") return null;
    const all = line.slice(at + WRITES.length, line.lastIndexOf("*/")).split(" ");
    const moved = all.find((item) => item.startsWith(MOVED))?.slice(MOVED.length);
    // The card: the moved `$card`, or the local an assignment indexes by.
    const card = all.find((item) => item.startsWith(CARD))?.slice(CARD.length) ?? "$card";
    const items = all.filter((item) => !item.startsWith(MOVED) && !item.startsWith(CARD));
    const everything = items.includes(EVERYTHING);
    const bumped = [...this.used].sort().filter((name) => {
      const reads = this.reads.functionReads(name);
      return everything || reads.has(EACH_DECISION) || items.some((item) => reads.has(item));
    });
    const bump = (name: string): string => {
      const key = this.memberKeys.get(name);
      const reads = this.reads.functionReads(name);
      // A card of the counted type moved, or a variable of it the function reads by member
      // written, and nothing else the function reads: only the card's member's values are stale.
      const byMember = (item: string): boolean => !reads.has(item) || item.startsWith("zone:") || (item.startsWith("var:") && key!.cardVars.has(item.slice(4)));
      if (!key || moved !== key.cardType || everything || reads.has(EACH_DECISION) || !items.every(byMember)) {
        return `${generation(name)}++;`;
      }
      return `${memberGenerations(name)}[${key.index}[${card}]!]!++;`;
    };
    return bumped.length === 0 ? [] : [bumped.map(bump).join(" ")];
  }

  /** The call of `name`'s memo, when it has one (noted as used), else null. `fields` names, per
   *  argument, the card field it reads (`d.group`: the array and the card's code), or null: where
   *  every enum argument is a card's field, the call passes their indexes, read from arrays made
   *  once, and the memo skips the `switch` that finds a member's index. */
  call(name: string, args: string[], fields: readonly ({ array: string; card: string } | null)[] = []): string | null {
    if (!this.memoizable(name)) return null;
    this.used.add(name);
    const f = this.functions.get(name)!;
    const enums = f.parameters.map((p, i) => ({ type: this.slotType(p.name), field: fields[i] ?? null })).filter((a) => a.type?.kind === "enum");
    if (enums.length === 0 || enums.some((a) => a.field === null)) return `${functionName(name)}$memo(${args.join(", ")})`;
    this.usedAt.add(name);
    const digits = enums.map(({ type, field }) => `${this.fieldIndex(field!.array, (type as { name: string }).name)}[${field!.card}]!`);
    return `${functionName(name)}$memoAt(${[...args, ...digits].join(", ")})`;
  }

  /** Whether a call of `name` is worth a memo: its value is a number or a boolean, its arguments
   *  come from small sets, it draws nothing, and it loops (an aggregate, or a call of a function
   *  that loops): a look-up would cost more than a function of a few reads; but not a short scan. */
  private memoizable(name: string): boolean {
    const f = this.functions.get(name);
    if (!f) return false;
    const result = kernelTypeOrNull(this.game.types.get(f.body));
    if (result !== "number" && result !== "boolean") return false;
    const sets = this.argumentSets(f);
    if (!sets || sets.reduce((n, s) => n * s.size, 1) > MOST_ENTRIES) return false;
    return this.pure(name) && this.loops(f.body, new Set([name])) && !this.shortScan(f.body);
  }

  /** Whether the body is no more than passes over the seats or over one seat's copy of a zone (a
   *  hand, the cards a seat played: a few cards) reading only what is printed on the cards, zone
   *  sizes and the arguments: no variable of the state, no function of the rules, no loop within a
   *  loop. Such a pass costs about what the memo's look-up, stamp and store cost, and the write that
   *  makes the value stale (a card played) comes about as often as the read: the kernel calls the
   *  function itself (measured on Foreclosed!'s `shielded` and `cards_in_play`: ~+2.5%). */
  private shortScan(body: A.Expression): boolean {
    let short = true;
    walk(body, (node) => {
      if (!short) return;
      if (node.kind === "call" && this.isUserFunction(node as A.CallExpression)) short = false;
      else if (this.game.names.get(node as never)?.kind === "var") short = false;
      else if (node.kind === "aggregate") {
        const a = node as A.AggregateExpression;
        if (!this.seatsOrSeatZone(a.source)) short = false;
        walk([a.condition, a.value], (inner) => {
          if (inner.kind === "aggregate") short = false;
        });
      }
    });
    return short;
  }

  /** `players`, or a per-player zone indexed by one seat (`played[p]`). */
  private seatsOrSeatZone(source: A.Expression): boolean {
    const binding = this.game.names.get(source as never);
    if (binding?.kind === "builtin" && binding.name === "players") return true;
    if (source.kind !== "index") return false;
    const zone = this.game.names.get(source.target as never);
    return zone?.kind === "zone" && zone.declaration.perPlayer;
  }

  /** The sets of the function's arguments, or null when one is not small (an int, a list). */
  private argumentSets(f: A.FunctionDeclaration): ArgumentSet[] | null {
    const sets: ArgumentSet[] = [];
    for (const p of f.parameters) {
      const set = this.argumentSet(this.slotType(p.name));
      if (!set) return null;
      sets.push(set);
    }
    return sets;
  }

  private argumentSet(type: Type | undefined): ArgumentSet | null {
    switch (type?.kind) {
      case "player":
        return { size: this.maxSeats, index: (v) => `(${v} >= 0 && ${v} < ${this.maxSeats} ? ${v} : -1)` };
      case "card":
        return { size: this.cardCount, index: (v) => `(${v} >= 0 && ${v} < ${this.cardCount} ? ${v} : -1)` };
      case "bool":
        return { size: 2, index: (v) => `(${v} ? 1 : 0)` };
      case "enum": {
        const members = this.game.enums.get(type.name)?.members ?? [];
        if (members.length === 0) return null;
        return { size: members.length, index: (v) => `${enumIndex(type.name)}(${v})` };
      }
      default:
        return null;
    }
  }

  private slotType(name: A.Identifier): Type | undefined {
    const binding = this.game.names.get(name);
    if (binding?.kind !== "local") throw new Error("internal: unresolved function parameter");
    return binding.slot.type;
  }

  /** No draw from the game's generator in the function or any it calls (a memo would skip it). */
  private pure(name: string): boolean {
    const known = this.verdicts.get(name);
    if (known !== undefined) return known;
    this.verdicts.set(name, true); // a recursive call draws only what the rest of the body draws
    let pure = true;
    walk(this.functions.get(name)!.body, (node) => {
      if (node.kind !== "call") return;
      const call = node as A.CallExpression;
      if (call.callee.name === "roll" || call.callee.name === "random_player") pure = false;
      else if (this.isUserFunction(call) && !this.pure(call.callee.name)) pure = false;
    });
    this.verdicts.set(name, pure);
    return pure;
  }

  private loops(e: A.Expression, seen: Set<string>): boolean {
    let loops = false;
    walk(e, (node) => {
      if (node.kind === "aggregate") {
        // A read of the running counts is no pass: only what it still evaluates may loop.
        const evaluated = this.countedReads?.(node as A.AggregateExpression);
        if (!evaluated) loops = true;
        else if (evaluated.some((x) => this.loops(x, seen))) loops = true;
        return false;
      } else if (node.kind === "call" && this.isUserFunction(node as A.CallExpression)) {
        const name = (node as A.CallExpression).callee.name;
        if (!seen.has(name)) {
          seen.add(name);
          if (this.loops(this.functions.get(name)!.body, seen)) loops = true;
        }
      }
    });
    return loops;
  }

  private isUserFunction(call: A.CallExpression): boolean {
    return this.game.names.get(call)?.kind === "function" && this.functions.has(call.callee.name);
  }

  /** The memo tables and functions of the functions used, the enums' index functions they read and
   *  the epoch, for the kernel's closure. */
  code(): string[] {
    const lines: string[] = [];
    // Which used functions count a zone's cards by a member argument: the write marks need it.
    for (const name of [...this.used].sort()) {
      const key = this.memberKeyFinder.keyOf(name);
      if (key) this.memberKeys.set(name, { ...key, index: this.fieldIndex(cardFieldArray(key.cardType, key.field), key.enumName) });
    }
    const enums = new Set<string>(this.enums);
    for (const name of [...this.used].sort()) {
      const f = this.functions.get(name)!;
      const sets = this.argumentSets(f)!;
      const size = sets.reduce((n, s) => n * s.size, 1);
      const result = kernelType(this.game.types.get(f.body));
      const parameters = f.parameters.map((p) => ({ name: localNameOf(this.game, p.name), type: kernelType(this.slotType(p.name)) }));
      f.parameters.forEach((p) => {
        const type = this.slotType(p.name);
        if (type?.kind === "enum") enums.add(type.name);
      });
      const values = `$memo_${name}`;
      const stamps = `$stamp_${name}`;
      const current = generation(name);
      const args = parameters.map((p) => p.name).join(", ");
      // The tuple's index in mixed radix; -1 when an argument is outside its set (then no memo).
      // `$memoAt` is given the enum arguments' indexes (one `$digit<i>` each, in order).
      const given = sets.map((_, i) => (this.slotType(f.parameters[i]!.name)?.kind === "enum" ? `$digit${i}` : null));
      const keyed = this.memberKeys.get(name);
      const members = keyed ? memberGenerations(name) : null;
      const memberStamps = `$mstamp_${name}`;
      const memoBody = (at: boolean): string[] => {
        const body: string[] = ["let $key = 0;"];
        sets.forEach((set, i) => {
          const code = at && given[i] ? given[i] : set.index(parameters[i]!.name);
          if (keyed?.parameter === i) {
            body.push(`const $member = ${code};`, `if ($member < 0) return ${functionName(name)}(${args});`, `$key = $key * ${set.size} + $member;`);
          } else body.push(`{`, `const $digit = ${code};`, `if ($digit < 0) return ${functionName(name)}(${args});`, `$key = $key * ${set.size} + $digit;`, `}`);
        });
        const fresh = members ? `${stamps}[$key] === ${current} && ${memberStamps}[$key] === ${members}[$member]` : `${stamps}[$key] === ${current}`;
        return [
          ...body,
          `if (${fresh}) return ${result === "boolean" ? `${values}[$key] === 1` : `${values}[$key]!`};`,
          `const $value = ${functionName(name)}(${args});`,
          `${stamps}[$key] = ${current};`,
          ...(members ? [`${memberStamps}[$key] = ${members}[$member]!;`] : []),
          `${values}[$key] = ${result === "boolean" ? "$value ? 1 : 0" : "$value"};`,
          "return $value;",
        ];
      };
      if (members) lines.push(`const ${members} = ${typedArray("Float64Array", sets[keyed!.parameter]!.size)};`, `const ${memberStamps} = ${typedArray("Float64Array", size)};`);
      // The values and stamps go stale with the generation (a member's with its own as well).
      this.declared.push({ name: current, role: "cache", stale: [`${current}++;`] }, ...[values, stamps, ...(members ? [members, memberStamps] : [])].map((name) => ({ name, role: "cache" as const })));
      const signature = parameters.map((p) => `${p.name}: ${p.type}`);
      lines.push(
        `let ${current} = 1;`,
        `const ${values} = ${typedArray("Float64Array", size)};`,
        `const ${stamps} = ${typedArray("Float64Array", size)};`,
        `function ${functionName(name)}$memo(${signature.join(", ")}): ${result} {`,
        ...memoBody(false),
        "}",
      );
      if (this.usedAt.has(name)) {
        const digitParameters = given.filter((g): g is string => g !== null).map((g) => `${g}: number`);
        lines.push(`function ${functionName(name)}$memoAt(${[...signature, ...digitParameters].join(", ")}): ${result} {`, ...memoBody(true), "}");
      }
    }
    for (const { enumName } of this.fieldIndexes.values()) enums.add(enumName);
    for (const name of [...enums].sort()) lines.push(...this.enumIndexFunction(name));
    for (const [index, { array, enumName }] of [...this.fieldIndexes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      lines.push(`const ${index} = offHeap(Int32Array.from(${array}, ${enumIndex(enumName)}));`);
      this.declared.push({ name: index, role: "fixed" });
    }
    return lines;
  }

  /** A member's index in its enum, -1 for a string that is none. */
  private enumIndexFunction(name: string): string[] {
    const members = this.game.enums.get(name)!.members;
    // The last member looked up, answered by one comparison: a function's loop looks up the same
    // argument again for each seat.
    const [lastValue, lastIndex] = [`${enumIndex(name)}$lastValue`, `${enumIndex(name)}$lastIndex`];
    this.declared.push({ name: lastValue, role: "fixed" }, { name: lastIndex, role: "fixed" });
    return [
      `let ${lastValue} = "";`,
      `let ${lastIndex} = -1;`,
      `function ${enumIndex(name)}(value: string): number {`,
      `if (value === ${lastValue}) return ${lastIndex};`,
      "let $index = -1;",
      "switch (value) {",
      ...members.map((m, i) => `case ${JSON.stringify(m.name)}: $index = ${i}; break;`),
      "}",
      `${lastValue} = value;`,
      `${lastIndex} = $index;`,
      "return $index;",
      "}",
    ];
  }
}

/** A member-keyed function's generation per member of its keyed argument (playout-member-memo.ts). */
function memberGenerations(name: string): string {
  return `$members_${name}`;
}

/** The item of a write marker that names the type of the card a `move` moved (bound to `$card`), or
 *  whose variable an assignment wrote. */
const MOVED = "moved:";
/** The item of a write marker that names the local holding the card whose variable was written. */
const CARD = "card:";

/** Whether a statement's marker names the card it moves: then it goes where `$card` is bound. */
export function namesMovedCard(marker: readonly string[]): boolean {
  return marker.some((line) => line.includes(` ${MOVED}`) || line.includes(`${WRITES}${MOVED}`));
}

/** The generation of a function's memo: its table's values computed in another are stale. */
function generation(name: string): string {
  return `$generation_${name}`;
}

function enumIndex(name: string): string {
  return `$index_${name}`;
}

function localNameOf(game: CheckedGame, name: A.Identifier): string {
  const binding = game.names.get(name);
  if (binding?.kind !== "local") throw new Error("internal: unresolved function parameter");
  return localName(binding.slot);
}

function kernelTypeOrNull(type: Type | undefined): string | null {
  try {
    return kernelType(type);
  } catch {
    return null;
  }
}
