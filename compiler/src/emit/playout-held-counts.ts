// The playout kernel's running counts of seats by a per-player test: how many seats hold a `bool`
// per-player variable true, or an `int` one above 0, kept up to date by every write of the variable,
// as a hand-written engine keeps "seats still in the bidding" beside its `passed` flags or a mask of
// the Protected seats. `count(p in players where X[p])`, `count(p in players where not X[p])`,
// `any(q in players: X[q] > 0)` and the same with `q != e and` before the test (every seat but one)
// are then a read, not a pass over the seats (For Sale asks whether more than one seat is still
// bidding before every bid; Foreclosed! whether another seat's card is Protected every turn).
//
// The statement writer leaves a marker line before and after every write of a per-player variable
// (`writeMarkers`: an assignment, a transfer's two ends), where the variables are made (`RECOUNT`:
// after the setup gives them their first values, after a resumed state's load) and where a kernel
// written as one `play` declares its locals (`DECLARE`). Once every read is written, and so every
// counted variable known, `markerCode` turns the markers into the updates of the counts, or nothing.
//
// The same markers keep seat masks (`seatMask`): bit s of `$mask_X` holds `X[s]` for a per-player
// `bool` X, so that a pass over the seats that skips the seats holding it (`not X[p]` first) walks
// only the others' bits (playout-seat-masks.ts). A per-player `player` variable T is kept as the
// masks of the seats naming each seat (`seatsNaming`: bit q of `$naming_T[s]` holds `T[q] == s`), so
// that a test `T[q] == s` over the seats q of a pass is a mask too (playout-seat-sets.ts). Masks are
// kept in games whose seats leave too (the seats in play are a mask: `inPlay`); the counts are not.
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import { ELIMINATED } from "../check/elimination.js";
import { escapeRegExp } from "./code.js";
import { markerKind } from "./playout-markers.js";
import { isWritesMarker } from "./playout-memo.js";
import { plain, plainSource, readsSlot } from "./playout-memo-reads.js";
import { varName } from "./playout-zones.js";
import { ALL_SEATS } from "./playout-seat-sets.js";
import { byteFlagSet, failing, flagByte } from "./playout-flags.js";
import type { StateDeclaration } from "./playout-kernel-state.js";
import { typedArray } from "./playout-arrays.js";

type Marker =
  | { op: "declare" }
  | { op: "recount" }
  | { op: "before" | "after"; variable: string; seat: string }
  | { op: "set"; variable: string; seat: string; value: boolean }
  | { op: "fill"; variable: string; seat: string; value: boolean };

const MARKERS = markerKind<Marker>("held");
const markerLine = MARKERS.line;

/** Where a kernel written as one `play` declares its locals: the counts are declared there. */
export const DECLARE_MARKER = markerLine({ op: "declare" });
/** Where the variables are made whole (a game's start, a resumed state): every count made afresh. */
export const RECOUNT_HELD_MARKER = markerLine({ op: "recount" });

/** Thrown where a counted variable is written at a seat the kernel would have to work out twice, or
 *  written outside its markers: the kernel is then written again without these counts. */
export class HeldCountsUnfit extends Error {}

/** A counted variable: a `bool` one counts its true seats, an `int` one its seats above 0. */
interface Counted {
  readonly array: string;
  readonly name: string;
  readonly positive: boolean;
}

export class KernelHeldCounts {
  /** The counted variables, by rules name. */
  private readonly counted = new Map<string, Counted>();

  /** Set by the kernel writer where the counts can be read: off for the variables' first values
   *  (made before the counts) and for the score of a kernel written as one `play` (another function
   *  than `play`, whose locals the counts are). */
  enabled = false;
  /** Set by the kernel writer: the counts live in the closure (a split kernel) or in `play`. */
  inClosure = false;

  /** The variables kept as seat masks too, by rules name: the mask's name. */
  private readonly masked = new Map<string, string>();
  /** The `player` variables kept as masks of the seats naming each seat, by rules name: the masks' array. */
  private readonly naming = new Map<string, string>();
  /** The `int` variables kept as masks of the seats above 0 or at 0, by rules name: each mask read,
   *  by its sign (only those: a write keeps each). */
  private readonly signs = new Map<string, Map<"above" | "zero", string>>();

