// check/open-rolls.ts beyond fixture 96: a die rolled in the open reaching a secret through a procedure
// written in another file of the game is reported in that file, at the roll; one that reaches only public
// or bookkeeping values, or is rolled out of sight, is not.
import { describe, expect, it } from "vitest";
import { checkGame } from "../index.js";

const MAIN = `
game "Dice" {
  players 2..3
}
per player var die: int owner = 0
per player var shown: int public = 0
var tally: int hidden = 0 bookkeeping
score p: shown[p]
flow {
  for p in players {
    throw(p)
  }
}
`;

const check = (procedure: string) =>
  checkGame("dice", [
    { path: "dice.rules", text: MAIN },
    { path: "throws.rules", text: procedure },
  ]).diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`);

describe("open rolls kept secret", () => {
  it("are reported in the procedure's own file, at the roll", () => {
    const text = "procedure throw(p: player) {\n  let face = roll(6)\n  die[p] = face\n}\n";
    expect(check(text)).toEqual(["throws.rules:2:14 check/open-roll-kept-secret"]);
  });

  it("are refused when the die only decides the secret, through a loop", () => {
    const text = "procedure throw(p: player) {\n  let face = roll(6)\n  for i in 1..face {\n    die[p] += 1\n  }\n}\n";
    expect(check(text)).toEqual(["throws.rules:2:14 check/open-roll-kept-secret"]);
  });

  it("are not refused when the die goes public, into bookkeeping, straight into the secret, or out of sight", () => {
    const text = [
      "procedure throw(p: player) {",
      "  let face = roll(6)",
      "  shown[p] = face",
      "  tally += face",
      "  die[p] = roll(6) + 1",
      "  let hidden_face = secret_roll(6)",
      "  die[p] += hidden_face",
      "}",
      "",
    ].join("\n");
    expect(check(text)).toEqual([]);
  });
});
