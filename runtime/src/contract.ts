// The contract between a compiled game (generated/<game>/) and the runtime.
// A compiled game is plain functions over plain JSON data: the state holds everything,
// including the flow's program counter and the random generator, so any state can be
// serialized, replayed or forked.
import type { GameEvent } from "./events.js";
import type { RuleSite } from "./errors.js";

/** Seat number, 0-based, in clockwise order. */
export type Seat = number;

/** Card identities are small integers indexing the game's card table. */
export type CardId = number;

/** Fields every compiled game's state has; the game adds typed `zones`, `vars` and `locals`. */
export interface BaseState {
  /** Seat count: every seat, the rules' bots included (`seatPlan` tells them apart); a match's
   *  `options.players` counts the human seats only. */
  readonly players: number;
  /** In a game with `bot` seats: the human seats, 0..humans-1; the seats after them are bots. */
  readonly humans?: number;
  /** Variant names in force (empty for the base game). */
  readonly variants: readonly string[];
  /** The flow's program counter: the label of the decision point the game waits at, or "end". */
  pc: string;
  /** Random generator state (see random.ts); advanced by shuffles and dice. */
  random: RandomState;
  /** Cards by zone: a shared zone is CardId[] (index 0 = top), a per-player zone is CardId[][]. */
  zones: Record<string, CardId[] | CardId[][]>;
  /** Game variables: a shared one is a value, a per-player one an array by seat, a per-card one
   *  (`per Deed var houses`) a record by card id holding every card of its type; a variable per
   *  player per enum member or per player, an array by seat of rows (PairRow). */
  vars: Record<string, Value | Value[] | CardValues | PairRow[]>;
  /** Flow locals (loop counters, `let` bindings), kept in the state so it can pause anywhere. */
  locals: Record<string, Value | Value[]>;
  /** Simultaneous decisions: each seat's submitted move, hidden from others until all are in. */
  pending: (Move | null)[] | null;
  /** Set only while a move is applied with its events recorded (`recordEvents`); never kept. */
  events?: GameEvent[];
}

export type Value = number | boolean | string | null;

/** A per-card variable's values, keyed by card id (in JSON, the ids are the keys' strings). */
export type CardValues = Record<CardId, Value>;

/** One seat's values of a variable per player per enum member (a record by member name) or per
 *  player per player (an array by seat). */
export type PairRow = Record<string, Value> | Value[];

/** The random generator's state: sfc32's four 32-bit words, plus outcomes scripted by a test. */
export interface RandomState {
  s: [number, number, number, number];
  /** When non-empty, the next random outcomes, in order: a number for the next draw (`randomInt`:
   *  dice, a random player, a step of a shuffle), or the order the next shuffle of a zone must give. */
  script: ScriptedOutcome[];
}

/** A scripted random outcome: a draw's number, or a shuffle's result (these cards on top, in order). */
export type ScriptedOutcome = number | ScriptedShuffle;

export interface ScriptedShuffle {
  readonly zone: string;
  readonly seat: Seat | null;
  /** The cards the shuffle leaves on top, top first; the zone's other cards follow in random order. */
  readonly top: readonly CardId[];
}

/** A move as plain JSON: `type` names the option, the other fields are its parameters. */
export interface Move {
  readonly type: string;
  readonly [parameter: string]: Value | readonly CardId[] | undefined;
}

/** Who may act now. */
export type Activity =
  /** One player decides. */
  | { readonly kind: "turn"; readonly players: readonly Seat[] }
  /** Several players decide secretly; each seat listed has not submitted yet. `pause`: the rules'
   *  `pause`, where each seat only acknowledges (its one move, `continue`, is no secret). */
  | { readonly kind: "simultaneous"; readonly players: readonly Seat[]; readonly pause?: true }
  /** Several players may act; the first move applied wins. */
  | { readonly kind: "race"; readonly players: readonly Seat[] }
  | { readonly kind: "over"; readonly players: readonly Seat[] };