  constructor(private readonly game: CheckedGame) {}

  /** Whether seat masks can be kept: the counts on, and a bit for every seat. A mask holds every seat
   *  passing its test, in play or out (a game whose seats leave): its readers walk the seats in play
   *  only (`inPlay`), where the counts above would count the seats out as well. */
  private masksKept(): boolean {
    return this.enabled && Math.max(this.game.maxPlayers, ...this.game.seatCounts) <= 30;
  }

  /** The mask of the seats in play: every seat of the game, or in a game whose seats leave, those
   *  whose `eliminated` is 0 (kept from here on, with `keep`); null where no mask can be kept. */
  inPlay(keep = true): string | null {
    if (!this.masksKept()) return null;
    return this.game.eliminates ? this.signMask(varName(ELIMINATED), "zero", keep) : ALL_SEATS;
  }

  /** The name of the seat mask of the per-player `bool` variable whose array is `array` (`v_X`), kept
   *  from here on by every write of it; null where no mask can be kept (counts off, elimination, more
   *  seats than bits). With `keep` false, only the name it would have: nothing is kept yet. */
  seatMask(array: string, keep = true): string | null {
    if (!this.masksKept()) return null;
    for (const v of this.game.vars.values()) {
      if (varName(v.name.name) !== array || !v.perPlayer || v.perCard || v.perKey) continue;
      if (this.game.typeOfVar(v).kind !== "bool") return null;
      const name = `$mask_${v.name.name}`;
      if (keep) this.masked.set(v.name.name, name);
      return name;
    }
    return null;
  }

  /** The name of the array of masks of the seats naming each seat in the per-player `player`
   *  variable whose array is `array` (bit q of element s: `X[q] == s`), kept from here on by every
   *  write of it; null where none can be kept. With `keep` false, only the name it would have. */
  seatsNaming(array: string, keep = true): string | null {
    if (!this.masksKept()) return null;
    for (const v of this.game.vars.values()) {
      if (varName(v.name.name) !== array || !v.perPlayer || v.perCard || v.perKey) continue;
      if (this.game.typeOfVar(v).kind !== "player") return null;
      const name = `$naming_${v.name.name}`;
      if (keep) this.naming.set(v.name.name, name);
      return name;
    }
    return null;
  }

  /** The name of the mask of the seats whose per-player `int` variable (array `array`) is above 0
   *  (`above`) or 0 (`zero`), kept from here on (with `keep`) by every write of it; null where none
   *  can be kept. */
  signMask(array: string, sign: "above" | "zero", keep = true): string | null {
    if (!this.masksKept()) return null;
    for (const v of this.game.vars.values()) {
      if (varName(v.name.name) !== array || !v.perPlayer || v.perCard || v.perKey) continue;
      if (this.game.typeOfVar(v).kind !== "int") return null;
      const mask = `$${sign}_${v.name.name}`;
      if (keep) this.signs.set(v.name.name, (this.signs.get(v.name.name) ?? new Map()).set(sign, mask));
      return mask;
    }
    return null;
  }

