// The playout kernel's whole-balance transfers: `transfer X from X to Y` moves all that X holds. The
// source cannot fall short of itself, so the kernel drops the insufficient test and writes the source
// as 0 (a constant V8 folds into the running counts' updates that read it back); and a balance of 0
// moves nothing, so the kernel skips the writes and those updates (the updates of an unchanged value
// cancel out). A negative balance still faults as any transfer does.
import type * as A from "../syntax/ast.js";
import { sameExpression } from "../syntax/walk.js";
import { plainSource } from "./playout-memo-reads.js";

/** Whether `s` transfers the whole of its source: the amount is the source, written the same way,
 *  and reading it twice gives the same value (names indexed by names or numbers: `plainSource`). */
export function wholeBalance(s: A.TransferStatement): boolean {
  return !s.upTo && plainSource(s.from) && sameExpression(s.amount, s.from);
}

/** The transfer's lines (`write`: the writes with their counts' updates) behind a test of the amount. */
export function wholeTransfer(amount: string, negative: string, write: readonly string[]): string[] {
  return [`const $amount = ${amount};`, "if ($amount !== 0) {", `if ($amount < 0) ${negative}`, ...write, "}"];
}
