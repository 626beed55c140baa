// Chevrotain's lexers and parsers built as late as they can be: building them (analysing every
// token's pattern, and every decision of the grammar) is most of what the compiler costs a process
// that starts, and many starts lex or parse little or nothing (a game in the cache, `--help`).
import type * as Chevrotain from "chevrotain";
import { Lexer, LLkLookaheadStrategy } from "./chevrotain.js";

/**
 * Chevrotain's LL(k) lookahead, each decision's function worked out the first time the parser meets
 * that decision instead of all of them when the parser is built (most of building it; a file uses a
 * part of the grammar). The functions are the ones Chevrotain's own strategy builds, from the same
 * grammar; the grammar's checks (`validateGrammars`) build the parser with the eager strategy.
 */
export function lazyLookahead(maxLookahead: number): Chevrotain.ILookaheadStrategy {
  const eager = new LLkLookaheadStrategy({ maxLookahead });
  return {
    validate: (options) => eager.validate(options),
    initialize: (options) => eager.initialize?.(options),
    buildLookaheadForAlternation(options) {
      let built: ReturnType<Chevrotain.ILookaheadStrategy["buildLookaheadForAlternation"]> | undefined;
      return function (this: unknown, alternatives) {
        built ??= eager.buildLookaheadForAlternation(options);
        return built.call(this, alternatives);
      };
    },
    buildLookaheadForOptional(options) {
      let built: ReturnType<Chevrotain.ILookaheadStrategy["buildLookaheadForOptional"]> | undefined;
      return function (this: unknown) {
        built ??= eager.buildLookaheadForOptional(options);
        return built.call(this);
      };
    },
  };
}

/**
 * A lexer built the first time it lexes: building one analyses every token's pattern, a noticeable
 * part of a start, and many starts of the CLI (a game in the cache, `--help`) lex nothing, or with
 * one lexer of several.
 */
export function lazyLexer(tokens: Chevrotain.TokenType[], options: Chevrotain.ILexerConfig): { tokenize(text: string): Chevrotain.ILexingResult } {
  let lexer: Chevrotain.Lexer | undefined;
  return { tokenize: (text) => (lexer ??= new Lexer(tokens, options)).tokenize(text) };
}
