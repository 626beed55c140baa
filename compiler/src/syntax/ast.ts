// The abstract syntax tree of a rules file. Every node carries the source range it came from,
// so every later phase can blame the exact text a designer wrote.

export interface Position {
  readonly offset: number;
  readonly line: number;
  readonly column: number;
}

export interface SourceRange {
  readonly start: Position;
  /** Inclusive end: the last character of the node. */
  readonly end: Position;
}

export interface Identifier {
  readonly name: string;
  readonly range: SourceRange;
  /** A name the parser made up while writing a construct out (a window's loop), never written by a designer. */
  readonly synthetic?: boolean;
}

export interface Program {
  readonly file: string;
  readonly game: GameHeader | null;
  readonly declarations: readonly Declaration[];
}

export interface GameHeader {
  readonly kind: "game";
  readonly title: string;
  readonly players: Expression | null;
  readonly variants: readonly VariantDeclaration[];
  /** `bot merc "Wealthy Nephew Merc" for 2`: seats the rules play, added for these player counts. */
  readonly bots: readonly BotDeclaration[];
  readonly range: SourceRange;
}

/** `bot NAME "label" for COUNTS`: one more seat, played by the rules, in a match of one of COUNTS
 *  players (each count a number or a range `a..b`). The checker wants the label to be a string. */
export interface BotDeclaration {
  readonly name: Identifier;
  readonly label: Expression;
  readonly counts: readonly Expression[];
  readonly range: SourceRange;
}

export interface VariantDeclaration {
  readonly name: Identifier;
  readonly description: string;
  readonly range: SourceRange;
}

export type Declaration =
  | EnumDeclaration
  | CardDeclaration
  | VarDeclaration
  | ZoneDeclaration
  | TableDeclaration
  | ConserveDeclaration
  | BlockDeclaration
  | ScoreDeclaration
  | FunctionDeclaration
  | ProcedureDeclaration;

/** `procedure name(a: T, ...) { ... }`: a named piece of flow, decisions and all, written out
 *  (inlined) wherever it is called. */
export interface ProcedureDeclaration {
  readonly kind: "procedure";
  readonly name: Identifier;
  readonly parameters: readonly { readonly name: Identifier; readonly type: TypeReference }[];
  readonly body: Block;
  readonly range: SourceRange;
}

/** `function name(a: T, b: T): T = expression`: a pure helper for scoring and conditions. */
export interface FunctionDeclaration {
  readonly kind: "function";
  readonly name: Identifier;
  readonly parameters: readonly { readonly name: Identifier; readonly type: TypeReference }[];
  readonly result: TypeReference;
  readonly body: Expression;
  readonly range: SourceRange;
}

export interface EnumDeclaration {
  readonly kind: "enum";
  readonly name: Identifier;
  readonly members: readonly Identifier[];
  /** `light_blue "light blue"`: how people say each member, by position (null: its name in words). */
  readonly labels: readonly (string | null)[];
  readonly range: SourceRange;
}

export interface TypeReference {
  readonly name: Identifier;
  /** `Card[]`: a list of cards of that type. */
  readonly list: boolean;
  /** `(Colour, int)`: a pair (or more) of values, the key of a table read with two indices. */
  readonly elements?: readonly TypeReference[];
}

export interface FieldDeclaration {
  readonly name: Identifier;
  readonly type: TypeReference;
}

export interface Binder {
  readonly name: Identifier;
  readonly source: Expression;
}

/** `cards for x in LIST, y in LIST where COND { field: value, ... }` */
export interface Manifest {
  readonly binders: readonly Binder[];
  readonly condition: Expression | null;
  readonly fields: readonly { readonly name: Identifier; readonly value: Expression }[];
  /** `name "…"` / `text "…"` after the line: these cards' own name or text, over their fields and binders. */
  readonly presentation: CardPresentation;
  readonly range: SourceRange;
}

/** A card's name and text as templates over its fields (null: not given here). */
export interface CardPresentation {
  readonly name: ReasonText | null;
  readonly text: ReasonText | null;
}

export interface CardDeclaration {
  readonly kind: "card";
  readonly name: Identifier;
  readonly fields: readonly FieldDeclaration[];
  readonly manifests: readonly Manifest[];
  /** `name "{place} ({group}, ${price})"`, `text "…"` in the card's body: for every card of the type. */
  readonly presentation: CardPresentation;
  readonly range: SourceRange;
}

/** `others`: every seat but the owner's (per player only); `open`: a per-card value seen by every
 *  seat wherever its card lies, face down included (by position where the card is hidden). */
export type Visibility = "public" | "owner" | "others" | "open" | "hidden";

