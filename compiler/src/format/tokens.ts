// The rules lexer's tokens, with comments kept instead of skipped: what the formatter and the
// editor tooling read. Built from the parser's own token list, so a keyword added to the language
// is known here without a change.
import { createToken, type IToken, type TokenType } from "../syntax/chevrotain.js";
import { lazyLexer } from "../syntax/lazy-chevrotain.js";
import { allTokens, Identifier } from "../syntax/lexer.js";

/** A `//` comment, kept as a token (the parser's lexer skips it). */
export const CommentToken = createToken({ name: "Comment", pattern: /\/\/[^\n\r]*/ });

const keptTokens: TokenType[] = allTokens.map((t) => (t.name === "Comment" ? CommentToken : t));
const commentLexer = lazyLexer(keptTokens, { positionTracking: "full", ensureOptimizations: false, skipValidations: true });

export interface LexProblem {
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/** Every token of a text, comments included; `problems` holds what the lexer could not read. */
export function lexWithComments(text: string): { tokens: IToken[]; problems: LexProblem[] } {
  const result = commentLexer.tokenize(text);
  const problems: LexProblem[] = result.errors.map((e) => ({
    line: e.line ?? 1,
    column: e.column ?? 1,
    message: e.message,
  }));
  for (const t of result.tokens) {
    if (t.tokenType.name === "UnterminatedString") {
      problems.push({ line: t.startLine ?? 1, column: t.startColumn ?? 1, message: "unterminated string" });
    }
  }
  return { tokens: result.tokens, problems };
}

export const isComment = (t: IToken): boolean => t.tokenType === CommentToken;

/** A name or a soft keyword (which may also be a name). */
export const isNameLike = (t: IToken): boolean =>
  t.tokenType === Identifier || (t.tokenType.CATEGORIES ?? []).includes(Identifier);

/** A word of the language that is never a name: `if`, `while`, `and`, `all`... */
export const isHardKeyword = (t: IToken): boolean => t.tokenType.name.startsWith("Kw_") && !isNameLike(t);

/** Every keyword of the language with whether it is hard, from the lexer's own token list. */
export function keywords(): { word: string; hard: boolean }[] {
  return allTokens
    .filter((t) => t.name.startsWith("Kw_"))
    .map((t) => ({ word: t.name.slice(3), hard: !(t.CATEGORIES ?? []).includes(Identifier) }))
    .sort((a, b) => a.word.localeCompare(b.word));
}
