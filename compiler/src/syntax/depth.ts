// Limits on how deeply a rules file nests, checked before anything recurses on it. The parser,
// the checker, the emitter, Prettier and TypeScript all walk the tree recursively, so input nested
// past what the call stack holds would crash them; instead the designer gets `syntax/too-deep` at
// the place where a limit is passed. The limits sit far above any real rules file and far below the
// depths at which a phase runs out of stack (figures in docs/language.md §2.1).
import type { IToken } from "chevrotain";
import * as T from "./lexer.js";
import type * as A from "./ast.js";
import { span } from "./parser-support.js";

/** Brackets `( [ {` open at once. The games so far open at most 12; the parser dies near 100 `[`. */
export const MAX_BRACKETS = 32;
/**
 * Statements and expressions inside one another, chains of operators aside. The games so far nest
 * 14 deep; Prettier dies near 290 nested `if` blocks and 400 `not`s.
 */
export const MAX_NESTING = 64;
/**
 * Operators of chains (`+ - * and or`) inside one another: a sum of N terms is N - 1 deep. The games
 * so far chain 4; the checker dies near 2,000 (the emitter writes long chains flat, in runs).
 */
export const MAX_OPERATORS = 500;
/** Operators whose left-nested chains the emitter writes flat; the others (`/ %`, comparisons) nest. */
const CHAINING = new Set(["+", "-", "*", "and", "or"]);
/**
 * Grammar rules active at once in the parser: a backstop for nesting that brackets do not show
 * (`not not not …`), above what MAX_BRACKETS and MAX_NESTING let through (a bracket costs 12 to 16
 * rules), and far below the parser's crash (near 1,040 rules of `not`, 1,200 of `[`).
 */
export const MAX_PARSER_RULES = 600;
/**
 * Error recoveries inside one another. Chevrotain recovers inside a repetition (`MANY`) by calling
 * the repetition again from within its recovery, so each further error of a run (3,000 `<` in a
 * row) is one level deeper on the stack; past this many, the parser stops recovering and reports
 * what it has. Real files make a handful of errors at a time.
 */
export const MAX_RECOVERIES = 100;

export interface DepthError {
  readonly code: "syntax/too-deep";
  readonly message: string;
  readonly range: A.SourceRange;
}

const OPENERS = new Set([T.LParen, T.LBracket, T.LBrace]);
const CLOSERS = new Set([T.RParen, T.RBracket, T.RBrace]);

/** The first bracket that opens more than MAX_BRACKETS at once, before the parser sees any of them. */
export function bracketDepthError(tokens: readonly IToken[], limit = MAX_BRACKETS): DepthError | null {
  let depth = 0;
  for (const token of tokens) {
    if (OPENERS.has(token.tokenType)) {
      depth++;
      if (depth > limit) {
        return {
          code: "syntax/too-deep",
          message:
            `brackets and braces are nested more than ${limit} deep here: ` +
            "take this apart with 'let', a function, or fewer blocks inside one another",
          range: span(token, token),
        };
      }
    } else if (CLOSERS.has(token.tokenType) && depth > 0) {
      depth--;
    }
  }
  return null;
}

/** Thrown by the parser when MAX_PARSER_RULES rules are active: parsing stops at `token`. */
export class ParserTooDeep extends Error {
  constructor(readonly token: IToken) {
    super("the parser's nesting limit was reached");
  }
}

/** The parser internals the guard hooks into (Chevrotain 11's rule stack). */
interface RuleStack {
  RULE_STACK_IDX: number;
  LA(howMuch: number): IToken;
  ruleInvocationStateUpdate(shortName: number, fullName: string, index: number): void;
}

/**
 * Makes `parser` throw ParserTooDeep, at the token it has reached, as soon as more than `limit`
 * grammar rules are active. Chevrotain rethrows any error that is not a recognition error, so the
 * throw unwinds the whole parse.
 */
export function limitRuleDepth(parser: object, limit = MAX_PARSER_RULES): void {
  const target = parser as unknown as RuleStack;
  const update = target.ruleInvocationStateUpdate;
  if (typeof update !== "function" || typeof target.RULE_STACK_IDX !== "number") {
    throw new Error("internal: the Chevrotain parser has no rule stack to guard (did Chevrotain change?)");
  }
  target.ruleInvocationStateUpdate = function (this: RuleStack, shortName, fullName, index) {
    update.call(this, shortName, fullName, index);
    if (this.RULE_STACK_IDX >= limit) throw new ParserTooDeep(this.LA(1));
  };
}

/** The parser internals the recovery guard hooks into (Chevrotain 11's in-repetition recovery). */
interface RepetitionRecovery {
  tryInRepetitionRecovery(...args: unknown[]): void;
}

/**
 * Makes `parser` give up recovering inside a repetition once `limit` such recoveries are under way
 * at once: the repetition then ends as if it had met its end, and the error is reported by the rule
 * around it, without a deeper call.
 */