export interface VarDeclaration {
  readonly kind: "var";
  readonly perPlayer: boolean;
  /** `per Deed var ...`: one value per card of this card type (perPlayer is then false). */
  readonly perCard: Identifier | null;
  /** `per player per Field var ...` / `per player per player var ...`: one value per seat per member of
   *  that enum (or per seat), read `owned[p, f]`; perPlayer is then true. Absent: one value per seat. */
  readonly perKey?: Identifier | null;
  readonly name: Identifier;
  readonly type: TypeReference;
  readonly visibility: Visibility;
  readonly initial: Expression;
  /** How people call it (`"the bank"`), for tables and stories; null: from its name. */
  readonly label: string | null;
  /** `bookkeeping`: never shown on the table; `shown [as "…"] [when COND]`: shown only while COND
   *  holds, as that line; null: always shown, by its label. */
  readonly shown: VarShown | null;
  /** `on ZONE`: a per-player int placing its seat's token on that board zone. */
  readonly on: Identifier | null;
  /** `unit "$"` / `unit "coin"`: what an amount of it is counted in, as the story and table say it
   *  ("$34", "2 coins"); null: a bare number. */
  readonly unit: { readonly text: string; readonly range: SourceRange } | null;
  readonly range: SourceRange;
}

export type VarShown =
  | { readonly kind: "bookkeeping"; readonly range: SourceRange }
  | { readonly kind: "shown"; readonly template: ReasonText | null; readonly condition: Expression | null; readonly range: SourceRange };

/** `layout KIND [by FIELD] [with Type.field]`: how people see a zone laid out. */
export interface ZoneLayoutDeclaration {
  readonly kind: Identifier;
  readonly by: Identifier | null;
  readonly with: { readonly type: Identifier; readonly field: Identifier } | null;
  readonly range: SourceRange;
}

export type ZoneKind = "stack" | "row" | "pile" | "slot";

export interface ZoneDeclaration {
  readonly kind: "zone";
  readonly perPlayer: boolean;
  readonly name: Identifier;
  readonly cardType: Identifier;
  readonly zoneKind: ZoneKind;
  readonly visibility: Visibility;
  readonly limit: Expression | null;
  /** `= all T`: every card of this type starts here. */
  readonly initialCards: Identifier | null;
  /** How people call it (`"the auction row"`), for tables and stories; null: from its name. */
  readonly label: string | null;
  readonly layout: ZoneLayoutDeclaration | null;
  /** `bookkeeping`: a place the rules keep cards for themselves (one side of a swap), never shown on
   *  the table; a card that passes through it is told as going straight on. */
  readonly bookkeeping: boolean;
  readonly range: SourceRange;
}

export interface TableDeclaration {
  readonly kind: "table";
  readonly name: Identifier;
  readonly keyType: TypeReference;
  readonly valueType: TypeReference;
  readonly entries: readonly { readonly key: Expression; readonly value: Expression }[];
  readonly range: SourceRange;
}

export interface ConserveDeclaration {
  readonly kind: "conserve";
  readonly name: Identifier;
  readonly vars: readonly Identifier[];
  readonly range: SourceRange;
}

export interface BlockDeclaration {
  readonly kind: "setup" | "flow";
  readonly body: Block;
  readonly range: SourceRange;
}

export interface ScoreDeclaration {
  readonly kind: "score" | "tiebreak";
  readonly player: Identifier;
  readonly value: Expression;
  /** How a tie-breaker is called where results are told (`tiebreak p: coins[p] "coins left"`), or a
   *  part of a score of several (`score p: coins[p] "coins"`). */
  readonly label: { readonly text: string; readonly range: SourceRange } | null;
  /** A score line's label as a template: a part's label may show the element of its sum (`"{o}"`). */
  readonly template: ReasonText | null;
  readonly range: SourceRange;
}

export interface Block {
  readonly statements: readonly Statement[];
  readonly range: SourceRange;
}

export type Statement =
  | LetStatement
  | AssignStatement
  | IfStatement
  | WhileStatement
  | ForStatement
  | PhaseStatement
  | ShuffleStatement
  | DealStatement
  | MoveStatement
  | MoveAllStatement
  | TransferStatement
  | AskStatement
  | RevealStatement
  | ConcealStatement
  | SayStatement
  | CallStatement
  | InlinedCall
  | EndGameStatement;

/** `swap(active, target)`: a procedure called. */
export interface CallStatement {
  readonly kind: "call";
  readonly callee: Identifier;
  readonly args: readonly Expression[];
  readonly range: SourceRange;
}

/** A procedure's body written out where it is called (made from a CallStatement before checking):
 *  each parameter a `let` of its argument, then a copy of the body, which sees no local of the caller. */
