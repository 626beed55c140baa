// Numbers as a scenario writes them, and sums of them. A number may be negative (`-3`), a decimal
// (`2.5`, so that a move can be shown refused for it) or, for a score key a seat lacks, `-inf`.
// A minus sign glued to the number after it and not to a value before it is a sign (`18 -3` is two
// values); any other minus subtracts (`18-3`, `18 - 3`). Sums take whole numbers, `+ - *` and
// parentheses, and are worked out here: the rest of the scenario code only sees their results.
import type { IToken, TokenType } from "chevrotain";
import { joinSpans, type SourceSpan } from "../diagnostics.js";
import type { Literal } from "./ast.js";
import * as T from "./lexer.js";
import type { Statement } from "./statement.js";

const TOO_LARGE = `too large a number: numbers go from -${Number.MAX_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER}`;

/** Tokens after which a glued minus subtracts: `18-3`, `(2)-1`, `x-1`. */
const ENDS_VALUE: ReadonlySet<TokenType> = new Set([T.NumberLiteral, T.Word, T.Text, T.RParen, T.RBracket, T.Question]);

const glued = (first: IToken, second: IToken): boolean => (first.endOffset ?? -2) + 1 === second.startOffset;

/** Is the token `ahead` a minus sign of the number after it (`-3`, `-inf`) rather than a subtraction? */
export function isSign(line: Statement, ahead = 0): boolean {
  const minus = line.peek(ahead);
  const after = line.peek(ahead + 1);
  if (minus?.tokenType !== T.Minus || !after || !glued(minus, after)) return false;
  if (after.tokenType !== T.NumberLiteral && !(after.tokenType === T.Word && after.image === "inf")) return false;
  const before = line.peek(ahead - 1);
  return !(before && ENDS_VALUE.has(before.tokenType) && glued(before, minus));
}

/** Does a number start here (a digit, or a sign and a digit)? */
export const startsNumber = (line: Statement, ahead = 0): boolean =>
  line.is(T.NumberLiteral, ahead) || isSign(line, ahead);

/** An operator between two values: `+`, `*`, or a minus that is no sign. */
export const isOperator = (line: Statement): boolean =>
  line.is(T.Plus) || line.is(T.Star) || (line.is(T.Minus) && !isSign(line));

/** `3`, `-3`, `2.5`; `-inf` too where `infinity` allows it (a tie-breaker key a seat lacks). */
export function number(line: Statement, what: string, infinity = false): Literal {
  const first = line.peek();
  const negative = isSign(line);
  if (negative) line.next();
  else if (line.is(T.Minus)) line.fail("write a minus sign right before its number, as in -3");
  if (negative && line.isWord("inf")) {
    const span = joinSpans(T.tokenSpan(first!), T.tokenSpan(line.next()));
    if (!infinity) {
      line.fail("-inf only stands for a tie-breaker key a seat lacks, in 'expect tiebreak' and 'expect keys'", span);
    }
    return { kind: "number", value: -Infinity, span };
  }
  const token = line.take(T.NumberLiteral, what);
  const span = joinSpans(T.tokenSpan(first!), T.tokenSpan(token));
  const magnitude = Number(token.image);
  if (magnitude > Number.MAX_SAFE_INTEGER) line.fail(`${token.image} is ${TOO_LARGE}`, span, "scenario/number-too-large");
  return { kind: "number", value: negative ? 0 - magnitude : magnitude, span };
}

/** A whole number, of either sign: `notWhole` says why a decimal does not do here. */
export function integer(
  line: Statement,
  what: string,
  notWhole = "a whole number",
): { value: number; span: SourceSpan } {
  const { value, span } = number(line, what);
  if (!Number.isInteger(value)) line.fail(`expected ${notWhole}, not ${String(value)}`, span);
  return { value: value as number, span };
}

/** One operand of a sum, or an operator between two, as read from the line. */
export type SumPiece =
  | { readonly kind: "value"; readonly value: Literal | { readonly kind: string; readonly span: SourceSpan } }
  | { readonly kind: "operator"; readonly token: IToken };

const spanOf = (piece: SumPiece): SourceSpan =>
  piece.kind === "operator" ? T.tokenSpan(piece.token) : piece.value.span;

/** How an operand is written inside a sum: a number, or a sum in parentheses. */
function writtenOperand(literal: Literal): string {
  return literal.sum !== undefined ? `(${literal.sum})` : String(literal.value);
}

/**
 * Checks that pieces alternate operand, operator, operand... and works the sum out, `*` before
 * `+` and `-`. Operands are whole numbers (or sums in parentheses); the result is a number whose
 * `sum` is the sum as written.
 */
export function workOut(line: Statement, pieces: readonly SumPiece[]): Literal {
  pieces.forEach((piece, i) => {
    const wantsOperand = i % 2 === 0;
    if (wantsOperand && piece.kind === "operator") {
      line.fail(
        i === 0
          ? `expected a number before '${piece.token.image}'`
          : `expected a number after '${(pieces[i - 1] as { token: IToken }).token.image}'`,
        spanOf(piece),
      );
    }
    if (!wantsOperand && piece.kind === "value") {
      line.fail("expected an operator (+, - or *) between two numbers of a sum", spanOf(piece));
    }
    if (piece.kind !== "value") return;
    const operand = piece.value;
    if (operand.kind !== "number") {
      line.fail("only numbers are added, subtracted or multiplied", operand.span);
    }
    const value = (operand as Literal).value as number;
    if (!Number.isInteger(value)) line.fail(`a sum takes whole numbers, not ${String(value)}`, operand.span);
  });
  const last = pieces[pieces.length - 1]!;
  if (last.kind === "operator") {
    line.fail(`expected a number after '${last.token.image}'`, spanOf(last));
  }
  const operands = pieces.filter((_, i) => i % 2 === 0).map((p) => (p as { value: Literal }).value);
  const operators = pieces.filter((_, i) => i % 2 === 1).map((p) => (p as { token: IToken }).token.image);
  // Products first, then sums and differences, left to right.
  const span = joinSpans(spanOf(pieces[0]!), spanOf(last));
  // Every step is checked, not just the result: past 2^53 a step would already have lost digits.
  const exact = (value: number): number =>
    Number.isSafeInteger(value) ? value : line.fail(`this sum is ${TOO_LARGE}`, span, "scenario/number-too-large");
  const terms: number[] = [operands[0]!.value as number];
  const signs: string[] = [];
  operators.forEach((operator, i) => {
    const right = operands[i + 1]!.value as number;
    if (operator === "*") terms[terms.length - 1] = exact(terms[terms.length - 1]! * right);
    else {
      terms.push(right);
      signs.push(operator);
    }
  });
  const result = terms.slice(1).reduce((total, term, i) => exact(signs[i] === "+" ? total + term : total - term), terms[0]!);
  const written = operands.map((operand, i) => (i === 0 ? "" : ` ${operators[i - 1]} `) + writtenOperand(operand));
  return { kind: "number", value: result === 0 ? 0 : result, span, sum: written.join("") };
}
