// What a parsed scenario says, before any name is looked up in a game. Every piece keeps its
// source span so that the runner can blame the exact token.
import type { SourceSpan } from "../diagnostics.js";

export interface Name {
  readonly text: string;
  readonly span: SourceSpan;
}

export interface Literal {
  /** `word` is a bare name: true/false, an enum value, a choice. A `number` may be negative, a decimal or `-inf`. */
  readonly kind: "number" | "text" | "word";
  readonly value: number | string;
  readonly span: SourceSpan;
  /** A sum as written (`18 - 3 + 1`), for messages: `value` is its result, worked out when parsed. */
  readonly sum?: string;
}

/**
 * A value a seat's view shows: a literal, `?` for null (a value hidden from this seat, or no
 * submission), or a move (a simultaneous choice: `mySubmission`).
 */
export type ViewValue =
  | Literal
  | { readonly kind: "unknown"; readonly span: SourceSpan }
  | { readonly kind: "move"; readonly move: MoveCall; readonly span: SourceSpan };

export interface SeatLiteral {
  readonly seat: number;
  readonly span: SourceSpan;
}

/** `shop_keeper`, `shop_keeper + 1`: the seat a shared player variable holds when the step runs, `offset` seats clockwise on. */
export interface SeatVariable {
  readonly variable: Name;
  readonly offset: number;
  readonly span: SourceSpan;
}

/** A seat by number, or by a player variable (only where a seat names whose zone, variable or turn it is). */
export type SeatRef = SeatLiteral | SeatVariable;

/** `property_deck`, `properties[1]` or `mansion[shop_keeper]`: a zone or a variable, shared or one seat's. */
export interface Target {
  readonly name: Name;
  readonly seat: SeatRef | null;
  /** `houses[Deed 3]`: one card's value of a per-card variable. */
  readonly card?: CardPattern;
  /** `owned[0, third]`, `owes[0, 2]`: which member (or seat) of a variable per player per enum or player. */
  readonly key?: Literal;
  readonly span: SourceSpan;
}

/** `top 3 of draw`: only the first (or last) cards of an ordered zone. */
export interface ZonePart {
  readonly end: "top" | "bottom";
  readonly count: number;
  readonly span: SourceSpan;
}

/**
 * `Property 30`, `Merchandise 5 marked pets`, `Objective too_snob`: a card type, then values.
 * A flag's name or an enum value stands for its field; any other value fills the next field not
 * yet given, in declaration order (see cards.ts for what the values mean).
 */
export interface CardPattern {
  readonly type: Name;
  readonly fields: readonly Literal[];
  /** `Currency 5 copy 2`: the second of the cards the rest names, in the order the rules deal them. */
  readonly copy?: { readonly number: number; readonly span: SourceSpan };
  readonly span: SourceSpan;
}

/** A move argument: a value, a card (`Property 30`, a word with values after it), a list, or (in `expect legal`) a range. */
export type Argument =
  | { readonly kind: "value"; readonly value: Literal; readonly span: SourceSpan }
  /** A word followed by values: a card when the word is a card type, else an error at run time. */
  | { readonly kind: "card"; readonly card: CardPattern; readonly span: SourceSpan }
  | { readonly kind: "list"; readonly items: readonly Argument[]; readonly span: SourceSpan }
  | { readonly kind: "range"; readonly min: number; readonly max: number; readonly span: SourceSpan };

export interface MoveArgument {
  readonly name: Name;
  readonly value: Argument;
  readonly span: SourceSpan;
}

/** `raise(amount: 3)`, `pass`. */
export interface MoveCall {
  readonly type: Name;
  readonly arguments: readonly MoveArgument[];
  readonly span: SourceSpan;
}

/** Statements that change the position before the flow starts. */
export type SetupStep =
  /** Puts these cards on top of the zone, in order (index 0 = top). */
  | { readonly kind: "stack"; readonly zone: Target; readonly cards: readonly CardPattern[]; readonly span: SourceSpan }
  /**
   * Moves these cards from wherever they are to the bottom of the zone. With `replacedFrom`, the
   * last card of that zone takes each card's old place, so no other card moves up.
   */
  | {
      readonly kind: "put";
      readonly cards: readonly CardPattern[];
      readonly zone: Target;
      readonly replacedFrom: Target | null;
      readonly span: SourceSpan;
    }
  /** One value, or one per seat for a per-player variable named without a seat. */
  | { readonly kind: "set"; readonly variable: Target; readonly values: readonly Literal[]; readonly span: SourceSpan }
  /**
   * The zone holds exactly these cards, in this order. Each card brought in trades places with a
   * card it displaces; displaced cards left over (the zone shrank) go to the end of `rest`.
   */
  | {
      readonly kind: "set-cards";
      readonly zone: Target;
      readonly cards: readonly CardPattern[];
      readonly rest: Target | null;
      readonly span: SourceSpan;
    }
  /** `start at buying.raise_or_pass`: the flow starts at this decision instead of its beginning. */
  | { readonly kind: "start"; readonly decision: Name; readonly span: SourceSpan }
  | ScriptStep;

