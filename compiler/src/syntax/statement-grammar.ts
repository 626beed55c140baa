// The statement grammar: blocks, the statements of setup and flow, and decisions with their options.
import type { IToken } from "chevrotain";
import * as T from "./lexer.js";
import type * as A from "./ast.js";
import { ExpressionGrammar } from "./expression-grammar.js";
import { DECLARATION_STARTS, declineOption, identifier, span, windowLoop } from "./parser-support.js";
import { reasonFromToken, type InterpolationError } from "./interpolation.js";
import { isName, pauseAsk } from "./pause.js";
import { DEFAULT_COUNTERS, MAX_COUNTERS, type NegotiationParts } from "./negotiation.js";

export class StatementGrammar extends ExpressionGrammar {
  /** `==` written where a statement assigns; reported after parsing. */
  misusedComparisons: IToken[] = [];
  /** Expressions written alone as statements, which do nothing; reported after parsing. */
  bareExpressions: A.Expression[] = [];
  /** `per Deed zone ...`: reported after parsing (a zone cannot belong to a card). */
  perCardZones: A.SourceRange[] = [];
  /** `per player per Field zone ...`: reported after parsing (only a variable is kept per pair). */
  perPairZones: A.SourceRange[] = [];
  /**
   * Reasons met, their `{...}` parts still to parse: they are parsed after the file (fillReasons),
   * on a shallow stack, not from inside a rule that may already be deep.
   */
  pendingReasons: { token: IToken; reason: A.ReasonText }[] = [];
  /** Windows parsed so far in this file: each gets its own hidden flag. Reset for every file
   *  (parseRules), so that a flag's name depends on the file alone, never on what was parsed before. */
  windowsSeen = 0;
  pausesSeen = 0;
  /** Negotiations parsed so far, written out once the file's reasons are filled in (expandNegotiation). */
  pendingNegotiations: NegotiationParts[] = [];
  /** Mistakes in a negotiation's shape, reported after parsing with their own codes. */
  negotiationErrors: { code: "syntax/negotiation-terms" | "syntax/negotiation-counters"; message: string; range: A.SourceRange }[] = [];

  /** A reason from its string token, its parts filled in by fillReasons once the file is parsed. */
  protected reasonText(token: IToken): A.ReasonText {
    const reason: A.ReasonText = { parts: [], range: span(token, token) };
    this.pendingReasons.push({ token, reason });
    return reason;
  }

