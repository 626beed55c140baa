import { describe, expect, test } from "vitest";
import { formatDiagnostics } from "../diagnostics.js";
import { parseScenario, parseScenarioFile } from "./parser.js";

/** The formatted diagnostics of a malformed file, as a designer would read them. */
function problems(text: string): string {
  const { scenarios, diagnostics } = parseScenarioFile(text, "bad.scenario");
  expect(scenarios).toEqual([]);
  return formatDiagnostics(diagnostics, text);
}

describe("parseScenarioFile", () => {
  test("reads headers, setup, moves and every kind of expectation", () => {
    const text = [
      'scenario "A passing player gets half the bid back"  # the rulebook example',
      "game for-sale",
      "players 4",
      "variant short",
      "seed 7",
      "stack property_deck: Property 3, Property 17,",
      "  Property 9",
      "put Property 30, Property 1 into properties[1]",
      "set coins[2] = 5",
      "set coins = 1 2 3 4",
      "random 0 5",
      "play 0: raise(amount: 3)",
      "play 1: pass",
      "play 2: sell(card: Property 30)",
      "expect coins[0] = 18",
      "expect properties[1] = [Property 3]",
      "expect auction = []",
      "expect properties[1] contains Property 3",
      "expect count properties[1] = 1",
      "expect count properties = 1 2 3 4",
      "expect turn 2",
      "expect simultaneous 0 1 2",
      "expect over",
      'expect illegal 2: raise(amount: 3) "between 4 and"',
      "expect legal 2: raise(amount: 4..18)",
      "expect legal 2: trade(give: [Currency 5, Currency 5], to: 1)",
      "expect options 2: raise, pass",
      "expect scores 30 27 -2 8",
      "expect ranking 0 > 1 = 3 > 2",
      "expect winners 0",
    ].join("\n");
    const { scenario, diagnostics } = parseScenario(text, "t.scenario");
    expect(diagnostics).toEqual([]);
    expect(scenario!.title).toBe("A passing player gets half the bid back");
    expect(scenario!.game.text).toBe("for-sale");
    expect(scenario!.players.count).toBe(4);
    expect(scenario!.variants.map((v) => v.text)).toEqual(["short"]);
    expect(scenario!.seed).toBe(7);
    expect(scenario!.steps.map((s) => s.kind)).toEqual([
      "stack",
      "put",
      "set",
      "set",
      "random",
      "play",
      "play",
      "play",
      "expect-var",
      "expect-zone",
      "expect-zone",
      "expect-contains",
      "expect-count",
      "expect-count",
      "expect-activity",
      "expect-activity",
      "expect-activity",
      "expect-illegal",
      "expect-legal",
      "expect-legal",
      "expect-options",
      "expect-scores",
      "expect-ranking",
      "expect-winners",
    ]);
    const [stack, put] = scenario!.steps;
    // The comma at the end of line 6 continues the statement on line 7.
    expect(stack).toMatchObject({
      zone: { name: { text: "property_deck" }, seat: null },
      cards: [
        { type: { text: "Property" }, fields: [{ kind: "number", value: 3 }] },
        { type: { text: "Property" }, fields: [{ kind: "number", value: 17 }] },
        {
          type: { text: "Property" },
          fields: [{ kind: "number", value: 9 }],
          span: { line: 7, column: 3, endColumn: 13 },
        },
      ],
    });
    expect(put).toMatchObject({ zone: { name: { text: "properties" }, seat: { seat: 1 } } });
    const play = scenario!.steps[5]!;
    expect(play).toMatchObject({
      kind: "play",
      seat: { seat: 0 },
      move: {
        type: { text: "raise" },
        arguments: [{ name: { text: "amount" }, value: { kind: "value", value: { kind: "number", value: 3 } } }],
      },
    });
    expect(scenario!.steps[7]).toMatchObject({
      move: { arguments: [{ value: { kind: "card", card: { type: { text: "Property" }, fields: [{ value: 30 }] } } }] },
    });
    expect(scenario!.steps[17]).toMatchObject({ kind: "expect-illegal", reason: { text: "between 4 and" } });
    expect(scenario!.steps[18]).toMatchObject({ move: { arguments: [{ value: { kind: "range", min: 4, max: 18 } }] } });
    expect(scenario!.steps[19]).toMatchObject({
      move: {
        arguments: [
          { name: { text: "give" }, value: { kind: "list", items: [{ kind: "card" }, { kind: "card" }] } },
          { name: { text: "to" }, value: { kind: "value" } },
        ],
      },
    });
    expect(scenario!.steps[21]).toMatchObject({ scores: [{ value: 30 }, { value: 27 }, { value: -2 }, { value: 8 }] });
    const ranking = scenario!.steps[22]!;
    expect(ranking.kind === "expect-ranking" && ranking.groups.map((g) => g.map((s) => s.seat))).toEqual([
      [0],
      [1, 3],
      [2],
    ]);
  });

  test("statements before the first scenario are shared; a scenario's own headers override them", () => {
    const text = [
      "game for-sale",
      "players 4",
      "set start_player = 2",
      'scenario "Four players"',
      "expect count property_box = 2",
      'scenario "Three players"',
      "players 3",
      "seed 9",
      "expect count property_box = 6",
    ].join("\n");
    const { scenarios, diagnostics } = parseScenarioFile(text, "t.scenario");
    expect(diagnostics).toEqual([]);
    expect(scenarios.map((s) => [s.title, s.game.text, s.players.count, s.seed, s.steps.map((x) => x.kind)])).toEqual([
      ["Four players", "for-sale", 4, 0, ["set", "expect-count"]],
      ["Three players", "for-sale", 3, 9, ["set", "expect-count"]],
    ]);
  });

  test("a word that names a zone or variable is not taken for an expectation keyword", () => {
    const text = [
      'scenario "s"',
      "game g",
      "players 2",
      "expect count = 3",
      "expect over[1] = [A 1]",
      "expect turn contains A",
    ].join("\n");
    const { scenario } = parseScenario(text, "t.scenario");
    expect(scenario!.steps.map((s) => s.kind)).toEqual(["expect-var", "expect-zone", "expect-contains"]);
  });

  test("reads exact zone contents, seats by variable, parts of a zone, one seat's score and card sets", () => {
    const text = [
      'scenario "s"',
      "game freak-shop",
      "players 3",
      "set mansion[0] = [Merchandise 3 items, Merchandise 4 marked pets]",
      "set mansion[shop_keeper + 2] = [], rest into draw",
      "set objectives = [Objective too_snob,",
      "  Objective collector], rest into objective_stacks",
      "expect mansion[shop_keeper] = []",
      "expect turn shop_keeper + 1",
      "expect top 3 of draw = [Merchandise 0 closed]",
      "expect bottom 7 of draw contains Merchandise 0 closed",
      "expect score 2 = 47",
      "play 0: good_deal(give: [Merchandise 1, Merchandise 1], take: [])",
    ].join("\n");
    const { scenario, diagnostics } = parseScenario(text, "t.scenario");
    expect(diagnostics).toEqual([]);
    const [first, second, third, zone, turn, top, bottom, score, play] = scenario!.steps;
    expect(first).toMatchObject({
      kind: "set-cards",
      zone: { name: { text: "mansion" }, seat: { seat: 0 } },
      cards: [
        { type: { text: "Merchandise" }, fields: [{ value: 3 }, { value: "items" }] },
        { fields: [{ value: 4 }, { value: "marked" }, { value: "pets" }] },
      ],
      rest: null,
    });
    expect(second).toMatchObject({
      kind: "set-cards",
      zone: { seat: { variable: { text: "shop_keeper" }, offset: 2 } },
      cards: [],
      rest: { name: { text: "draw" }, seat: null },
    });
    expect(third).toMatchObject({ kind: "set-cards", cards: [{}, {}], rest: { name: { text: "objective_stacks" } } });
    expect(zone).toMatchObject({
      kind: "expect-zone",
      zone: { seat: { variable: { text: "shop_keeper" }, offset: 0 } },
    });
    expect(turn).toMatchObject({ kind: "expect-activity", seats: [{ variable: { text: "shop_keeper" }, offset: 1 }] });
    expect(top).toMatchObject({
      kind: "expect-zone",
      part: { end: "top", count: 3 },
      zone: { name: { text: "draw" } },
    });
    expect(bottom).toMatchObject({ kind: "expect-contains", part: { end: "bottom", count: 7 } });
    expect(score).toMatchObject({ kind: "expect-score", seat: { seat: 2 }, score: { value: 47 } });
    expect(play).toMatchObject({
      move: {
        arguments: [
          { name: { text: "give" }, value: { kind: "list", items: [{ kind: "card" }, { kind: "card" }] } },
          { name: { text: "take" }, value: { kind: "list", items: [] } },
        ],
      },
    });
  });

  test("parseScenario wants exactly one scenario", () => {
    const text = ["game g", "players 2", 'scenario "a"', "expect over", 'scenario "b"', "expect over"].join("\n");
    expect(formatDiagnostics(parseScenario(text, "two.scenario").diagnostics, text)).toBe(
      [
        "two.scenario:5:1: error scenario/several-scenarios: expected one scenario in this file but found 2",
        '5 | scenario "b"',
        "  | ^^^^^^^^^^^^",
      ].join("\n"),
    );
  });
});

