// A refusal's reason may show values: "the bid to beat is {high} and you have {coins[bidder]} coins".
// Each `{...}` part is an expression, parsed here by a parser of its own (the file's parser is busy
// with the file when it meets the string), its tokens placed where they stand in the file. It has the
// file parser's guards (depth.ts): a reason is input like any other.
import type { IToken } from "chevrotain";
import * as T from "./lexer.js";
import type * as A from "./ast.js";
import { ExpressionGrammar, type GrammarOptions } from "./expression-grammar.js";
import { span } from "./parser-support.js";
import { quote } from "../diagnostics.js";
import { tokenError, type TokenError } from "./token-limits.js";
import { bracketDepthError, guardedParse, guardParser, nestingErrorIn } from "./depth.js";

class ReasonExpressionParser extends ExpressionGrammar {
  constructor(options: GrammarOptions = {}) {
    super(options);
    this.performSelfAnalysis();
  }
}

/** Built at the first `{...}` met: a file with none does not pay for it. */
let reasonParser: ReasonExpressionParser | undefined;

function guardedReasonParser(): ReasonExpressionParser {
  if (!reasonParser) {
    reasonParser = new ReasonExpressionParser();
    guardParser(reasonParser);
  }
  return reasonParser;
}

/** Builds a reason parser with these options: to check its grammar, or to record its lookahead. */
export function buildReasonParser(options: GrammarOptions): void {
  new ReasonExpressionParser(options);
}

export interface InterpolationError {
  readonly code?: "syntax/too-deep" | TokenError["code"];
  readonly message: string;
  readonly range: A.SourceRange;
}

const ESCAPES: Record<string, string> = { n: "\n", '"': '"', "\\": "\\", "{": "{", "}": "}" };

/** The reason a string token spells, its `{expression}` parts parsed. */
export function reasonFromToken(token: IToken): { reason: A.ReasonText; errors: InterpolationError[] } {
  const raw = token.image.slice(1, -1);
  const line = token.startLine ?? 1;
  /** Where character `i` of the string's content stands in the file. */
  const at = (i: number): A.Position => ({ offset: token.startOffset + 1 + i, line, column: (token.startColumn ?? 1) + 1 + i });
  const parts: (string | A.Expression)[] = [];
  const errors: InterpolationError[] = [];
  let text = "";
  for (let i = 0; i < raw.length; ) {
    const c = raw[i]!;
    if (c === "\\") {
      text += ESCAPES[raw[i + 1]!] ?? raw[i + 1] ?? "";
      i += 2;
    } else if (c === "{") {
      const close = raw.indexOf("}", i);
      if (close < 0) {
        errors.push({ message: "this '{' has no '}': a value shown in a reason is written {expression}", range: { start: at(i), end: at(i) } });
        text += raw.slice(i);
        break;
      }
      if (text !== "") parts.push(text);
      text = "";
      const parsed = parseExpression(raw.slice(i + 1, close), at(i + 1));
      errors.push(...parsed.errors);
      if (parsed.expression) parts.push(parsed.expression);
      i = close + 1;
    } else {
      text += c;
      i++;
    }
  }
  if (text !== "" || parts.length === 0) parts.push(text);
  return { reason: { parts, range: span(token, token) }, errors };
}

function parseExpression(source: string, start: A.Position): { expression: A.Expression | null; errors: InterpolationError[] } {
  const here = (offset: number): A.Position => ({ offset: start.offset + offset, line: start.line, column: start.column + offset });
  if (source.trim() === "") return { expression: null, errors: [{ message: "'{}' shows nothing: write the value to show inside, as in {high}", range: { start: here(-1), end: here(0) } }] };
  const lexed = T.rulesLexer.tokenize(source);
  const errors: InterpolationError[] = lexed.errors.map((e) => ({ message: `unexpected character ${quote(source.slice(e.offset, e.offset + e.length))} in {...}`, range: { start: here(e.offset), end: here(e.offset) } }));
  for (const token of lexed.tokens) {
    const shift = token.startOffset;
    token.startOffset = start.offset + shift;
    token.endOffset = start.offset + (token.endOffset ?? shift);
    token.startLine = token.endLine = start.line;
    token.startColumn = start.column + (token.startColumn ?? 1) - 1;
    token.endColumn = start.column + (token.endColumn ?? 1) - 1;
    const wrong = tokenError(token);
    if (wrong) errors.push(wrong);
  }
  const tooManyBrackets = bracketDepthError(lexed.tokens);
  if (tooManyBrackets) return { expression: null, errors: [...errors, tooManyBrackets] };
  const parser = guardedReasonParser();
  parser.input = lexed.tokens;
  const { result: expression, tooDeep: stopped } = guardedParse(() => parser.expression());
  if (stopped) return { expression: null, errors: [...errors, stopped] };
  for (const e of parser.errors) {
    const token = e.token;
    const missing = Number.isNaN(token.startOffset) || token.image === "";
    const position = missing ? here(source.length) : { offset: token.startOffset, line: start.line, column: token.startColumn ?? start.column };
    errors.push({ message: `${e.message} in {...}`, range: { start: position, end: position } });
  }
  const tooDeep = errors.length === 0 && expression ? nestingErrorIn([expression]) : null;
  if (tooDeep) errors.push(tooDeep);
  return { expression: errors.length === 0 ? expression : null, errors };
}
