// The canonical layout of a .rules file, worked out from tokens and brackets alone (no grammar),
// so that a construct added to the language is laid out without a change here:
//   - line breaks are the author's (whitespace never changes meaning); at most one blank line in a
//     row, none at the start or end of the file, just inside an opening bracket or before a closing one;
//   - each line is indented two spaces per bracket left open by earlier lines (brackets opened on
//     one line count once), plus two for a line that continues the statement above it (a block
//     opened on such a line is indented from the statement's first line);
//   - spaces between the tokens of a line follow one table (`f(x)`, `a[i]`, `x.y`, `a, b`, `x: T`,
//     `-1`, `a + b`, `{ x }`, `{ }`, `1..10` but `lo + 1 .. hi`); a comment at the end of a line has one
//     space before it; comments keep their text, trailing spaces aside.
// The result is checked to lex to the same tokens as the input, so formatting cannot change meaning.
import type { IToken } from "../syntax/chevrotain.js";
import { isComment, isHardKeyword, isNameLike, lexWithComments, type LexProblem } from "./tokens.js";

const INDENT = "  ";

/** A text the formatter cannot read (an unknown character, an unterminated string). */
export class FormatError extends Error {
  constructor(readonly problems: readonly LexProblem[]) {
    super(problems.map((p) => `${p.line}:${p.column}: ${p.message}`).join("; "));
    this.name = "FormatError";
  }
}

const OPENERS = new Set(["(", "[", "{"]);
const CLOSERS = new Set([")", "]", "}"]);
const ARITHMETIC = new Set(["+", "-", "*", "/", "%"]);
const BINARY = new Set([...ARITHMETIC, "==", "!=", "<", "<=", ">", ">=", "=", "+=", "-=", "->", "and", "or"]);
/** A line ending with one of these goes on: the next line continues the same statement. */
const HANGING = new Set([...BINARY, ".", "..", ":", "in", "from", "to", "by", "where", "then", "else", "not", "require", "otherwise", "prefer", "when", "as"]);
/** A line starting with one of these continues the statement above it. */
const CONTINUING = new Set([...BINARY, ".", "..", "else", "where", "then", "from", "to", "by", "require", "otherwise", "prefer", "shown", "when", "bookkeeping", "layout"]);

interface Line {
  /** Code tokens, without the comment. */
  readonly code: IToken[];
  readonly comment: IToken | null;
  /** Blank lines before this one in the input. */
  readonly blanksBefore: number;
}

/** Formats a rules text in the canonical layout; throws FormatError when it cannot be read. */
export function formatRules(text: string): string {
  const { tokens, problems } = lexWithComments(text);
  if (problems.length > 0) throw new FormatError(problems);
  const lines = splitLines(tokens);
  const out = layOut(lines);
  const formatted = out.length === 0 ? "" : `${out.join("\n")}\n`;
  assertSameTokens(tokens, formatted);
  return formatted;
}

function splitLines(tokens: IToken[]): Line[] {
  const lines: Line[] = [];
  let current: IToken[] = [];
  let currentLine = -1;
  let lastEndLine = 0;
  let blanks = 0;
  const flush = () => {
    if (current.length === 0) return;
    const last = current.at(-1)!;
    const comment = isComment(last) ? last : null;
    lines.push({ code: comment ? current.slice(0, -1) : current, comment, blanksBefore: blanks });
    current = [];
  };
  for (const token of tokens) {
    const line = token.startLine ?? 1;
    if (line !== currentLine) {
      flush();
      blanks = lines.length === 0 ? 0 : Math.max(0, line - lastEndLine - 1);
      currentLine = line;
    }
    current.push(token);
    lastEndLine = token.endLine ?? line;
  }
  flush();
  return lines;
}

interface Bracket {
  /** Indent level of the lines inside. */
  readonly inner: number;
  /** Indent level of the line that opened it: a closing bracket that starts a line goes there. */
  readonly anchor: number;
}

function layOut(lines: Line[]): string[] {
  const stack: Bracket[] = [];
  const levels: number[] = new Array<number>(lines.length).fill(0);
  // Indent level of comment-only lines, worked out from the next code line.
  const pendingComments: number[] = [];
  let previousCode: Line | null = null;
  let previousExtra = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.code.length === 0) {
      pendingComments.push(i);
      continue;
    }
    const innerBefore = stack.at(-1)?.inner ?? 0;
    // Closing brackets at the start of the line take it back to where they were opened.
    let k = 0;
    let level = innerBefore;
    let closedAtStart = false;
    while (k < line.code.length && CLOSERS.has(line.code[k]!.image)) {
      const bracket = stack.pop();
      level = bracket?.anchor ?? 0;
      closedAtStart = true;
      k++;
    }
    let extra = 0;
    if (!closedAtStart) extra = continuationExtra(previousCode, previousExtra, line.code[0]!, line.code[1]);
    level += extra;
    for (const c of pendingComments) levels[c] = closedAtStart ? innerBefore : level;
    pendingComments.length = 0;
    levels[i] = level;
    let anchor = level;
    // A block opened on a continuation line belongs to the statement: its body and closing brace
    // go by the statement's first line, not by the continuation's extra indent.
    let blockAnchor = level - extra;
    for (; k < line.code.length; k++) {
      const image = line.code[k]!.image;
      if (image === "{") stack.push({ inner: blockAnchor + 1, anchor: blockAnchor });
      else if (OPENERS.has(image)) stack.push({ inner: anchor + 1, anchor });
      else if (CLOSERS.has(image)) anchor = blockAnchor = stack.pop()?.anchor ?? 0;
    }
    previousCode = line;
    previousExtra = extra;
  }
  for (const c of pendingComments) levels[c] = stack.at(-1)?.inner ?? 0;

  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const before = out.length === 0 ? undefined : lines[i - 1];
    const opensBlock = before !== undefined && before.comment === null && OPENERS.has(before.code.at(-1)?.image ?? "");
    const closesBlock = CLOSERS.has(line.code[0]?.image ?? "");
    if (line.blanksBefore > 0 && out.length > 0 && !opensBlock && !closesBlock) out.push("");
    const parts = [spaceOut(line.code)];
    if (line.comment) parts.push(line.comment.image.trimEnd());
    out.push(INDENT.repeat(levels[i]!) + parts.filter((p) => p !== "").join(" "));
  }
  return out;
}

