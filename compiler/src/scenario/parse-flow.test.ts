import { describe, expect, test } from "vitest";
import { formatDiagnostics } from "../diagnostics.js";
import type { Step } from "./ast.js";
import { parseScenario, parseScenarioFile } from "./parser.js";

// Reading what issue 8 added to the format: starting at a decision, scripted shuffles and dice,
// expectations on events, and calls of the rules' functions.

function parsed(lines: readonly string[]): readonly Step[] {
  const text = ['scenario "s"', "game g", "players 4", ...lines].join("\n");
  const { scenario, diagnostics } = parseScenario(text, "t.scenario");
  expect(formatDiagnostics(diagnostics, text)).toBe("");
  return scenario!.steps;
}

/** Each diagnostic as `line:column code message`. */
function mistakes(lines: readonly string[]): string[] {
  const text = ['scenario "s"', "game g", "players 4", ...lines].join("\n");
  return parseScenarioFile(text, "bad.scenario").diagnostics.map((d) => `${d.line}:${d.column} ${d.code} ${d.message}`);
}

describe("start at a decision, shuffles and dice", () => {
  test("are read with their parts", () => {
    const [start, shuffle, dice, , between] = parsed([
      "start at buying.raise_or_pass",
      "shuffle won[1]: Card object jewellery 2, Card payday",
      "dice 3 5",
      "play 0: pass",
      "shuffle draw: Card pause",
      "dice 6",
      "expect over",
    ]);
    expect(start).toMatchObject({ kind: "start", decision: { text: "buying.raise_or_pass", span: { line: 4, column: 10, endColumn: 30 } } });
    expect(shuffle).toMatchObject({ kind: "shuffle", zone: { name: { text: "won" }, seat: { seat: 1 } } });
    expect(shuffle!.kind === "shuffle" && shuffle.cards.map((c) => [c.type.text, ...c.fields.map((f) => f.value)])).toEqual([
      ["Card", "object", "jewellery", 2],
      ["Card", "payday"],
    ]);
    expect(dice).toMatchObject({ kind: "dice", faces: [{ value: 3 }, { value: 5 }] });
    expect(between).toMatchObject({ kind: "shuffle", zone: { name: { text: "draw" }, seat: null } });
    // A label without a phase, and scripting steps inside a repeated block.
    expect(parsed(["start at turn", "repeat 2 {", "dice 1", "play 0: roll", "}"]).map((s) => s.kind)).toEqual(["start", "repeat"]);
  });

  test("mistakes in them", () => {
    expect(
      mistakes([
        "start buying",
        "start at",
        "start at buying.",
        "dice 0",
        "dice 2.5",
        "dice x",
        "shuffle draw Card pause",
      ]),
    ).toEqual([
      "4:7 scenario/syntax expected 'at' but found 'buying'",
      "5:9 scenario/syntax expected a decision of the flow, e.g. 'start at buying.raise_or_pass' but found the end of the line",
      "6:17 scenario/syntax expected the rest of the decision's label after '.' but found the end of the line",
      "7:6 scenario/syntax a die shows a whole number from 1 (dice 3 5: the next two rolls show 3, then 5)",
      "8:6 scenario/syntax a die shows a whole number from 1 (dice 3 5: the next two rolls show 3, then 5)",
      "9:6 scenario/syntax a die shows a whole number from 1 (dice 3 5: the next two rolls show 3, then 5)",
      "10:14 scenario/syntax expected ':' and the cards its next shuffle leaves on top, top first but found 'Card'",
    ]);
  });

  test("a start comes before play, outside blocks, and once", () => {
    expect(mistakes(["start at a", "start at b", "play 0: pass", "start at c", "repeat 2 {", "start at d", "}"])).toEqual([
      "5:1 scenario/duplicate-start the scenario already starts at a decision on line 4",
      "7:1 scenario/setup-after-start 'start at' prepares the position before play, so it must come before the first 'play' or 'expect'",
      "9:1 scenario/setup-after-start 'start at' prepares the position before play, so it cannot be repeated: put it before the block",
    ]);
  });

  test("a start shared by every scenario of a file, and a second one in a scenario, is reported once", () => {
    const text = ["game g", "players 2", "start at a", 'scenario "one"', "start at b", "expect over", 'scenario "two"', "expect over"].join("\n");
    expect(parseScenarioFile(text, "f.scenario").diagnostics.map((d) => [d.line, d.code])).toEqual([[5, "scenario/duplicate-start"]]);
  });
});