/** The domain of one move parameter, as JSON, so apps never need enumeration to explode. */
export type ParameterDomain =
  /** Any whole number from min to max inclusive. */
  | { readonly kind: "range"; readonly min: number; readonly max: number }
  /** One card among these (ids), taken from the named zone. */
  | { readonly kind: "card"; readonly zone: string; readonly cards: readonly CardId[] }
  /** Any set of these cards (a list of distinct ids), taken from the named zone; the option's
   *  requirements say which sets are legal, so they are checked on apply, not enumerated. `none`:
   *  whether the empty set meets the parameter's own requirements (giving nothing is a choice);
   *  absent, as in games compiled before it, it is not known and may be tried. */
  | { readonly kind: "cards"; readonly zone: string; readonly cards: readonly CardId[]; readonly none?: boolean }
  /** One player among these seats. */
  | { readonly kind: "player"; readonly players: readonly Seat[] }
  /** One value among these. */
  | { readonly kind: "choice"; readonly values: readonly (number | string | boolean)[] };

/** One kind of move a player may make now, with the domain of each parameter. */
export interface MoveOption {
  readonly type: string;
  readonly parameters: Readonly<Record<string, ParameterDomain>>;
  /** How people say the move, from the option's label in the rules (`buy "buy {deed} for ${deed.price}"`):
   *  words, the move's parameters, and values of the state taken when the menu was listed. Absent when
   *  the rules give no label (the move is then said as its name and its parameters). */
  readonly label?: readonly TextPart[];
}

/**
 * A piece of text for people, from a template of the rules: plain words, a value with the type that
 * says how to name it (a seat as "you" or "seat 2", a card by its name, an enum member by its label),
 * or a parameter of the move being described (with a field of the card it names).
 */
export type TextPart =
  | string
  | { readonly value: Value; readonly type: string }
  | { readonly parameter: string; readonly field?: string };

export type IllegalMoveCode =
  | "move/game-over"
  | "move/not-your-turn"
  | "move/already-submitted"
  | "move/unknown-type"
  /** A move of the game, but of another decision than the one waiting now. */
  | "move/not-now"
  | "move/bad-parameter"
  /** Not plain JSON data: getters, proxies, symbols, class instances, too many fields. */
  | "move/malformed"
  | "move/out-of-domain"
  | "move/constraint";

/** Why a move was refused. The state is left exactly as it was. */
export interface IllegalMove {
  readonly code: IllegalMoveCode;
  readonly reason: string;
}

/** Who sees a zone's cards or a variable's value: everyone; its seat only; every seat but its own
 *  (`others`: a Hanabi hand); everyone wherever its card lies, face down too (`open`, per-card values
 *  only: a Hanabi clue); nobody. A spectator sees only what is public or open. */
export type Visibility = "public" | "owner" | "others" | "open" | "hidden";

export interface ZoneInfo {
  readonly name: string;
  /** How people call it ("the auction row"): the rules' label, else the name in words. */
  readonly label: string;
  /** How it is laid out for people (`layout` in the rules); absent: by its kind and visibility. */
  readonly layout?: ZoneLayout;
  readonly perPlayer: boolean;
  readonly cardType: string;
  readonly visibility: Visibility;
  readonly ordered: boolean;
  readonly capacity: number | null;
  /** `bookkeeping` in the rules: a place the rules keep cards for themselves (one side of a swap),
   *  never shown on the table; a card that passes through it is told as going straight on. */
  readonly bookkeeping?: boolean;
}

/**
 * How a zone is laid out for people. `hand`: its cards, held by a seat; `row`: laid out in order;
 * `pile`: in card order; `top`: only its top card, with the count; `count`: only how many cards;
 * `track`: in order, numbered from 1; `board`: spaces in the order of the field `by`, each with what
 * stands on it (the seats whose `on` variable names it, the cards of type `with.type` whose field
 * `with.field` equals its `by`, wherever they lie).
 */
export type ZoneLayout =
  | { readonly kind: "hand" | "row" | "pile" | "top" | "count" | "track" }
  | { readonly kind: "board"; readonly by: string; readonly with?: { readonly type: string; readonly field: string } };

