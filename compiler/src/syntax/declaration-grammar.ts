// The grammar of a rules file's declarations: enums, cards and their manifests, variables (shared, per
// player, per card, per pair), zones, tables, conserved totals, setup and flow blocks, scores, functions
// and procedures. The game header and the file as a whole are in parser.ts.
import type { IToken } from "chevrotain";
import * as T from "./lexer.js";
import type * as A from "./ast.js";
import { StatementGrammar } from "./statement-grammar.js";
import { identifier, span, unquote } from "./parser-support.js";

export class DeclarationGrammar extends StatementGrammar {
  enumDeclaration = this.RULE("enumDeclaration", (): A.EnumDeclaration => {
    const first = this.CONSUME(T.Enum);
    const name = this.CONSUME(T.Identifier);
    this.CONSUME(T.LBrace);
    const members: A.Identifier[] = [];
    const labels: (string | null)[] = [];
    this.MANY_SEP({
      SEP: T.Comma,
      DEF: () => {
        const m = this.CONSUME2(T.Identifier);
        let label: string | null = null;
        this.OPTION(() => { const token = this.CONSUME(T.StringLiteral); this.ACTION(() => { label = unquote(token); }); });
        this.ACTION(() => { members.push(identifier(m)); labels.push(label); });
      },
    });
    const last = this.CONSUME(T.RBrace);
    return this.ACTION(() => ({ kind: "enum" as const, name: identifier(name), members, labels, range: span(first, last) }));
  });

