// The canonical layout of a .scenario file (docs/scenarios.md), from the scenario lexer's tokens:
//   - line breaks are the author's: a newline ends a statement there, so the formatter never adds
//     or removes one; at most one blank line in a row, none at the ends of the file or just inside
//     a `repeat` block;
//   - a line is indented two spaces per `repeat` block open around it, plus two when it continues
//     the statement above (that line ended with a comma or inside brackets);
//   - between the tokens of a line, one space, except none before `,` `:` `)` `]` `.` `..`, none
//     after `(` `[` `.` `..` or a minus sign (`-3`), and between a name and `(` or `[` as written
//     (`raise(amount: 3)`, `coins[0]`, but `paid (3 - 1)`); a minus that subtracts is spaced
//     (`18-2` → `18 - 2`), one that is a sign stays glued to its number (`18 -2` is two values);
//   - a comment at the end of a line has one space before it; comments keep their text.
// Whitespace means something in one place only (a minus sign glued to its number and apart from
// the value before it), and the result is checked to read the same: the same tokens, the same line
// breaks between them and the same signs.
import { createToken, type IToken, type TokenType } from "../syntax/chevrotain.js";
import { lazyLexer } from "../syntax/lazy-chevrotain.js";
import * as T from "../scenario/lexer.js";
import { FormatError } from "./layout.js";
import type { LexProblem } from "./tokens.js";

const INDENT = "  ";
/** A `#` comment, kept as a token (the scenario lexer skips it). */
const CommentToken = createToken({ name: "ScenarioComment", pattern: /#[^\n\r]*/ });
const keptLexer = lazyLexer(
  T.allTokens.map((t) => (t === T.Comment ? CommentToken : t)),
  { positionTracking: "full", ensureOptimizations: false, skipValidations: true },
);

/** Every token of a scenario text with comments and newlines; `problems` holds what cannot be read. */
export function lexScenarioWithComments(text: string): { tokens: IToken[]; problems: LexProblem[] } {
  const lexed = keptLexer.tokenize(text);
  const problems: LexProblem[] = lexed.errors.map((e) => ({ line: e.line ?? 1, column: e.column ?? 1, message: `'${text.slice(e.offset, e.offset + e.length)}' has no meaning in a scenario` }));
  for (const t of lexed.tokens) {
    if (t.tokenType === T.UnterminatedText) problems.push({ line: t.startLine ?? 1, column: t.startColumn ?? 1, message: "this text has no closing quote on its line" });
  }
  return { tokens: lexed.tokens, problems };
}

const isComment = (t: IToken): boolean => t.tokenType === CommentToken;

interface Line {
  readonly code: IToken[];
  readonly comment: IToken | null;
  readonly blanksBefore: number;
}

/** Formats a scenario text in the canonical layout; throws FormatError when it cannot be read. */
export function formatScenario(text: string): string {
  const { tokens, problems } = lexScenarioWithComments(text);
  if (problems.length > 0) throw new FormatError(problems);
  const signs = signMinuses(tokens);
  const lines = splitLines(tokens);
  const out = layOut(lines, signs);
  const formatted = out.length === 0 ? "" : `${out.join("\n")}\n`;
  const after = lexScenarioWithComments(formatted).tokens;
  if (meaning(after, signMinuses(after)) !== meaning(tokens, signs)) {
    throw new Error("internal error: formatting would change what the scenario says");
  }
  return formatted;
}

function splitLines(tokens: IToken[]): Line[] {
  const lines: Line[] = [];
  let current: IToken[] = [];
  let newlines = 0;
  for (const token of tokens) {
    if (token.tokenType === T.Newline) {
      if (current.length > 0) {
        const last = current.at(-1)!;
        const comment = isComment(last) ? last : null;
        lines.push({ code: comment ? current.slice(0, -1) : current, comment, blanksBefore: lines.length === 0 ? 0 : Math.max(0, newlines - 1) });
        current = [];
        newlines = 0;
      }
      newlines++;
      continue;
    }
    current.push(token);
  }
  if (current.length > 0) {
    const last = current.at(-1)!;
    const comment = isComment(last) ? last : null;
    lines.push({ code: comment ? current.slice(0, -1) : current, comment, blanksBefore: lines.length === 0 ? 0 : Math.max(0, newlines - 1) });
  }
  return lines;
}

function layOut(lines: Line[], signs: ReadonlySet<IToken>): string[] {
  const levels: number[] = new Array<number>(lines.length).fill(0);
  const pendingComments: number[] = [];
  let blocks = 0;
  /** Brackets open in the statement, and whether it goes on after its last line (a comma, brackets). */
  let depth = 0;
  let continues = false;
  for (let i = 0; i < lines.length; i++) {
    const code = lines[i]!.code;
    if (code.length === 0) {
      pendingComments.push(i);
      continue;
    }
    const closesFirst = code[0]!.tokenType === T.RBrace;
    const level = Math.max(0, blocks - (closesFirst ? 1 : 0)) + (continues && !closesFirst ? 1 : 0);
    for (const c of pendingComments) levels[c] = closesFirst ? blocks : level;
    pendingComments.length = 0;
    levels[i] = level;
    // As statement.ts splits statements: braces end one and reset the brackets.
    for (const t of code) {
      if (t.tokenType === T.LBrace) blocks++, (depth = 0);
      else if (t.tokenType === T.RBrace) (blocks = Math.max(0, blocks - 1)), (depth = 0);
      else if (t.tokenType === T.LBracket || t.tokenType === T.LParen) depth++;
      else if ((t.tokenType === T.RBracket || t.tokenType === T.RParen) && depth > 0) depth--;
    }
    const last = code.at(-1)!.tokenType;
    continues = last !== T.LBrace && last !== T.RBrace && (depth > 0 || last === T.Comma);
  }
  for (const c of pendingComments) levels[c] = blocks;

  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const before = lines[i - 1];
    const opensBlock = before !== undefined && before.code.at(-1)?.tokenType === T.LBrace;
    const closesBlock = line.code[0]?.tokenType === T.RBrace;
    if (line.blanksBefore > 0 && out.length > 0 && !opensBlock && !closesBlock) out.push("");
    const parts = [spaceOut(line.code, signs)];
    if (line.comment) parts.push(line.comment.image.trimEnd());
    out.push(INDENT.repeat(levels[i]!) + parts.filter((p) => p !== "").join(" "));
  }
  return out;
}

const glued = (a: IToken, b: IToken): boolean => (a.endOffset ?? -2) + 1 === b.startOffset;
const GLUED_AFTER: ReadonlySet<TokenType> = new Set([T.LParen, T.LBracket, T.Dot, T.DotDot]);
const GLUED_BEFORE: ReadonlySet<TokenType> = new Set([T.Comma, T.Colon, T.RParen, T.RBracket, T.Dot, T.DotDot]);
/** A `(` or `[` after one of these is a call or an index when written glued, else a value of its own. */
const MAY_CALL: ReadonlySet<TokenType> = new Set([T.Word, T.RParen, T.RBracket, T.Question, T.NumberLiteral, T.Text]);
/** Tokens that, glued, would read as one: kept apart as written. */
const GLUES_INTO_NUMBER = (a: IToken, b: IToken): boolean =>
  (a.tokenType === T.NumberLiteral && b.tokenType === T.Dot) || (a.tokenType === T.Dot && b.tokenType === T.NumberLiteral);

function spaceOut(tokens: IToken[], signs: ReadonlySet<IToken>): string {
  let text = "";
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (i > 0 && spaceBetween(tokens[i - 1]!, token, signs)) text += " ";
    text += token.image;
  }
  return text;
}

