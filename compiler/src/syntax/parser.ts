// The grammar of the rules language, building the AST directly (Chevrotain embedded actions).
// Error recovery is on, so one run reports several syntax errors; AST building happens inside
// ACTION blocks, which Chevrotain skips while it records the grammar.
import { EmbeddedActionsParser, type IToken, type IParserErrorMessageProvider, type TokenType } from "chevrotain";
import * as T from "./lexer.js";
import type * as A from "./ast.js";

const describe = (token: IToken): string => (token.image === "" ? "the end of the file" : `'${token.image}'`);
const label = (type: TokenType): string => type.LABEL ?? type.name;

/** Messages written for designers: "expected '}' but found 'zone'". */
const messages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage: ({ expected, actual }) => `expected ${label(expected)} but found ${describe(actual)}`,
  buildNotAllInputParsedMessage: ({ firstRedundant }) => `unexpected ${describe(firstRedundant)}: expected a declaration`,
  buildNoViableAltMessage: ({ actual, ruleName }) =>
    // Inside a declaration's braces, what cannot continue it is most often a forgotten '}'.
    ruleName.endsWith("Declaration") && ruleName !== "declaration"
      ? `expected '}' but found ${describe(actual[0]!)}`
      : `unexpected ${describe(actual[0]!)}: expected ${describeRule(ruleName)}`,
  buildEarlyExitMessage: ({ actual, ruleName }) =>
    `unexpected ${describe(actual[0]!)}: expected ${describeRule(ruleName)}`,
};

const DECLARATION = "a declaration (game, card, enum, var, zone, table, conserve, function, setup, flow, score or tiebreak)";
const EXPRESSION_RULES = [
  "expression", "conditional", "disjunction", "conjunction", "negation", "comparison", "additive", "multiplicative",
  "unary", "postfix", "primary", "list", "call", "aggregate",
];
const STATEMENT_RULES = [
  "statement", "letStatement", "assignStatement", "ifStatement", "whileStatement", "forStatement", "phaseStatement",
  "shuffleStatement", "dealStatement", "moveStatement", "transferStatement", "endGameStatement", "askStatement", "block",
  "revealStatement",
];
/** What each grammar rule stands for, in a designer's words: messages never name a rule. */
const ruleDescriptions: Record<string, string> = {
  ...Object.fromEntries(EXPRESSION_RULES.map((rule) => [rule, "an expression"])),
  ...Object.fromEntries(STATEMENT_RULES.map((rule) => [rule, "a statement"])),
  declaration: DECLARATION,
  program: DECLARATION,
  visibility: "public, owner or hidden",
  zoneKind: "stack, row, pile or slot",
  typeReference: "a type",
  moveOption: "a move option, like pass { ... }",
  manifest: "cards for ... { ... }",
};
const describeRule = (rule: string): string => ruleDescriptions[rule] ?? (rule.endsWith("Declaration") ? "'}' or a declaration" : "something else");

const DECLARATION_STARTS = new Set<TokenType>([T.Card, T.Enum, T.Zone, T.Var, T.Per, T.Table, T.Conserve, T.Function, T.Game]);

/** The `decline` option every race has: it does nothing, and the race goes on without that player. */
function declineOption(at: IToken): A.MoveOptionDeclaration {
  const range = span(at, at);
  return { name: { name: "decline", range }, parameters: [], requirements: [], body: { statements: [], range }, range };
}

function position(token: IToken): A.Position {
  return { offset: token.startOffset, line: token.startLine ?? 1, column: token.startColumn ?? 1 };
}
function endPosition(token: IToken): A.Position {
  return { offset: token.endOffset ?? token.startOffset, line: token.endLine ?? 1, column: token.endColumn ?? 1 };
}
type Spanned = IToken | { range: A.SourceRange } | null | undefined;
const nowhere: A.Position = { offset: 0, line: 1, column: 1 };