/** How many levels a line is indented past its bracket level: one when it continues a statement. */
function continuationExtra(previous: Line | null, previousExtra: number, first: IToken, second?: IToken): number {
  if (previous === null) return 0;
  const last = previous.code.at(-1)!;
  // `name "…"` or `text "…"` under a manifest line belongs to that line (the parser gives it to it).
  if (isCardPresentation(first, second) && (previous.code[0]?.image === "cards" || previous.code[0]?.image === "}" || (isCardPresentation(previous.code[0], previous.code[1]) && previousExtra > 0))) {
    return Math.max(previousExtra, 1);
  }
  if (OPENERS.has(last.image)) return CONTINUING.has(first.image) ? 1 : 0;
  if (last.image === ",") return previousExtra;
  if (HANGING.has(last.image) && !isUnaryMinusAt(previous.code, previous.code.length - 1)) return previousExtra + 1;
  if (first.image === "else" && last.image === "}") return 0;
  // `require COND` / `else "reason"` on the next line: the reason belongs to the requirement.
  if (first.image === "else" && awaitsElse(previous.code)) return previousExtra + 1;
  return CONTINUING.has(first.image) ? 1 : 0;
}

function isCardPresentation(first: IToken | undefined, second: IToken | undefined): boolean {
  return (first?.image === "name" || first?.image === "text") && second?.image.startsWith('"') === true;
}

/** A line with a `require` whose `else` has not come yet. */
function awaitsElse(code: IToken[]): boolean {
  let open = 0;
  for (const t of code) {
    if (t.image === "require") open++;
    else if (t.image === "else" && open > 0) open--;
  }
  return open > 0;
}

/** Ends a value: a `-` or `[` after it is an operator or an index, not a sign or a list. */
const endsValue = (t: IToken | undefined): boolean =>
  t !== undefined &&
  (isNameLike(t) || t.tokenType.name === "IntegerLiteral" || t.tokenType.name === "StringLiteral" ||
    t.image === ")" || t.image === "]" || t.image === "true" || t.image === "false");

function isUnaryMinusAt(tokens: IToken[], i: number): boolean {
  return tokens[i]?.image === "-" && !endsValue(tokens[i - 1]);
}

function spaceOut(tokens: IToken[]): string {
  let text = "";
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (i > 0 && spaceBetween(tokens, i)) text += " ";
    text += token.image;
  }
  return text;
}

/** Whether a space goes between tokens[i - 1] and tokens[i]. */
function spaceBetween(tokens: IToken[], i: number): boolean {
  const previous = tokens[i - 1]!;
  const token = tokens[i]!;
  const a = previous.image;
  const b = token.image;
  if (b === ".." || a === "..") return rangeIsSpaced(tokens, b === ".." ? i : i - 1);
  if (b === "," || b === ":" || b === ")" || b === "]" || b === ".") return false;
  if (a === "(" || a === "[" || a === ".") return false;
  if (b === "(") return !(isNameLike(previous) || a === "all" || a === ")" || a === "]");
  if (b === "[") return !(isNameLike(previous) || a === ")" || a === "]");
  if (isUnaryMinusAt(tokens, i - 1)) return false;
  return true;
}

/** `1..10`, `lo .. hi + 1`: a range is spaced when either end holds arithmetic. */
function rangeIsSpaced(tokens: IToken[], dots: number): boolean {
  return hasArithmetic(tokens, dots - 1, -1) || hasArithmetic(tokens, dots + 1, 1);
}

/** Scans one operand of `..` (leftwards or rightwards) for a binary arithmetic operator outside brackets. */
function hasArithmetic(tokens: IToken[], from: number, step: 1 | -1): boolean {
  let depth = 0;
  for (let i = from; i >= 0 && i < tokens.length; i += step) {
    const t = tokens[i]!;
    const image = t.image;
    if (OPENERS.has(image) || CLOSERS.has(image)) {
      const closing = step === 1 ? CLOSERS.has(image) : OPENERS.has(image);
      if (closing) {
        if (depth === 0) return false;
        depth--;
      } else depth++;
      continue;
    }
    if (depth > 0) continue;
    if (ARITHMETIC.has(image)) {
      if (!isUnaryMinusAt(tokens, i)) return true;
      continue;
    }
    const operand = isNameLike(t) || t.tokenType.name === "IntegerLiteral" || image === "." || image === "true" || image === "false";
    if (!operand || (isHardKeyword(t) && image !== "true" && image !== "false")) return false;
  }
  return false;
}

/** The formatter's promise: the same tokens, in the same order, with the same text. */
function assertSameTokens(before: IToken[], formatted: string): void {
  const after = lexWithComments(formatted).tokens;
  const same =
    after.length === before.length &&
    after.every((t, i) => t.tokenType === before[i]!.tokenType && (isComment(t) ? t.image === before[i]!.image.trimEnd() : t.image === before[i]!.image));
  if (!same) throw new Error("internal error: formatting would change the tokens of the file");
}