export interface InlinedCall {
  readonly kind: "inlined";
  readonly procedure: ProcedureDeclaration;
  readonly call: CallStatement;
  readonly parameters: readonly LetStatement[];
  readonly body: Block;
  readonly range: SourceRange;
}

/** `reveal CARD to PLAYER`: that player knows the card from now on, wherever it lies face down. */
export interface RevealStatement {
  readonly kind: "reveal";
  readonly card: Expression;
  readonly player: Expression;
  readonly range: SourceRange;
}

/** `conceal CARD from PLAYER`: that player no longer knows the card (a look that lasts a round). */
export interface ConcealStatement {
  readonly kind: "conceal";
  readonly card: Expression;
  readonly player: Expression;
  readonly range: SourceRange;
}

/** `say "text {values}" [to PLAYER]`: words of the rules for the story of the game (events). */
export interface SayStatement {
  readonly kind: "say";
  readonly text: ReasonText;
  readonly to: Expression | null;
  readonly range: SourceRange;
}

export interface LetStatement {
  readonly kind: "let";
  readonly name: Identifier;
  /** `let leader: player = 0`: the type the value must have; null: the value's own type. */
  readonly type: TypeReference | null;
  readonly value: Expression;
  readonly range: SourceRange;
}

export interface AssignStatement {
  readonly kind: "assign";
  readonly target: Expression;
  readonly operator: "=" | "+=" | "-=";
  readonly value: Expression;
  readonly range: SourceRange;
}

export interface IfStatement {
  readonly kind: "if";
  readonly condition: Expression;
  readonly then: Block;
  readonly otherwise: Block | null;
  readonly range: SourceRange;
}

export interface WhileStatement {
  readonly kind: "while";
  readonly condition: Expression;
  readonly body: Block;
  readonly range: SourceRange;
}

export interface ForStatement {
  readonly kind: "for";
  readonly binder: Identifier;
  readonly source: Expression;
  readonly condition: Expression | null;
  readonly orderBy: Expression | null;
  readonly descending: boolean;
  readonly body: Block;
  readonly range: SourceRange;
}

export interface PhaseStatement {
  readonly kind: "phase";
  readonly name: Identifier;
  readonly body: Block;
  readonly range: SourceRange;
}

export interface ShuffleStatement {
  readonly kind: "shuffle";
  readonly zone: Expression;
  readonly range: SourceRange;
}

export interface DealStatement {
  readonly kind: "deal";
  readonly count: Expression;
  readonly from: Expression;
  readonly to: Expression;
  /** `to bottom of ZONE`: under the cards already there rather than on top of a stack. */
  readonly atBottom: boolean;
  readonly range: SourceRange;
}

export interface MoveStatement {
  readonly kind: "move";
  readonly card: Expression;
  readonly to: Expression;
  readonly atBottom: boolean;
  readonly range: SourceRange;
}

export interface MoveAllStatement {
  readonly kind: "move-all";
  readonly from: Expression;
  readonly to: Expression;
  readonly atBottom: boolean;
  readonly range: SourceRange;
}

export interface TransferStatement {
  readonly kind: "transfer";
  /** `transfer up to N`: as much of N as the source holds ("if a player has no money, nothing happens"). */
  readonly upTo: boolean;
  readonly amount: Expression;
  readonly from: Expression;
  readonly to: Expression;
  /** `transfer … "rent for {deed}"`: why, told with the money's move. */
  readonly why: ReasonText | null;
  readonly range: SourceRange;
}

export interface EndGameStatement {
  readonly kind: "end-game";
  readonly range: SourceRange;
}

/** `ask p { ... }` (one player), `ask each p in COLL { ... }` (simultaneous, secret) or
 *  `race p in COLL { ... }` (any of them may claim first; the others may decline). */
export interface AskStatement {
  readonly kind: "ask";
  readonly player: Expression | null;
  /** `ask each p in COLL [where COND]`, `race p in COLL [where COND]`: COND keeps the seats asked. */
  readonly each: { readonly binder: Identifier; readonly source: Expression; readonly condition?: Expression | null } | null;
  /** A race: `each` names the racers; the first option move applied wins, all declining skips it. */
  readonly race: boolean;
  /** Asked by a `window`: `done` is the window's own option, and a player with nothing else on offer is
   *  passed by as if they had chosen it. */
  readonly window: boolean;
  /** Written as `pause`: every seat asked only acknowledges (its one option, `continue`, hides nothing). */
  readonly pause?: boolean;
  /** `others q require COND else "reason"`: why a seat that is not asked may not move (it passed...). */
  readonly others: { readonly binder: Identifier; readonly requirements: readonly Requirement[] } | null;
  readonly options: readonly MoveOptionDeclaration[];
  readonly range: SourceRange;
}