/**
 * A step that scripts the game's next random outcomes, queued in the order written. Before the
 * first play it is a setup step; after, it scripts the outcomes from that moment on.
 */
export type ScriptStep =
  /** The numbers the next draws return, each in 0..n-1 for a draw among n. */
  | { readonly kind: "random"; readonly numbers: readonly Literal[]; readonly span: SourceSpan }
  /** The faces the next dice show, 1..sides: each a draw of the face minus 1. */
  | { readonly kind: "dice"; readonly faces: readonly Literal[]; readonly span: SourceSpan }
  /** The cards the zone's next shuffle leaves on top, top first. */
  | { readonly kind: "shuffle"; readonly zone: Target; readonly cards: readonly CardPattern[]; readonly span: SourceSpan };

export function isScriptStep(step: Step): step is ScriptStep {
  return step.kind === "random" || step.kind === "dice" || step.kind === "shuffle";
}

/** Is this a step that prepares the position (all but the scripting steps come before the first play)? */
export function isSetupStep(step: Step): step is SetupStep {
  return (
    step.kind === "stack" ||
    step.kind === "put" ||
    step.kind === "set" ||
    step.kind === "set-cards" ||
    step.kind === "start" ||
    isScriptStep(step)
  );
}

export type PlayStep = {
  readonly kind: "play";
  readonly seat: SeatLiteral;
  readonly move: MoveCall;
  readonly span: SourceSpan;
};

export type Expectation =
  | {
      readonly kind: "expect-activity";
      readonly activity: "turn" | "simultaneous" | "race" | "over";
      readonly seats: readonly SeatRef[];
      readonly span: SourceSpan;
    }
  /** `expect not over`: the game goes on. */
  | { readonly kind: "expect-not-over"; readonly span: SourceSpan }
  /** `expect coins[0] = 18`, or one value per seat: `expect coins = 18 18 18`. */
  | {
      readonly kind: "expect-var";
      readonly variable: Target;
      readonly values: readonly Literal[];
      readonly span: SourceSpan;
    }
  /** Exact contents: in order for an ordered zone, as a multiset otherwise; of its top or bottom `part` if given. */
  | {
      readonly kind: "expect-zone";
      readonly zone: Target;
      readonly part: ZonePart | null;
      readonly cards: readonly CardPattern[];
      readonly span: SourceSpan;
    }
  | {
      readonly kind: "expect-contains";
      readonly zone: Target;
      readonly part: ZonePart | null;
      readonly cards: readonly CardPattern[];
      readonly span: SourceSpan;
    }
  /** One count, or one per seat for a per-player zone named without a seat. */
  | {
      readonly kind: "expect-count";
      readonly zone: Target;
      readonly counts: readonly Literal[];
      readonly span: SourceSpan;
    }
  | {
      readonly kind: "expect-illegal";
      readonly seat: SeatLiteral;
      readonly move: MoveCall;
      /** A part of the refusal's reason. */
      readonly reason: { readonly text: string; readonly span: SourceSpan };
      readonly span: SourceSpan;
    }
  | { readonly kind: "expect-legal"; readonly seat: SeatLiteral; readonly move: MoveCall; readonly span: SourceSpan }
  /** The exact set of move types the seat may make now. */
  | {
      readonly kind: "expect-options";
      readonly seat: SeatLiteral;
      readonly types: readonly Name[];
      readonly span: SourceSpan;
    }
  /** Per seat, the first key of the game's scores. */
  | { readonly kind: "expect-scores"; readonly scores: readonly Literal[]; readonly span: SourceSpan }
  /** One seat's score (the first key): `expect score 0 = 47`. */
  | { readonly kind: "expect-score"; readonly seat: SeatLiteral; readonly score: Literal; readonly span: SourceSpan }
  /** Per seat, one tie-breaker key (`key` counts from 1: the first key after the score): `expect tiebreak 1 = 5 3 7 2`. */
  | {
      readonly kind: "expect-tiebreak";
      readonly key: { readonly index: number; readonly span: SourceSpan };
      readonly values: readonly Literal[];
      readonly span: SourceSpan;
    }
  /** One seat's whole row of score keys, the score first: `expect keys 0 = 36 16`. */
  | {
      readonly kind: "expect-keys";
      readonly seat: SeatLiteral;
      readonly values: readonly Literal[];
      readonly span: SourceSpan;
    }
  /** Groups of tied seats, best first: `expect ranking 2 > 0 = 1 > 3`. */
  | { readonly kind: "expect-ranking"; readonly groups: readonly (readonly SeatLiteral[])[]; readonly span: SourceSpan }
  | { readonly kind: "expect-winners"; readonly seats: readonly SeatLiteral[]; readonly span: SourceSpan }
  /** `expect view 1 face_down = [?, Card 5]`: a zone as the seat's view shows it; `null` is a card it cannot see (`?`). */
  | {
      readonly kind: "expect-view-zone";
      readonly seat: SeatLiteral;
      readonly zone: Target;
      readonly cards: readonly (CardPattern | null)[];
      readonly span: SourceSpan;
    }
  /**
   * `expect view 1 coins = ? 18 ? ?`, `expect view 0 mySubmission = sell(card: Property 28)`: any
   * other field of the seat's view (a variable, `submitted`, `phase`...), looked up by name.
   */
  | {
      readonly kind: "expect-view-value";
      readonly seat: SeatLiteral;
      readonly field: Target;
      readonly values: readonly ViewValue[];
      readonly span: SourceSpan;
    }
  /** `expect view 1 shows Card 5` (somewhere in its view) or `expect view 2 hides Card 5` (nowhere in it). */
  | {
      readonly kind: "expect-view-cards";
      readonly seat: SeatLiteral;
      readonly shown: boolean;
      readonly cards: readonly CardPattern[];
      readonly span: SourceSpan;
    }
  /**
   * `expect moved Property 30 from auction to properties[2]`: an event of the last play (or of the
   * start) matches, or with `happened` false none does; as one seat is told them when `viewer` is set.
   */
  | {
      readonly kind: "expect-event";
      readonly viewer: SeatLiteral | null;
      readonly happened: boolean;
      readonly event: EventPattern;
      readonly span: SourceSpan;
    }
  /** `expect objective_points(Objective collector, 0) = 21`: a rules' function gives this now. */
  | { readonly kind: "expect-function"; readonly call: FunctionCall; readonly expected: FunctionResult; readonly span: SourceSpan };

