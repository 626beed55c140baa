// The parser: the For Sale rules parse cleanly, each construct builds the AST it should, soft
// keywords still work as names, and syntax errors come with right positions, several per run.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { parseRules, validateGrammars } from "./parser.js";
import type * as A from "./ast.js";

function parse(text: string): A.Program {
  const { program, errors } = parseRules(text, "test.rules");
  expect(errors).toEqual([]);
  return program;
}

/** The expression of `score p: <text>`. */
function expression(text: string): A.Expression {
  const d = parse(`score p: ${text}`).declarations[0] as A.ScoreDeclaration;
  return d.value;
}

/** The statements of `flow { <text> }`. */
function statements(text: string): readonly A.Statement[] {
  const d = parse(`flow {\n${text}\n}`).declarations[0] as A.BlockDeclaration;
  return d.body.statements;
}

const name = (n: string) => ({ kind: "name", name: n });
const int = (value: number) => ({ kind: "integer", value });
const binary = (operator: string, left: object, right: object) => ({ kind: "binary", operator, left, right });

test("the grammar passes Chevrotain's own checks (skipped at run time for speed)", () => {
  expect(() => validateGrammars()).not.toThrow();
});

describe("For Sale", () => {
  const text = readFileSync(fileURLToPath(new URL("../../../rules/for-sale.rules", import.meta.url)), "utf8");

  test("parses with no errors", () => {
    const { program, errors } = parseRules(text, "rules/for-sale.rules");
    expect(errors).toEqual([]);
    expect(program.file).toBe("rules/for-sale.rules");
    expect(program.game).toMatchObject({ kind: "game", title: "For Sale", players: { kind: "range", low: int(3), high: int(6) } });
  });

  test("has the declarations the rulebook needs", () => {
    const { program } = parseRules(text, "rules/for-sale.rules");
    const named = (kind: string) =>
      program.declarations.filter((d) => d.kind === kind).map((d) => ("name" in d ? d.name.name : d.kind));
    expect(named("card")).toEqual(["Property", "Currency"]);
    expect(named("zone")).toEqual(expect.arrayContaining(["property_deck", "currency_deck", "auction", "market", "properties", "offer", "proceeds"]));
    expect(named("var")).toEqual(expect.arrayContaining(["bank", "coins", "bid", "passed"]));
    expect(named("table")).toEqual(["starting_coins", "removed_cards"]);
    expect(named("conserve")).toEqual(["money"]);
    expect(program.declarations.filter((d) => d.kind === "setup" || d.kind === "flow" || d.kind === "score" || d.kind === "tiebreak").map((d) => d.kind)).toEqual([
      "setup",
      "flow",
      "score",
      "tiebreak",
    ]);
  });
});

