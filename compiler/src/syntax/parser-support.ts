// What the grammar shares: messages written for designers, and the helpers that turn tokens into
// AST pieces with source ranges. Error recovery may leave pieces out, so every helper tolerates that.
import type { IToken, IParserErrorMessageProvider, TokenType } from "chevrotain";
import * as T from "./lexer.js";
import type * as A from "./ast.js";
import { quote } from "../diagnostics.js";

const describe = (token: IToken): string => (token.image === "" ? "the end of the file" : quote(token.image));
const label = (type: TokenType): string => type.LABEL ?? type.name;

/** Messages written for designers: "expected '}' but found 'zone'". */
export const messages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage: ({ expected, actual }) => `expected ${label(expected)} but found ${describe(actual)}`,
  buildNotAllInputParsedMessage: ({ firstRedundant }) => `unexpected ${describe(firstRedundant)}: expected a declaration`,
  buildNoViableAltMessage: ({ actual, ruleName }) =>
    // Inside a declaration's braces, what cannot continue it is most often a forgotten '}'.
    ruleName.endsWith("Declaration") && ruleName !== "declaration"
      ? `expected '}' but found ${describe(actual[0]!)}`
      : `unexpected ${describe(actual[0]!)}: expected ${describeRule(ruleName)}`,
  buildEarlyExitMessage: ({ actual, ruleName }) =>
    `unexpected ${describe(actual[0]!)}: expected ${describeRule(ruleName)}`,
};

const DECLARATION = "a declaration (game, card, enum, var, zone, table, conserve, function, procedure, setup, flow, score or tiebreak)";
const EXPRESSION_RULES = [
  "expression", "conditional", "disjunction", "conjunction", "negation", "comparison", "additive", "multiplicative",
  "unary", "postfix", "primary", "list", "call", "aggregate",
];
const STATEMENT_RULES = [
  "statement", "letStatement", "assignStatement", "ifStatement", "whileStatement", "forStatement", "phaseStatement",
  "shuffleStatement", "dealStatement", "moveStatement", "transferStatement", "endGameStatement", "askStatement", "block",
  "revealStatement", "concealStatement", "sayStatement", "pauseStatement", "requirement", "negotiateStatement",
];
/** What each grammar rule stands for, in a designer's words: messages never name a rule. */
const ruleDescriptions: Record<string, string> = {
  ...Object.fromEntries(EXPRESSION_RULES.map((rule) => [rule, "an expression"])),
  ...Object.fromEntries(STATEMENT_RULES.map((rule) => [rule, "a statement"])),
  declaration: DECLARATION,
  program: DECLARATION,
  visibility: "public, owner, others, open or hidden",
  zoneKind: "stack, row, pile or slot",
  typeReference: "a type",
  moveOption: "a move option, like pass { ... }",
  manifest: "cards for ... { ... }",
};
const describeRule = (rule: string): string => ruleDescriptions[rule] ?? (rule.endsWith("Declaration") ? "'}' or a declaration" : "something else");

export const DECLARATION_STARTS = new Set<TokenType>([T.Card, T.Enum, T.Zone, T.Var, T.Per, T.Table, T.Conserve, T.Function, T.Procedure, T.Game]);

/** A `window` as written: `window p in COLL [where COND] { options }`. */
export interface WindowParts {
  readonly keyword: IToken;
  readonly binder: A.Identifier;
  readonly source: A.Expression;
  readonly condition: A.Expression | null;
  readonly options: readonly A.MoveOptionDeclaration[];
  readonly last: IToken;
}

/**
 * A window is the loop it means: each listed player in turn is asked, again and again, until they
 * choose `done` (the window's own option); a player offered nothing but `done` is passed by. So
 *
 *     for p in COLL where COND {
 *       let __window_N = true
 *       while __window_N { ask p { options...  done { __window_N = false } } }
 *     }
 *
 * with the ask marked as a window's, which the emitter reads to pass by a player with nothing to do.
 * Every piece is a new node (the checker keys what it learns by node), placed at the `window` keyword.
 */
export function windowLoop(parts: WindowParts, n: number): A.ForStatement {
  const at = span(parts.keyword, parts.keyword);
  const whole = span(parts.keyword, parts.last);
  const flag = `__window_${n}`;
  const flagName = (): A.Identifier => ({ name: flag, range: at, synthetic: true });
  const flagRead = (): A.Expression => ({ kind: "name", name: flag, range: at });
  const done: A.MoveOptionDeclaration = {
    name: { name: "done", range: span(parts.last, parts.last) },
    // Passing the window by is what a seat that does not decide does, unless the rules name another default.
    isDefault: !parts.options.some((option) => option.isDefault),
    parameters: [],
    label: null,
    requirements: [],
    otherwise: null,
    body: { statements: [{ kind: "assign", target: flagRead(), operator: "=", value: { kind: "boolean", value: false, range: at }, range: at }], range: at },
    range: span(parts.last, parts.last),
  };
  const ask: A.AskStatement = {
    kind: "ask",
    player: { kind: "name", name: parts.binder.name, range: parts.binder.range },
    each: null,
    race: false,
    window: true,
    others: null,
    options: [...parts.options, done],
    range: whole,
  };
  const body: A.Statement[] = [
    { kind: "let", name: flagName(), type: null, value: { kind: "boolean", value: true, range: at }, range: at },
    { kind: "while", condition: flagRead(), body: { statements: [ask], range: whole }, range: whole },
  ];
  return {
    kind: "for",
    binder: parts.binder,
    source: parts.source,
    condition: parts.condition,
    orderBy: null,
    descending: false,
    body: { statements: body, range: whole },
    range: whole,
  };
}

/**
 * The `decline` option every race has: it does nothing, and the race goes on without that player. It is
 * the default move (a seat that does not decide declines) unless the rules name another.
 */
export function declineOption(at: IToken, isDefault: boolean): A.MoveOptionDeclaration {
  const range = span(at, at);
  return { name: { name: "decline", range }, isDefault, parameters: [], label: null, requirements: [], otherwise: null, body: { statements: [], range }, range };
}


export function position(token: IToken): A.Position {
  return { offset: token.startOffset, line: token.startLine ?? 1, column: token.startColumn ?? 1 };
}
export function endPosition(token: IToken): A.Position {
  return { offset: token.endOffset ?? token.startOffset, line: token.endLine ?? 1, column: token.endColumn ?? 1 };
}
type Spanned = IToken | { range: A.SourceRange } | null | undefined;
const nowhere: A.Position = { offset: 0, line: 1, column: 1 };

/** The range from the start of `first` to the end of `last`. Tolerates pieces that error recovery left out. */
export function span(first: Spanned, last: Spanned): A.SourceRange {
  const start = !first ? nowhere : "range" in first ? first.range.start : position(first);
  const end = !last ? start : "range" in last ? last.range.end : endPosition(last);
  return { start, end };
}
export function identifier(token: IToken): A.Identifier {
  return { name: token.image, range: span(token, token) };
}
export function unquote(token: IToken): string {
  return token.image.slice(1, -1).replace(/\\(["\\n{}])/g, (_, c: string) => (c === "n" ? "\n" : c));
}
