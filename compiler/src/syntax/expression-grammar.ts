// The expression grammar, loosest first: range, conditional, or, and, not, comparison, additive,
// multiplicative, unary, postfix, then literals, names, lists, calls and aggregates. The statement and
// declaration grammars extend this class (Chevrotain grammar inheritance); only the last one analyses it.
import { EmbeddedActionsParser } from "./chevrotain.js";
import { lazyLookahead, recordingLookahead, type StoredGrammar } from "./stored-lookahead.js";
import type { TokenType } from "chevrotain";
import * as T from "./lexer.js";
import type * as A from "./ast.js";
import { identifier, messages, span, unquote } from "./parser-support.js";

/**
 * Chevrotain's checks of the grammar itself (ambiguities, left recursion) take a third of the parser's
 * start-up, paid at every `rules` run; the grammar test runs them instead (`validateGrammars`).
 */
export interface GrammarOptions {
  readonly validate?: boolean;
  /** Work out every decision's lookahead paths as the parser is built, and add them here (the stored table). */
  readonly record?: StoredGrammar[];
}

export class ExpressionGrammar extends EmbeddedActionsParser {
  constructor(options: GrammarOptions = {}) {
    super(T.allTokens, {
      recoveryEnabled: true,
      errorMessageProvider: messages,
      maxLookahead: 3,
      skipValidations: !options.validate,
      // Checking the grammar works out every decision's lookahead anyway; a parser to run makes each on first use.
      ...(options.validate ? {} : { lookaheadStrategy: options.record ? recordingLookahead(3, T.allTokens, options.record) : lazyLookahead(3, T.allTokens) }),
    });
  }

  // Expressions, loosest first: range, conditional, or, and, not, comparison, additive, multiplicative, unary, postfix.
  expression = this.RULE("expression", (): A.Expression => {
    const low = this.SUBRULE(this.conditional);
    let result = low;
    this.OPTION(() => {
      this.CONSUME(T.DotDot);
      const high = this.SUBRULE2(this.conditional);
      this.ACTION(() => { result = { kind: "range", low, high, range: span(low, high) }; });
    });
    return result;
  });

  conditional = this.RULE("conditional", (): A.Expression =>
    this.OR([
      {
        ALT: () => {
          const first = this.CONSUME(T.If);
          const condition = this.SUBRULE(this.disjunction);
          this.CONSUME(T.Then);
          const then = this.SUBRULE2(this.disjunction);
          this.CONSUME(T.Else);
          const otherwise = this.SUBRULE(this.conditional);
          return this.ACTION(() => ({ kind: "conditional" as const, condition, then, otherwise, range: span(first, otherwise) }));
        },
      },
      { ALT: () => this.SUBRULE3(this.disjunction) },
    ]),
  );

  disjunction = this.RULE("disjunction", (): A.Expression => this.binaryChain(this.conjunction, [T.Or], 1));
  conjunction = this.RULE("conjunction", (): A.Expression => this.binaryChain(this.negation, [T.And], 2));

  negation = this.RULE("negation", (): A.Expression =>
    this.OR([
      {
        ALT: () => {
          const first = this.CONSUME(T.Not);
          const operand = this.SUBRULE(this.negation);
          return this.ACTION(() => ({ kind: "unary" as const, operator: "not" as const, operand, range: span(first, operand) }));
        },
      },
      { ALT: () => this.SUBRULE(this.comparison) },
    ]),
  );

  comparison = this.RULE("comparison", (): A.Expression => {
    const left = this.SUBRULE(this.additive);
    let result = left;
    this.OPTION(() => {
      const operator = this.OR([
        { ALT: () => this.CONSUME(T.Equals) },
        { ALT: () => this.CONSUME(T.NotEquals) },
        { ALT: () => this.CONSUME(T.LessEqual) },
        { ALT: () => this.CONSUME(T.GreaterEqual) },
        { ALT: () => this.CONSUME(T.Less) },
        { ALT: () => this.CONSUME(T.Greater) },
        // Membership: `c in hand`, `p in winners`, `v in [1, 2]`.
        { ALT: () => this.CONSUME(T.In) },
      ]);
      const right = this.SUBRULE2(this.additive);
      this.ACTION(() => {
        result = { kind: "binary", operator: operator.image as A.BinaryOperator, left, right, range: span(left, right) };
      });
    });
    return result;
  });

  additive = this.RULE("additive", (): A.Expression => this.binaryChain(this.multiplicative, [T.Plus, T.Minus], 3));
  multiplicative = this.RULE("multiplicative", (): A.Expression =>
    this.binaryChain(this.unary, [T.Star, T.Slash, T.Percent], 4),
  );

  unary = this.RULE("unary", (): A.Expression =>
    this.OR([
      {
        ALT: () => {
          const first = this.CONSUME(T.Minus);
          const operand = this.SUBRULE(this.unary);
          return this.ACTION(() => ({ kind: "unary" as const, operator: "-" as const, operand, range: span(first, operand) }));
        },
      },
      { ALT: () => this.SUBRULE(this.postfix) },
    ]),
  );