  /** A read of the counts for an aggregate over the players that counts, or asks for any of, the
   *  seats passing a counted test (`X[p]`, `not X[p]`, `X[p] > 0`), maybe after `p != e` with `e`
   *  a plain value; null for any other aggregate. `write` writes an expression. */
  read(e: A.AggregateExpression, write: (e: A.Expression) => string): string | null {
    if (!this.enabled || this.game.eliminates || (e.value && e.callee.name !== "any")) return null;
    const test = e.callee.name === "count" ? e.condition : e.callee.name === "any" && !e.condition ? e.value : null;
    if (!test) return null;
    const source = e.source;
    if (source.kind !== "name" || source.name !== "players") return null;
    const players = this.game.names.get(source);
    if (players?.kind !== "builtin" || players.name !== "players") return null;
    const binder = this.game.names.get(e.binder);
    if (binder?.kind !== "local") return null;
    const isBinder = (x: A.Expression): boolean => x.kind === "name" && (this.game.names.get(x) as { kind?: string; slot?: unknown } | undefined)?.slot === binder.slot;
    // `p != e and T(p)` (either order): every seat but e's.
    let other: A.Expression | null = null;
    let seatTest = test;
    if (test.kind === "binary" && test.operator === "and") {
      const skip = (x: A.Expression): A.Expression | null => {
        if (x.kind !== "binary" || x.operator !== "!=") return null;
        const value = isBinder(x.left) ? x.right : isBinder(x.right) ? x.left : null;
        // The seat left out is read once more for its own test: plain, and not the binder.
        return value && plainSource(value) && !readsSlot(this.game, value, binder.slot) ? value : null;
      };
      other = skip(test.left);
      seatTest = test.right;
      if (!other) {
        other = skip(test.right);
        seatTest = test.left;
      }
      if (!other) return null;
    }
    const found = this.seatTest(seatTest, binder.slot);
    if (!found) return null;
    const counted = this.countOf(found.variable, found.positive);
    const passing = found.negated ? `(players - ${counted.name})` : counted.name;
    // The seat left out passes the test or not: the count of the others.
    const others = other ? `(${passing} - (${found.negated ? "!" : ""}${this.holds(counted, write(other))} ? 1 : 0))` : passing;
    return e.callee.name === "count" ? others : `(${others} > 0)`;
  }

  /** `X[p]`, `not X[p]` (X a per-player `bool`) or `X[p] > 0`, `0 < X[p]` (X a per-player `int`). */
  private seatTest(test: A.Expression, slot: unknown): { variable: string; positive: boolean; negated: boolean } | null {
    const atSeat = (x: A.Expression): string | null => {
      if (x.kind !== "index" || x.target.kind !== "name" || x.index.kind !== "name") return null;
      const seat = this.game.names.get(x.index);
      if (seat?.kind !== "local" || seat.slot !== slot) return null;
      return perPlayerVariable(this.game, x.target) ? x.target.name : null;
    };
    const negated = test.kind === "unary" && test.operator === "not";
    const flag = negated ? (test as A.UnaryExpression).operand : test;
    const bool = atSeat(flag);
    if (bool !== null) return this.game.types.get(flag)?.kind === "bool" ? { variable: bool, positive: false, negated } : null;
    if (negated || test.kind !== "binary") return null;
    const zero = (x: A.Expression): boolean => x.kind === "integer" && x.value === 0;
    const side = test.operator === ">" && zero(test.right) ? test.left : test.operator === "<" && zero(test.left) ? test.right : null;
    const int = side && atSeat(side);
    return int && this.game.types.get(side)?.kind === "int" ? { variable: int, positive: true, negated: false } : null;
  }

  /** A test that some seat may pass `test` (the binder's slot `slot`), or null: where its first
   *  conjunct the rules evaluate on a seat is a counted test and no seat passes it, no seat passes,
   *  and a pass over the seats need not look at any. The conjuncts before it must read nothing that
   *  can fault or draw (no call, no aggregate), so that skipping them changes nothing. */
  guard(test: A.Expression, slot: unknown): string | null {
    if (!this.enabled || this.game.eliminates) return null;
    let lead: A.Expression | null = test;
    let found: ReturnType<KernelHeldCounts["seatTest"]> = null;
    for (let depth = 0; lead && !found && depth < 8; depth++) {
      if (lead.kind === "binary" && lead.operator === "and") {
        found = this.seatTest(lead.left, slot);
        lead = found || !plain(lead.left) ? null : lead.right;
      } else {
        found = this.seatTest(lead, slot);
        lead = null;
      }
    }
    if (!found) return null;
    const counted = this.countOf(found.variable, found.positive);
    return found.negated ? `${counted.name} < players` : `${counted.name} > 0`;
  }

  private countOf(variable: string, positive: boolean): Counted {
    let counted = this.counted.get(variable);
    if (!counted) {
      counted = { array: varName(variable), name: positive ? `$positive_${variable}` : `$held_${variable}`, positive };
      this.counted.set(variable, counted);
    }
    return counted;
  }

  /** Whether seat `seat` passes the counted test. */
  private holds(c: Counted, seat: string): string {
    return c.positive ? `${c.array}[${seat}]! > 0` : byteFlagSet(`${c.array}[${seat}]!`);
  }

