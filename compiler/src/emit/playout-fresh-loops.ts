// Loops of the flow around decisions (a `for` whose body asks someone) in a split kernel (one
// function per step). A fresh game runs each as a native loop in the step that starts it: the loop's
// place, count and first seat are that function's locals, and it binds its value and calls its body's
// first step until the pc that comes back is not its head's (the body's way back). Kept in the
// closure's lets (each turn loaded, tested, stepped and bound through them), they cost Foreclosed!'s
// round about 3%.
// A game resumed inside such a loop (`resume`) has the state's place and count in the closure's lets
// (playout-resume.ts) and goes on through the head's own step (playout-loops.ts), which a fresh game
// never enters: the body's way back returns to it only where no native loop is on the stack. So that
// step steps the place and binds the value before the body (the body's last and first steps do
// neither), and the closure's lets need not be kept current in a fresh game: the kernel never writes
// its state back out.
import type { FlowMachine, LoopSlots, Step } from "../lower/ir.js";
import type { LoopState } from "./playout-loop-walks.js";
import { stepsGuard } from "./playout-loops.js";

export class FreshLoops {
  /** Each native loop's head (the step whose exit tests its place). */
  private readonly heads = new Map<LoopSlots, Step>();

  /** `machine`: a split kernel's flow (null for none: a kernel written as one `play` dispatches every step). */
  constructor(machine: FlowMachine | null) {
    if (!machine) return;
    for (const step of machine.steps) if (step.exit.kind === "loop-branch") this.heads.set(step.exit.loop, step);
    // As the flow's lowering writes them: the start is its step's last effect and goes to the head,
    // the bind is the first effect of the body's first step, and the step is the last of the body's way back.
    const shaped = new Map<LoopSlots, number>();
    const bump = (loop: LoopSlots) => shaped.set(loop, (shaped.get(loop) ?? 0) + 1);
    for (const step of machine.steps) {
      step.effects.forEach((effect, i) => {
        if (effect.kind === "run" || effect.kind === "enter-phase") return;
        const head = this.heads.get(effect.loop);
        const last = i === step.effects.length - 1;
        const goesToHead = step.exit.kind === "goto" && step.exit.target === head?.label;
        if (effect.kind === "loop-start" && last && goesToHead) bump(effect.loop);
        else if (effect.kind === "loop-bind" && i === 0 && head?.exit.kind === "loop-branch" && head.exit.then === step.label) bump(effect.loop);
        else if (effect.kind === "loop-step" && last && goesToHead) bump(effect.loop);
        else shaped.set(effect.loop, -1);
      });
    }
    for (const loop of [...this.heads.keys()]) if (shaped.get(loop) !== 3 || this.heads.get(loop)!.effects.length > 0) this.heads.delete(loop);
  }

  /** Whether `loop` runs as a native loop in a fresh game. */
  has(loop: LoopSlots): boolean {
    return this.heads.has(loop);
  }

  /** The loop `step` starts natively, if it does: its last effect starts it. */
  startedBy(step: Step): LoopSlots | null {
    const last = step.effects[step.effects.length - 1];
    return last?.kind === "loop-start" && this.heads.has(last.loop) ? last.loop : null;
  }

  /** The head of a native loop. */
  headOf(loop: LoopSlots): Step {
    return this.heads.get(loop)!;
  }

  /**
   * The native loop, in place of the start step's way to the head: its state in locals of the
   * closure's names (so `fill` and `bind` read them as written), each turn bound, the body called
   * (step `body`), the loop left where the pc that comes back is not the head's (`head`), then
   * `after`, where the flow goes when the loop is done.
   */
  run(loop: LoopSlots, state: LoopState, head: number, body: number, after: string[]): string[] {
    const index = state.index;
    // A walk in place of the state's list where the loop has one (playout-loop-walks.ts).
    const { start, fill, bind } = state.fresh ?? { start: state.start, fill: state.fill, bind: [state.bind] };
    return [
      "{",
      `let ${index} = 0;`,
      `let ${state.count} = 0;`,
      ...(start ? [`let ${start} = 0;`] : []),
      ...fill,
      // Its turns counted as steps all at once: the loop ends, so a flow that never asks anyone runs
      // forever through a loop without a count, whose guard stops it (2k instructions a game of
      // Foreclosed!, `npm run bench:instructions`). A turn that asks someone sets `steps` back to 0.
      stepsGuard(`(steps += ${state.count})`),
      `for (; ${index} < ${state.count}; ${index}++) {`,
      ...bind,
      `const $pc = step${body}();`,
      `if ($pc !== ${head}) return $pc;`,
      "}",
      "}",
      ...after,
    ];
  }
}
