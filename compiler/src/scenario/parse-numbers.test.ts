import { describe, expect, test } from "vitest";
import { formatDiagnostics } from "../diagnostics.js";
import { parseScenario, parseScenarioFile } from "./parser.js";

// Numbers as scenarios write them: signs, decimals, and sums worked out when the file is read.

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

describe("numbers and sums", () => {
  test("a number may be negative or a decimal wherever one is written, old forms included", () => {
    const scenario = parsed([
      "set coins = 18 -2 16 18",
      "play 0: raise(amount: 2.5)",
      "play 1: raise(amount: -3)",
      'expect illegal 0: raise(amount: 2.5) "whole number"',
      "expect legal 0: raise(amount: -3..3)",
      "expect coins[0] = -0.5",
      "expect scores 30 27 -2 8",
      "expect hand[0] = [Card object curiosities -3]",
    ]);
    const [set, half, negative, illegal, range, decimal, scores, zone] = scenario.steps;
    expect(set).toMatchObject({ values: [{ value: 18 }, { value: -2 }, { value: 16 }, { value: 18 }] });
    expect(half).toMatchObject({
      move: { arguments: [{ value: { kind: "value", value: { kind: "number", value: 2.5 } } }] },
    });
    expect(negative).toMatchObject({
      move: { arguments: [{ value: { value: { value: -3, span: { column: 23, endColumn: 25 } } } }] },
    });
    expect(illegal).toMatchObject({
      kind: "expect-illegal",
      move: { arguments: [{ value: { value: { value: 2.5 } } }] },
    });
    expect(range).toMatchObject({ move: { arguments: [{ value: { kind: "range", min: -3, max: 3 } }] } });
    expect(decimal).toMatchObject({ values: [{ kind: "number", value: -0.5 }] });
    expect(scores).toMatchObject({ scores: [{ value: 30 }, { value: 27 }, { value: -2 }, { value: 8 }] });
    expect(zone).toMatchObject({ cards: [{ fields: [{ value: "object" }, { value: "curiosities" }, { value: -3 }] }] });
  });

  test("sums of whole numbers are worked out: + - * and parentheses, * first", () => {
    const scenario = parsed([
      "set bank = 2 * (3 + 4) - 1",
      "expect coins[0] = 18 - 3 + 1",
      "expect coins[1] = 18-3",
      "expect coins = (18 - 2) 16 (9 * 2) 18",
      "expect count draw = 30 - 5*2",
      "expect score 0 = 18 + 21 + 8",
      "expect coins[2] = 3 * -2",
    ]);
    const values = scenario.steps.map((step) =>
      "values" in step
        ? step.values.map((v) => ("value" in v ? v.value : null))
        : "counts" in step
          ? step.counts.map((c) => c.value)
          : "score" in step
            ? [step.score.value]
            : [],
    );
    expect(values).toEqual([[13], [16], [15], [16, 16, 18, 18], [20], [47], [-6]]);
    // The sum is kept as written for messages, and blamed as a whole.
    expect(scenario.steps[1]).toMatchObject({ values: [{ sum: "18 - 3 + 1", span: { column: 19, endColumn: 29 } }] });
    expect(scenario.steps[3]).toMatchObject({
      values: [{ sum: "18 - 2", span: { column: 16, endColumn: 24 } }, {}, {}, {}],
    });
  });

  test("a sum among several values must be in parentheses, and malformed sums are refused", () => {
    expect(
      mistakes([
        "expect coins = 18-2 16 18 18",
        "expect coins = 16 14 18 - 2 + 1 18",
        "expect coins[0] = 18 +",
        "expect coins[0] = + 3",
        "expect coins[0] = 3 + true",
        "expect coins[0] = 2.5 + 1",
        "expect coins[0] = - 3",
        "expect coins[0] = (3 4)",
        "random 2.5",
        "play 0: raise(amount: -inf)",
        "expect legal 0: raise(amount: 1.5..3)",
        "expect turn 1.5",
        "expect count draw = 2.5",
        "expect coins[0] = 3 + + 4",
        "expect coins = 1 2 3 ?",
        // An open parenthesis continues the statement on the next lines, as brackets do: last.
        "expect coins[0] = (3 + 4",
      ]),
    ).toEqual([
      "4:16 several values on a line take a sum only in parentheses: write (18 - 2) to make it one value",
      "5:22 several values on a line take a sum only in parentheses: write (18 - 2 + 1) to make it one value",
      "6:22 expected a number after '+'",
      "7:19 expected a number before '+'",
      "8:23 only numbers are added, subtracted or multiplied",
      "9:19 a sum takes whole numbers, not 2.5",
      "10:19 write a minus sign right before its number, as in -3",
      "11:22 expected an operator (+, - or *) between two numbers of a sum",
      "12:8 random numbers are whole numbers from 0 (a draw among n gives 0..n-1)",
      "13:23 -inf only stands for a tie-breaker key a seat lacks, in 'expect tiebreak' and 'expect keys'",
      "14:31 expected a whole number to start the range, not 1.5",
      "15:13 expected a seat number, not 1.5",
      "16:21 a count is a whole number from 0, not 2.5",
      "17:21 expected a number after '+'",
      "18:22 expected a value but found '?'",
      "19:25 expected ')' to close the sum but found the end of the line",
    ]);
  });
});