  // ── markers ──────────────────────────────────────────────────────────────────────────────────

  /** The markers before and after a write of `target` (code `code`), where it is a per-player
   *  variable's seat; none for any other target. */
  writeMarkers(target: A.Expression, code: string): { before: string[]; after: string[] } {
    const written = this.seatWritten(target, code);
    if (!written) return { before: [], after: [] };
    return { before: [markerLine({ op: "before", ...written })], after: [markerLine({ op: "after", ...written })] };
  }

  /** The lines of an assignment `line` to `target` (code `code`): a flag set to `true` or `false`
   *  (`flag`) is one marker, written as a test that changes the count only where the flag changes;
   *  any other write of a per-player variable's seat goes between its markers. */
  assignment(target: A.Expression, code: string, line: string, flag: boolean | null): string[] {
    const written = flag === null ? null : this.seatWritten(target, code);
    if (written) return [markerLine({ op: "set", ...written, value: flag! })];
    const { before, after } = this.writeMarkers(target, code);
    return [...before, line, ...after];
  }

  /** A loop over every seat (binder `binder`) whose body (`body`, written) only sets a flag at the
   *  loop's seat to a literal, as `for q in players { passed[q] = false }` clears a turn's flags:
   *  one marker, written as a walk over the seats whose bit differs where the flag is kept as a seat
   *  mask (a hand-written engine clears its mask), as the loop otherwise. The memos' marker of the
   *  variable written (playout-memo.ts: it names no seat) follows once, after every seat is set:
   *  nothing reads the state between the seats. Null for any other body. */
  seatsFilled(binder: string, body: readonly string[]): string[] | null {
    const m = body.length > 0 ? MARKERS.parse(body[0]!) : null;
    if (m?.op !== "set" || m.seat !== binder) return null;
    const after = body.slice(1);
    const binderWord = new RegExp(`\\b${escapeRegExp(binder)}\\b`);
    if (!after.every((line) => isWritesMarker(line) && !binderWord.test(line))) return null;
    return [markerLine({ op: "fill", variable: m.variable, seat: binder, value: m.value }), ...after];
  }

  /** The variable and the seat's code of a write of a per-player variable's seat; else null. */
  private seatWritten(target: A.Expression, code: string): { variable: string; seat: string } | null {
    if (target.kind !== "index" || target.target.kind !== "name") return null;
    if (!perPlayerVariable(this.game, target.target)) return null;
    const array = varName(target.target.name);
    if (!code.startsWith(`${array}[`) || !code.endsWith("]")) return null;
    return { variable: target.target.name, seat: code.slice(array.length + 1, -1) };
  }