describe("declarations", () => {
  test("the game header with its player range and named variants", () => {
    const program = parse('game "Tiny \\"Game\\"" {\n  players 2..4\n  variant short "Play \\\\ one\\nround"\n}');
    expect(program.game).toMatchObject({
      kind: "game",
      title: 'Tiny "Game"',
      players: { kind: "range", low: int(2), high: int(4) },
      variants: [{ name: { name: "short" }, description: "Play \\ one\nround" }],
    });
  });

  test("seats the rules play: bot lines in the header, with counts and ranges; bot stays a usable name", () => {
    const program = parse('game "G" {\n  players 2..5\n  bot merc "Wealthy Nephew Merc" for 2\n  bot twin "Twin" for 2, 3..4\n}\nvar bot: int public = 0');
    expect(program.game?.bots).toMatchObject([
      { name: { name: "merc" }, label: { kind: "string", value: "Wealthy Nephew Merc" }, counts: [int(2)], range: { start: { line: 3, column: 3 } } },
      { name: { name: "twin" }, label: { kind: "string", value: "Twin" }, counts: [int(2), { kind: "range", low: int(3), high: int(4) }] },
    ]);
    expect(program.declarations).toMatchObject([{ kind: "var", name: { name: "bot" } }]);
  });

  test("ask each and race keep their seats with where", () => {
    const flow = parse("flow {\n  ask each p in players where not bot(p) { pass { } }\n  race q in players where q != 0 { grab { } }\n}").declarations[0] as A.BlockDeclaration;
    expect(flow.body.statements).toMatchObject([
      { kind: "ask", race: false, each: { binder: { name: "p" }, condition: { kind: "unary", operator: "not", operand: { kind: "call", callee: { name: "bot" } } } } },
      { kind: "ask", race: true, each: { binder: { name: "q" }, condition: { kind: "binary", operator: "!=" } } },
    ]);
  });

  test("an enum and its members", () => {
    const [d] = parse("enum Suit { red, blue, green }").declarations;
    expect(d).toMatchObject({ kind: "enum", name: { name: "Suit" }, members: [{ name: "red" }, { name: "blue" }, { name: "green" }] });
  });

  test("a card type: fields, and manifests with several binders and a condition", () => {
    const [d] = parse(
      "card Tile {\n  value: int\n  suit: Suit\n  cards for v in [0, 2..15], s in [Suit.red], copy in 1..2 where v != 3 { value: v, suit: s }\n  cards { value: 99, suit: Suit.blue }\n}",
    ).declarations;
    expect(d).toMatchObject({
      kind: "card",
      name: { name: "Tile" },
      fields: [
        { name: { name: "value" }, type: { name: { name: "int" } } },
        { name: { name: "suit" }, type: { name: { name: "Suit" } } },
      ],
      manifests: [
        {
          binders: [
            {
              name: { name: "v" },
              source: { kind: "list", elements: [int(0), { kind: "range", low: int(2), high: int(15) }] },
            },
            { name: { name: "s" }, source: { kind: "list", elements: [{ kind: "member", target: name("Suit"), member: { name: "red" } }] } },
            { name: { name: "copy" }, source: { kind: "range", low: int(1), high: int(2) } },
          ],
          condition: binary("!=", name("v"), int(3)),
          fields: [
            { name: { name: "value" }, value: name("v") },
            { name: { name: "suit" }, value: name("s") },
          ],
        },
        { binders: [], condition: null, fields: [{ name: { name: "value" }, value: int(99) }, { name: { name: "suit" } }] },
      ],
    });
  });

  test("shared and per-player variables with their visibility", () => {
    const [bank, coins] = parse("var bank: int public = 84\nper player var coins: int owner = 0").declarations;
    expect(bank).toMatchObject({ kind: "var", perPlayer: false, perCard: null, name: { name: "bank" }, type: { name: { name: "int" } }, visibility: "public", initial: int(84) });
    expect(coins).toMatchObject({ kind: "var", perPlayer: true, name: { name: "coins" }, visibility: "owner", initial: int(0) });
  });

  test("per-card variables: the card type after 'per', a card type that may be called like a keyword", () => {
    const [houses, mark, coins] = parse("per Deed var houses: int public = 0\nper card var mark: bool hidden = false\nper player var coins: int owner = 0").declarations;
    expect(houses).toMatchObject({ kind: "var", perPlayer: false, perCard: { name: "Deed" }, name: { name: "houses" }, visibility: "public", initial: int(0) });
    expect(mark).toMatchObject({ kind: "var", perPlayer: false, perCard: { name: "card" }, name: { name: "mark" }, visibility: "hidden" });
    expect(coins).toMatchObject({ kind: "var", perPlayer: true, perCard: null });
  });

  test("zones: kind, visibility, limit and starting cards", () => {
    const [deck, hand, spot] = parse(
      "zone deck: Tile stack hidden = all Tile\nper player zone hand: Tile row owner limit 5\nzone spot: Tile slot public",
    ).declarations;
    expect(deck).toMatchObject({ kind: "zone", perPlayer: false, name: { name: "deck" }, cardType: { name: "Tile" }, zoneKind: "stack", visibility: "hidden", limit: null, initialCards: { name: "Tile" } });
    expect(hand).toMatchObject({ kind: "zone", perPlayer: true, zoneKind: "row", visibility: "owner", limit: int(5), initialCards: null });
    expect(spot).toMatchObject({ kind: "zone", zoneKind: "slot", visibility: "public", bookkeeping: false });
  });

  test("a zone the rules keep for themselves: 'bookkeeping' after its label and layout", () => {
    const [transit, tray] = parse('zone transit: Tile slot public "the table" bookkeeping\nzone tray: Tile row public "the tray" layout row bookkeeping').declarations;
    expect(transit).toMatchObject({ kind: "zone", name: { name: "transit" }, label: "the table", bookkeeping: true });
    expect(tray).toMatchObject({ kind: "zone", label: "the tray", layout: { kind: { name: "row" } }, bookkeeping: true });
    // The declaration ends with the word: 31 + 12 + 11 characters.
    expect(transit!.range.end).toMatchObject({ line: 1, column: 54 });
  });

  test("a table, a conservation law, setup and flow blocks, score and tiebreak", () => {
    const declarations = parse(
      "table coins: int -> int { 3: 18, 4: 18 }\nconserve money: coins, bank\nsetup { }\nflow { }\nscore p: coins[p]\ntiebreak p: 0",
    ).declarations;
    expect(declarations).toMatchObject([
      {
        kind: "table",
        name: { name: "coins" },
        keyType: { name: { name: "int" } },
        valueType: { name: { name: "int" } },
        entries: [
          { key: int(3), value: int(18) },
          { key: int(4), value: int(18) },
        ],
      },
      { kind: "conserve", name: { name: "money" }, vars: [{ name: "coins" }, { name: "bank" }] },
      { kind: "setup", body: { statements: [] } },
      { kind: "flow", body: { statements: [] } },
      { kind: "score", player: { name: "p" }, value: { kind: "index", target: name("coins"), index: name("p") } },
      { kind: "tiebreak", player: { name: "p" }, value: int(0), label: null },
    ]);
  });

  test("a tie-breaker's label: a string after its expression, and the declaration ends with it", () => {
    const [tiebreak] = parse('tiebreak p: coins[p] "coins left"').declarations;
    expect(tiebreak).toMatchObject({ kind: "tiebreak", value: { kind: "index" }, label: { text: "coins left", range: { start: { column: 22 } } } });
    // 8 + 1 + 2 + 1 + 8 + 1 characters, then the 12 of the label: its last column is 33.
    expect(tiebreak!.range.end).toMatchObject({ line: 1, column: 33 });
  });
});