/**
 * What a move (or the start) did, as an expectation describes it: each part left out matches
 * anything. A null card or amount is `?`, what a seat is not told.
 */
export type EventPattern =
  /** Null cards: any cards. */
  | { readonly kind: "moved"; readonly cards: readonly (CardPattern | null)[] | null; readonly from: Target | null; readonly to: Target | null }
  /** `paid 2 from coins[0] to bank` (or `transferred`). */
  | { readonly kind: "paid"; readonly amount: Literal | "unknown" | null; readonly from: Target | null; readonly to: Target | null }
  | { readonly kind: "shuffled"; readonly zone: Target | null }
  /** These faces, in order among the move's rolls; none: any roll. */
  | { readonly kind: "rolled"; readonly faces: readonly Literal[] }
  /** The words said, exactly, and to whom (null: to anyone, or to all). */
  | { readonly kind: "said"; readonly text: { readonly text: string; readonly span: SourceSpan } | null; readonly to: SeatRef | null }
  | { readonly kind: "changed"; readonly variable: Target | null; readonly value: Literal | null }
  | { readonly kind: "revealed"; readonly card: CardPattern | null; readonly to: SeatRef | null }
  | { readonly kind: "began"; readonly phase: Name | null }
  | { readonly kind: "ended" };

/** `objective_points(Objective collector, 0)`: one of the rules' functions, with its arguments. */
export interface FunctionCall {
  readonly name: Name;
  readonly arguments: readonly Argument[];
  readonly span: SourceSpan;
}

/** What a function is expected to give: one value (a sum, a word, a card by its values) or a list in [ ]. */
export type FunctionResult =
  | { readonly kind: "values"; readonly values: readonly Literal[]; readonly span: SourceSpan }
  | { readonly kind: "list"; readonly items: readonly Argument[]; readonly span: SourceSpan };

/** `repeat 3 {` … `}`: these steps, played `times` times in a row (blocks may nest). */
export type RepeatStep = {
  readonly kind: "repeat";
  readonly times: number;
  readonly steps: readonly Step[];
  /** The `repeat 3 {` line. */
  readonly span: SourceSpan;
};

export type Step = SetupStep | PlayStep | Expectation | RepeatStep;

export interface Scenario {
  readonly file: string;
  readonly title: string;
  /** The `scenario "…"` line. */
  readonly span: SourceSpan;
  readonly game: Name;
  readonly players: { readonly count: number; readonly span: SourceSpan };
  readonly variants: readonly Name[];
  readonly seed: number;
  /** The file's steps before its first `scenario` line, then this scenario's own. */
  readonly steps: readonly Step[];
}
