// Limits on single tokens, checked on the file's tokens and on those of each reason's `{...}` part:
// a name is quoted whole by messages and compared letter by letter for "did you mean", and a number
// past 2^53 - 1 would silently become another.
import type { IToken } from "chevrotain";
import * as T from "./lexer.js";
import type * as A from "./ast.js";
import { span } from "./parser-support.js";

/** The longest name: the games' longest is 24 characters. */
export const MAX_NAME_LENGTH = 64;

export interface TokenError {
  readonly code: "syntax/name-too-long" | "syntax/number-too-large";
  readonly message: string;
  readonly range: A.SourceRange;
}

/** What is wrong with one token on its own, if anything. */
export function tokenError(token: IToken): TokenError | null {
  if (token.tokenType === T.Identifier && token.image.length > MAX_NAME_LENGTH) {
    const message = `this name has ${token.image.length} characters; names have at most ${MAX_NAME_LENGTH}`;
    return { code: "syntax/name-too-long", message, range: span(token, token) };
  }
  if (token.tokenType === T.IntegerLiteral && tooLarge(token.image)) {
    return { code: "syntax/number-too-large", message: numberTooLarge(token.image), range: span(token, token) };
  }
  return null;
}

/** Past 2^53 - 1; a number of thousands of digits is judged by its length (BigInt would take seconds). */
function tooLarge(image: string): boolean {
  const digits = image.replace(/^0+/, "");
  return digits.length > 16 || BigInt(image) > BigInt(Number.MAX_SAFE_INTEGER);
}

/** Integers are exact up to 2^53 - 1 (9007199254740991); past that, `…993` would silently become `…992`. */
function numberTooLarge(image: string): string {
  const shown = image.length > 30 ? `${image.slice(0, 12)}…${image.slice(-6)} (${image.length} digits)` : image;
  return `${shown} is too large a number: numbers go from -${Number.MAX_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER}`;
}
