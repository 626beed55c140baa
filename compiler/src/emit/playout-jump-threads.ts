// Jumps through steps that only jump on (a split kernel, one function per step). The flow's lowering
// leaves steps whose whole code is one jump: the end of an `if` or a loop's body going back to the
// loop's head (`return 105;`), a branch joining the flow after it (`return step47();`). Each is
// entered from several places (else it would be fused into the one), so each of those calls the
// step only for the step to call or return on. A hand-written engine has no such hop: the end of an
// option's effect goes straight back to its loop. Here a call of such a step is written as the jump
// it makes, followed to its end: `return step110();`, with step110 `return step111();` and step111
// `return step130();` and step130 `return 105;`, is `return 105;`. The value returned up the calls is
// the same, so the games are; the steps stay (play's dispatch and `resume` enter them by pc).
// A loop head is never jumped through: calling it runs its loop (playout-loops.ts).

const STEP = /^function step(\d+)\(\): number \{$/;
const JUMP = /^return (step\d+\(\)|-?\d+|END);$/;
const CALL = /\breturn step(\d+)\(\);/g;

/** The step functions (before their loop heads are written) with every call of a step that only
 *  jumps on replaced by where its jumps lead. */
export function threadJumps(stepFunctions: readonly string[], heads: ReadonlySet<number>): string[] {
  const jumps = new Map<number, string>();
  for (let i = 0; i + 2 < stepFunctions.length; i++) {
    const head = STEP.exec(stepFunctions[i]!);
    const jump = head ? JUMP.exec(stepFunctions[i + 1]!) : null;
    if (head && jump && stepFunctions[i + 2] === "}" && !heads.has(Number(head[1]))) jumps.set(Number(head[1]), jump[1]!);
  }
  if (jumps.size === 0) return [...stepFunctions];
  // Where a jump to step pc ends: followed through steps that only jump on (a cycle of them, which
  // no flow makes, is left as it is).
  const end = (pc: number): string => {
    let target = `step${pc}()`;
    for (let hops = 0; hops <= jumps.size; hops++) {
      const next = /^step(\d+)\(\)$/.exec(target);
      const on = next ? jumps.get(Number(next[1])) : undefined;
      if (on === undefined) return target;
      target = on;
    }
    return `step${pc}()`;
  };
  return stepFunctions.map((line) => (line.includes("return step") ? line.replace(CALL, (_all, pc: string) => `return ${end(Number(pc))};`) : line));
}