describe("statements", () => {
  test("let, the three assignments, shuffle, deal, move, move all, transfer and end game", () => {
    expect(
      statements(
        "let high = 0\nbid[p] = 1\nbid[p] += 2\nbank -= 3\nshuffle deck\ndeal 2 from deck to hand[p]\nmove top(deck) to hand[p]\nmove all offer[p] to sold\ntransfer 4 from coins[p] to bank\nend game",
      ),
    ).toMatchObject([
      { kind: "let", name: { name: "high" }, value: int(0) },
      { kind: "assign", target: { kind: "index", target: name("bid"), index: name("p") }, operator: "=", value: int(1) },
      { kind: "assign", operator: "+=", value: int(2) },
      { kind: "assign", target: name("bank"), operator: "-=", value: int(3) },
      { kind: "shuffle", zone: name("deck") },
      { kind: "deal", count: int(2), from: name("deck"), to: { kind: "index", target: name("hand") } },
      { kind: "move", card: { kind: "call", callee: { name: "top" }, args: [name("deck")] }, to: { kind: "index", target: name("hand") } },
      { kind: "move-all", from: { kind: "index", target: name("offer") }, to: name("sold") },
      { kind: "transfer", amount: int(4), from: { kind: "index", target: name("coins") }, to: name("bank") },
      { kind: "end-game" },
    ]);
  });

  test("if, else if and else", () => {
    const [s] = statements("if a { x = 1 } else if b { x = 2 } else { x = 3 }");
    expect(s).toMatchObject({
      kind: "if",
      condition: name("a"),
      then: { statements: [{ kind: "assign", value: int(1) }] },
      otherwise: {
        statements: [
          {
            kind: "if",
            condition: name("b"),
            then: { statements: [{ kind: "assign", value: int(2) }] },
            otherwise: { statements: [{ kind: "assign", value: int(3) }] },
          },
        ],
      },
    });
  });

  test("while, phase, and for with a filter and a descending order", () => {
    const [w, ph] = statements(
      "while count(deck) > 0 { x = 1 }\nphase selling {\n  for p in players where not passed[p] by top(offer[p]).value descending { x = 2 }\n  for q in players by q { x = 3 }\n}",
    );
    expect(w).toMatchObject({ kind: "while", condition: binary(">", { kind: "call", callee: { name: "count" } }, int(0)), body: { statements: [{ kind: "assign" }] } });
    expect(ph).toMatchObject({
      kind: "phase",
      name: { name: "selling" },
      body: {
        statements: [
          {
            kind: "for",
            binder: { name: "p" },
            source: name("players"),
            condition: { kind: "unary", operator: "not", operand: { kind: "index", target: name("passed") } },
            orderBy: { kind: "member", target: { kind: "call", callee: { name: "top" } }, member: { name: "value" } },
            descending: true,
          },
          { kind: "for", binder: { name: "q" }, condition: null, orderBy: name("q"), descending: false },
        ],
      },
    });
  });

  test("ask one player: options with parameters, requirements and bodies", () => {
    const [s] = statements(
      'ask bidder {\n  raise(amount in high + 1 .. coins[bidder]) require amount > high else "bid more than \\"high\\"" { high = amount }\n  pass { }\n}',
    );
    expect(s).toMatchObject({
      kind: "ask",
      player: name("bidder"),
      each: null,
      options: [
        {
          name: { name: "raise" },
          parameters: [
            {
              name: { name: "amount" },
              domain: { kind: "range", low: binary("+", name("high"), int(1)), high: { kind: "index", target: name("coins"), index: name("bidder") } },
            },
          ],
          requirements: [{ condition: binary(">", name("amount"), name("high")), reason: { parts: ['bid more than "high"'] } }],
          body: { statements: [{ kind: "assign", target: name("high"), value: name("amount") }] },
        },
        { name: { name: "pass" }, parameters: [], requirements: [], body: { statements: [] } },
      ],
    });
  });

  test("ask each: a simultaneous decision binds its player", () => {
    const [s] = statements("ask each p in players {\n  sell(c in properties[p]) { move c to offer[p] }\n}");
    expect(s).toMatchObject({
      kind: "ask",
      player: null,
      each: { binder: { name: "p" }, source: name("players") },
      options: [{ name: { name: "sell" }, parameters: [{ name: { name: "c" }, domain: { kind: "index", target: name("properties") } }] }],
    });
  });
});