  cardDeclaration = this.RULE("cardDeclaration", (): A.CardDeclaration => {
    const first = this.CONSUME(T.Card);
    const name = this.CONSUME(T.Identifier);
    this.CONSUME(T.LBrace);
    const fields: A.FieldDeclaration[] = [];
    const manifests: A.Manifest[] = [];
    const presentation: { name: A.ReasonText | null; text: A.ReasonText | null } = { name: null, text: null };
    this.MANY(() => {
      this.OR([
        { ALT: () => { const m = this.SUBRULE(this.manifest); this.ACTION(() => manifests.push(m)); } },
        {
          // `name "…"` or `text "…"`: the type's name or text template (a field `name: int` has a colon).
          GATE: () => this.LA(2).tokenType === T.StringLiteral,
          ALT: () => this.SUBRULE(this.cardPresentation, { ARGS: [presentation] }),
        },
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
      presentation,
      range: span(first, last),
    }));
  });

  /** `name "template"` or `text "template"`, into the card's (or a manifest line's) presentation. */
  cardPresentation = this.RULE("cardPresentation", (into: { name: A.ReasonText | null; text: A.ReasonText | null }): void => {
    this.OR([
      { ALT: () => { this.CONSUME(T.Name); const t = this.CONSUME(T.StringLiteral); this.ACTION(() => { into.name = this.reasonText(t); }); } },
      { ALT: () => { this.CONSUME(T.Text); const t = this.CONSUME2(T.StringLiteral); this.ACTION(() => { into.text = this.reasonText(t); }); } },
    ]);
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
    const presentation: { name: A.ReasonText | null; text: A.ReasonText | null } = { name: null, text: null };
    this.MANY2({
      GATE: () => (this.LA(1).tokenType === T.Name || this.LA(1).tokenType === T.Text) && this.LA(2).tokenType === T.StringLiteral,
      DEF: () => this.SUBRULE(this.cardPresentation, { ARGS: [presentation] }),
    });
    return this.ACTION(() => ({ binders, condition, fields, presentation, range: span(first, last) }));
  });

  typeReference = this.RULE("typeReference", (): A.TypeReference =>
    this.OR([
      {
        ALT: () => {
          const name = this.CONSUME(T.Identifier);
          let list = false;
          this.OPTION(() => {
            this.CONSUME(T.LBracket);
            this.CONSUME(T.RBracket);
            list = true;
          });
          return this.ACTION(() => ({ name: identifier(name), list }));
        },
      },
      {
        // `(Colour, int)`: a table's key made of two values.
        ALT: () => {
          const first = this.CONSUME(T.LParen);
          const elements: A.TypeReference[] = [];
          this.AT_LEAST_ONE_SEP({
            SEP: T.Comma,
            // Recovery may leave an element out: only those parsed are kept.
            DEF: () => { const e = this.SUBRULE(this.typeReference); this.ACTION(() => { if (e) elements.push(e); }); },
          });
          const last = this.CONSUME(T.RParen);
          return this.ACTION(() => ({
            name: { name: `(${elements.map((e) => e.name.name).join(", ")})`, range: span(first, last) },
            list: false,
            elements,
          }));
        },
      },
    ]),
  );

  /** `(name: Type, ...)`: the parameters of a function or a procedure. */
  parameterList = this.RULE("parameterList", (): { name: A.Identifier; type: A.TypeReference }[] => {
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
    return parameters;
  });

  functionDeclaration = this.RULE("functionDeclaration", (): A.FunctionDeclaration => {
    const first = this.CONSUME(T.Function);
    const name = this.CONSUME(T.Identifier);
    const parameters = this.SUBRULE(this.parameterList);
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

  procedureDeclaration = this.RULE("procedureDeclaration", (): A.ProcedureDeclaration => {
    const first = this.CONSUME(T.Procedure);
    const name = this.CONSUME(T.Identifier);
    const parameters = this.SUBRULE(this.parameterList);
    const body = this.SUBRULE(this.block);
    return this.ACTION(() => ({ kind: "procedure" as const, name: identifier(name), parameters, body, range: span(first, body) }));
  });


  visibility = this.RULE("visibility", (): A.Visibility =>
    this.OR([
      { ALT: () => { this.CONSUME(T.Public); return "public" as const; } },
      { ALT: () => { this.CONSUME(T.Owner); return "owner" as const; } },
      { ALT: () => { this.CONSUME(T.Others); return "others" as const; } },
      { ALT: () => { this.CONSUME(T.Open); return "open" as const; } },
      { ALT: () => { this.CONSUME(T.Hidden); return "hidden" as const; } },
    ]),
  );

  /** `per player var|zone ...`, or `per CardType var ...` (one value per card of that type). */
  perPlayerDeclaration = this.RULE("perPlayerDeclaration", (): A.Declaration => {
    const per = this.CONSUME(T.Per);
    // `player` is a soft keyword, so it is also a name: the gate gives it to the per-player branch.
    return this.OR({ IGNORE_AMBIGUITIES: true, DEF: [
      {
        GATE: () => this.LA(1).tokenType === T.Player,
        ALT: () => {
          this.CONSUME(T.Player);
          // `per player per Field var ...`: one value per seat and member (pairs.ts in the checker).
          let perKey: IToken | null = null;
          this.OPTION(() => {
            this.CONSUME2(T.Per);
            const key = this.CONSUME2(T.Identifier);
            this.ACTION(() => { perKey = key; });
          });
          const declaration = this.OR2([
            { ALT: () => this.SUBRULE(this.varDeclaration, { ARGS: [per, null] }) },
            { ALT: () => this.SUBRULE(this.zoneDeclaration, { ARGS: [per] }) },
          ]);
          return this.ACTION(() => {
            if (perKey === null || !declaration) return declaration;
            if (declaration.kind !== "var") {
              this.perPairZones.push(declaration.range);
              return declaration;
            }
            return { ...declaration, perKey: identifier(perKey) };
          });
        },
      },
      {
        ALT: () => {
          const cardType = this.CONSUME(T.Identifier);
          return this.OR3([
            { ALT: () => this.SUBRULE2(this.varDeclaration, { ARGS: [per, cardType] }) },
            {
              // Parsed so that the mistake is named: a card holds values, never cards.
              ALT: () => {
                const zone = this.SUBRULE2(this.zoneDeclaration, { ARGS: [per] });
                this.ACTION(() => this.perCardZones.push(zone.range));
                return zone;
              },
            },
          ]);
        },
      },
    ] });
  });

  varDeclaration = this.RULE("varDeclaration", (per: IToken | null, perCard: IToken | null): A.VarDeclaration => {
    const keyword = this.CONSUME(T.Var);
    const name = this.CONSUME(T.Identifier);
    this.CONSUME(T.Colon);
    const type = this.SUBRULE(this.typeReference);
    const visibility = this.SUBRULE(this.visibility);
    this.CONSUME(T.Assign);
    const initial = this.SUBRULE(this.expression);
    let label: IToken | null = null;
    this.OPTION(() => { const token = this.CONSUME(T.StringLiteral); this.ACTION(() => { label = token; }); });
    let shown: A.VarShown | null = null;
    let on: A.Identifier | null = null;
    let unit: A.VarDeclaration["unit"] = null;
    let last: IToken | A.Expression | A.VarShown = label ?? initial;
    this.MANY(() => {
      this.OR([
        { ALT: () => { const t = this.CONSUME(T.Bookkeeping); this.ACTION(() => { shown = { kind: "bookkeeping", range: span(t, t) }; last = t; }); } },
        { ALT: () => { const s = this.SUBRULE(this.varShown); this.ACTION(() => { shown = s; last = s; }); } },
        {
          ALT: () => {
            this.CONSUME(T.On);
            const zone = this.CONSUME2(T.Identifier);
            this.ACTION(() => { on = identifier(zone); last = zone; });
          },
        },
        {
          ALT: () => {
            const keyword = this.CONSUME(T.Unit);
            const text = this.CONSUME2(T.StringLiteral);
            this.ACTION(() => { unit = { text: unquote(text), range: span(keyword, text) }; last = text; });
          },
        },
      ]);
    });
    return this.ACTION(() => ({
      kind: "var" as const,
      perPlayer: per !== null && perCard === null,
      perCard: perCard ? identifier(perCard) : null,
      name: identifier(name),
      type,
      visibility,
      initial,
      label: label ? unquote(label) : null,
      shown,
      on,
      unit,
      range: span(per ?? keyword, last),
    }));
  });

  /** `shown [as "template"] [when COND]`: the variable is on the table only while COND holds, as that line. */
  varShown = this.RULE("varShown", (): A.VarShown => {
    const keyword = this.CONSUME(T.Shown);
    let template: A.ReasonText | null = null;
    let condition: A.Expression | null = null;
    let last: IToken | A.Expression = keyword;
    this.OPTION(() => {
      this.CONSUME(T.As);
      const t = this.CONSUME(T.StringLiteral);
      this.ACTION(() => { template = this.reasonText(t); last = t; });
    });
    this.OPTION2(() => {
      this.CONSUME(T.When);
      const c = this.SUBRULE(this.expression);
      this.ACTION(() => { condition = c; last = c; });
    });
    return this.ACTION(() => ({ kind: "shown" as const, template, condition, range: span(keyword, last) }));
  });

  /** `layout KIND [by FIELD] [with Type.field]`. */
  zoneLayout = this.RULE("zoneLayout", (): A.ZoneLayoutDeclaration => {
    const keyword = this.CONSUME(T.Layout);
    const kind = this.CONSUME(T.Identifier);
    let by: A.Identifier | null = null;
    let withCards: { type: A.Identifier; field: A.Identifier } | null = null;
    let last: IToken = kind;
    this.OPTION(() => {
      this.CONSUME(T.By);
      const field = this.CONSUME2(T.Identifier);
      this.ACTION(() => { by = identifier(field); last = field; });
    });
    this.OPTION2(() => {
      this.CONSUME(T.With);
      const type = this.CONSUME3(T.Identifier);
      this.CONSUME(T.Dot);
      const field = this.CONSUME4(T.Identifier);
      this.ACTION(() => { withCards = { type: identifier(type), field: identifier(field) }; last = field; });
    });
    return this.ACTION(() => ({ kind: identifier(kind), by, with: withCards, range: span(keyword, last) }));
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
    let label: string | null = null;
    this.OPTION3(() => {
      const token = this.CONSUME(T.StringLiteral);
      this.ACTION(() => { label = unquote(token); last = token; });
    });
    let layout: A.ZoneLayoutDeclaration | null = null;
    this.OPTION4(() => {
      const l = this.SUBRULE(this.zoneLayout);
      this.ACTION(() => { layout = l; last = l as unknown as A.Expression; });
    });
    let bookkeeping = false;
    this.OPTION5(() => {
      const t = this.CONSUME(T.Bookkeeping);
      this.ACTION(() => { bookkeeping = true; last = t; });
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
      label,
      layout,
      bookkeeping,
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
    let label: IToken | null = null;
    this.OPTION(() => { const token = this.CONSUME(T.StringLiteral); this.ACTION(() => { label = token; }); });
    return this.ACTION(() => ({
      kind: keyword.image === "score" ? ("score" as const) : ("tiebreak" as const),
      player: identifier(player),
      value,
      label: label ? { text: unquote(label), range: span(label, label) } : null,
      // Only a score's part may show a value (its sum's element); a tie-breaker's label is its words.
      template: label && keyword.image === "score" ? this.reasonText(label) : null,
      range: label ? span(keyword, label) : span(keyword, value),
    }));
  });
}
