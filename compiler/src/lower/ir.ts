// The flow as a flat state machine. Decision points are the states a game waits in; every other
// block is a step the runtime runs straight through. Statements that contain no decision stay
// structured (they become ordinary TypeScript loops and ifs inside one step).
import type * as A from "../syntax/ast.js";
import type { LocalSlot } from "../check/types.js";

/** A for loop whose body contains a decision: its list and position live in the state. */
export interface LoopSlots {
  readonly statement: A.ForStatement;
  readonly binder: LocalSlot;
  /** State local holding the values still to visit, computed when the loop starts. */
  readonly list: string;
  readonly index: string;
}

export type Effect =
  /** A statement with no decision inside, emitted as structured TypeScript. */
  | { readonly kind: "run"; readonly statement: A.Statement }
  | { readonly kind: "loop-start"; readonly loop: LoopSlots }
  | { readonly kind: "loop-bind"; readonly loop: LoopSlots }
  | { readonly kind: "loop-step"; readonly loop: LoopSlots }
  | { readonly kind: "enter-phase"; readonly name: string };

export type Exit =
  | { readonly kind: "goto"; readonly target: string }
  | { readonly kind: "branch"; readonly condition: A.Expression; readonly then: string; readonly otherwise: string }
  | { readonly kind: "loop-branch"; readonly loop: LoopSlots; readonly then: string; readonly otherwise: string }
  | { readonly kind: "decide"; readonly decision: Decision }
  | { readonly kind: "end" };

export interface Step {
  readonly label: string;
  readonly effects: Effect[];
  exit: Exit;
  /** The innermost loop this step belongs to (its test, body or what follows inside it), if any:
   *  a flow that cycles without reaching a decision is reported at that loop. */
  readonly loop: A.WhileStatement | A.ForStatement | null;
}

export interface Decision {
  /** The state's name while the game waits here (the program counter's value). */
  readonly label: string;
  readonly ask: A.AskStatement;
  readonly phase: string | null;
  /** Where the flow goes on after an option's body has run. */
  readonly resume: string;
  /** For an option whose body itself contains decisions: the label of its lowered body. */
  readonly optionEntries: ReadonlyMap<string, string>;
}

export interface FlowMachine {
  readonly start: string;
  readonly steps: readonly Step[];
  readonly decisions: readonly Decision[];
  readonly loops: readonly LoopSlots[];
}

export const END = "end";
