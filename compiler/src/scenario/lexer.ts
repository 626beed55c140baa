// Tokens of the scenario language. Scenarios are line-based: a newline ends a statement unless
// the line ends inside brackets or with a comma. There are no reserved words: a statement's
// first word decides what it is, so a game may name a zone `count` or a move `play`.
import { createToken, Lexer, type IToken, type TokenType } from "../syntax/chevrotain.js";
import { lazyLexer } from "../syntax/lazy-chevrotain.js";
import { error, type Diagnostic, type SourceSpan } from "../diagnostics.js";

// Hyphens are allowed inside words, for game ids such as `for-sale`.
export const Word = createToken({ name: "Word", pattern: /[A-Za-z_][A-Za-z0-9_-]*/, label: "a name" });
/** Unsigned: a sign is a `Minus` right before the number (see parse-values.ts), so `18-2` is a sum. */
export const NumberLiteral = createToken({ name: "NumberLiteral", pattern: /\d+(?:\.\d+)?/, label: "a number" });
export const Text = createToken({ name: "Text", pattern: /"(?:[^"\\\n\r]|\\["\\])*"/, label: "a quoted text" });
/** An opening quote with no closing one on its line: reported, not guessed at. */
export const UnterminatedText = createToken({ name: "UnterminatedText", pattern: /"[^\n\r]*/ });
export const DotDot = createToken({ name: "DotDot", pattern: /\.\./, label: "'..'" });
/** Between the parts of a decision's label: `buying.raise_or_pass`. */
export const Dot = createToken({ name: "Dot", pattern: /\./, label: "'.'" });
export const LBracket = createToken({ name: "LBracket", pattern: /\[/, label: "'['" });
export const RBracket = createToken({ name: "RBracket", pattern: /\]/, label: "']'" });
export const LParen = createToken({ name: "LParen", pattern: /\(/, label: "'('" });
export const RParen = createToken({ name: "RParen", pattern: /\)/, label: "')'" });
export const Comma = createToken({ name: "Comma", pattern: /,/, label: "','" });
export const Colon = createToken({ name: "Colon", pattern: /:/, label: "':'" });
export const Equals = createToken({ name: "Equals", pattern: /=/, label: "'='" });
export const Greater = createToken({ name: "Greater", pattern: />/, label: "'>'" });
export const Plus = createToken({ name: "Plus", pattern: /\+/, label: "'+'" });
export const Minus = createToken({ name: "Minus", pattern: /-/, label: "'-'" });
export const Star = createToken({ name: "Star", pattern: /\*/, label: "'*'" });
/** `repeat 3 {` … `}`: a block of steps played several times. */
export const LBrace = createToken({ name: "LBrace", pattern: /\{/, label: "'{'" });
export const RBrace = createToken({ name: "RBrace", pattern: /\}/, label: "'}'" });
/** `?`: a card a seat's view does not show (`expect view 1 face_down = [?, Card 5]`). */
export const Question = createToken({ name: "Question", pattern: /\?/, label: "'?'" });
/** A line ends at LF, CRLF or a lone CR (old Mac files), as the rules lexer and the excerpts have it. */
export const Newline = createToken({ name: "Newline", pattern: /\r\n?|\n/, line_breaks: true });
const Blank = createToken({ name: "Blank", pattern: /[ \t]+/, group: Lexer.SKIPPED });
/** Skipped by the parser; the formatter keeps it (format/scenario-layout.ts). */
export const Comment = createToken({ name: "Comment", pattern: /#[^\n\r]*/, group: Lexer.SKIPPED });

export const allTokens: TokenType[] = [
  Blank,
  Comment,
  Newline,
  Text,
  UnterminatedText,
  NumberLiteral,
  Word,
  DotDot,
  Dot,
  LBracket,
  RBracket,
  LParen,
  RParen,
  Comma,
  Colon,
  Equals,
  Greater,
  Plus,
  Minus,
  Star,
  LBrace,
  RBrace,
  Question,
];

const scenarioLexer = lazyLexer(allTokens, { positionTracking: "full", ensureOptimizations: false });

/** A token's range, with the end exclusive as diagnostics want it. */
export function tokenSpan(token: IToken): SourceSpan {
  const line = token.startLine ?? 1;
  const column = token.startColumn ?? 1;
  return { line, column, endLine: token.endLine ?? line, endColumn: (token.endColumn ?? column) + 1 };
}

export function tokenize(text: string, file: string): { tokens: IToken[]; diagnostics: Diagnostic[] } {
  const lexed = scenarioLexer.tokenize(text);
  const diagnostics: Diagnostic[] = lexed.errors.map((e) => {
    const span = {
      line: e.line ?? 1,
      column: e.column ?? 1,
      endLine: e.line ?? 1,
      endColumn: (e.column ?? 1) + e.length,
    };
    const characters = text.slice(e.offset, e.offset + e.length);
    return error(file, span, "scenario/unexpected-character", `'${characters}' has no meaning in a scenario`);
  });
  const tokens: IToken[] = [];
  for (const token of lexed.tokens) {
    if (token.tokenType === UnterminatedText) {
      diagnostics.push(
        error(file, tokenSpan(token), "scenario/unterminated-text", "this text has no closing quote on its line"),
      );
    } else {
      tokens.push(token);
    }
  }
  return { tokens: withinDepth(tokens, file, diagnostics), diagnostics };
}

/** Brackets, parentheses and `repeat` blocks open at once: real scenarios open a handful. */
export const MAX_SCENARIO_NESTING = 100;
const OPENERS: ReadonlySet<TokenType> = new Set([LParen, LBracket, LBrace]);
const CLOSERS: ReadonlySet<TokenType> = new Set([RParen, RBracket, RBrace]);

/**
 * The tokens without any bracket or block nested past MAX_SCENARIO_NESTING (from its opening to its
 * closing token), reported once at the first: sums in parentheses and repeated blocks are read and
 * played recursively, so deeper nesting would exhaust the stack.
 */
function withinDepth(tokens: readonly IToken[], file: string, diagnostics: Diagnostic[]): IToken[] {
  const kept: IToken[] = [];
  let depth = 0;
  let reported = false;
  for (const token of tokens) {
    const opens = OPENERS.has(token.tokenType);
    const closes = CLOSERS.has(token.tokenType) && depth > 0;
    if (opens) depth++;
    if (depth > MAX_SCENARIO_NESTING) {
      if (opens && !reported) {
        reported = true;
        const message = `brackets and repeated blocks are nested more than ${MAX_SCENARIO_NESTING} deep here`;
        diagnostics.push(error(file, tokenSpan(token), "scenario/too-deep", message));
      }
    } else {
      kept.push(token);
    }
    if (closes) depth--;
  }
  return kept;
}

/** The text between the quotes, with `\"` and `\\` unescaped. */
export function unquote(token: IToken): string {
  return token.image.slice(1, -1).replace(/\\(["\\])/g, "$1");
}