describe("expressions", () => {
  test("multiplication binds tighter than addition", () => {
    expect(expression("a + b * c")).toMatchObject(binary("+", name("a"), binary("*", name("b"), name("c"))));
    expect(expression("a * b + c")).toMatchObject(binary("+", binary("*", name("a"), name("b")), name("c")));
  });

  test("operators of one level associate to the left", () => {
    expect(expression("a - b - c")).toMatchObject(binary("-", binary("-", name("a"), name("b")), name("c")));
    expect(expression("a / b % c")).toMatchObject(binary("%", binary("/", name("a"), name("b")), name("c")));
  });

  test("parentheses override precedence", () => {
    expect(expression("(a + b) * c")).toMatchObject(binary("*", binary("+", name("a"), name("b")), name("c")));
  });

  test("comparison sits between arithmetic and not, and, or", () => {
    expect(expression("a + 1 < b * 2")).toMatchObject(binary("<", binary("+", name("a"), int(1)), binary("*", name("b"), int(2))));
    expect(expression("not a and b or c")).toMatchObject(
      binary("or", binary("and", { kind: "unary", operator: "not", operand: name("a") }, name("b")), name("c")),
    );
    expect(expression("a or b and c")).toMatchObject(binary("or", name("a"), binary("and", name("b"), name("c"))));
    expect(expression("x == 1 and y != 2")).toMatchObject(binary("and", binary("==", name("x"), int(1)), binary("!=", name("y"), int(2))));
  });

  test("unary minus binds tighter than multiplication", () => {
    expect(expression("-a * b")).toMatchObject(binary("*", { kind: "unary", operator: "-", operand: name("a") }, name("b")));
  });

  test("a conditional expression", () => {
    expect(expression("if a > 0 then a else 0 - a")).toMatchObject({
      kind: "conditional",
      condition: binary(">", name("a"), int(0)),
      then: name("a"),
      otherwise: binary("-", int(0), name("a")),
    });
  });

  test("postfix: indexing and fields chain left to right", () => {
    expect(expression("top(offer[p]).value")).toMatchObject({
      kind: "member",
      target: { kind: "call", callee: { name: "top" }, args: [{ kind: "index", target: name("offer"), index: name("p") }] },
      member: { name: "value" },
    });
    expect(expression("t[a][b]")).toMatchObject({ kind: "index", target: { kind: "index", target: name("t"), index: name("a") }, index: name("b") });
  });

  test("`..` makes a range, looser than arithmetic", () => {
    expect(expression("1 .. n + 1")).toMatchObject({ kind: "range", low: int(1), high: binary("+", name("n"), int(1)) });
    expect(expression("[0, 2..15]")).toMatchObject({ kind: "list", elements: [int(0), { kind: "range", low: int(2), high: int(15) }] });
  });

  test("literals", () => {
    expect(expression("true")).toMatchObject({ kind: "boolean", value: true });
    expect(expression("false")).toMatchObject({ kind: "boolean", value: false });
    expect(expression("[]")).toMatchObject({ kind: "list", elements: [] });
    expect(expression('"a\\\\b"')).toMatchObject({ kind: "string", value: "a\\b" });
  });

  test("an aggregate has a binder, a source, an optional filter and an optional value", () => {
    expect(expression("sum(c in proceeds[p] where c.value > 2: c.value)")).toMatchObject({
      kind: "aggregate",
      callee: { name: "sum" },
      binder: { name: "c" },
      source: { kind: "index", target: name("proceeds"), index: name("p") },
      condition: binary(">", { kind: "member", target: name("c"), member: { name: "value" } }, int(2)),
      value: { kind: "member", target: name("c"), member: { name: "value" } },
    });
    expect(expression("count(q in players where not passed[q])")).toMatchObject({
      kind: "aggregate",
      callee: { name: "count" },
      binder: { name: "q" },
      source: name("players"),
      condition: { kind: "unary", operator: "not" },
      value: null,
    });
    expect(expression("highest(c in auction: c.value)")).toMatchObject({ kind: "aggregate", callee: { name: "highest" }, condition: null });
  });

  test("a call is not an aggregate", () => {
    expect(expression("count(deck)")).toMatchObject({ kind: "call", callee: { name: "count" }, args: [name("deck")] });
    expect(expression("max(a, b + 1)")).toMatchObject({ kind: "call", callee: { name: "max" }, args: [name("a"), binary("+", name("b"), int(1))] });
    expect(expression("random_player()")).toMatchObject({ kind: "call", callee: { name: "random_player" }, args: [] });
  });
});