describe("malformed scenarios", () => {
  test("a misspelt statement", () => {
    expect(problems('scenario "s"\ngame g\nplayers 2\nplya 0: pass\n')).toBe(
      [
        "bad.scenario:4:1: error scenario/unknown-statement: 'plya' is not a statement; a line starts with one of scenario, game, players, variant, seed, stack, put, set, start, random, shuffle, dice, play, expect, repeat (did you mean 'play'?)",
        "4 | plya 0: pass",
        "  | ^^^^",
      ].join("\n"),
    );
  });

  test("a line that does not start with a word", () => {
    expect(problems('scenario "s"\ngame g\nplayers 2\n3 pass\n')).toBe(
      [
        "bad.scenario:4:1: error scenario/syntax: a line starts with a word such as 'play' or 'expect', not '3'",
        "4 | 3 pass",
        "  | ^",
      ].join("\n"),
    );
  });

  test("a move without its seat", () => {
    expect(problems('scenario "s"\ngame g\nplayers 2\nplay pass\n')).toBe(
      [
        "bad.scenario:4:6: error scenario/syntax: expected a seat number but found 'pass'",
        "4 | play pass",
        "  |      ^^^^",
      ].join("\n"),
    );
  });

  test("an unclosed parameter list runs to the end of the file", () => {
    expect(problems('scenario "s"\ngame g\nplayers 2\nplay 0: raise(amount: 3\n')).toBe(
      [
        "bad.scenario:4:24: error scenario/syntax: expected ',' or ')' but found the end of the line",
        "4 | play 0: raise(amount: 3",
        "  |                        ^",
      ].join("\n"),
    );
  });

  test("an illegal move without its reason", () => {
    expect(problems('scenario "s"\ngame g\nplayers 2\nexpect illegal 1: pass\n')).toBe(
      [
        'bad.scenario:4:23: error scenario/syntax: expected a part of the reason in quotes, e.g. "must be between" but found the end of the line',
        "4 | expect illegal 1: pass",
        "  |                       ^",
      ].join("\n"),
    );
  });

  test("an unknown expectation", () => {
    expect(problems('scenario "s"\ngame g\nplayers 2\nexpect winner\n')).toBe(
      [
        "bad.scenario:4:8: error scenario/unknown-expectation: 'winner' is not something to expect; expect one of turn, simultaneous, race, over, illegal, legal, options, count, scores, ranking, winners, score, tiebreak, keys, top, bottom, view, not, seat, moved, paid, transferred, shuffled, rolled, said, changed, revealed, began, ended, a zone or variable followed by '=', or a function of the rules, e.g. 'points(0) = 3' (did you mean 'winners'?)",
        "4 | expect winner",
        "  |        ^^^^^^",
      ].join("\n"),
    );
  });

  test("a text with no closing quote, and a character with no meaning", () => {
    const text = 'scenario "s"\ngame g\nplayers 2\nexpect illegal 1: pass "must be\nexpect coins[0] = 3 % 2\n';
    expect(problems(text)).toBe(
      [
        "bad.scenario:4:24: error scenario/unterminated-text: this text has no closing quote on its line",
        '4 | expect illegal 1: pass "must be',
        "  |                        ^^^^^^^^",
        "",
        "bad.scenario:5:21: error scenario/unexpected-character: '%' has no meaning in a scenario",
        "5 | expect coins[0] = 3 % 2",
        "  |                     ^",
      ].join("\n"),
    );
  });

  test("a stack after play has started", () => {
    expect(problems('scenario "s"\ngame g\nplayers 2\nplay 0: pass\nstack deck: Number 3\n')).toBe(
      [
        "bad.scenario:5:1: error scenario/setup-after-start: 'stack' prepares the position before play, so it must come before the first 'play' or 'expect'",
        "5 | stack deck: Number 3",
        "  | ^^^^^^^^^^^^^^^^^^^^",
      ].join("\n"),
    );
  });

  test("a scenario without its game, twice the same header, and a header after a step", () => {
    expect(problems('scenario "s"\nplayers 2\nplayers 3\nexpect over\nseed 4\n')).toBe(
      [
        "bad.scenario:1:1: error scenario/missing-game: say which game this scenario plays, e.g. 'game for-sale'",
        '1 | scenario "s"',
        "  | ^^^^^^^^^^^^",
        "",
        "bad.scenario:3:1: error scenario/duplicate-header: 'players' is already given on line 2",
        "3 | players 3",
        "  | ^^^^^^^^^",
        "",
        "bad.scenario:5:1: error scenario/misplaced-header: 'seed' must come before the scenario's first step",
        "5 | seed 4",
        "  | ^^^^^^",
      ].join("\n"),
    );
  });

  test("a file with no scenario line", () => {
    expect(problems("game g\nplayers 2\nexpect over\n")).toBe(
      [
        'bad.scenario:1:1: error scenario/no-scenario: this file has no scenario: each one starts with a line such as scenario "The last bidder pays"',
        "1 | game g",
        "  | ^",
      ].join("\n"),
    );
  });

  test("a scenario that checks nothing, and two scenarios with one title", () => {
    expect(problems('game g\nplayers 2\nscenario "same"\nset x = 1\nscenario "same"\nexpect over\n')).toBe(
      [
        "bad.scenario:3:1: error scenario/nothing-checked: this scenario neither plays a move nor expects anything",
        '3 | scenario "same"',
        "  | ^^^^^^^^^^^^^^^",
        "",
        "bad.scenario:5:1: error scenario/duplicate-title: another scenario on line 3 has this title",
        '5 | scenario "same"',
        "  | ^^^^^^^^^^^^^^^",
      ].join("\n"),
    );
  });

  test("a negative seat, an empty range and a ranking without separators", () => {
    const text =
      'scenario "s"\ngame g\nplayers 2\nexpect turn -1\nexpect legal 0: raise(amount: 5..4)\nexpect ranking 0 1\n';
    expect(problems(text)).toBe(
      [
        "bad.scenario:4:13: error scenario/syntax: seats are numbered from 0, so -1 is no seat",
        "4 | expect turn -1",
        "  |             ^^",
        "",
        "bad.scenario:5:31: error scenario/syntax: the range 5..4 is empty",
        "5 | expect legal 0: raise(amount: 5..4)",
        "  |                               ^^^^",
        "",
        "bad.scenario:6:18: error scenario/syntax: expected '>' before a worse rank or '=' between tied seats but found '1'",
        "6 | expect ranking 0 1",
        "  |                  ^",
      ].join("\n"),
    );
  });

  test("a set without ', rest into', a part without its count, a seat counted backwards, a score for all", () => {
    const text = [
      'scenario "s"',
      "game g",
      "players 2",
      "set hand[0] = [Number 1] into box",
      "set hand[0] = [Number 1], rest box",
      "expect top of deck = []",
      "expect top 2 deck = []",
      "expect hand[leader + -1] = []",
      "expect score 0 47",
      "play 0: set(cards: [Number 1]",
    ].join("\n");
    expect(problems(text)).toBe(
      [
        "bad.scenario:4:26: error scenario/syntax: expected ', rest into' and the zone for the cards this one no longer holds but found 'into'",
        "4 | set hand[0] = [Number 1] into box",
        "  |                          ^^^^",
        "",
        "bad.scenario:5:32: error scenario/syntax: expected 'into' but found 'box'",
        "5 | set hand[0] = [Number 1], rest box",
        "  |                                ^^^",
        "",
        "bad.scenario:6:12: error scenario/syntax: expected how many cards from the top, e.g. 'top 3 of draw' but found 'of'",
        "6 | expect top of deck = []",
        "  |            ^^",
        "",
        "bad.scenario:7:14: error scenario/syntax: expected 'of' but found 'deck'",
        "7 | expect top 2 deck = []",
        "  |              ^^^^",
        "",
        "bad.scenario:8:22: error scenario/syntax: count seats clockwise: write '+ 1', '+ 2'...",
        "8 | expect hand[leader + -1] = []",
        "  |                      ^^",
        "",
        "bad.scenario:9:16: error scenario/syntax: expected '=' and the seat's score but found '47'",
        "9 | expect score 0 47",
        "  |                ^^",
        "",
        "bad.scenario:10:30: error scenario/syntax: expected ',' or ')' but found the end of the line",
        "10 | play 0: set(cards: [Number 1]",
        "   |                              ^",
      ].join("\n"),
    );
  });

  test("one mistake per line: the rest of the file is still read, and no follow-on error is reported", () => {
    // `players x` cannot be read, so the scenario's missing player count is not reported again.
    const { diagnostics } = parseScenarioFile(
      'scenario "s"\ngame g\nplayers x\nplay 0 pass\nexpect over\n',
      "bad.scenario",
    );
    expect(diagnostics.map((d) => [d.line, d.code])).toEqual([
      [3, "scenario/syntax"],
      [4, "scenario/syntax"],
    ]);
  });
});

