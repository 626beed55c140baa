// Chevrotain's package entry imports lodash-es module by module: some 650 files, 0.4 s of every
// `rules` start. The package also ships the same library as one bundled file, which loads in a tenth
// of that; every part of the compiler takes Chevrotain from here so that only one copy is ever loaded
// (its error classes are compared with instanceof).
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import type * as Chevrotain from "chevrotain";

const entry = createRequire(import.meta.url).resolve("chevrotain"); // <package>/lib/src/api.js
const bundle = (await import(new URL("../chevrotain.mjs", pathToFileURL(entry)).href)) as typeof Chevrotain;

export const { createToken, EmbeddedActionsParser, getLookaheadPaths, Lexer, LLkLookaheadStrategy, serializeGrammar, tokenMatcher, VERSION } = bundle;
export type { IToken, TokenType } from "chevrotain";
