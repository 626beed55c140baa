// Chevrotain's lexers built as late as they can be: building one (analysing every token's pattern) is
// a noticeable part of what the compiler costs a process that starts, and many starts lex little or
// nothing (a game in the cache, `--help`). The parser's decisions are made late too (stored-lookahead.ts).
import type * as Chevrotain from "chevrotain";
import { Lexer } from "./chevrotain.js";

/**
 * A lexer built the first time it lexes: building one analyses every token's pattern, a noticeable
 * part of a start, and many starts of the CLI (a game in the cache, `--help`) lex nothing, or with
 * one lexer of several.
 */
export function lazyLexer(tokens: Chevrotain.TokenType[], options: Chevrotain.ILexerConfig): { tokenize(text: string): Chevrotain.ILexingResult } {
  let lexer: Chevrotain.Lexer | undefined;
  return { tokenize: (text) => (lexer ??= new Lexer(tokens, options)).tokenize(text) };
}