  /** The kernel's lines with each marker turned into the code of the counts it concerns. Any other
   *  write of a counted variable than between its markers, or a seat's first value or resumed value
   *  (`v_X[$p] = …`, the counts made afresh after them), throws `HeldCountsUnfit`. */
  markerCode(lines: string[]): string[] {
    const out: string[] = [];
    // Per counted variable: how many of its writes are open (between their markers).
    const open = new Map<string, number>();
    const kept = new Map([...this.counted.keys(), ...this.masked.keys(), ...this.naming.keys(), ...this.signs.keys()].map((variable) => [variable, varName(variable)]));
    const words = [...kept.entries()].map(([variable, array]) => ({ variable, array, word: new RegExp(`\\b${escapeRegExp(array)}\\b`) }));
    for (let i = 0; i < lines.length; i++) {
      const m = MARKERS.parse(lines[i]!);
      if (!m) {
        const line = lines[i]!;
        for (const { variable, array, word } of words) {
          if ((open.get(variable) ?? 0) > 0 || !word.test(line) || madeWhole(line, array)) continue;
          if (withoutSeatReaders(line, array).split(word).slice(1).some((after) => !isRead(after))) throw new HeldCountsUnfit(`${array} written where its count cannot follow: ${line.trim()}`);
        }
        out.push(line);
        continue;
      }
      if (m.op === "before" || m.op === "after") open.set(m.variable, (open.get(m.variable) ?? 0) + (m.op === "before" ? 1 : -1));
      if (m.op === "declare") {
        if (!this.inClosure) out.push(...this.declarations());
        continue;
      }
      if (m.op === "recount") {
        for (const c of this.counted.values()) out.push(`${c.name} = 0; for (let $p = 0; $p < players; $p++) if (${this.holds(c, "$p")}) ${c.name}++;`);
        for (const [variable, mask] of this.masked) out.push(`${mask} = 0; for (let $p = 0; $p < players; $p++) if (${byteFlagSet(`${varName(variable)}[$p]`)}) ${mask} |= 1 << $p;`);
        for (const [variable, masks] of this.naming) out.push(`${masks}.fill(0); for (let $p = 0; $p < players; $p++) ${masks}[${varName(variable)}[$p]!] |= 1 << $p;`);
        for (const [variable, masks] of this.signs) {
          const tests = [...masks].map(([sign, mask]) => `if (${varName(variable)}[$p]! ${SIGN_TEST[sign]}) ${mask} |= 1 << $p;`);
          out.push(`${[...masks.values()].map((mask) => `${mask} = 0;`).join(" ")} for (let $p = 0; $p < players; $p++) { ${tests.join(" ")} }`);
        }
        continue;
      }
      if (m.op === "fill") {
        out.push(...this.filled(m.variable, m.seat, m.value));
        continue;
      }
      const c = this.counted.get(m.variable);
      const mask = this.masked.get(m.variable);
      const array = varName(m.variable);
      const masks = this.naming.get(m.variable);
      if (masks) {
        // A seat's value written: its bit leaves the mask of the seat it named, joins the new one's.
        if (!/^[\w$]+$/.test(m.seat)) throw new HeldCountsUnfit(`${m.variable} written at a seat worked out: ${m.seat}`);
        out.push(m.op === "before" ? `${masks}[${array}[${m.seat}]!] &= ~(1 << ${m.seat});` : `${masks}[${array}[${m.seat}]!] |= 1 << ${m.seat};`);
        continue;
      }
      const signs = this.signs.get(m.variable);
      if (!c && !mask && !signs) {
        if (m.op === "set") out.push(`${array}[${m.seat}] = ${flagByte(String(m.value))};`);
        continue;
      }
      if (!/^[\w$]+$/.test(m.seat)) {
        // A flag only masked, set at a seat worked out: the seat worked out once, for both.
        if (!c && m.op === "set") {
          out.push(`{ const $maskSeat = ${m.seat}; ${array}[$maskSeat] = ${flagByte(String(m.value))}; ${m.value ? `${mask} |= 1 << $maskSeat;` : `${mask} &= ~(1 << $maskSeat);`} }`);
          continue;
        }
        throw new HeldCountsUnfit(`${m.variable} written at a seat worked out: ${m.seat}`);
      }
      if (m.op === "set") {
        out.push(...this.flagSet(m.variable, m.seat, m.value));
        continue;
      }
      if (c) out.push(`${c.name} ${m.op === "before" ? "-=" : "+="} ${this.holds(c, m.seat)} ? 1 : 0;`);
      if (signs && m.op === "after") {
        // The seat's bit in each mask of the seats above 0 or at 0 follows its new value.
        for (const [sign, mask] of signs) out.push(`${mask} = ${array}[${m.seat}]! ${SIGN_TEST[sign]} ? ${mask} | (1 << ${m.seat}) : ${mask} & ~(1 << ${m.seat});`);
      }
      if (mask && m.op === "after") out.push(`${mask} = ${byteFlagSet(`${array}[${m.seat}]`)} ? ${mask} | (1 << ${m.seat}) : ${mask} & ~(1 << ${m.seat});`);
    }
    return out;
  }

  /** A flag set true or false at a plain seat: the count follows only where it changes, the mask's
   *  bit is set. */
  private flagSet(variable: string, seat: string, value: boolean): string[] {
    const c = this.counted.get(variable);
    const mask = this.masked.get(variable);
    const array = varName(variable);
    const isSet = byteFlagSet(`${array}[${seat}]`);
    const byte = flagByte(String(value));
    const out = [c ? `if (${value ? failing(isSet) : isSet}) { ${array}[${seat}] = ${byte}; ${c.name}${value ? "++" : "--"}; }` : `${array}[${seat}] = ${byte};`];
    if (mask) out.push(value ? `${mask} |= 1 << ${seat};` : `${mask} &= ~(1 << ${seat});`);
    return out;
  }

