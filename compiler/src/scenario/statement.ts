// One statement of a scenario file as a cursor over its tokens, and the splitting of a file into
// statements: a newline ends one unless brackets are open or the line ends with a comma, and the
// braces of a repeated block end one too (`repeat 3 {` is a statement, and so is `}`). A mistake
// throws a SyntaxFailure, which costs one diagnostic for the statement's line.
import type { IToken, TokenType } from "chevrotain";
import { error, joinSpans, type Diagnostic, type SourceSpan } from "../diagnostics.js";
import * as T from "./lexer.js";

/** Stops parsing the current statement; its diagnostic is kept. */
export class SyntaxFailure {
  constructor(readonly diagnostic: Diagnostic) {}
}

export const describe = (token: IToken | undefined): string => (token ? `'${token.image}'` : "the end of the line");

/** One statement's tokens, read left to right. */
export class Statement {
  private position = 0;

  constructor(
    readonly tokens: readonly IToken[],
    private readonly file: string,
    /** On a line the lexer already reported: not parsed, so one mistake gives one diagnostic. */
    readonly lexedBadly: boolean,
  ) {}

  get span(): SourceSpan {
    return joinSpans(T.tokenSpan(this.tokens[0]!), T.tokenSpan(this.tokens[this.tokens.length - 1]!));
  }

  peek(ahead = 0): IToken | undefined {
    return this.tokens[this.position + ahead];
  }

  is(type: TokenType, ahead = 0): boolean {
    return this.peek(ahead)?.tokenType === type;
  }

  isWord(text: string, ahead = 0): boolean {
    return this.is(T.Word, ahead) && this.peek(ahead)!.image === text;
  }

  atEnd(): boolean {
    return this.position >= this.tokens.length;
  }

  /** Where the next token is, or just past the last one at the end of the line. */
  private nextSpan(): SourceSpan {
    const token = this.peek();
    if (token) return T.tokenSpan(token);
    const last = T.tokenSpan(this.tokens[this.tokens.length - 1]!);
    return { line: last.endLine, column: last.endColumn, endLine: last.endLine, endColumn: last.endColumn + 1 };
  }

  fail(message: string, span: SourceSpan = this.nextSpan(), code = "scenario/syntax"): never {
    throw new SyntaxFailure(error(this.file, span, code, message));
  }

  /** "expected X but found Y", blaming the next token. */
  expected(what: string): never {
    return this.fail(`expected ${what} but found ${describe(this.peek())}`);
  }

  /** Moves past the next token, whatever it is, and returns it. */
  next(): IToken {
    return this.tokens[this.position++]!;
  }

  take(type: TokenType, what: string): IToken {
    if (!this.is(type)) this.expected(what);
    return this.tokens[this.position++]!;
  }

  takeWord(text: string): IToken {
    if (!this.isWord(text)) this.expected(`'${text}'`);
    return this.tokens[this.position++]!;
  }

  /** Fails unless the whole line was read. */
  end(after: string): void {
    if (!this.atEnd()) this.fail(`unexpected ${describe(this.peek())} after ${after}`);
  }
}

/** A file's statements: newlines end them, except inside brackets or after a comma; `{` and `}` end them too. */
export function statements(tokens: readonly IToken[], file: string, badLines: ReadonlySet<number>): Statement[] {
  const result: Statement[] = [];
  let current: IToken[] = [];
  let depth = 0;
  const close = (): void => {
    result.push(
      new Statement(
        current,
        file,
        current.some((token) => badLines.has(token.startLine ?? 0)),
      ),
    );
    current = [];
  };
  for (const token of tokens) {
    const type = token.tokenType;
    if (type === T.Newline) {
      const last = current[current.length - 1];
      if (current.length > 0 && depth === 0 && last?.tokenType !== T.Comma) close();
      continue;
    }
    if (type === T.LBrace || type === T.RBrace) {
      // `repeat 3 {` ends with its brace; `}` stands alone, whatever comes before or after it.
      if (type === T.RBrace && current.length > 0) close();
      current.push(token);
      close();
      depth = 0;
      continue;
    }
    if (type === T.LBracket || type === T.LParen) depth++;
    if ((type === T.RBracket || type === T.RParen) && depth > 0) depth--;
    current.push(token);
  }
  if (current.length > 0) close();
  return result;
}