export function limitRecoveryDepth(parser: object, limit = MAX_RECOVERIES): void {
  const target = parser as unknown as RepetitionRecovery;
  const recover = target.tryInRepetitionRecovery;
  if (typeof recover !== "function") {
    throw new Error("internal: the Chevrotain parser has no repetition recovery to guard (did Chevrotain change?)");
  }
  let active = 0;
  target.tryInRepetitionRecovery = function (this: RepetitionRecovery, ...args: unknown[]) {
    if (active >= limit) return;
    active++;
    try {
      recover.apply(this, args);
    } finally {
      active--;
    }
  };
}

/**
 * Syntax errors the parser records before it stops: each recovery costs a search of the grammar, so
 * a file of thousands of errors (a 5,000-term line pasted into a statement) took seconds; only the
 * first hundred are ever shown.
 */
export const MAX_PARSER_ERRORS = 100;

/** Thrown by the parser once it has recorded MAX_PARSER_ERRORS errors: parsing stops there. */
export class ParserGaveUp extends Error {
  constructor() {
    super("the parser's limit of errors was reached");
  }
}

/** The parser internals the error limit hooks into (Chevrotain 11's error list). */
interface ErrorList {
  readonly errors: readonly unknown[];
  SAVE_ERROR(error: unknown): unknown;
}

/** Makes `parser` throw ParserGaveUp as soon as it has recorded `limit` errors. */
export function limitErrors(parser: object, limit = MAX_PARSER_ERRORS): void {
  const target = parser as unknown as ErrorList;
  const save = target.SAVE_ERROR;
  if (typeof save !== "function") throw new Error("internal: the Chevrotain parser has no SAVE_ERROR to guard (did Chevrotain change?)");
  target.SAVE_ERROR = function (this: ErrorList & { _errors?: unknown[] }, error: unknown) {
    const saved = save.call(this, error);
    if ((this._errors?.length ?? 0) >= limit) throw new ParserGaveUp();
    return saved;
  };
}

/** The three guards: the parser neither nests nor recovers past what the stack holds, nor errs on and on. */
export function guardParser(parser: object, rules = MAX_PARSER_RULES): void {
  limitRuleDepth(parser, rules);
  limitRecoveryDepth(parser);
  limitErrors(parser);
}

/**
 * Runs a parse of a guarded parser: its result; or null and the error, when nesting stopped it; or
 * null alone, when it gave up after MAX_PARSER_ERRORS (those errors are the parser's own).
 */
export function guardedParse<T>(parse: () => T): { result: T | null; tooDeep: DepthError | null } {
  try {
    return { result: parse(), tooDeep: null };
  } catch (error) {
    if (error instanceof ParserTooDeep) return { result: null, tooDeep: parserTooDeepError(error) };
    if (error instanceof ParserGaveUp) return { result: null, tooDeep: null };
    throw error;
  }
}

export function parserTooDeepError(error: ParserTooDeep): DepthError {
  return { code: "syntax/too-deep", message: tooDeep(MAX_NESTING), range: span(error.token, error.token) };
}

const tooDeep = (limit: number): string =>
  `this is nested more than ${limit} deep (each block, 'else if', 'not' and inner expression counts): ` +
  "split it up with 'let', a function or a table";

/**
 * The first node of the tree nested past MAX_NESTING (statements and expressions: each `not`, each
 * `else if`, each block in a statement counts) or past MAX_OPERATORS (binary operators within one
 * another). Walks the tree with its own stack, so any depth is safe here. Any object with a `kind`
 * is a node: syntax added later is counted without changes here.
 */
export function nestingError(program: A.Program): DepthError | null {
  return nestingErrorIn([program.game, ...program.declarations]);
}

/** nestingError for any nodes: a reason's `{...}` expression is checked on its own. */
export function nestingErrorIn(roots: readonly unknown[], limits = { nesting: MAX_NESTING, operators: MAX_OPERATORS }): DepthError | null {
  const pending: { value: unknown; nesting: number; operators: number }[] = [];
  for (let i = roots.length - 1; i >= 0; i--) pending.push({ value: roots[i], nesting: -1, operators: 0 });
  while (pending.length > 0) {
    const { value, nesting: outer, operators: outerOperators } = pending.pop()!;
    if (value === null || typeof value !== "object") continue;
    let nesting = outer;
    let operators = outerOperators;
    const kind = (value as { kind?: unknown }).kind;
    if (typeof kind === "string") {
      if (kind === "binary" && CHAINING.has((value as { operator?: unknown }).operator as string)) operators++;
      else nesting++;
      const range = (value as { range?: A.SourceRange }).range;
      if (range && (nesting > limits.nesting || operators > limits.operators)) {
        const message =
          nesting > limits.nesting
            ? tooDeep(limits.nesting)
            : `this chain has more than ${limits.operators} operators: split it up with 'let' or a function`;
        return { code: "syntax/too-deep", message, range: { start: range.start, end: range.start } };
      }
    }
    const children = Array.isArray(value)
      ? value
      : Object.entries(value)
          .filter(([key]) => key !== "range")
          .map(([, child]) => child);
    for (let i = children.length - 1; i >= 0; i--) pending.push({ value: children[i], nesting, operators });
  }
  return null;
}