/** `require COND else "reason"`: the move (or the seat) is refused with the reason unless COND holds. */
export interface Requirement {
  readonly condition: Expression;
  readonly reason: ReasonText;
  readonly range: SourceRange;
}

/** A refusal's reason as written: text with `{expression}` parts, worked out when a move is refused
 *  ("the bid to beat is {high} and you have {coins[bidder]} coins"). */
export interface ReasonText {
  readonly parts: readonly (string | Expression)[];
  readonly range: SourceRange;
}

export interface MoveOptionDeclaration {
  readonly name: Identifier;
  /** `default pass { … }`: the move made for a seat that does not decide in time (or is away). */
  readonly isDefault: boolean;
  readonly parameters: readonly ParameterDeclaration[];
  /** `buy "buy {deed} for ${deed.price}"`: how people say the move (null: its name and parameters). */
  readonly label: ReasonText | null;
  readonly requirements: readonly Requirement[];
  /** `otherwise "reason"`: why this move is refused while the game waits at another decision. */
  readonly otherwise: ReasonText | null;
  /** `prefer 5`: how much more often than 1 the rules' random players pick this option (playouts only). */
  readonly preference?: Expression | null;
  readonly body: Block;
  readonly range: SourceRange;
}

/** `name in DOMAIN [where COND]`: a range `lo .. hi`, a zone (one card of it), `subset(zone)` or a
 *  list; `where` keeps only the values for which COND holds, with `name` standing for each. */
export interface ParameterDeclaration {
  readonly name: Identifier;
  readonly domain: Expression;
  readonly condition: Expression | null;
  /** `else "reason"`: why the option is not on offer when the domain is empty. */
  readonly emptyReason: ReasonText | null;
}

export type Expression =
  | IntegerLiteral
  | BooleanLiteral
  | StringLiteral
  | NameExpression
  | IndexExpression
  | MemberExpression
  | UnaryExpression
  | BinaryExpression
  | ConditionalExpression
  | CallExpression
  | AggregateExpression
  | ListExpression
  | RangeExpression
  | TupleExpression;

export interface IntegerLiteral {
  readonly kind: "integer";
  readonly value: number;
  readonly range: SourceRange;
}

export interface BooleanLiteral {
  readonly kind: "boolean";
  readonly value: boolean;
  readonly range: SourceRange;
}

export interface StringLiteral {
  readonly kind: "string";
  readonly value: string;
  readonly range: SourceRange;
}

export interface NameExpression {
  readonly kind: "name";
  readonly name: string;
  readonly range: SourceRange;
}

export interface IndexExpression {
  readonly kind: "index";
  readonly target: Expression;
  readonly index: Expression;
  readonly range: SourceRange;
}

export interface MemberExpression {
  readonly kind: "member";
  readonly target: Expression;
  readonly member: Identifier;
  readonly range: SourceRange;
}

export interface UnaryExpression {
  readonly kind: "unary";
  readonly operator: "-" | "not";
  readonly operand: Expression;
  readonly range: SourceRange;
}

export type BinaryOperator = "+" | "-" | "*" | "/" | "%" | "==" | "!=" | "<" | "<=" | ">" | ">=" | "and" | "or" | "in";

export interface BinaryExpression {
  readonly kind: "binary";
  readonly operator: BinaryOperator;
  readonly left: Expression;
  readonly right: Expression;
  readonly range: SourceRange;
}

export interface ConditionalExpression {
  readonly kind: "conditional";
  readonly condition: Expression;
  readonly then: Expression;
  readonly otherwise: Expression;
  readonly range: SourceRange;
}

export interface CallExpression {
  readonly kind: "call";
  readonly callee: Identifier;
  readonly args: readonly Expression[];
  readonly range: SourceRange;
}

/** `sum(c in zone where COND: VALUE)`: an aggregate over a collection. */
export interface AggregateExpression {
  readonly kind: "aggregate";
  readonly callee: Identifier;
  readonly binder: Identifier;
  readonly source: Expression;
  readonly condition: Expression | null;
  readonly value: Expression | null;
  readonly range: SourceRange;
}

export interface ListExpression {
  readonly kind: "list";
  readonly elements: readonly Expression[];
  readonly range: SourceRange;
}

export interface RangeExpression {
  readonly kind: "range";
  readonly low: Expression;
  readonly high: Expression;
  readonly range: SourceRange;
}

/** `(Colour.red, 2)`: two or more values together, the key of a table read as `points[c, n]`. */
export interface TupleExpression {
  readonly kind: "tuple";
  readonly elements: readonly Expression[];
  readonly range: SourceRange;
}
