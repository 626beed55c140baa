// The grammar of a rules file (its game header and the choice of a declaration, on top of the
// declaration, statement and expression grammars), and `parseRules`, which lexes and parses one file.
// Error recovery is on, so one run reports several syntax errors; AST building happens inside ACTION
// blocks, which Chevrotain skips while it records the grammar.
import type { IToken } from "chevrotain";
import { LINE_BREAK, quote } from "../diagnostics.js";
import * as T from "./lexer.js";
import type * as A from "./ast.js";
import { DeclarationGrammar } from "./declaration-grammar.js";
import { expandNegotiation } from "./negotiation.js";
import type { GrammarOptions } from "./expression-grammar.js";
import { buildReasonParser } from "./interpolation.js";
import type { StoredGrammar } from "./stored-lookahead.js";
import { endPosition, identifier, span, unquote } from "./parser-support.js";
import { tokenError } from "./token-limits.js";
import { bracketDepthError, guardedParse, guardParser, nestingError } from "./depth.js";

class RulesParser extends DeclarationGrammar {
  constructor(options: GrammarOptions = {}) {
    super(options);
    this.performSelfAnalysis();
  }

  file = "";

  program = this.RULE("program", (): A.Program => {
    let game: A.GameHeader | null = null;
    const declarations: A.Declaration[] = [];
    this.MANY(() => {
      this.OR([
        { ALT: () => { const header = this.SUBRULE(this.gameHeader); this.ACTION(() => { game ??= header; }); } },
        { ALT: () => { const d = this.SUBRULE(this.declaration); this.ACTION(() => { if (d) declarations.push(d); }); } },
      ]);
    });
    return { file: this.file, game, declarations };
  });

  gameHeader = this.RULE("gameHeader", (): A.GameHeader => {
    const first = this.CONSUME(T.Game);
    const title = this.CONSUME(T.StringLiteral);
    this.CONSUME(T.LBrace);
    let players: A.Expression | null = null;
    const variants: A.VariantDeclaration[] = [];
    const bots: A.BotDeclaration[] = [];
    this.MANY(() => {
      this.OR([
        {
          ALT: () => {
            this.CONSUME(T.Players);
            const range = this.SUBRULE(this.expression);
            this.ACTION(() => { players = range; });
          },
        },
        {
          ALT: () => {
            const keyword = this.CONSUME(T.Variant);
            const name = this.CONSUME(T.Identifier);
            const description = this.CONSUME2(T.StringLiteral);
            this.ACTION(() =>
              variants.push({ name: identifier(name), description: unquote(description), range: span(keyword, description) }),
            );
          },
        },
        {
          // `bot merc "Wealthy Nephew Merc" for 2, 3`: the label is an expression here so that a
          // label that is not a string gets the checker's message, not a syntax error.
          ALT: () => {
            const keyword = this.CONSUME(T.Bot);
            const name = this.CONSUME2(T.Identifier);
            const label = this.SUBRULE2(this.expression);
            this.CONSUME(T.For);
            const counts: A.Expression[] = [];
            this.AT_LEAST_ONE_SEP({
              SEP: T.Comma,
              DEF: () => { const count = this.SUBRULE3(this.expression); this.ACTION(() => counts.push(count)); },
            });
            this.ACTION(() =>
              bots.push({ name: identifier(name), label, counts, range: span(keyword, counts[counts.length - 1] ?? label) }),
            );
          },
        },
      ]);
    });
    const last = this.CONSUME(T.RBrace);
    return this.ACTION(() => ({ kind: "game" as const, title: unquote(title), players, variants, bots, range: span(first, last) }));
  });

  declaration = this.RULE("declaration", (): A.Declaration =>
    this.OR([
      { ALT: () => this.SUBRULE(this.enumDeclaration) },
      { ALT: () => this.SUBRULE(this.cardDeclaration) },
      { ALT: () => this.SUBRULE(this.perPlayerDeclaration) },
      { ALT: () => this.SUBRULE(this.varDeclaration, { ARGS: [null, null] }) },
      { ALT: () => this.SUBRULE(this.zoneDeclaration, { ARGS: [null] }) },
      { ALT: () => this.SUBRULE(this.tableDeclaration) },
      { ALT: () => this.SUBRULE(this.conserveDeclaration) },
      { ALT: () => this.SUBRULE(this.blockDeclaration) },
      { ALT: () => this.SUBRULE(this.scoreDeclaration) },
      { ALT: () => this.SUBRULE(this.functionDeclaration) },
      { ALT: () => this.SUBRULE(this.procedureDeclaration) },
    ]),
  );

}

// Built the first time a file is parsed: Chevrotain's analysis of the grammar is the larger part of
// a start, and a start that loads the compiler may parse nothing (a game already in the cache).
let built: RulesParser | undefined;
function rulesParser(): RulesParser {
  if (!built) {
    built = new RulesParser();
    guardParser(built);
  }
  return built;
}

/** Builds the lexer and parsers with Chevrotain's grammar checks on: throws on an ambiguous or broken grammar. */
export function validateGrammars(): void {
  T.validateLexer();
  new RulesParser({ validate: true });
  buildReasonParser({ validate: true });
}

/** Every decision's lookahead paths, of the file's grammar and the reason's: what lookahead-table.ts stores. */
export function lookaheadTable(): StoredGrammar[] {
  const table: StoredGrammar[] = [];
  new RulesParser({ record: table });
  buildReasonParser({ record: table });
  return table;
}