describe("events", () => {
  test("each verb with its parts, and parts left out", () => {
    const steps = parsed([
      "expect moved Property 30 from auction to properties[2]",
      "expect moved Property 3, Property 9 to properties",
      "expect moved",
      "expect paid 2 from coins[0] to bank",
      "expect transferred (4 - 2) to bank",
      "expect shuffled won[1]",
      "expect rolled 3 5",
      'expect said "seat 1 is fined" to 1',
      "expect changed passed[2] to true",
      "expect revealed Card object furniture 7 to bidder",
      "expect began selling",
      "expect ended",
      "expect not moved to properties[1]",
      "expect seat 1 sees moved ?, Property 4 from property_deck to auction",
      "expect seat 2 does not see paid ? from coins[0]",
      "expect rolled = 1 2 3 4",
      "expect seat[0] = 3",
    ]);
    const events = steps.map((s) => (s.kind === "expect-event" ? [s.viewer?.seat ?? null, s.happened, s.event.kind] : s.kind));
    expect(events).toEqual([
      [null, true, "moved"],
      [null, true, "moved"],
      [null, true, "moved"],
      [null, true, "paid"],
      [null, true, "paid"],
      [null, true, "shuffled"],
      [null, true, "rolled"],
      [null, true, "said"],
      [null, true, "changed"],
      [null, true, "revealed"],
      [null, true, "began"],
      [null, true, "ended"],
      [null, false, "moved"],
      [1, true, "moved"],
      [2, false, "paid"],
      // A variable called like a verb is compared with '=': `rolled`, `seat`.
      "expect-var",
      "expect-var",
    ]);
    expect(steps[0]).toMatchObject({
      event: { cards: [{ type: { text: "Property" } }], from: { name: { text: "auction" } }, to: { name: { text: "properties" }, seat: { seat: 2 } } },
    });
    expect(steps[1]).toMatchObject({ event: { cards: [{ fields: [{ value: 3 }] }, { fields: [{ value: 9 }] }], from: null, to: { seat: null } } });
    expect(steps[2]).toMatchObject({ event: { cards: null, from: null, to: null } });
    expect(steps[4]).toMatchObject({ event: { amount: { value: 2, sum: "4 - 2" }, from: null } });
    expect(steps[7]).toMatchObject({ event: { text: { text: "seat 1 is fined" }, to: { seat: 1 } } });
    expect(steps[8]).toMatchObject({ event: { value: { kind: "word", value: "true" } } });
    expect(steps[9]).toMatchObject({ event: { to: { variable: { text: "bidder" }, offset: 0 } } });
    expect(steps[13]).toMatchObject({ event: { cards: [null, { fields: [{ value: 4 }] }] } });
    expect(steps[14]).toMatchObject({ event: { amount: "unknown" } });
  });

  test("mistakes in them", () => {
    expect(
      mistakes([
        "expect moved ? to hand[0]",
        "expect paid ? from coins[0]",
        "expect seat 1 see moved",
        "expect not seat 1 sees moved",
        "expect paid red to bank",
        "expect rolled x",
        "expect moved Property 3 into auction",
        "expect seat 1 sees over",
      ]),
    ).toEqual([
      "4:14 scenario/syntax '?' stands for a card a seat is not told: write 'expect seat 1 sees …' to check what one seat is told",
      "5:13 scenario/syntax '?' stands for an amount a seat is not told: write 'expect seat 1 sees …' to check what one seat is told",
      "6:15 scenario/syntax expected 'sees' or 'does not see', then what the seat is told, e.g. 'expect seat 1 sees moved ? to hand[0]' but found 'see'",
      "7:12 scenario/syntax write 'expect seat 1 does not see …' for what one seat is not told",
      "8:13 scenario/syntax an amount is a number, not red",
      "9:15 scenario/syntax a die shows a whole number, not x",
      "10:25 scenario/syntax unexpected 'into' after 'moved' and its parts",
      "11:20 scenario/syntax expected what happened: moved, paid, transferred, shuffled, rolled, said, changed, revealed, began, ended but found 'over'",
    ]);
  });
});

describe("the rules' functions", () => {
  test("a call, its arguments and what it gives", () => {
    const [points, list, cards, sum, keyword] = parsed([
      "expect objective_points(Objective collector, 0) = 21",
      "expect values_held(1) = [1, 2, 3]",
      "expect majority([Merchandise 1 pets, Merchandise 2 items]) = pets",
      "expect points() = 7 * 3",
      "expect scores(0) = 5",
      "expect scores (7 + 1) 6",
    ]);
    expect(points).toMatchObject({
      kind: "expect-function",
      call: { name: { text: "objective_points" }, arguments: [{ kind: "card" }, { kind: "value", value: { value: 0 } }] },
      expected: { kind: "values", values: [{ value: 21 }] },
    });
    expect(list).toMatchObject({ expected: { kind: "list", items: [{ value: { value: 1 } }, { value: { value: 2 } }, { value: { value: 3 } }] } });
    expect(cards).toMatchObject({ call: { arguments: [{ kind: "list", items: [{ kind: "card" }, { kind: "card" }] }] }, expected: { values: [{ value: "pets" }] } });
    expect(sum).toMatchObject({ call: { arguments: [] }, expected: { values: [{ value: 21, sum: "7 * 3" }] } });
    // A function named like an expectation is one when '=' follows its arguments; else the keyword stands.
    expect(keyword).toMatchObject({ kind: "expect-function", call: { name: { text: "scores" } } });
    expect(parsed(["expect scores (7 + 1) 6"])[0]).toMatchObject({ kind: "expect-scores" });
  });

  test("mistakes in them", () => {
    // An open parenthesis continues the statement on the next line, so the unclosed call comes last.
    expect(mistakes(["expect points(0)", "expect points(0, 1..3) = 2", "expect points(0"])).toEqual([
      "4:17 scenario/syntax expected '=' and what the function gives, e.g. 'objective_points(Objective collector, 0) = 21' but found the end of the line",
      "6:16 scenario/syntax expected ')' to close the arguments but found the end of the line",
    ]);
  });
});
