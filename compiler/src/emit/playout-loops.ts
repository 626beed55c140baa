// Loops of a split kernel (one function per step): a step that a later step jumps back to (a loop's
// head) runs its loop itself. A step goes on to a later step by calling it and back to an earlier
// one by returning that step's pc; without this, every turn of a loop went back to `play`'s
// dispatch (a count, a `switch`, a call V8 does not inline). The head calls its body until the pc
// that comes back is another step's, counting its turns as the dispatch counts steps, so a flow that
// never reaches a decision still stops with the same fault.
import type { FlowMachine, Step } from "../lower/ir.js";

/** The dispatch's guard against a flow that runs forever without a decision (`play` and loop heads). */
export const STEP_GUARD = stepsGuard("++steps");

/** The guard, counting the steps as `counted` does (`++steps`, or `steps += n` for n turns at once). */
export function stepsGuard(counted: string): string {
  return `if (${counted} > 10_000_000) throw new GameFault("fault/endless-flow", "the flow ran 10,000,000 steps without reaching a decision");`;
}

/** The step functions with each loop head (a pc in `heads`) made a loop around its body. */
export function withLoopHeads(stepFunctions: readonly string[], heads: ReadonlySet<number>): string[] {
  return stepFunctions.flatMap((line) => {
    const head = /^function step(\d+)\(\): number \{$/.exec(line);
    if (!head || !heads.has(Number(head[1]))) return [line];
    const pc = head[1];
    return [
      `function step${pc}(): number {`,
      "for (;;) {",
      `const $pc = step${pc}$body();`,
      `if ($pc !== ${pc}) return $pc;`,
      STEP_GUARD,
      "}",
      "}",
      `function step${pc}$body(): number {`,
    ];
  });
}

/** The steps in reverse postorder of the flow's graph from its start (a decision leads to where it
 *  resumes and to its options' bodies): numbered so, every jump but a loop's way back goes to a
 *  later step, a call, and a loop's way back returns to its head, which is then on the stack.
 *  Steps the start does not reach (entered only by `resume`) follow, in the machine's order. */
export function flowOrder(machine: FlowMachine, roots: readonly Step[]): Step[] {
  const byLabel = new Map(machine.steps.map((step) => [step.label, step]));
  const successors = (step: Step): string[] => {
    const exit = step.exit;
    switch (exit.kind) {
      case "goto":
        return [exit.target];
      case "branch":
      case "loop-branch":
        return [exit.then, exit.otherwise];
      case "decide":
        return [exit.decision.resume, ...exit.decision.optionEntries.values()];
      case "end":
        return [];
    }
  };
  const postorder: Step[] = [];
  const seen = new Set<string>();
  const start = byLabel.get(machine.start);
  if (start) {
    // Iterative depth-first search (a long flow would overflow a recursive one).
    seen.add(start.label);
    const stack: { step: Step; next: string[] }[] = [{ step: start, next: successors(start) }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const label = top.next.shift();
      if (label === undefined) {
        postorder.push(top.step);
        stack.pop();
        continue;
      }
      const step = byLabel.get(label);
      if (!step || seen.has(label)) continue;
      seen.add(label);
      stack.push({ step, next: successors(step) });
    }
  }
  const rootSet = new Set(roots);
  const ordered = postorder.reverse().filter((step) => rootSet.has(step));
  return [...ordered, ...roots.filter((step) => !ordered.includes(step))];
}