/** The range from the start of `first` to the end of `last`. Tolerates pieces that error recovery left out. */
function span(first: Spanned, last: Spanned): A.SourceRange {
  const start = !first ? nowhere : "range" in first ? first.range.start : position(first);
  const end = !last ? start : "range" in last ? last.range.end : endPosition(last);
  return { start, end };
}
function identifier(token: IToken): A.Identifier {
  return { name: token.image, range: span(token, token) };
}
function unquote(token: IToken): string {
  return token.image.slice(1, -1).replace(/\\(["\\n])/g, (_, c: string) => (c === "n" ? "\n" : c));
}

class RulesParser extends EmbeddedActionsParser {
  constructor() {
    super(T.allTokens, { recoveryEnabled: true, errorMessageProvider: messages, maxLookahead: 3 });
    this.performSelfAnalysis();
  }

  file = "";
  /** `==` written where a statement assigns; reported after parsing. */
  misusedComparisons: IToken[] = [];

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
      ]);
    });
    const last = this.CONSUME(T.RBrace);
    return this.ACTION(() => ({ kind: "game" as const, title: unquote(title), players, variants, range: span(first, last) }));
  });

  declaration = this.RULE("declaration", (): A.Declaration =>
    this.OR([
      { ALT: () => this.SUBRULE(this.enumDeclaration) },
      { ALT: () => this.SUBRULE(this.cardDeclaration) },
      { ALT: () => this.SUBRULE(this.perPlayerDeclaration) },
      { ALT: () => this.SUBRULE(this.varDeclaration, { ARGS: [null] }) },
      { ALT: () => this.SUBRULE(this.zoneDeclaration, { ARGS: [null] }) },
      { ALT: () => this.SUBRULE(this.tableDeclaration) },
      { ALT: () => this.SUBRULE(this.conserveDeclaration) },
      { ALT: () => this.SUBRULE(this.blockDeclaration) },
      { ALT: () => this.SUBRULE(this.scoreDeclaration) },
      { ALT: () => this.SUBRULE(this.functionDeclaration) },
    ]),
  );

  enumDeclaration = this.RULE("enumDeclaration", (): A.EnumDeclaration => {
    const first = this.CONSUME(T.Enum);
    const name = this.CONSUME(T.Identifier);
    this.CONSUME(T.LBrace);
    const members: A.Identifier[] = [];
    this.MANY_SEP({
      SEP: T.Comma,
      DEF: () => { const m = this.CONSUME2(T.Identifier); this.ACTION(() => members.push(identifier(m))); },
    });
    const last = this.CONSUME(T.RBrace);
    return this.ACTION(() => ({ kind: "enum" as const, name: identifier(name), members, range: span(first, last) }));
  });

  cardDeclaration = this.RULE("cardDeclaration", (): A.CardDeclaration => {
    const first = this.CONSUME(T.Card);
    const name = this.CONSUME(T.Identifier);
    this.CONSUME(T.LBrace);
    const fields: A.FieldDeclaration[] = [];
    const manifests: A.Manifest[] = [];
    this.MANY(() => {
      this.OR([
        { ALT: () => { const m = this.SUBRULE(this.manifest); this.ACTION(() => manifests.push(m)); } },
        {
          // A field is `name: type`; anything else ends the card (so a missing '}' is blamed there).
          GATE: () => this.LA(2).tokenType === T.Colon,
          ALT: () => {
            const field = this.CONSUME2(T.Identifier);
            this.CONSUME(T.Colon);
            const type = this.SUBRULE(this.typeReference);
            this.ACTION(() => fields.push({ name: identifier(field), type }));
          },
        },
      ]);
    });
    const last = this.CONSUME(T.RBrace);
    return this.ACTION(() => ({
      kind: "card" as const,
      name: identifier(name),
      fields,
      manifests,
      range: span(first, last),
    }));
  });

  manifest = this.RULE("manifest", (): A.Manifest => {
    const first = this.CONSUME(T.Cards);
    const binders: A.Binder[] = [];
    let condition: A.Expression | null = null;
    this.OPTION(() => {
      this.CONSUME(T.For);
      this.AT_LEAST_ONE_SEP({
        SEP: T.Comma,
        DEF: () => {
          const name = this.CONSUME(T.Identifier);
          this.CONSUME(T.In);
          const source = this.SUBRULE(this.expression);
          this.ACTION(() => binders.push({ name: identifier(name), source }));
        },
      });
      this.OPTION2(() => {
        this.CONSUME(T.Where);
        const c = this.SUBRULE2(this.expression);
        this.ACTION(() => { condition = c; });
      });
    });
    this.CONSUME(T.LBrace);
    const fields: { name: A.Identifier; value: A.Expression }[] = [];
    this.MANY_SEP({
      SEP: T.Comma,
      DEF: () => {
        const field = this.CONSUME2(T.Identifier);
        this.CONSUME(T.Colon);
        const value = this.SUBRULE3(this.expression);
        this.ACTION(() => fields.push({ name: identifier(field), value }));
      },
    });
    const last = this.CONSUME(T.RBrace);
    return this.ACTION(() => ({ binders, condition, fields, range: span(first, last) }));
  });

  typeReference = this.RULE("typeReference", (): A.TypeReference => {
    const name = this.CONSUME(T.Identifier);
    let list = false;
    this.OPTION(() => {
      this.CONSUME(T.LBracket);
      this.CONSUME(T.RBracket);
      list = true;
    });
    return this.ACTION(() => ({ name: identifier(name), list }));
  });

  functionDeclaration = this.RULE("functionDeclaration", (): A.FunctionDeclaration => {
    const first = this.CONSUME(T.Function);
    const name = this.CONSUME(T.Identifier);
    this.CONSUME(T.LParen);
    const parameters: { name: A.Identifier; type: A.TypeReference }[] = [];
    this.MANY_SEP({
      SEP: T.Comma,
      DEF: () => {
        const parameter = this.CONSUME2(T.Identifier);
        this.CONSUME(T.Colon);
        const type = this.SUBRULE(this.typeReference);
        this.ACTION(() => parameters.push({ name: identifier(parameter), type }));
      },
    });
    this.CONSUME(T.RParen);
    this.CONSUME2(T.Colon);
    const result = this.SUBRULE2(this.typeReference);
    this.CONSUME(T.Assign);
    const body = this.SUBRULE(this.expression);
    return this.ACTION(() => ({
      kind: "function" as const,
      name: identifier(name),
      parameters,
      result,
      body,
      range: span(first, body),
    }));
  });

  /** `to ZONE` or `to bottom of ZONE`. */
  destination = this.RULE("destination", (): { zone: A.Expression; atBottom: boolean } => {
    this.CONSUME(T.To);
    let atBottom = false;
    this.OPTION(() => {
      this.CONSUME(T.Bottom);
      this.CONSUME(T.Of);
      atBottom = true;
    });
    const zone = this.SUBRULE(this.expression);
    return { zone, atBottom };
  });

  visibility = this.RULE("visibility", (): A.Visibility =>
    this.OR([
      { ALT: () => { this.CONSUME(T.Public); return "public" as const; } },
      { ALT: () => { this.CONSUME(T.Owner); return "owner" as const; } },
      { ALT: () => { this.CONSUME(T.Hidden); return "hidden" as const; } },
    ]),
  );

  perPlayerDeclaration = this.RULE("perPlayerDeclaration", (): A.Declaration => {
    const per = this.CONSUME(T.Per);
    this.CONSUME(T.Player);
    return this.OR([
      { ALT: () => this.SUBRULE(this.varDeclaration, { ARGS: [per] }) },
      { ALT: () => this.SUBRULE(this.zoneDeclaration, { ARGS: [per] }) },
    ]);
  });

  varDeclaration = this.RULE("varDeclaration", (per: IToken | null): A.VarDeclaration => {
    const keyword = this.CONSUME(T.Var);
    const name = this.CONSUME(T.Identifier);
    this.CONSUME(T.Colon);
    const type = this.SUBRULE(this.typeReference);
    const visibility = this.SUBRULE(this.visibility);
    this.CONSUME(T.Assign);
    const initial = this.SUBRULE(this.expression);
    return this.ACTION(() => ({
      kind: "var" as const,
      perPlayer: per !== null,
      name: identifier(name),
      type,
      visibility,
      initial,
      range: span(per ?? keyword, initial),
    }));
  });

  zoneKind = this.RULE("zoneKind", (): A.ZoneKind =>
    this.OR([
      { ALT: () => { this.CONSUME(T.Stack); return "stack" as const; } },
      { ALT: () => { this.CONSUME(T.Row); return "row" as const; } },
      { ALT: () => { this.CONSUME(T.Pile); return "pile" as const; } },
      { ALT: () => { this.CONSUME(T.Slot); return "slot" as const; } },
    ]),
  );

  zoneDeclaration = this.RULE("zoneDeclaration", (per: IToken | null): A.ZoneDeclaration => {
    const keyword = this.CONSUME(T.Zone);
    const name = this.CONSUME(T.Identifier);
    this.CONSUME(T.Colon);
    const cardType = this.CONSUME2(T.Identifier);
    const zoneKind = this.SUBRULE(this.zoneKind);
    let last: IToken | A.Expression = cardType;
    const visibility = this.SUBRULE(this.visibility);
    let limit: A.Expression | null = null;
    let initialCards: A.Identifier | null = null;
    this.OPTION(() => {
      this.CONSUME(T.Limit);
      const value = this.SUBRULE(this.primary);
      this.ACTION(() => { limit = value; last = value; });
    });
    this.OPTION2(() => {
      this.CONSUME(T.Assign);
      this.CONSUME(T.All);
      const type = this.CONSUME3(T.Identifier);
      this.ACTION(() => { initialCards = identifier(type); last = type; });
    });
    return this.ACTION(() => ({
      kind: "zone" as const,
      perPlayer: per !== null,
      name: identifier(name),
      cardType: identifier(cardType),
      zoneKind,
      visibility,
      limit,
      initialCards,
      range: span(per ?? keyword, last),
    }));
  });

  tableDeclaration = this.RULE("tableDeclaration", (): A.TableDeclaration => {
    const first = this.CONSUME(T.Table);
    const name = this.CONSUME(T.Identifier);
    this.CONSUME(T.Colon);
    const keyType = this.SUBRULE(this.typeReference);
    this.CONSUME(T.Arrow);
    const valueType = this.SUBRULE2(this.typeReference);
    this.CONSUME(T.LBrace);
    const entries: { key: A.Expression; value: A.Expression }[] = [];
    this.MANY_SEP({
      SEP: T.Comma,
      DEF: () => {
        const key = this.SUBRULE(this.expression);
        this.CONSUME2(T.Colon);
        const value = this.SUBRULE2(this.expression);
        this.ACTION(() => entries.push({ key, value }));
      },
    });
    const last = this.CONSUME(T.RBrace);
    return this.ACTION(() => ({
      kind: "table" as const,
      name: identifier(name),
      keyType,
      valueType,
      entries,
      range: span(first, last),
    }));
  });

  conserveDeclaration = this.RULE("conserveDeclaration", (): A.ConserveDeclaration => {
    const first = this.CONSUME(T.Conserve);
    const name = this.CONSUME(T.Identifier);
    this.CONSUME(T.Colon);
    const vars: A.Identifier[] = [];
    let last: IToken = name;
    this.AT_LEAST_ONE_SEP({
      SEP: T.Comma,
      DEF: () => { const v = this.CONSUME2(T.Identifier); this.ACTION(() => { vars.push(identifier(v)); last = v; }); },
    });
    return this.ACTION(() => ({ kind: "conserve" as const, name: identifier(name), vars, range: span(first, last) }));
  });

  blockDeclaration = this.RULE("blockDeclaration", (): A.BlockDeclaration => {
    const keyword = this.OR([{ ALT: () => this.CONSUME(T.Setup) }, { ALT: () => this.CONSUME(T.Flow) }]);
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => ({
      kind: keyword.image === "setup" ? ("setup" as const) : ("flow" as const),
      body,
      range: span(keyword, body),
    }));
  });

  scoreDeclaration = this.RULE("scoreDeclaration", (): A.ScoreDeclaration => {
    const keyword = this.OR([{ ALT: () => this.CONSUME(T.Score) }, { ALT: () => this.CONSUME(T.Tiebreak) }]);
    const player = this.CONSUME(T.Identifier);
    this.CONSUME(T.Colon);
    const value = this.SUBRULE(this.expression);
    return this.ACTION(() => ({
      kind: keyword.image === "score" ? ("score" as const) : ("tiebreak" as const),
      player: identifier(player),
      value,
      range: span(keyword, value),
    }));
  });

  block = this.RULE("block", (): A.Block => {
    const first = this.CONSUME(T.LBrace);
    const statements: A.Statement[] = [];
    this.MANY({
      // A declaration keyword followed by a name starts the next declaration: the block lacks its '}'.
      GATE: () => !(DECLARATION_STARTS.has(this.LA(1).tokenType) && this.LA(2).tokenType === T.Identifier),
      DEF: () => {
        const s = this.SUBRULE(this.statement);
        this.ACTION(() => { if (s) statements.push(s); });
      },
    });
    const last = this.CONSUME(T.RBrace);
    return this.ACTION(() => ({ statements, range: span(first, last) }));
  });

  statement = this.RULE("statement", (): A.Statement =>
    this.OR([
      { ALT: () => this.SUBRULE(this.letStatement) },
      { ALT: () => this.SUBRULE(this.ifStatement) },
      { ALT: () => this.SUBRULE(this.whileStatement) },
      { ALT: () => this.SUBRULE(this.forStatement) },
      { ALT: () => this.SUBRULE(this.phaseStatement) },
      { ALT: () => this.SUBRULE(this.shuffleStatement) },
      { ALT: () => this.SUBRULE(this.dealStatement) },
      { ALT: () => this.SUBRULE(this.moveStatement) },
      { ALT: () => this.SUBRULE(this.transferStatement) },
      { ALT: () => this.SUBRULE(this.askStatement) },
      { ALT: () => this.SUBRULE(this.revealStatement) },
      { ALT: () => this.SUBRULE(this.endGameStatement) },
      { ALT: () => this.SUBRULE(this.assignStatement) },
    ]),
  );

  letStatement = this.RULE("letStatement", (): A.LetStatement => {
    const first = this.CONSUME(T.Let);
    const name = this.CONSUME(T.Identifier);
    this.CONSUME(T.Assign);
    const value = this.SUBRULE(this.expression);
    return this.ACTION(() => ({ kind: "let" as const, name: identifier(name), value, range: span(first, value) }));
  });

  assignStatement = this.RULE("assignStatement", (): A.AssignStatement => {
    const target = this.SUBRULE(this.postfix);
    const operator = this.OR([
      { ALT: () => this.CONSUME(T.Assign) },
      { ALT: () => this.CONSUME(T.PlusAssign) },
      { ALT: () => this.CONSUME(T.MinusAssign) },
      {
        // `x == 1` as a statement: say what was meant, and read on as if it were `=`.
        ALT: () => {
          const token = this.CONSUME(T.Equals);
          this.ACTION(() => this.misusedComparisons.push(token));
          return token;
        },
      },
    ]);
    const value = this.SUBRULE(this.expression);
    return this.ACTION(() => ({
      kind: "assign" as const,
      target,
      operator: (operator.image === "==" ? "=" : operator.image) as "=" | "+=" | "-=",
      value,
      range: span(target, value),
    }));
  });

  ifStatement = this.RULE("ifStatement", (): A.IfStatement => {
    const first = this.CONSUME(T.If);
    const condition = this.SUBRULE(this.expression);
    const then = this.SUBRULE(this.block);
    let otherwise: A.Block | null = null;
    this.OPTION(() => {
      this.CONSUME(T.Else);
      this.OR([
        {
          ALT: () => {
            const nested = this.SUBRULE(this.ifStatement);
            this.ACTION(() => { otherwise = { statements: [nested], range: nested.range }; });
          },
        },
        { ALT: () => { const b = this.SUBRULE2(this.block); this.ACTION(() => { otherwise = b; }); } },
      ]);
    });
    return this.ACTION(() => ({
      kind: "if" as const,
      condition,
      then,
      otherwise,
      range: span(first, otherwise ?? then),
    }));
  });

  whileStatement = this.RULE("whileStatement", (): A.WhileStatement => {
    const first = this.CONSUME(T.While);
    const condition = this.SUBRULE(this.expression);
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => ({ kind: "while" as const, condition, body, range: span(first, body) }));
  });

  forStatement = this.RULE("forStatement", (): A.ForStatement => {
    const first = this.CONSUME(T.For);
    const binder = this.CONSUME(T.Identifier);
    this.CONSUME(T.In);
    const source = this.SUBRULE(this.expression);
    let condition: A.Expression | null = null;
    let orderBy: A.Expression | null = null;
    let descending = false;
    this.OPTION(() => {
      this.CONSUME(T.Where);
      const c = this.SUBRULE2(this.expression);
      this.ACTION(() => { condition = c; });
    });
    this.OPTION2(() => {
      this.CONSUME(T.By);
      const key = this.SUBRULE3(this.expression);
      this.ACTION(() => { orderBy = key; });
      this.OPTION3(() => {
        this.OR([
          { ALT: () => this.CONSUME(T.Ascending) },
          { ALT: () => { this.CONSUME(T.Descending); this.ACTION(() => { descending = true; }); } },
        ]);
      });
    });
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => ({
      kind: "for" as const,
      binder: identifier(binder),
      source,
      condition,
      orderBy,
      descending,
      body,
      range: span(first, body),
    }));
  });

  phaseStatement = this.RULE("phaseStatement", (): A.PhaseStatement => {
    const first = this.CONSUME(T.Phase);
    const name = this.CONSUME(T.Identifier);
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => ({ kind: "phase" as const, name: identifier(name), body, range: span(first, body) }));
  });

  shuffleStatement = this.RULE("shuffleStatement", (): A.ShuffleStatement => {
    const first = this.CONSUME(T.Shuffle);
    const zone = this.SUBRULE(this.expression);
    return this.ACTION(() => ({ kind: "shuffle" as const, zone, range: span(first, zone) }));
  });

  dealStatement = this.RULE("dealStatement", (): A.DealStatement => {
    const first = this.CONSUME(T.Deal);
    const count = this.SUBRULE(this.expression);
    this.CONSUME(T.From);
    const from = this.SUBRULE2(this.expression);
    const to = this.SUBRULE(this.destination);
    return this.ACTION(() => ({
      kind: "deal" as const,
      count,
      from,
      to: to.zone,
      atBottom: to.atBottom,
      range: span(first, to.zone),
    }));
  });

  moveStatement = this.RULE("moveStatement", (): A.MoveStatement | A.MoveAllStatement => {
    const first = this.CONSUME(T.Move);
    return this.OR([
      {
        ALT: () => {
          this.CONSUME(T.All);
          const from = this.SUBRULE(this.expression);
          const to = this.SUBRULE(this.destination);
          return this.ACTION(() => ({
            kind: "move-all" as const,
            from,
            to: to.zone,
            atBottom: to.atBottom,
            range: span(first, to.zone),
          }));
        },
      },
      {
        ALT: () => {
          const card = this.SUBRULE3(this.expression);
          const to = this.SUBRULE2(this.destination);
          return this.ACTION(() => ({
            kind: "move" as const,
            card,
            to: to.zone,
            atBottom: to.atBottom,
            range: span(first, to.zone),
          }));
        },
      },
    ]) as A.MoveStatement;
  });

  transferStatement = this.RULE("transferStatement", (): A.TransferStatement => {
    const first = this.CONSUME(T.Transfer);
    const amount = this.SUBRULE(this.expression);
    this.CONSUME(T.From);
    const from = this.SUBRULE2(this.expression);
    this.CONSUME(T.To);
    const to = this.SUBRULE3(this.expression);
    return this.ACTION(() => ({ kind: "transfer" as const, amount, from, to, range: span(first, to) }));
  });

  revealStatement = this.RULE("revealStatement", (): A.RevealStatement => {
    const first = this.CONSUME(T.Reveal);
    const card = this.SUBRULE(this.expression);
    this.CONSUME(T.To);
    const player = this.SUBRULE2(this.expression);
    return this.ACTION(() => ({ kind: "reveal" as const, card, player, range: span(first, player) }));
  });

  endGameStatement = this.RULE("endGameStatement", (): A.EndGameStatement => {
    const first = this.CONSUME(T.End);
    const last = this.CONSUME(T.Game);
    return this.ACTION(() => ({ kind: "end-game" as const, range: span(first, last) }));
  });

  askStatement = this.RULE("askStatement", (): A.AskStatement => {
    let player: A.Expression | null = null;
    let each: { binder: A.Identifier; source: A.Expression } | null = null;
    let race = false;
    const first = this.OR1([
      { ALT: () => this.CONSUME(T.Ask) },
      {
        ALT: () => {
          const keyword = this.CONSUME(T.Race);
          const binder = this.CONSUME3(T.Identifier);
          this.CONSUME2(T.In);
          const source = this.SUBRULE3(this.expression);
          this.ACTION(() => { each = { binder: identifier(binder), source }; race = true; });
          return keyword;
        },
      },
    ]);
    this.OPTION({ GATE: () => !race, DEF: () => this.OR2([
      {
        ALT: () => {
          this.CONSUME(T.Each);
          const binder = this.CONSUME(T.Identifier);
          this.CONSUME(T.In);
          const source = this.SUBRULE(this.expression);
          this.ACTION(() => { each = { binder: identifier(binder), source }; });
        },
      },
      { ALT: () => { const p = this.SUBRULE2(this.expression); this.ACTION(() => { player = p; }); } },
    ]) });
    this.CONSUME(T.LBrace);
    const options: A.MoveOptionDeclaration[] = [];
    this.MANY(() => { const o = this.SUBRULE(this.moveOption); this.ACTION(() => options.push(o)); });
    const last = this.CONSUME(T.RBrace);
    return this.ACTION(() => {
      // Every racer may also decline; the race supplies that option itself.
      if (race) options.push(declineOption(last));
      return { kind: "ask" as const, player, each, race, options, range: span(first, last) };
    });
  });

  moveOption = this.RULE("moveOption", (): A.MoveOptionDeclaration => {
    const name = this.CONSUME(T.Identifier);
    const parameters: A.ParameterDeclaration[] = [];
    this.OPTION(() => {
      this.CONSUME(T.LParen);
      this.MANY_SEP({
        SEP: T.Comma,
        DEF: () => {
          const parameter = this.CONSUME2(T.Identifier);
          this.CONSUME(T.In);
          const domain = this.SUBRULE(this.expression);
          this.ACTION(() => parameters.push({ name: identifier(parameter), domain }));
        },
      });
      this.CONSUME(T.RParen);
    });
    const requirements: { condition: A.Expression; reason: string; range: A.SourceRange }[] = [];
    this.MANY(() => {
      const keyword = this.CONSUME(T.Require);
      const condition = this.SUBRULE2(this.expression);
      this.CONSUME(T.Else);
      const reason = this.CONSUME(T.StringLiteral);
      this.ACTION(() => requirements.push({ condition, reason: unquote(reason), range: span(keyword, reason) }));
    });
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => ({ name: identifier(name), parameters, requirements, body, range: span(name, body) }));
  });

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
            const index = this.SUBRULE(this.expression);
            const last = this.CONSUME(T.RBracket);
            this.ACTION(() => { result = { kind: "index", target: result, index, range: span(result, last) }; });
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
          this.CONSUME(T.LParen);
          const inner = this.SUBRULE(this.expression);
          this.CONSUME(T.RParen);
          return inner;
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
    const callee = this.CONSUME(T.Identifier);
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