  /** Parses the `{...}` parts of every reason met; returns the mistakes found in them. */
  fillReasons(): InterpolationError[] {
    const errors: InterpolationError[] = [];
    for (const { token, reason } of this.pendingReasons) {
      const parsed = reasonFromToken(token);
      (reason.parts as (string | A.Expression)[]).push(...parsed.reason.parts);
      errors.push(...parsed.errors);
    }
    this.pendingReasons = [];
    return errors;
  }

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
      { ALT: () => this.SUBRULE(this.windowStatement) },
      { ALT: () => this.SUBRULE(this.negotiateStatement) },
      { ALT: () => this.SUBRULE(this.revealStatement) },
      { ALT: () => this.SUBRULE(this.concealStatement) },
      { ALT: () => this.SUBRULE(this.sayStatement) },
      { ALT: () => this.SUBRULE(this.endGameStatement) },
      // `pause` is a soft keyword: a variable called pause is still assigned (`pause = 1`).
      {
        GATE: () => this.LA(1).tokenType === T.Pause && ![T.Assign, T.PlusAssign, T.MinusAssign, T.LParen, T.LBracket, T.Dot].includes(this.LA(2).tokenType),
        IGNORE_AMBIGUITIES: true,
        ALT: () => this.SUBRULE(this.pauseStatement),
      },
      { ALT: () => this.SUBRULE(this.assignStatement) },
    ]),
  );

  letStatement = this.RULE("letStatement", (): A.LetStatement => {
    const first = this.CONSUME(T.Let);
    const name = this.CONSUME(T.Identifier);
    // `let leader: player = 0`: a type name, where the value's own type is not the one meant.
    let type: A.TypeReference | null = null;
    this.OPTION(() => {
      this.CONSUME(T.Colon);
      const typeName = this.CONSUME2(T.Identifier);
      let list = false;
      this.OPTION2(() => {
        this.CONSUME(T.LBracket);
        this.CONSUME(T.RBracket);
        list = true;
      });
      this.ACTION(() => (type = { name: identifier(typeName), list }));
    });
    this.CONSUME(T.Assign);
    const value = this.SUBRULE(this.expression);
    return this.ACTION(() => ({ kind: "let" as const, name: identifier(name), type, value, range: span(first, value) }));
  });

  /** An assignment, or a procedure's call: both start with an expression. */
  assignStatement = this.RULE("assignStatement", (): A.AssignStatement | A.CallStatement => {
    const target = this.SUBRULE(this.postfix);
    // `swap(active, target)` alone on its line is a procedure's call: no assignment operator follows.
    // (While Chevrotain records the grammar, nothing is parsed: the assignment is what it records.)
    if (!this.RECORDING_PHASE && ![T.Assign, T.PlusAssign, T.MinusAssign, T.Equals].includes(this.LA(1).tokenType)) {
      // Error recovery may leave the expression out (`( 0 == )`); its syntax error is already recorded.
      if (target === undefined) return { kind: "call", callee: { name: "", range: span(this.LA(0), this.LA(0)) }, args: [], range: span(this.LA(0), this.LA(0)) };
      if (target.kind === "call") return { kind: "call", callee: target.callee, args: target.args, range: target.range };
      this.bareExpressions.push(target);
      return { kind: "call", callee: { name: "", range: target.range }, args: [], range: target.range };
    }
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
            this.ACTION(() => { otherwise = { statements: [nested], range: span(nested, nested) }; });
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
    // `move all (...)` is always `move all`: the aggregate `all(...)` is a flag, never a card to move.
    return this.OR({ IGNORE_AMBIGUITIES: true, DEF: [
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
    ] }) as A.MoveStatement;
  });

  transferStatement = this.RULE("transferStatement", (): A.TransferStatement => {
    const first = this.CONSUME(T.Transfer);
    let upTo = false;
    // `transfer up to N`: `up` followed by `to` (a name `up` would be followed by an operator or `from`).
    this.OPTION({
      GATE: () => this.LA(1).tokenType === T.Up && this.LA(2).tokenType === T.To,
      DEF: () => {
        this.CONSUME(T.Up);
        this.CONSUME2(T.To);
        upTo = true;
      },
    });
    const amount = this.SUBRULE(this.expression);
    this.CONSUME(T.From);
    const from = this.SUBRULE2(this.expression);
    this.CONSUME(T.To);
    const to = this.SUBRULE3(this.expression);
    let why: IToken | null = null;
    this.OPTION2(() => { const token = this.CONSUME(T.StringLiteral); this.ACTION(() => { why = token; }); });
    return this.ACTION(() => ({
      kind: "transfer" as const,
      upTo,
      amount,
      from,
      to,
      why: why ? this.reasonText(why) : null,
      range: span(first, why ?? to),
    }));
  });

  revealStatement = this.RULE("revealStatement", (): A.RevealStatement => {
    const first = this.CONSUME(T.Reveal);
    const card = this.SUBRULE(this.expression);
    this.CONSUME(T.To);
    const player = this.SUBRULE2(this.expression);
    return this.ACTION(() => ({ kind: "reveal" as const, card, player, range: span(first, player) }));
  });

  concealStatement = this.RULE("concealStatement", (): A.ConcealStatement => {
    const first = this.CONSUME(T.Conceal);
    const card = this.SUBRULE(this.expression);
    this.CONSUME(T.From);
    const player = this.SUBRULE2(this.expression);
    return this.ACTION(() => ({ kind: "conceal" as const, card, player, range: span(first, player) }));
  });

  sayStatement = this.RULE("sayStatement", (): A.SayStatement => {
    const first = this.CONSUME(T.Say);
    const text = this.CONSUME(T.StringLiteral);
    let to: A.Expression | null = null;
    this.OPTION(() => {
      this.CONSUME(T.To);
      const player = this.SUBRULE(this.expression);
      this.ACTION(() => { to = player; });
    });
    return this.ACTION(() => ({ kind: "say" as const, text: this.reasonText(text), to, range: span(first, to ?? text) }));
  });

  /** `pause [for SEATS] ["label"]`: every seat named acknowledges (`continue`) before the flow goes on. */
  pauseStatement = this.RULE("pauseStatement", (): A.AskStatement => {
    const first = this.CONSUME(T.Pause);
    const found: { seats: A.Expression | null; label: IToken | null } = { seats: null, label: null };
    // `pause` then a loop on the next line (`for c in out {`) is a pause for every seat, then the loop.
    this.OPTION({
      GATE: () => !(isName(this.LA(2).tokenType) && this.LA(3).tokenType === T.In),
      DEF: () => {
        this.CONSUME(T.For);
        const s = this.SUBRULE(this.expression);
        this.ACTION(() => { found.seats = s; });
      },
    });
    this.OPTION2(() => { found.label = this.CONSUME(T.StringLiteral); });
    return this.ACTION(() => {
      const { seats, label } = found;
      return pauseAsk({ keyword: first, seats, label: label ? this.reasonText(label) : null, last: label ?? seats ?? first, n: this.pausesSeen++ });
    });
  });

  endGameStatement = this.RULE("endGameStatement", (): A.EndGameStatement => {
    const first = this.CONSUME(T.End);
    const last = this.CONSUME(T.Game);
    return this.ACTION(() => ({ kind: "end-game" as const, range: span(first, last) }));
  });

  askStatement = this.RULE("askStatement", (): A.AskStatement => {
    let player: A.Expression | null = null;
    let each: { binder: A.Identifier; source: A.Expression; condition: A.Expression | null } | null = null;
    let race = false;
    const first = this.OR1([
      { ALT: () => this.CONSUME(T.Ask) },
      {
        ALT: () => {
          const keyword = this.CONSUME(T.Race);
          const binder = this.CONSUME3(T.Identifier);
          this.CONSUME2(T.In);
          const source = this.SUBRULE3(this.expression);
          let condition: A.Expression | null = null;
          this.OPTION3(() => { this.CONSUME(T.Where); const c = this.SUBRULE4(this.expression); this.ACTION(() => { condition = c; }); });
          this.ACTION(() => { each = { binder: identifier(binder), source, condition }; race = true; });
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
          let condition: A.Expression | null = null;
          this.OPTION4(() => { this.CONSUME2(T.Where); const c = this.SUBRULE5(this.expression); this.ACTION(() => { condition = c; }); });
          this.ACTION(() => { each = { binder: identifier(binder), source, condition }; });
        },
      },
      { ALT: () => { const p = this.SUBRULE2(this.expression); this.ACTION(() => { player = p; }); } },
    ]) });
    this.CONSUME(T.LBrace);
    let others: { binder: A.Identifier; requirements: A.Requirement[] } | null = null;
    // `others q require COND else "reason"`: an option cannot be named `others q`, so the name after it tells.
    this.OPTION2({
      GATE: () => this.LA(1).tokenType === T.Others && this.LA(2).tokenType !== T.LParen && this.LA(2).tokenType !== T.Require && this.LA(2).tokenType !== T.LBrace && this.LA(2).tokenType !== T.Otherwise,
      DEF: () => {
        this.CONSUME(T.Others);
        const binder = this.CONSUME4(T.Identifier);
        const requirements: A.Requirement[] = [];
        this.AT_LEAST_ONE(() => { const r = this.SUBRULE(this.requirement); this.ACTION(() => requirements.push(r)); });
        this.ACTION(() => { others = { binder: identifier(binder), requirements }; });
      },
    });
    const options: A.MoveOptionDeclaration[] = [];
    // Error recovery may give back no option (its syntax error is already recorded).
    this.MANY(() => { const o = this.SUBRULE(this.moveOption); this.ACTION(() => { if (o) options.push(o); }); });
    const last = this.CONSUME(T.RBrace);
    return this.ACTION(() => {
      // Every racer may also decline; the race supplies that option itself.
      if (race) options.push(declineOption(last, !options.some((option) => option.isDefault)));
      return { kind: "ask" as const, player, each, race, window: false, others, options, range: span(first, last) };
    });
  });

  /** `window p in COLL [where COND] { options }`: decisions out of turn. Written out here as the loop it
   *  means (see `windowLoop`), so that the checker, lowering and emitter see only `for`, `while` and `ask`. */
  windowStatement = this.RULE("windowStatement", (): A.ForStatement => {
    const first = this.CONSUME(T.Window);
    const binder = this.CONSUME(T.Identifier);
    this.CONSUME(T.In);
    const source = this.SUBRULE(this.expression);
    let condition: A.Expression | null = null;
    this.OPTION(() => {
      this.CONSUME(T.Where);
      const c = this.SUBRULE2(this.expression);
      this.ACTION(() => { condition = c; });
    });
    this.CONSUME(T.LBrace);
    const options: A.MoveOptionDeclaration[] = [];
    // Error recovery may give back no option (its syntax error is already recorded).
    this.MANY(() => { const o = this.SUBRULE(this.moveOption); this.ACTION(() => { if (o) options.push(o); }); });
    const last = this.CONSUME(T.RBrace);
    return this.ACTION(() => windowLoop({ keyword: first, binder: identifier(binder), source, condition, options, last }, this.windowsSeen++));
  });

  /** `negotiate A with B [counters N] { terms(...) { deal } }`: offers and counter-offers, written out as
   *  the asks they mean once the file is parsed (see `expandNegotiation`). */
  negotiateStatement = this.RULE("negotiateStatement", (): A.AskStatement => {
    const first = this.CONSUME(T.Negotiate);
    const proposer = this.SUBRULE(this.expression);
    this.CONSUME(T.With);
    const partner = this.SUBRULE2(this.expression);
    let counters: IToken | null = null;
    this.OPTION({
      GATE: () => this.LA(1).image === "counters",
      DEF: () => {
        this.CONSUME(T.Identifier);
        const n = this.CONSUME(T.IntegerLiteral);
        this.ACTION(() => { counters = n; });
      },
    });
    this.CONSUME(T.LBrace);
    const options: A.MoveOptionDeclaration[] = [];
    // Error recovery may leave an option out: only whole ones count.
    this.MANY(() => { const o = this.SUBRULE(this.moveOption); this.ACTION(() => { if (o?.name && o.body) options.push(o); }); });
    const last = this.CONSUME(T.RBrace);
    return this.ACTION(() => {
      const range = span(first, last);
      const ask: A.AskStatement = { kind: "ask", player: proposer, each: null, race: false, window: false, others: null, options: [], range };
      const bound = counters === null ? DEFAULT_COUNTERS : Number((counters as IToken).image);
      if (counters !== null && bound > MAX_COUNTERS) {
        const token = counters as IToken;
        this.negotiationErrors.push({ code: "syntax/negotiation-counters", message: `a negotiation allows at most ${MAX_COUNTERS} counters (each one writes the terms and the deal out again); ${bound} is too many`, range: span(token, token) });
      }
      // `refuse { ... }` (no parameters) says what a refusal does besides ending the negotiation.
      const refusal = options.find((o) => o.name.name === "refuse" && o.parameters.length === 0) ?? null;
      if (refusal) options.splice(options.indexOf(refusal), 1);
      if (options.length !== 1) {
        this.negotiationErrors.push({
          code: "syntax/negotiation-terms",
          message: options.length === 0
            ? "a negotiation needs its terms: one option whose parameters say what changes hands, as in trade(give in subset(hand[a]), take in subset(hand[b])) { ... }"
            : `a negotiation has one option, its terms (accept, refuse and counters come with it); found ${options.length}: ${options.map((o) => o.name.name).join(", ")}`,
          range: options.length === 0 ? range : options[1]!.name.range,
        });
      }
      const reserved = options.find((o) => o.name.name === "accept" || o.name.name === "refuse");
      if (reserved) {
        const message = reserved.name.name === "accept"
          ? "every negotiation already has 'accept', which runs the terms' body: name the terms after what they do, as in trade(...)"
          : "'refuse' takes no parameters: it says what a refusal does (refuse { say \"...\" }); name the terms after what they do";
        this.negotiationErrors.push({ code: "syntax/negotiation-terms", message, range: reserved.name.range });
      }
      if (options.length >= 1 && !reserved && proposer && partner) this.pendingNegotiations.push({ keyword: first, proposer, partner, counters: bound, terms: options[0]!, refusal, ask });
      return ask;
    });
  });

  moveOption = this.RULE("moveOption", (): A.MoveOptionDeclaration => {
    // `default pass { … }`; an option may still be named `default` (`default { … }`, `default(x in …)`).
    let isDefault = false;
    this.OPTION5({
      GATE: () =>
        this.LA(1).tokenType === T.Default &&
        ![T.LParen, T.LBrace, T.Require, T.Otherwise, T.Prefer, T.StringLiteral].includes(this.LA(2).tokenType),
      DEF: () => {
        this.CONSUME(T.Default);
        isDefault = true;
      },
    });
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
          let condition: A.Expression | null = null;
          let emptyReason: A.ReasonText | null = null;
          this.OPTION2(() => {
            this.CONSUME(T.Where);
            const c = this.SUBRULE4(this.expression);
            this.ACTION(() => { condition = c; });
          });
          this.OPTION3(() => {
            this.CONSUME(T.Else);
            const reason = this.CONSUME2(T.StringLiteral);
            this.ACTION(() => { emptyReason = this.reasonText(reason); });
          });
          this.ACTION(() => parameters.push({ name: identifier(parameter), domain, condition, emptyReason }));
        },
      });
      this.CONSUME(T.RParen);
    });
    let label: A.ReasonText | null = null;
    this.OPTION4(() => { const token = this.CONSUME3(T.StringLiteral); this.ACTION(() => { label = this.reasonText(token); }); });
    const requirements: A.Requirement[] = [];
    let otherwise: A.ReasonText | null = null;
    let preference: A.Expression | null = null;
    this.MANY(() => {
      this.OR([
        { ALT: () => { const r = this.SUBRULE(this.requirement); this.ACTION(() => requirements.push(r)); } },
        {
          ALT: () => {
            this.CONSUME(T.Prefer);
            const weight = this.SUBRULE5(this.expression);
            this.ACTION(() => { preference = weight; });
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.Otherwise);
            const reason = this.CONSUME(T.StringLiteral);
            this.ACTION(() => { otherwise = this.reasonText(reason); });
          },
        },
      ]);
    });
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => ({ name: identifier(name), isDefault, parameters, label, requirements, otherwise, ...(preference ? { preference } : {}), body, range: span(name, body) }));
  });

  /** `require COND else "reason"`. */
  requirement = this.RULE("requirement", (): A.Requirement => {
    const keyword = this.CONSUME(T.Require);
    const condition = this.SUBRULE(this.expression);
    this.CONSUME(T.Else);
    const reason = this.CONSUME(T.StringLiteral);
    return this.ACTION(() => ({ condition, reason: this.reasonText(reason), range: span(keyword, reason) }));
  });
}
