// A decision's lookahead function made from its paths: the token sequences that lead into each
// alternative (an `OR`), or into the optional part (`OPTION`, `MANY` …). Chevrotain's own strategy
// works the paths out and makes the same functions, but does not export the making; this module makes
// them from paths that may come from the stored table (stored-lookahead.ts), so that a new process
// need not work them out again. They decide as Chevrotain's do: the first alternative with a path the
// next tokens match, by Chevrotain's own `tokenMatcher` (a token matches a path's token of its category;
// stored-lookahead.test.ts parses every rules file, and broken copies, with both).
import type { IOrAlt, IToken, LookaheadSequence } from "chevrotain";
import { tokenMatcher } from "./chevrotain.js";

/** What a lookahead function reads: the parser, its next tokens. */
interface TokenReader {
  LA(howFar: number): IToken;
}

type AlternationLookahead = (this: TokenReader, alternatives?: IOrAlt<unknown>[]) => number | undefined;
type OptionalLookahead = (this: TokenReader) => boolean;

/** Whether the next tokens follow one of the paths. */
function followsOneOf(reader: TokenReader, paths: LookaheadSequence): boolean {
  nextPath: for (const path of paths) {
    for (let i = 0; i < path.length; i++) {
      if (!tokenMatcher(reader.LA(i + 1), path[i]!)) continue nextPath;
    }
    return true;
  }
  return false;
}

const oneTokenLong = (paths: LookaheadSequence): boolean => paths.every((path) => path.length === 1);

/**
 * Which token kinds start which alternative, when every path is one token long: a token's own kind
 * and, for a category, every kind in it; the first alternative to name a kind has it.
 */
function alternativeByToken(alternatives: LookaheadSequence[]): Record<number, number> {
  const byToken: Record<number, number> = {};
  alternatives.forEach((paths, alternative) => {
    for (const [token] of paths) {
      for (const kind of [token!.tokenTypeIdx!, ...(token!.categoryMatches ?? [])]) byToken[kind] ??= alternative;
    }
  });
  return byToken;
}

/** An `OR`'s function: the alternative to take, or undefined when the next tokens start none. */
export function alternationLookahead(alternatives: LookaheadSequence[], hasPredicates: boolean): AlternationLookahead {
  if (hasPredicates) {
    // A gated alternative is passed over when its gate says no, whatever its paths.
    return function (this: TokenReader, orAlternatives) {
      for (let t = 0; t < alternatives.length; t++) {
        const gate = orAlternatives?.[t]?.GATE;
        if (gate !== undefined && gate.call(this) === false) continue;
        if (followsOneOf(this, alternatives[t]!)) return t;
      }
      return undefined;
    };
  }
  if (alternatives.every(oneTokenLong)) {
    const byToken = alternativeByToken(alternatives);
    return function (this: TokenReader) {
      return byToken[this.LA(1).tokenTypeIdx!];
    };
  }
  return function (this: TokenReader) {
    for (let t = 0; t < alternatives.length; t++) if (followsOneOf(this, alternatives[t]!)) return t;
    return undefined;
  };
}

/** An optional part's function (`OPTION`, `MANY` …): whether the next tokens enter it. */
export function optionalLookahead(inside: LookaheadSequence): OptionalLookahead {
  if (oneTokenLong(inside)) {
    const entering = new Set(inside.flatMap(([token]) => [token!.tokenTypeIdx!, ...(token!.categoryMatches ?? [])]));
    return function (this: TokenReader) {
      return entering.has(this.LA(1).tokenTypeIdx!);
    };
  }
  return function (this: TokenReader) {
    return followsOneOf(this, inside);
  };
}
