// A flow local a decision function reads and never writes (a split kernel: the decisions are functions
// of their own). Its options' tests and effects read the closure's locals (Foreclosed!'s turn decision
// reads `l_active` 36 times, the offer's answers `l_target` up to 17), each read a load from the
// closure's context. Held in a const at the function's top, read from there: Foreclosed!'s 34 such
// locals +2.6% paired over 48 rounds, ahead in 35 (helper h57f; measured again with nothing else
// running); the turn decision's `l_active` alone was nil.
// The const equals the local until a call that may run steps and goes on after (not in a `return`):
// the reads from there, or from the loop around it, keep the closure's local.
import { barrier, name, rewriteBodies, writes } from "./playout-step-locals.js";

const DECIDE = /^function decide\d+\([^)]*\): number \{$/;
const FLOW_LOCAL = /(?<![\w$])l_[A-Za-z0-9_$]+/g;

/** The decision functions with each flow local they read twice or more and never write held in a const. */
export function decideLocals(functions: readonly string[]): string[] {
  return rewriteBodies(functions, DECIDE, hold);
}

function hold(body: readonly string[]): string[] {
  const text = body.join("\n");
  const end = barrier(body);
  const before = body.slice(0, end);
  const held: string[] = [];
  for (const local of new Set(text.match(FLOW_LOCAL) ?? [])) {
    // Declared in the function (an option's `const l_target`, a loop's variable): not the closure's.
    const declared = new RegExp(`(?:const|let|var)\\s+${local.replace(/\$/g, "\\$")}(?![\\w$])`).test(text);
    if (declared || writes(text, local) > 0) continue;
    if (before.reduce((n, line) => n + (line.match(name(local))?.length ?? 0), 0) >= 2) held.push(local);
  }
  if (held.length === 0) return [...body];
  const lines = body.map((line, at) => (at < end ? held.reduce((code, local) => code.replace(name(local), `$${local}`), line) : line));
  return [...held.map((local) => `const $${local} = ${local};`), ...lines];
}