  /** Every seat's flag set to `value`: a masked flag is set only at the seats whose bit differs
   *  (the others already hold it), lowest first; any other, at every seat (`seat` the loop's). */
  private filled(variable: string, seat: string, value: boolean): string[] {
    const mask = this.masked.get(variable);
    if (!mask) return [`for (let ${seat} = 0; ${seat} < players; ${seat}++) {`, ...this.flagSet(variable, seat, value), "}"];
    const differ = value ? `${ALL_SEATS} & ~${mask}` : mask;
    return [
      `for (let $flagSeats = ${differ}; $flagSeats !== 0; $flagSeats &= $flagSeats - 1) {`,
      "const $flagSeat = 31 - Math.clz32($flagSeats & -$flagSeats);",
      ...this.flagSet(variable, "$flagSeat", value),
      "}",
    ];
  }

  /** The counts' declarations in the closure of a split kernel. */
  code(): string[] {
    return this.inClosure ? this.declarations() : [];
  }

  /** The counts, masks and signs are the game's state, kept by the writes of their variables. */
  stateDeclarations(): StateDeclaration[] {
    if (!this.inClosure) return [];
    const names = [...this.counted.values()].map((c) => c.name);
    names.push(...this.masked.values(), ...this.naming.values(), ...[...this.signs.values()].flatMap((masks) => [...masks.values()]));
    return names.map((name) => ({ name, role: "game" }));
  }

  private declarations(): string[] {
    return [
      ...[...this.counted.values()].map((c) => `let ${c.name} = 0;`),
      ...[...this.masked.values()].map((mask) => `let ${mask} = 0;`),
      ...[...this.naming.values()].map((masks) => `const ${masks} = ${typedArray("Int32Array", Math.max(this.game.maxPlayers, ...this.game.seatCounts))};`),
      ...[...this.signs.values()].flatMap((masks) => [...masks.values()].map((mask) => `let ${mask} = 0;`)),
    ];
  }
}

/** The test of a seat's value for each sign mask. */
const SIGN_TEST = { above: "> 0", zero: "=== 0" } as const;

/** Whether `name` is a variable kept per player only (not per card or key as well). */
function perPlayerVariable(game: CheckedGame, name: A.NameExpression): boolean {
  const variable = game.names.get(name);
  return variable?.kind === "var" && variable.declaration.perPlayer && !variable.declaration.perCard && !variable.declaration.perKey;
}

/** The array's alias (`const v_X = K_v_X;`), or a loop giving every seat its first or resumed
 *  value, which the counts are made afresh after. */
function madeWhole(line: string, array: string): boolean {
  const text = line.trim();
  return text === `const ${array} = K_${array};` || (text.startsWith("for (let $p = 0; $p < ") && text.includes(` ${array}[$p] = `));
}

/** The runtime's helpers that read a game's `eliminated` array whole, its last argument. */
const SEAT_READERS = ["seatsInPlay", "seatsFromInPlay", "nextSeatInPlay", "firstSeatInPlay"];

/** The line without the calls of those helpers passing them `array`: they read it, no more. */
function withoutSeatReaders(line: string, array: string): string {
  return line.replace(new RegExp(`\\b(?:${SEAT_READERS.join("|")})\\(([^()]|\\([^()]*\\))*, ${escapeRegExp(array)}\\)`, "g"), "");
}

/** Whether the text after an array's name reads an element: an index, its brackets balanced, then
 *  no assignment, increment or decrement. */
function isRead(after: string): boolean {
  if (!after.startsWith("[")) return false;
  let depth = 0;
  let i = 0;
  for (; i < after.length; i++) {
    if (after[i] === "[") depth++;
    else if (after[i] === "]" && --depth === 0) break;
  }
  if (depth !== 0) return false;
  const rest = after.slice(i + 1).replace(/^!/, "").trimStart();
  return !/^(=(?!=)|[-+*/%&|^?]=|\*\*=|&&=|\|\|=|\?\?=|<<=|>>>?=|\+\+|--)/.test(rest);
}