export interface SyntaxError {
  readonly message: string;
  readonly range: A.SourceRange;
  readonly code:
    | "syntax/unexpected-token"
    | "syntax/unknown-character"
    | "syntax/unterminated-string"
    | "syntax/number-too-large"
    | "syntax/name-too-long"
    | "syntax/file-too-large"
    | "syntax/too-many-errors"
    | "syntax/too-deep"
    | "syntax/negotiation-terms"
    | "syntax/negotiation-counters";
}

/** The largest rules file read, in characters: the largest of the games so far has 42,838. */
export const MAX_FILE_LENGTH = 1_000_000;
/** Syntax errors reported at most per file: after a run of them, the rest say nothing new. */
export const MAX_SYNTAX_ERRORS = 100;

/** Parses one rules file. The AST is partial when there are errors (recovery fills what it can). */
export function parseRules(text: string, file: string): { program: A.Program; errors: SyntaxError[] } {
  const empty: A.Program = { file, game: null, declarations: [] };
  if (text.length > MAX_FILE_LENGTH) {
    const start = { offset: 0, line: 1, column: 1 };
    const message = `this file has ${text.length} characters; a rules file may have at most ${MAX_FILE_LENGTH}: split it into several files of one game`;
    return { program: empty, errors: [{ code: "syntax/file-too-large", message, range: { start, end: start } }] };
  }
  const { program, errors } = parseText(text, file, empty);
  if (errors.length <= MAX_SYNTAX_ERRORS) return { program, errors };
  const last = errors[MAX_SYNTAX_ERRORS - 1]!;
  const rest = errors.length - MAX_SYNTAX_ERRORS + 1;
  const message = `${rest} more syntax errors after this place are not shown: fix the ones above first`;
  return { program, errors: [...errors.slice(0, MAX_SYNTAX_ERRORS - 1), { code: "syntax/too-many-errors", message, range: last.range }] };
}

function parseText(text: string, file: string, empty: A.Program): { program: A.Program; errors: SyntaxError[] } {
  const lexed = T.rulesLexer.tokenize(text);
  const errors: SyntaxError[] = lexed.errors.map((error) => {
    const start = { offset: error.offset, line: error.line ?? 1, column: error.column ?? 1 };
    return {
      code: "syntax/unknown-character" as const,
      message: `unexpected character ${quote(text.slice(error.offset, error.offset + error.length))}`,
      range: { start, end: start },
    };
  });
  for (const token of lexed.tokens) {
    if (token.tokenType === T.UnterminatedString) {
      errors.push({
        code: "syntax/unterminated-string",
        message: "this string never ends: close it with '\"' on the same line",
        range: span(token, token),
      });
    }
    const wrong = tokenError(token);
    if (wrong) errors.push(wrong);
  }
  if (errors.some((e) => e.code === "syntax/unterminated-string")) return { program: empty, errors };
  // Deep nesting is refused before the parser recurses into it.
  const tooManyBrackets = bracketDepthError(lexed.tokens);
  if (tooManyBrackets) return { program: empty, errors: [...errors, tooManyBrackets] };
  const parser = rulesParser();
  parser.file = file;
  parser.misusedComparisons = [];
  parser.pendingReasons = [];
  parser.bareExpressions = [];
  parser.perCardZones = [];
  parser.perPairZones = [];
  parser.windowsSeen = 0;
  parser.pausesSeen = 0;
  parser.pendingNegotiations = [];
  parser.negotiationErrors = [];
  parser.input = lexed.tokens;
  const { result, tooDeep: stopped } = guardedParse(() => parser.program());
  if (stopped) return { program: empty, errors: [...errors, stopped] };
  // Past MAX_PARSER_ERRORS the errors found so far are reported, and nothing of the file is kept.
  const program = result ?? empty;
  for (const e of parser.fillReasons()) errors.push({ code: e.code ?? "syntax/unexpected-token", message: e.message, range: e.range });
  // Negotiations copy their terms at every level, reasons included: now that those are filled in.
  for (const negotiation of parser.pendingNegotiations) expandNegotiation(negotiation);
  errors.push(...parser.negotiationErrors);
  for (const e of parser.bareExpressions) {
    errors.push({ code: "syntax/unexpected-token", message: "this does nothing on its own: assign it (x = ...), or call a procedure, as in swap(a, b)", range: e.range });
  }
  for (const range of parser.perPairZones) {
    errors.push({ code: "syntax/unexpected-token", message: "a zone is shared or per player, not per player and per something else: write 'per player zone' (per player per ..., only 'var')", range });
  }
  for (const range of parser.perCardZones) {
    errors.push({ code: "syntax/unexpected-token", message: "a zone is shared or per player, not per card: write 'zone' or 'per player zone' (per card, only 'var')", range });
  }
  for (const token of parser.misusedComparisons) {
    errors.push({ code: "syntax/unexpected-token", message: "'==' compares two values; to assign, write '='", range: span(token, token) });
  }
  for (const error of parser.errors) {
    const token = error.token;
    const missing = Number.isNaN(token.startOffset) || token.image === "";
    const at = missing ? lastToken(lexed.tokens) : token;
    errors.push({
      code: "syntax/unexpected-token",
      message: error.message,
      range: at ? (missing ? { start: endPosition(at), end: endPosition(at) } : span(at, at)) : endOfText(text),
    });
  }
  const tooDeep = program ? nestingError(program) : null;
  if (tooDeep) return { program: empty, errors: [...errors, tooDeep] };
  return { program: program ?? empty, errors };
}

function lastToken(tokens: IToken[]): IToken | undefined {
  return tokens[tokens.length - 1];
}

function endOfText(text: string): A.SourceRange {
  const lines = text.split(LINE_BREAK);
  const position = { offset: text.length, line: lines.length, column: (lines[lines.length - 1]?.length ?? 0) + 1 };
  return { start: position, end: position };
}
