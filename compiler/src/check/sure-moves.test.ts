// `check/may-have-no-move`: a decision with no option sure to be open is warned of, where it is asked;
// the guards around it, a range's bounds, earlier parameters and the designer's own requirements count.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { checkGame } from "../check-game.js";

const game = (flow: string): string => `
game "Beans" {
  players 2..3
}
card Bean {
  kind: int
  cards for k in 1..3, copy in 1..4 { kind: k }
}
zone deck: Bean stack hidden = all Bean
zone field: Bean row public
per player zone hand: Bean pile owner
per player var coins: int public = 0
per player var tally: int public = 0
var pot: int public = 0
conserve money: coins, pot
flow {
${flow}
}
score p: coins[p]
`;

/** The lines warned of, counted in the flow as written (its first line is 1). */
function warnedLines(flow: string): number[] {
  const text = game(flow);
  const flowLine = text.split("\n").indexOf("flow {") + 1;
  const { diagnostics } = checkGame("beans", [{ path: "beans.rules", text }]);
  expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return diagnostics.filter((d) => d.code === "check/may-have-no-move").map((d) => d.line - flowLine);
}

describe("decisions that may be left with no legal move", () => {
  test("a card from a zone that may be empty, alone: warned at its ask", () => {
    expect(warnedLines(`  ask 0 {\n    plant(b in hand[0]) { move b to field }\n  }`)).toEqual([1]);
  });

  test("an option that is always open beside it makes the decision safe", () => {
    expect(warnedLines(`  ask 0 {\n    plant(b in hand[0]) { move b to field }\n    pass { }\n  }`)).toEqual([]);
  });

  test("a guard that says the zone holds cards: if, while, and an ask each's where", () => {
    const flow = `  if count(hand[0]) > 0 {
    ask 0 { plant(b in hand[0]) { move b to field } }
  }
  while count(deck) >= 1 {
    ask 1 { draw(b in deck) { move b to hand[1] } }
  }
  ask each p in players where count(hand[p]) > 0 {
    plant_own(b in hand[p]) { move b to field }
  }
  ask each p in players where count(hand[0]) > 0 {
    plant_other(b in hand[p]) { move b to field }
  }`;
    // Only the last: its guard speaks of seat 0's hand, not of each seat's own.
    expect(warnedLines(flow)).toEqual([10]);
  });

  test("ranges: from zero up to money or a count is never empty; from one needs a guard", () => {
    const flow = `  ask 0 { give(n in 0..coins[0]) { transfer n from coins[0] to pot } }
  ask 0 { bid(n in 1..coins[0]) { transfer n from coins[0] to pot } }
  if coins[0] > 0 {
    ask 0 { bid_again(n in 1..coins[0]) { transfer n from coins[0] to pot } }
  }
  ask 0 { mark(n in 0..tally[0]) { tally[0] = n } }
  ask 0 { pick(n in 1..(if coins[0] > 2 then 6 else 3)) { tally[0] = n } }
  while coins[1] > 0 {
    ask 1 { take(n in 1..min(3, coins[1])) { transfer n from coins[1] to pot } }
    ask 1 { take_more(n in 1..min(3, tally[1])) { transfer n from coins[1] to pot } }
  }`;
    // tally is not money: it may be set below zero, so 0..tally[0] may be empty; a min is as sure as its least.
    expect(warnedLines(flow)).toEqual([2, 6, 10]);
  });

  test("a nested ask counts on its option's requirements; requirements themselves are trusted", () => {
    const flow = `  ask 0 {
    sell(b in hand[0])
      require coins[1] > 0 else "seat 1 has no money"
    {
      ask 1 { offer(n in 1..coins[1]) { transfer n from coins[1] to coins[0] } }
    }
  }`;
    expect(warnedLines(flow)).toEqual([]);
  });

  test("a subset (the empty set is a choice), the seats and a race are never left without a move", () => {
    const flow = `  ask 0 { give(bs in subset(hand[0])) { for b in bs { move b to field } } }
  ask 0 { name(p in players) { tally[p] += 1 } }
  race p in players { grab(b in field) { move b to hand[p] } }`;
    expect(warnedLines(flow)).toEqual([]);
  });
});

describe("the five games, the corpus games and the corpus programs", () => {
  const sources = (path: string): { path: string; text: string }[] =>
    statSync(path).isDirectory()
      ? readdirSync(path).filter((f) => f.endsWith(".rules")).map((f) => ({ path: join(path, f), text: readFileSync(join(path, f), "utf8") }))
      : [{ path, text: readFileSync(path, "utf8") }];
  const root = join(import.meta.dirname, "../../..");
  const games = [
    ...readdirSync(join(root, "rules")).map((name) => join(root, "rules", name)),
    ...readdirSync(join(root, "examples/games")).map((name) => join(root, "examples/games", name)),
    ...readdirSync(join(root, "compiler/src/__fixtures__/programs")).filter((f) => f.endsWith(".rules")).map((f) => join(root, "compiler/src/__fixtures__/programs", f)),
  ];

  test.each(games.map((path) => [path.slice(root.length + 1), path]))("%s asks no seat that may be left without a move, and loses no reveal", (_, path) => {
    const { diagnostics } = checkGame("game", sources(path));
    const warned = diagnostics.filter((d) => d.code === "check/may-have-no-move" || d.code === "check/reveal-lost");
    expect(warned.map((d) => `${d.line}: ${d.message}`)).toEqual([]);
  });
});
