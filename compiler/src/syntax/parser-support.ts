// What the grammar shares: messages written for designers, and the helpers that turn tokens into
// AST pieces with source ranges. Error recovery may leave pieces out, so every helper tolerates that.
import type { IToken, IParserErrorMessageProvider, TokenType } from "chevrotain";
import * as T from "./lexer.js";
import type * as A from "./ast.js";

const describe = (token: IToken): string => (token.image === "" ? "the end of the file" : `'${token.image}'`);
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
  "revealStatement", "concealStatement", "sayStatement", "requirement",
];
/** What each grammar rule stands for, in a designer's words: messages never name a rule. */
const ruleDescriptions: Record<string, string> = {
  ...Object.fromEntries(EXPRESSION_RULES.map((rule) => [rule, "an expression"])),
  ...Object.fromEntries(STATEMENT_RULES.map((rule) => [rule, "a statement"])),
  declaration: DECLARATION,
  program: DECLARATION,
  visibility: "public, owner or hidden",
  zoneKind: "stack, row, pile or slot",
  typeReference: "a type",
  moveOption: "a move option, like pass { ... }",
  manifest: "cards for ... { ... }",
};
const describeRule = (rule: string): string => ruleDescriptions[rule] ?? (rule.endsWith("Declaration") ? "'}' or a declaration" : "something else");

export const DECLARATION_STARTS = new Set<TokenType>([T.Card, T.Enum, T.Zone, T.Var, T.Per, T.Table, T.Conserve, T.Function, T.Procedure, T.Game]);

/** The `decline` option every race has: it does nothing, and the race goes on without that player. */
export function declineOption(at: IToken): A.MoveOptionDeclaration {
  const range = span(at, at);
  return { name: { name: "decline", range }, parameters: [], requirements: [], otherwise: null, body: { statements: [], range }, range };
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
