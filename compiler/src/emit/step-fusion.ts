// Which steps of the lowered flow are fused into their predecessor: shared by flow.ts and playout.ts.
import type { FlowMachine } from "../lower/ir.js";

/** How many ways lead into each step: exits of other steps, plus entries from outside (the start,
 *  and where decisions resume). A step with exactly one way in is fused into its predecessor, so
 *  straight-line code and if/else read as ordinary TypeScript and cost no dispatch. */
export function entryCounts(machine: FlowMachine): Map<string, number> {
  const counts = new Map<string, number>();
  const bump = (label: string): void => {
    counts.set(label, (counts.get(label) ?? 0) + 1);
  };
  bump(machine.start);
  for (const decision of machine.decisions) {
    bump(decision.resume);
    for (const entry of decision.optionEntries.values()) bump(entry);
  }
  for (const step of machine.steps) {
    const exit = step.exit;
    if (exit.kind === "goto") bump(exit.target);
    else if (exit.kind === "branch" || exit.kind === "loop-branch") {
      bump(exit.then);
      bump(exit.otherwise);
    }
  }
  return counts;
}

/** A step entered from outside the flow's own jumps (the start, where a decision resumes,
 *  an option's body) keeps its own function; so does any step with more than one way in. */
export function isFused(machine: FlowMachine, entries: ReadonlyMap<string, number>, label: string): boolean {
  const entered = label === machine.start || machine.decisions.some((d) => d.resume === label || [...d.optionEntries.values()].includes(label));
  return !entered && entries.get(label) === 1;
}