const parser = new RulesParser();

export interface SyntaxError {
  readonly message: string;
  readonly range: A.SourceRange;
  readonly code: "syntax/unexpected-token" | "syntax/unknown-character" | "syntax/unterminated-string";
}

/** Parses one rules file. The AST is partial when there are errors (recovery fills what it can). */
export function parseRules(text: string, file: string): { program: A.Program; errors: SyntaxError[] } {
  const lexed = T.rulesLexer.tokenize(text);
  const errors: SyntaxError[] = lexed.errors.map((error) => {
    const start = { offset: error.offset, line: error.line ?? 1, column: error.column ?? 1 };
    return {
      code: "syntax/unknown-character" as const,
      message: `unexpected character '${text.slice(error.offset, error.offset + error.length)}'`,
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
  }
  if (errors.some((e) => e.code === "syntax/unterminated-string")) {
    return { program: { file, game: null, declarations: [] }, errors };
  }
  parser.file = file;
  parser.misusedComparisons = [];
  parser.input = lexed.tokens;
  const program = parser.program();
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
  return { program: program ?? { file, game: null, declarations: [] }, errors };
}

function lastToken(tokens: IToken[]): IToken | undefined {
  return tokens[tokens.length - 1];
}

function endOfText(text: string): A.SourceRange {
  const lines = text.split("\n");
  const position = { offset: text.length, line: lines.length, column: (lines[lines.length - 1]?.length ?? 0) + 1 };
  return { start: position, end: position };
}