export interface VarInfo {
  readonly name: string;
  /** How people call it ("the bank"): the rules' label, else the name in words. */
  readonly label: string;
  /** How the table shows it: `bookkeeping` never (the rules' own record); `when` only while the
   *  game's `shown(view)` gives it a line; `always` (per-card values) beside its card even at its
   *  start value. Absent: always by its label and value, a per-card one where it differs from the start. */
  readonly shown?: "bookkeeping" | "when" | "always";
  /** For a per-player int that places its seat's token on a board (`on spaces`): that zone. */
  readonly on?: string;
  /** What an amount of it is counted in (`unit "$"`, `unit "coin"`): a symbol goes before the number
   *  ("$34"), a word after it, plural past one ("2 coins"). Absent: a bare number. */
  readonly unit?: string;
  readonly perPlayer: boolean;
  /** For a per-card variable (`per Deed var houses`), its card type: the state holds a value per
   *  card of that type, keyed by card id, and a view only those of the cards the seat can identify. */
  readonly perCard?: string;
  /** A variable per player per enum member ("Field") or per player ("player"): each seat's value is
   *  then a record by member, or a list by seat. */
  readonly perKey?: string;
  /** A per-card variable's starting value for every card, when the rules give a constant. */
  readonly initial?: Value;
  /** "int", "bool", "player", or an enum's name. */
  readonly type: string;
  readonly visibility: Visibility;
}

export interface CardTypeInfo {
  readonly name: string;
  readonly fields: readonly { readonly name: string; readonly type: string }[];
}

/** One physical card: its type and attribute values, in the type's field order. */
export interface CardInfo {
  readonly id: CardId;
  readonly type: string;
  readonly fields: Readonly<Record<string, Value>>;
  /** Its name as people say it, from the rules' `name` template ("Phonics Place (light blue, $100)"). */
  readonly name?: string;
  /** What the card says, from the rules' `text` template, for a player who asks. */
  readonly text?: string;
}

export interface VariantInfo {
  readonly name: string;
  readonly description: string;
}

/** What tools (scenarios, CLI, property tests) need to know of a game's shape. */
export interface GameMeta {
  readonly cardTypes: readonly CardTypeInfo[];
  readonly cards: readonly CardInfo[];
  readonly zones: readonly ZoneInfo[];
  readonly vars: readonly VarInfo[];
  /** Resources whose total over these variables never changes (e.g. coins + bank). */
  readonly conserved: readonly { readonly name: string; readonly vars: readonly string[] }[];
  /** The decisions of the flow, by the label the game waits at (`buying.raise_or_pass`). */
  readonly decisions?: readonly string[];
  /** The move made for a seat that does not decide in time or is away, by decision label: the rules'
   *  `default` option, a race's `decline`, a window's `done`. Absent where the rules name none. */
  readonly defaults?: Readonly<Record<string, string>>;
  /** The rules' functions (`Game.functions`): each parameter's type and the result's, as VarInfo
   *  types are written, a card type's name for a card, `T[]` for a list. */
  readonly functions?: readonly FunctionInfo[];
  /** The labels that say a move of their type from its parameters alone (`raise: ["bid ", { parameter:
   *  "amount" }]`), by move type: a seat that sees another seat's move, but not the option it was
   *  chosen from, says it by these. For a label that shows the state it was offered in, the start of it
   *  that the parameters say (`["ask $", { parameter: "amount" }]`), or the move's name in words when
   *  the label opens with its verb (`["request rent"]`); absent when neither says more than the name. */
  readonly moveLabels?: Readonly<Record<string, readonly TextPart[]>>;
  /** Seats the rules play (the header's `bot` lines), in declaration order; absent when none.
   *  `seatPlan(meta, players)` says which seats a match of `players` people has. */
  readonly bots?: readonly BotInfo[];
  /** In a game whose rules eliminate players (`eliminate(p)`): the per-player variable that says
   *  who is out, 0 for a seat still in the game, else its place in the order of leaving (1 first).
   *  A seat that is out is never asked to act. Absent in a game that eliminates nobody. */
  readonly eliminated?: string;
  /** Labels of enum members the rules name (`light_blue "light blue"`), by enum then member; a
   *  member without one is said as its name in words. */
  readonly enums?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The tie-breakers, in order, where the rules name one (`tiebreak p: coins[p] "coins left"`):
   *  its label (null where the rules give none) and whether it is a list of numbers (several keys of
   *  a score row). Absent when no tie-breaker has a label. */
  readonly tiebreaks?: readonly { readonly label: string | null; readonly list: boolean }[];
}