/** The one scenario of a well-formed text: its diagnostics must be none. */
function parsed(lines: readonly string[]) {
  const text = ['scenario "s"', "game g", "players 4", ...lines].join("\n");
  const { scenario, diagnostics } = parseScenario(text, "t.scenario");
  expect(formatDiagnostics(diagnostics, text)).toBe("");
  return scenario!;
}

/** Each diagnostic of a malformed text as `line:column message`. */
function mistakes(lines: readonly string[]): string[] {
  const text = ['scenario "s"', "game g", "players 4", ...lines].join("\n");
  return parseScenarioFile(text, "bad.scenario").diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`);
}

describe("repeated blocks", () => {
  test("a block of plays and expectations, nested blocks, and one on a single line", () => {
    const scenario = parsed([
      "play 0: pass",
      "repeat 3 {",
      "  play 1: pass",
      "  repeat 2 {",
      "    expect turn 2",
      "    random 4",
      "  }",
      "  expect over",
      "}",
      "repeat 2 { play 3: pass }",
      "expect over",
    ]);
    expect(scenario.steps.map((s) => s.kind)).toEqual(["play", "repeat", "repeat", "expect-activity"]);
    const [, outer, single] = scenario.steps;
    expect(outer).toMatchObject({ kind: "repeat", times: 3, span: { line: 5 } });
    expect(outer!.kind === "repeat" && outer.steps.map((s) => s.kind)).toEqual(["play", "repeat", "expect-activity"]);
    expect(outer!.kind === "repeat" && outer.steps[1]).toMatchObject({
      times: 2,
      steps: [{ kind: "expect-activity" }, { kind: "random" }],
    });
    expect(single).toMatchObject({ times: 2, steps: [{ kind: "play", seat: { seat: 3 } }] });
  });

  test("blocks that do not close or open, are empty, repeat nothing, or hold setup steps", () => {
    expect(
      mistakes([
        "repeat 2 {",
        "  stack deck: Number 1",
        "  seed 3",
        "}",
        "}",
        "repeat 0 {",
        "repeat 3",
        "repeat 2 {",
        "}",
        "repeat 2 {",
        "  play 0: pass",
      ]),
    ).toEqual([
      "5:3 'stack' prepares the position before play, so it cannot be repeated: put it before the block",
      "6:3 'seed' must come before the scenario's first step",
      "8:1 this '}' closes no 'repeat' block",
      "9:8 a block is repeated at least once",
      "10:9 expected '{' to open the block (its steps follow, then '}') but found the end of the line",
      "11:1 this 'repeat' block has no steps to repeat",
      "13:1 this 'repeat' block has no '}' to close it",
    ]);
  });
});

describe("steps new to play and setup", () => {
  test("random between plays; the other setup steps still come before the first", () => {
    expect(parsed(["play 0: pass", "random 3 0", "play 1: pass"]).steps.map((s) => s.kind)).toEqual([
      "play",
      "random",
      "play",
    ]);
    expect(mistakes(["play 0: pass", "put Number 3 into hand[0]", "set coins = 3"])).toEqual([
      "5:1 'put' prepares the position before play, so it must come before the first 'play' or 'expect'",
      "6:1 'set' prepares the position before play, so it must come before the first 'play' or 'expect'",
    ]);
  });

  test("put … , replaced from a zone", () => {
    const [put] = parsed(["put Card payday, Card pause into won[0], replaced from draw", "expect over"]).steps;
    expect(put).toMatchObject({
      kind: "put",
      zone: { name: { text: "won" }, seat: { seat: 0 } },
      replacedFrom: { name: { text: "draw" }, seat: null },
    });
    expect(
      mistakes(["put Card payday into won[0], replace from draw", "put Card payday into won[0] from draw"]),
    ).toEqual([
      "4:30 expected 'replaced' but found 'replace'",
      "5:29 expected ', replaced from' and the zone whose last card fills each place a card leaves but found 'from'",
    ]);
  });
});

describe("expectations new to the format", () => {
  test("not over, tie-breakers, a seat's score keys, and any field of a view", () => {
    const scenario = parsed([
      "expect not over",
      "expect tiebreak 1 = 5 3 -inf 2",
      "expect keys 0 = 36 16 -inf",
      "expect view 1 coins = ? 18 ? ?",
      "expect view 1 coins[1] = 18 - 2",
      "expect view 0 mySubmission = sell(card: Property 28)",
      "expect view 2 mySubmission = pass",
      "expect view 2 submitted = true false ? false",
      "expect view 3 phase = selling",
    ]);
    const [notOver, tiebreak, keys, coins, one, mine, pass, submitted, phase] = scenario.steps;
    expect(notOver).toMatchObject({ kind: "expect-not-over" });
    expect(tiebreak).toMatchObject({
      kind: "expect-tiebreak",
      key: { index: 1 },
      values: [{ value: 5 }, { value: 3 }, { value: -Infinity }, { value: 2 }],
    });
    expect(keys).toMatchObject({
      kind: "expect-keys",
      seat: { seat: 0 },
      values: [{ value: 36 }, { value: 16 }, { value: -Infinity }],
    });
    expect(coins).toMatchObject({
      kind: "expect-view-value",
      seat: { seat: 1 },
      field: { name: { text: "coins" }, seat: null },
      values: [{ kind: "unknown" }, { kind: "number", value: 18 }, { kind: "unknown" }, { kind: "unknown" }],
    });
    expect(one).toMatchObject({ field: { seat: { seat: 1 } }, values: [{ value: 16 }] });
    expect(mine).toMatchObject({
      values: [{ kind: "move", move: { type: { text: "sell" }, arguments: [{ value: { kind: "card" } }] } }],
    });
    expect(pass).toMatchObject({ values: [{ kind: "word", value: "pass" }] });
    expect(submitted).toMatchObject({
      values: [{ value: "true" }, { value: "false" }, { kind: "unknown" }, { value: "false" }],
    });
    expect(phase).toMatchObject({ values: [{ kind: "word", value: "selling" }] });
  });

  test("mistakes in them", () => {
    expect(
      mistakes([
        "expect not turn 1",
        "expect tiebreak 0 = 1 2 3 4",
        "expect tiebreak 1 2 3 4",
        "expect keys x = 3",
        "expect score 0 = 47 3",
        "expect tiebreak 1 = a b c d",
      ]),
    ).toEqual([
      "4:12 expected 'over' ('expect not over': the game goes on) or what did not happen, e.g. 'expect not shuffled draw' but found 'turn'",
      "5:17 tie-breakers count from 1 (the first key after the score); the score is 'expect scores'",
      "6:19 expected '=' and the tie-breaker of each seat but found '2'",
      "7:13 expected a seat number but found 'x'",
      "8:21 one seat has one score; its tie-breakers too are 'expect keys 0 = …'",
      "9:21 expected a tie-breaker, not a",
    ]);
  });
});