describe("soft keywords are names where a name is expected", () => {
  test("a move parameter named card, as in For Sale", () => {
    const [s] = statements("ask each p in players {\n  sell(card in properties[p]) { move card to offer[p] }\n}");
    expect(s).toMatchObject({
      options: [{ parameters: [{ name: { name: "card" } }], body: { statements: [{ kind: "move", card: name("card") }] } }],
    });
  });

  test("variables, lets, binders and fields named after declaration keywords", () => {
    const program = parse(
      "var score: int public = 0\nper player var owner: player hidden = 0\ncard Tile {\n  row: int\n  cards for stack in 1..3 { row: stack }\n}\nflow {\n  let limit = score + 1\n  for table in players { owner[table] = limit }\n  score = row\n}",
    );
    expect(program.declarations).toMatchObject([
      { kind: "var", name: { name: "score" } },
      { kind: "var", name: { name: "owner" }, visibility: "hidden" },
      { kind: "card", fields: [{ name: { name: "row" } }], manifests: [{ binders: [{ name: { name: "stack" } }], fields: [{ name: { name: "row" }, value: name("stack") }] }] },
      {
        kind: "flow",
        body: {
          statements: [
            { kind: "let", name: { name: "limit" }, value: binary("+", name("score"), int(1)) },
            { kind: "for", binder: { name: "table" }, body: { statements: [{ kind: "assign", target: { kind: "index", target: name("owner"), index: name("table") }, value: name("limit") }] } },
            { kind: "assign", target: name("score"), value: name("row") },
          ],
        },
      },
    ]);
  });

  test("a name that starts with a keyword is one name", () => {
    expect(expression("cards_left + players2 + iffy + order")).toMatchObject(
      binary("+", binary("+", binary("+", name("cards_left"), name("players2")), name("iffy")), name("order")),
    );
  });

  test("comments are skipped", () => {
    expect(statements("// a comment\nx = 1 // and another")).toMatchObject([{ kind: "assign", target: name("x"), value: int(1) }]);
  });
});