  postfix = this.RULE("postfix", (): A.Expression => {
    let result = this.SUBRULE(this.primary);
    this.MANY(() => {
      this.OR([
        {
          ALT: () => {
            this.CONSUME(T.LBracket);
            const indices: A.Expression[] = [];
            this.AT_LEAST_ONE_SEP({
              SEP: T.Comma,
              DEF: () => { const i = this.SUBRULE(this.expression); this.ACTION(() => indices.push(i)); },
            });
            const last = this.CONSUME(T.RBracket);
            this.ACTION(() => {
              // `points[c, n]` reads a table by a pair: the index is the tuple of both.
              const index: A.Expression = indices.length === 1 ? indices[0]! : { kind: "tuple", elements: indices, range: span(indices[0], indices[indices.length - 1]) };
              result = { kind: "index", target: result, index, range: span(result, last) };
            });
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.Dot);
            const member = this.CONSUME(T.Identifier);
            this.ACTION(() => {
              result = { kind: "member", target: result, member: identifier(member), range: span(result, member) };
            });
          },
        },
      ]);
    });
    return result;
  });

  primary = this.RULE("primary", (): A.Expression =>
    this.OR({ IGNORE_AMBIGUITIES: true, DEF: [
      {
        ALT: () => {
          const token = this.CONSUME(T.IntegerLiteral);
          return this.ACTION(() => ({ kind: "integer" as const, value: Number(token.image), range: span(token, token) }));
        },
      },
      {
        ALT: () => {
          const token = this.CONSUME(T.True);
          return this.ACTION(() => ({ kind: "boolean" as const, value: true, range: span(token, token) }));
        },
      },
      {
        ALT: () => {
          const token = this.CONSUME(T.False);
          return this.ACTION(() => ({ kind: "boolean" as const, value: false, range: span(token, token) }));
        },
      },
      {
        ALT: () => {
          const token = this.CONSUME(T.StringLiteral);
          return this.ACTION(() => ({ kind: "string" as const, value: unquote(token), range: span(token, token) }));
        },
      },
      { ALT: () => this.SUBRULE(this.list) },
      {
        ALT: () => {
          const first = this.CONSUME(T.LParen);
          const elements: A.Expression[] = [];
          this.AT_LEAST_ONE_SEP({
            SEP: T.Comma,
            DEF: () => { const e = this.SUBRULE(this.expression); this.ACTION(() => elements.push(e)); },
          });
          const last = this.CONSUME(T.RParen);
          // `(a)` is `a`; `(a, b)` is a tuple, a key of a table with two indices.
          return this.ACTION(() => (elements.length === 1 ? elements[0]! : { kind: "tuple" as const, elements, range: span(first, last) }));
        },
      },
      // An aggregate: `sum(c in zone where COND: VALUE)`.
      {
        GATE: () => this.LA(2).tokenType === T.LParen && this.LA(4).tokenType === T.In,
        ALT: () => this.SUBRULE(this.aggregate),
      },
      {
        GATE: () => this.LA(2).tokenType === T.LParen,
        ALT: () => this.SUBRULE(this.call),
      },
      {
        ALT: () => {
          const token = this.CONSUME(T.Identifier);
          return this.ACTION(() => ({ kind: "name" as const, name: token.image, range: span(token, token) }));
        },
      },
    ]}),
  );

  list = this.RULE("list", (): A.Expression => {
    const first = this.CONSUME(T.LBracket);
    const elements: A.Expression[] = [];
    this.MANY_SEP({
      SEP: T.Comma,
      DEF: () => { const e = this.SUBRULE(this.expression); this.ACTION(() => elements.push(e)); },
    });
    const last = this.CONSUME(T.RBracket);
    return this.ACTION(() => ({ kind: "list" as const, elements, range: span(first, last) }));
  });

  call = this.RULE("call", (): A.Expression => {
    const callee = this.CONSUME(T.Identifier);
    this.CONSUME(T.LParen);
    const args: A.Expression[] = [];
    this.MANY_SEP({
      SEP: T.Comma,
      DEF: () => { const a = this.SUBRULE(this.expression); this.ACTION(() => args.push(a)); },
    });
    const last = this.CONSUME(T.RParen);
    return this.ACTION(() => ({ kind: "call" as const, callee: identifier(callee), args, range: span(callee, last) }));
  });

  aggregate = this.RULE("aggregate", (): A.Expression => {
    // `all` is also the keyword of `move all` and `= all T`; followed by `(x in` it is the aggregate.
    const callee = this.OR([{ ALT: () => this.CONSUME(T.Identifier) }, { ALT: () => this.CONSUME(T.All) }]);
    this.CONSUME(T.LParen);
    const binder = this.CONSUME2(T.Identifier);
    this.CONSUME(T.In);
    const source = this.SUBRULE(this.expression);
    let condition: A.Expression | null = null;
    let value: A.Expression | null = null;
    this.OPTION(() => {
      this.CONSUME(T.Where);
      const c = this.SUBRULE2(this.disjunction);
      this.ACTION(() => { condition = c; });
    });
    this.OPTION2(() => {
      this.CONSUME(T.Colon);
      const v = this.SUBRULE2(this.expression);
      this.ACTION(() => { value = v; });
    });
    const last = this.CONSUME(T.RParen);
    return this.ACTION(() => ({
      kind: "aggregate" as const,
      callee: identifier(callee),
      binder: identifier(binder),
      source,
      condition,
      value,
      range: span(callee, last),
    }));
  });

  /** `operand (op operand)*`, left-associative. The index keeps Chevrotain's occurrence numbers apart. */
  private binaryChain(operand: () => A.Expression, operators: TokenType[], index: number): A.Expression {
    let result = this.subruleAt(operand, index);
    this.MANY(() => {
      const operator = this.OR(operators.map((type) => ({ ALT: () => this.CONSUME(type) })));
      const right = this.subruleAt(operand, index + 10);
      this.ACTION(() => {
        result = {
          kind: "binary",
          operator: operator.image as A.BinaryOperator,
          left: result,
          right,
          range: span(result, right),
        };
      });
    });
    return result;
  }

  private subruleAt(rule: () => A.Expression, index: number): A.Expression {
    return this.subrule(index, rule as never) as A.Expression;
  }
}
