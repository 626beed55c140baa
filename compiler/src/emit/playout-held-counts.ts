// The playout kernel's running counts of seats by a per-player flag: how many seats hold a `bool`
// per-player variable true, kept up to date by every write of the variable, as a hand-written engine
// keeps "seats still in the bidding" beside its `passed` flags. `count(p in players where X[p])` and
// `count(p in players where not X[p])` are then a read, not a pass over the seats (For Sale asks
// whether more than one seat is still bidding before every bid).
//
// The reads are written while the rules' code is; the writes are found in the kernel's text once it is
// whole (`rewrite`): every assignment `v_X[seat] = value;` of the play loop updates the count, and the
// count is made afresh where the loop starts (after a game's setup, or a resumed state's load). Where
// the text holds anything else that could change the flags, or a read outside the play loop, the
// kernel is written again without these counts (`HeldCountsUnfit`).
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import { varName } from "./playout-zones.js";

/** The play loop's first line: the counts are made afresh just before it. */
export const RUN_LINE = "run: for (;;) {";
/** The play function's last line: the counts are read only between the two. */
const RETURN_LINE = "return decisions;";

/** Thrown by `rewrite` where the kernel's text does not let the counts be kept: write it without them. */
export class HeldCountsUnfit extends Error {}

const heldName = (variable: string): string => `$held_${variable}`;

export class KernelHeldCounts {
  /** The per-player variables whose true seats are counted, by rules name. */
  private readonly counted = new Set<string>();

  /** Set by the kernel writer: a kernel written as one `play` keeps the counts as its locals. */
  enabled = false;

  constructor(private readonly game: CheckedGame) {}

  /** `count(p in players where X[p])`, or `where not X[p]`, with X a per-player `bool` variable, as a
   *  read of the running count; null for any other aggregate. */
  read(e: A.AggregateExpression): string | null {
    if (!this.enabled || this.game.eliminates || e.callee.name !== "count" || !e.condition || e.value) return null;
    const source = e.source;
    if (source.kind !== "name" || source.name !== "players") return null;
    const players = this.game.names.get(source);
    if (players?.kind !== "builtin" || players.name !== "players") return null;
    const binder = this.game.names.get(e.binder);
    if (binder?.kind !== "local") return null;
    const negated = e.condition.kind === "unary" && e.condition.operator === "not";
    const flag = negated ? (e.condition as A.UnaryExpression).operand : e.condition;
    if (flag.kind !== "index" || flag.target.kind !== "name" || flag.index.kind !== "name") return null;
    const seat = this.game.names.get(flag.index);
    if (seat?.kind !== "local" || seat.slot !== binder.slot) return null;
    const variable = this.game.names.get(flag.target);
    if (variable?.kind !== "var" || !variable.declaration.perPlayer || variable.declaration.perCard || variable.declaration.perKey) return null;
    if (this.game.types.get(flag)?.kind !== "bool") return null;
    const name = flag.target.name;
    this.counted.add(name);
    return negated ? `(players - ${heldName(name)})` : heldName(name);
  }

  /** The kernel's lines with the counts declared and made where the play loop starts, and kept by
   *  every write of their variables inside it. */
  rewrite(lines: string[]): string[] {
    if (this.counted.size === 0) return lines;
    const run = lines.findIndex((line) => line.trim() === RUN_LINE);
    const end = lines.findIndex((line, i) => i > run && line.trim() === RETURN_LINE);
    if (run < 0 || end < 0) throw new HeldCountsUnfit("no play loop");
    const out = lines.slice();
    for (const name of this.counted) {
      const array = varName(name);
      const held = heldName(name);
      // The name whole: `v_out` in `v_out_x` is another variable.
      const word = new RegExp(`\\b${escape(array)}\\b`);
      const assignment = new RegExp(`^(\\s*)${escape(array)}\\[([^\\[\\]]+)\\] = ([^;]+);$`);
      for (let i = 0; i < out.length; i++) {
        const line = out[i]!;
        if (line.includes(held) && (i < run || i > end)) throw new HeldCountsUnfit(`${name} counted outside the play loop`);
        if (i <= run || i > end || !word.test(line)) continue;
        const found = assignment.exec(line);
        if (found) {
          out[i] = update(found[1]!, array, found[2]!.trim(), found[3]!.trim(), held);
          continue;
        }
        // Anything else naming the flags must read one of them, never write or hand them on.
        const uses = line.split(word).slice(1);
        if (uses.some((after) => !isRead(after))) {
          throw new HeldCountsUnfit(`${name} written where its count cannot follow: ${line.trim()}`);
        }
      }
      out[run] = `let ${held} = 0; for (let $p = 0; $p < players; $p++) if (${array}[$p]) ${held}++;\n${out[run]}`;
    }
    return out.join("\n").split("\n");
  }
}

/** Whether the text after the array's name reads an element: an index, its brackets balanced, then
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

/** `array[seat] = value;` with the count of true seats kept. */
function update(indent: string, array: string, seat: string, value: string, held: string): string {
  const simple = /^[\w$]+$/.test(seat);
  const at = simple ? seat : "$seat";
  const head = simple ? "" : `const $seat = ${seat}; `;
  if (value === "true") return `${indent}{ ${head}if (!${array}[${at}]) { ${array}[${at}] = true; ${held}++; } }`;
  if (value === "false") return `${indent}{ ${head}if (${array}[${at}]) { ${array}[${at}] = false; ${held}--; } }`;
  return `${indent}{ ${head}const $was = ${array}[${at}] ? 1 : 0; ${array}[${at}] = ${value}; ${held} += (${array}[${at}] ? 1 : 0) - $was; }`;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