describe("source positions", () => {
  const text = [
    'game "Tiny" {', //               1
    "  players 2..4", //              2
    "}", //                           3
    "", //                            4
    "zone deck: Tile stack hidden", // 5
    "flow {", //                      6
    "  while count(deck) > 0 {", //   7
    "    x = a + b * c", //           8
    "  }", //                         9
    "}", //                           10
  ].join("\n");
  const program = parse(text);

  test("lines and columns count from 1; a range ends at its last character", () => {
    expect(program.game!.range).toMatchObject({ start: { line: 1, column: 1, offset: 0 }, end: { line: 3, column: 1 } });
    const zone = program.declarations[0] as A.ZoneDeclaration;
    expect(zone.name.range).toMatchObject({ start: { line: 5, column: 6 }, end: { line: 5, column: 9 } });
    expect(zone.range).toMatchObject({ start: { line: 5, column: 1 }, end: { line: 5, column: 15 } });
    expect(zone.cardType.range).toMatchObject({ start: { line: 5, column: 12 }, end: { line: 5, column: 15 } });
  });

  test("nested statements and expressions", () => {
    const flow = program.declarations[1] as A.BlockDeclaration;
    expect(flow.range).toMatchObject({ start: { line: 6, column: 1 }, end: { line: 10, column: 1 } });
    const loop = flow.body.statements[0] as A.WhileStatement;
    expect(loop.range).toMatchObject({ start: { line: 7, column: 3 }, end: { line: 9, column: 3 } });
    expect(loop.condition.range).toMatchObject({ start: { line: 7, column: 9 }, end: { line: 7, column: 23 } });
    const assign = loop.body.statements[0] as A.AssignStatement;
    expect(assign.range).toMatchObject({ start: { line: 8, column: 5 }, end: { line: 8, column: 17 } });
    const sum = assign.value as A.BinaryExpression;
    expect(sum.range).toMatchObject({ start: { line: 8, column: 9 }, end: { line: 8, column: 17 } });
    expect(sum.right.range).toMatchObject({ start: { line: 8, column: 13 }, end: { line: 8, column: 17 } });
  });
});

