// The kernel's state as declared in playout.ts: the game's variables (arrays sized for the most seats,
// the others scalars), the flow's locals that live across decisions with the lists of its loops, and
// the scores read from the state at the end. Written apart from the file's assembly (playout-file.ts).
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import type { FlowMachine, LoopSlots } from "../lower/ir.js";
import { filledArray, typedArray } from "./playout-arrays.js";
import { cardVarArray } from "./playout-card-vars.js";
import { isSeatFlag } from "./playout-flags.js";
import { kernelType } from "./playout-lists.js";
import type { LoopState } from "./playout-loop-walks.js";
import type { KernelCode } from "./playout-statements.js";
import { localName, unsupported, varName } from "./playout-zones.js";

export interface KernelVars {
  readonly arrays: { name: string; init: string }[];
  readonly scalars: { name: string; type: string; blank: string }[];
}

/** The game's variables: per-player ones as arrays sized for the most seats, the others scalars. */
export function kernelVars(game: CheckedGame, cardCount: number, maxSeats: number): KernelVars {
  const arrays: { name: string; init: string }[] = [];
  const scalars: { name: string; type: string; blank: string }[] = [];
  for (const v of game.vars.values()) {
    if (v.perKey) unsupported("variables per player per enum member or per player");
    const ts = kernelType(game.typeOfVar(v));
    const blank = ts === "boolean" ? "false" : ts === "string" ? '""' : ts === "number" ? "0" : unsupported(`a variable of type ${ts}`);
    // Per-card values by card id (ids of other card types stay blank, never read).
    // A flag or a number per card: a typed array (playout-card-vars.ts).
    if (v.perCard) arrays.push({ name: varName(v.name.name), init: cardVarArray(game, v, cardCount) ?? filledArray(ts, cardCount, blank) });
    // A flag per seat: a byte a seat (playout-flags.ts).
    else if (v.perPlayer) arrays.push({ name: varName(v.name.name), init: isSeatFlag(game, v) ? typedArray("Uint8Array", maxSeats) : filledArray(ts, maxSeats, blank) });
    else scalars.push({ name: varName(v.name.name), type: ts, blank });
  }
  return { arrays, scalars };
}

/** The flow's locals that live across decisions, and the lists of loops around decisions. */
export function kernelLocals(game: CheckedGame, machine: FlowMachine, loopLists: ReadonlyMap<LoopSlots, LoopState>): string[] {
  const lines = game.stateLocals.map((slot) => {
    const ts = kernelType(slot.type);
    const blank = ts === "boolean" ? "false" : ts === "string" ? '""' : ts === "number" ? "0" : "[]";
    return `let ${localName(slot)}: ${ts} = ${blank};`;
  });
  for (const loop of machine.loops) {
    const list = loopLists.get(loop)!;
    lines.push(`let ${list.count} = 0;`, `let ${list.index} = 0;`, ...(list.start ? [`let ${list.start} = 0;`] : []));
    if (!game.stateLocals.includes(loop.binder)) lines.push(`let ${localName(loop.binder)} = 0;`);
  }
  return lines;
}

/** Those locals set back to their blanks before a game, where they live in the closure. */
export function resetLocals(locals: readonly string[]): string[] {
  return locals.map((line) => line.replace(/^let ([\w$]+)(?:: [^=]+)? = /, "$1 = "));
}

/** The body of `scores()`: each seat's score and tie-breakers, list keys padded as Game.scores pads them. */
export function kernelScores(game: CheckedGame, code: KernelCode): string[] {
  const lists = game.tiebreaks.some((d) => game.types.get(d.value)?.kind === "list");
  const line = (d: A.ScoreDeclaration): string => {
    const binding = game.names.get(d.player);
    if (binding?.kind !== "local") throw new Error("internal: unresolved score binder");
    return `((${localName(binding.slot)}: number) => ${code.expression(d.value)})($seat)`;
  };
  // The score is the sum of its lines (parts told apart only where results are told).
  const keys = [{ key: game.scores.map(line).join(" + "), list: false }, ...game.tiebreaks.map((d) => ({ key: line(d), list: game.types.get(d.value)?.kind === "list" }))].map(
    // A list key (a tie-breaker of several numbers) is padded by scoreRows, as Game.scores does.
    ({ key, list }) => (lists && !list ? `[${key}]` : key),
  );
  if (lists) return ["const keys: number[][][] = [];", "for (let $seat = 0; $seat < players; $seat++) keys.push([", ...keys.map((k) => `${k},`), "]);", "return scoreRows(keys);"];
  return ["const rows: number[][] = [];", "for (let $seat = 0; $seat < players; $seat++) rows.push([", ...keys.map((k) => `${k},`), "]);", "return rows;"];
}