/** A seat played by the rules, added to a match of one of `for` players (human seats). */
export interface BotInfo {
  readonly id: string;
  /** How people call it ("Wealthy Nephew Merc"). */
  readonly label: string;
  /** The human counts whose matches get this bot, ascending. */
  readonly for: readonly number[];
}

export interface FunctionInfo {
  readonly name: string;
  readonly parameters: readonly { readonly name: string; readonly type: string }[];
  readonly result: string;
}

export interface SetupOptions {
  readonly players: number;
  readonly variants?: readonly string[];
  readonly seed: number;
}

/** A game's final standing: scores with tie-breakers, and the ranking they give. */
/** One part of a seat's score, named as results tell it ("coins": 3; an Objective card's name: 12). */
export interface ScorePart {
  readonly label: string;
  readonly points: number;
}

export interface GameResult {
  /** Per seat: [score, tie-breaker 1, tie-breaker 2, ...]. */
  readonly scores: readonly (readonly number[])[];
  /** Per seat, the parts its score is the sum of, where the rules name them. */
  readonly parts?: readonly (readonly ScorePart[])[];
  /** Groups of seats, best first; seats in one group are tied on every key. */
  readonly ranking: readonly (readonly Seat[])[];
  readonly winners: readonly Seat[];
}

/** The JSON kind of one move parameter, as the game's move schema states it: a whole number, a
 *  seat, a boolean, one card id, a list of card ids, or one of an enumeration's names. */
export type ParameterKind = "int" | "player" | "bool" | "card" | "cards" | { readonly enum: readonly string[] };

/** Every move type of a game with its parameters' kinds: what a move read from a client may hold. */
export type MoveSchema = Readonly<Record<string, Readonly<Record<string, ParameterKind>>>>;

/** A game's rules compiled for random playouts: integer program counter, flat card arrays, moves as
 *  numbers. One instance reuses its state across playouts; it is not safe to share between threads. */
export interface PlayoutKernel {
  /** The random policy's generator, sfc32 words (as `Rng` keeps them): advanced in place by `play`. */
  readonly policy: Uint32Array;
  /**
   * Sets up a game of `players` seats from the game seed and plays it to the end, every seat moved by
   * the random bot drawing from `policy`. Returns the decisions taken. `trace`, when given, receives
   * per decision: the seat, the move type's index in `game.moves`, then its parameters' values in
   * the schema's order (a card as its id, a set of cards as its size then its cards, an enum member
   * as its name). `variants`:
   * the variant options chosen, as `MatchOptions.variants` names them (none by default). `preferred`:
   * every seat draws by the rules' playout preferences, as `choosePreferredMove` draws (uniform
   * where the rules state none); by default uniformly, as `chooseRandomMove`.
   */
  play(players: number, seed: number, trace?: unknown[] | null, variants?: readonly string[], preferred?: boolean): number;
  /**
   * Plays on from a state of the game's state machine (which it reads, never changes) to the end, as
   * `play` does from setup: the same moves the state machine's random players make from that state
   * with the same policy generator. Returns the decisions taken, or -1 (having done nothing) where it
   * cannot take the state as it stands: the game is over, an `ask each` has answers pending, a race
   * has seats that declined, the generator holds scripted outcomes. The caller then plays on with
   * the state machine until the kernel takes the state (`playOnRandom`). `cap`: the decisions after
   * which it throws `fault/decision-cap` (DECISION_CAP by default). Absent in kernels written before it.
   */
  resume?(state: BaseState, trace?: unknown[] | null, preferred?: boolean, cap?: number): number;
  /** Per seat [score, ...tie-breakers] of the game `play` last played, as `Game.scores` gives them. */
  scores(): number[][];
  /** The `end game` statement that ended the game `play` last played (as `endingOf` names it for the
   *  state machine); null when its flow ran to its end. */
  ending(): RuleSite | null;
}