describe("syntax errors", () => {
  test("a missing token is reported where the parser found something else", () => {
    const { errors } = parseRules("flow {\n  deal 2 deck to hand\n}", "f.rules");
    expect(errors).toEqual([
      {
        code: "syntax/unexpected-token",
        message: "expected 'from' but found 'deck'",
        range: { start: { offset: 16, line: 2, column: 10 }, end: { offset: 19, line: 2, column: 13 } },
      },
    ]);
  });

  test("a character the language does not use", () => {
    const { errors } = parseRules("var x: int public = 1 @", "f.rules");
    expect(errors).toEqual([
      { code: "syntax/unknown-character", message: "unexpected character '@'", range: { start: { offset: 22, line: 1, column: 23 }, end: { offset: 22, line: 1, column: 23 } } },
    ]);
  });

  test("a block left open at the end of the file is blamed on its last token", () => {
    const { errors } = parseRules("flow {\n  x = 1", "f.rules");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: "syntax/unexpected-token", message: "expected '}' but found the end of the file" });
    expect(errors[0]!.range.start).toMatchObject({ line: 2, column: 7 });
  });

  test("a token that cannot start a statement ends the block early", () => {
    const { errors } = parseRules("flow {\n  x = 1\n  ) \n}", "f.rules");
    expect(errors).toEqual([
      { code: "syntax/unexpected-token", message: "expected '}' but found ')'", range: { start: { offset: 17, line: 3, column: 3 }, end: { offset: 17, line: 3, column: 3 } } },
    ]);
  });

  test("a missing operand is asked for as an expression", () => {
    const { errors } = parseRules("flow {\n  if x > { y = 1 }\n}", "f.rules");
    expect(errors).toEqual([
      { code: "syntax/unexpected-token", message: "unexpected '{': expected an expression", range: { start: { offset: 16, line: 2, column: 10 }, end: { offset: 16, line: 2, column: 10 } } },
    ]);
  });

  test("one mistake in a statement is one error, not a cascade", () => {
    // `==` where `=` was meant: the closing brace after it is right and must not be blamed.
    const { errors } = parseRules("flow {\n  points[p] == 3\n}", "f.rules");
    expect(errors).toHaveLength(1);
    expect(errors[0]!.range.start).toMatchObject({ line: 2, column: 13 });
  });

  test("messages name what was expected in the designer's words, never a grammar rule", () => {
    const broken = [
      "flow {\n  points[p] == 3\n}",
      "flow {\n  x = 1\n  y 2\n}",
      "flow {\n  if x > { y = 1 }\n}",
      "score p: \n",
      "card Token {\n  value: int\n  cards for v in 1..6 { value: v }\n\nzone deck: Token stack hidden = all Token\n",
    ];
    // The grammar's rule names that are not words a designer uses.
    const rules = [
      "gameHeader", "enumDeclaration", "cardDeclaration", "manifest", "typeReference", "functionDeclaration", "destination",
      "perPlayerDeclaration", "varDeclaration", "zoneDeclaration", "tableDeclaration", "conserveDeclaration",
      "blockDeclaration", "scoreDeclaration", "block", "letStatement", "assignStatement", "ifStatement", "whileStatement",
      "forStatement", "phaseStatement", "shuffleStatement", "dealStatement", "moveStatement", "transferStatement",
      "endGameStatement", "askStatement", "moveOption", "expression", "conditional", "disjunction", "conjunction",
      "negation", "comparison", "additive", "multiplicative", "unary", "postfix", "primary", "list", "call", "aggregate",
    ];
    const leak = new RegExp(`expected (${rules.join("|")})$`);
    for (const text of broken) {
      const { errors } = parseRules(text, "f.rules");
      expect(errors.length).toBeGreaterThan(0);
      for (const e of errors) expect(e.message).not.toMatch(leak);
    }
  });

  test("recovery reports several errors in one run, and keeps the declarations around them", () => {
    const text = [
      "var a: int public 1", //                 1: '=' missing
      "var b: int public = 2", //               2: fine
      "zone deck: Tile heap hidden", //         3: not a zone kind
      "flow {", //                              4
      "  deal 2 deck to hand", //               5: 'from' missing
      "}", //                                   6
    ].join("\n");
    const { program, errors } = parseRules(text, "f.rules");
    expect(errors.map((e) => [e.range.start.line, e.range.start.column, e.message])).toEqual([
      [1, 19, "expected '=' but found '1'"],
      [3, 17, "unexpected 'heap': expected stack, row, pile or slot"],
      [5, 10, "expected 'from' but found 'deck'"],
    ]);
    expect(program.declarations.map((d) => ("name" in d ? d.name.name : d.kind))).toEqual(expect.arrayContaining(["a", "b", "flow"]));
  });
});