function spaceBetween(a: IToken, b: IToken, signs: ReadonlySet<IToken>): boolean {
  if (GLUES_INTO_NUMBER(a, b)) return !glued(a, b);
  if (signs.has(a)) return false;
  if (GLUED_BEFORE.has(b.tokenType) || GLUED_AFTER.has(a.tokenType)) return false;
  if (b.tokenType === T.LParen || b.tokenType === T.LBracket) return MAY_CALL.has(a.tokenType) ? !glued(a, b) : true;
  return true;
}

/** Tokens after which a glued minus subtracts (parse-numbers.ts). */
const ENDS_VALUE: ReadonlySet<TokenType> = new Set([T.NumberLiteral, T.Word, T.Text, T.RParen, T.RBracket, T.Question]);

/** The minuses that are signs, as parse-numbers.ts reads them: glued to a number (or `inf`) after, not to a value before. */
function signMinuses(tokens: IToken[]): Set<IToken> {
  const signs = new Set<IToken>();
  for (let i = 0; i < tokens.length; i++) {
    const minus = tokens[i]!;
    const after = tokens[i + 1];
    if (minus.tokenType !== T.Minus || !after || !glued(minus, after)) continue;
    if (after.tokenType !== T.NumberLiteral && !(after.tokenType === T.Word && after.image === "inf")) continue;
    const before = tokens[i - 1];
    if (before && ENDS_VALUE.has(before.tokenType) && glued(before, minus)) continue;
    signs.add(minus);
  }
  return signs;
}

/** What a scenario says, whitespace aside: its tokens, where lines break between them, and its signs. */
function meaning(tokens: IToken[], signs: ReadonlySet<IToken>): string {
  const parts: string[] = [];
  let broken = false;
  for (const t of tokens) {
    if (t.tokenType === T.Newline) {
      broken = true;
      continue;
    }
    const image = isComment(t) ? t.image.trimEnd() : t.image;
    parts.push(`${broken && parts.length > 0 ? "\n" : " "}${t.tokenType.name}:${signs.has(t) ? "sign" : ""}${image}`);
    broken = false;
  }
  return parts.join("");
}