/** What a compiled game module exports (as `game`). All functions are pure except
 *  `advance` and `apply`, which change the state they are given in place. `V` is what `view` gives. */
export interface Game<S extends BaseState = BaseState, M extends Move = Move, V = unknown> {
  readonly id: string;
  readonly title: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly variants: readonly VariantInfo[];
  readonly meta: GameMeta;
  /** The move types and their parameters. Compiled games always have it; a hand-written game
   *  without it gets moves checked only as bounded plain JSON before its own `check`. */
  readonly moves?: MoveSchema;
  /** Places the components (shuffled with `seed`); the flow has not started yet. */
  setup(options: SetupOptions): S;
  /** Runs the flow until it waits for a decision or the game ends. */
  advance(state: S): void;
  activity(state: S): Activity;
  legalMoves(state: S, seat: Seat): MoveOption[];
  /** null when the move is legal for this seat now, else why not. Never changes the state. */
  check(state: S, seat: Seat, move: M): IllegalMove | null;
  /** Applies a move that `check` accepted, then advances the flow. */
  apply(state: S, seat: Seat, move: M): void;
  /** What this seat may know (null: a spectator). Contains no hidden information. */
  view(state: S, seat: Seat | null): V;
  /** Per seat [score, ...tie-breakers]; meaningful once the game is over. */
  scores(state: S): number[][];
  /** Per seat, the parts its score is the sum of, where the rules name them (several `score` lines). */
  scoreParts?(state: S): ScorePart[][];
  /** Optional compiled fast path of the random policy: the same distribution as `randomMove` over
   *  `legalMoves` (uniform over concrete moves), without building the option list. `draw(n)` returns
   *  a whole number in [0, n). Returns null where the game has no compiled sampler for this decision. */
  randomMove?(state: S, seat: Seat, draw: (n: number) => number): M | null;
  /** The rules' playout preferences (`prefer N` on options): each option's weight at this seat's
   *  decision now, or null where the rules state none. Only the rules' random players read them
   *  (`choosePreferredMove`); `randomMove` and the playout kernel stay uniform. Absent: no preferences. */
  preferences?(state: S, seat: Seat): Readonly<Record<string, number>> | null;
  /** Optional fast path of `activity` for simulations: the one seat a random playout moves next
   *  (a turn's player; at a simultaneous decision the first seat still to choose), -1 once the game
   *  is over, -2 where `activity` must decide (a race, whose claimant is drawn at random, or nobody
   *  able to act). Allocates nothing. */
  nextActor?(state: S): Seat;
  /** Optional emitted playout kernel (generated/<game>/playout.ts): the same rules in a form made for
   *  random playouts, which plays exactly the games `playRandomGame` plays (same random outputs, same
   *  policy) from setup to the end. A factory: each kernel keeps one preallocated state it reuses. */
  playout?(): PlayoutKernel;
  /**
   * A full state drawn from what `seat` knows (search bots' determinization): a copy where every card
   * the seat cannot identify is dealt afresh among the positions it cannot see, amounts it cannot
   * see are spread consistently with the conserved totals, other seats' secret submissions are
   * withdrawn and the random generator is reseeded. Two states with the same view for `seat` give
   * the same sample for the same draws. Emitted from the rules' visibility declarations.
   */
  sample?(state: S, seat: Seat, draw: (n: number) => number): S;
  /**
   * Puts the flow at a decision (one of `meta.decisions`) as if it had just been reached: who is asked
   * follows from the state's variables and locals, the loops around it take their place from their
   * binders. For tests that lay out a position in the middle of a game.
   */
  enter?(state: S, decision: string): void;
  /** The table lines of the variables the rules show only at times (`shown [as "…"] when COND`), read
   *  from a seat's view: for each such variable, its line (for a per-player one, one per seat), or null
   *  while it is not shown. Evaluates only what that view holds. */
  shown?(view: V, viewer: Seat | null): Readonly<Record<string, readonly TextPart[] | null | readonly (readonly TextPart[] | null)[]>>;
  /** The rules' functions, by name (their types in `meta.functions`), each called with the state
   *  and then its arguments: a part of a score, say. */
  readonly functions?: Readonly<Record<string, (...args: never[]) => unknown>>;
}
