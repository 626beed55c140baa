// A kernel written as one function per step declares its closure's variables with `var`
// (playout-closure-vars.ts): the steps read them without V8's test for a `let` not yet initialized.
// The declarations inside the closure's functions keep their `let` and `const`; and the kernel still
// plays its state machine's games move for move. Each function of the closure binds the closure's
// arrays it reads to locals at its top (`arraysBoundInFunctions`).
import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { compileGame } from "../index.js";
import { evaluateFiles } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";
import { arraysBoundInFunctions, closureVariablesAsVar } from "./playout-closure-vars.js";

const DRILL = `
game "Closure Drill" {
  players 2..3
}
card Chip {
  points: int
  cards for v in 1..9 { points: v }
}
per player var score: int public = 0
var turns: int public = 0
zone deck: Chip stack hidden = all Chip
per player zone hand: Chip pile owner

function best(p: player): int = max(c in hand[p]: c.points)

setup {
  shuffle deck
}

flow {
  while turns < 24 {
    for p in players {
      if count(deck) > 0 {
        deal 1 from deck to hand[p]
      }
      ask p {
        play(c in hand[p]) {
          score[p] += c.points
          move c to deck
          shuffle deck
        }
        keep { }
      }
      turns += 1
      if count(hand[p]) > 3 {
        move all hand[p] to deck
        shuffle deck
      }
    }
  }
}

score p: score[p] + count(hand[p])
`;

describe("a split kernel's closure variables", () => {
  it("turns the closure's own let and const into var, and nothing inside its functions", () => {
    const text = [
      "/** doc */",
      "export function playout(): number {",
      "  let a: number = 0;",
      "  const b = [1, 2];",
      "  function step(): number {",
      "    let c = a;",
      "    const d = b[0]!;",
      "    for (let i = 0; i < 2; i++) c += i;",
      "    return c + d;",
      "  }",
      "  return step();",
      "}",
    ].join("\n");
    const out = closureVariablesAsVar(text);
    expect(out).toContain("  var a: number = 0;");
    expect(out).toContain("  var b = [1, 2];");
    expect(out).toContain("    let c = a;");
    expect(out).toContain("    const d = b[0]!;");
    expect(out).toContain("for (let i = 0;");
  });

  it("reads braces in strings, template literals and comments as text, not as blocks", () => {
    const text = [
      "export function playout(): number {",
      '  const said = "a { in a string";',
      "  const quoted = 'and } another';",
      "  // a comment opens { a block that never closes",
      "  /* nor does this one { */",
      "  const told = `${said.length + { n: 1 }.n} {`;",
      "  function step(): string {",
      "    let inner = `}${`{`}`;",
      "    return inner;",
      "  }",
      "  let after = step();",
      "  return after.length;",
      "}",
      "const outside = 1;",
    ].join("\n");
    const out = closureVariablesAsVar(text);
    for (const name of ["said", "quoted", "told", "after"]) expect(out).toMatch(new RegExp(`^  var ${name} `, "m"));
    expect(out).toContain("    let inner = ");
    // Past the kernel's closing brace, nothing changes.
    expect(out).toContain("const outside = 1;");
  });

  it("binds the closure's arrays a function reads to locals at its top, but a parameter, a declared name and play's", () => {
    const text = [
      "export function playout(): number[] {",
      "  const K_C = [10, 20, 30];",
      "  const C = K_C;",
      "  const K_$n = [1];",
      "  const $n = K_$n;",
      "  function step(): number {",
      '    const said = "} C";',
      "    let t = 0;",
      "    for (let i = 0; i < 2; i++) for (let j = 0; j < 2; j++) t += C[i + j]! * $n[0]!;",
      "    return t + said.length;",
      "  }",
      "  function roll(C: number[]): number {",
      "    return C[0]! + $n[0]!;",
      "  }",
      "  function mine(): number {",
      "    const $n = [5];",
      "    return $n[0]! + C.length;",
      "  }",
      "  function none(): number {",
      "    return 7;",
      "  }",
      "  function play(): number {",
      "    return C[2]!;",
      "  }",
      "  return [step(), roll([100]), mine(), none(), play()];",
      "}",
    ].join("\n");
    const out = arraysBoundInFunctions(text, ["C", "$n"]);
    expect(out).toContain("  function step(): number {\nconst C = K_C, $n = K_$n;\n");
    expect(out).toContain("  function roll(C: number[]): number {\nconst $n = K_$n;\n");
    expect(out).toContain("  function mine(): number {\nconst C = K_C;\n");
    expect(out).toContain("  function none(): number {\n    return 7;");
    expect(out).toContain("  function play(): number {\n    return C[2]!;");
    // The same results, run: 10·1 + 20·1 + 20·1 + 30·1 plus the string's 3, then 101, 8, 7, 30.
    const run = (source: string): number[] => new Function(`${transformSync(source.replace("export function", "function"), { loader: "ts" }).code}\nreturn playout();`)() as number[];
    expect(run(out)).toEqual([83, 101, 8, 7, 30]);
    expect(run(out)).toEqual(run(text));
  });

  it("declares the drill's closure with var, and plays its state machine's games move for move", async () => {
    const result = await compileGame("closure-drill", [{ path: "closure-drill.rules", text: DRILL }]);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.notes).toEqual([]);
    const kernelText = result.files.find((f) => f.path === "playout.ts")!.text;
    // The closure's variables (two spaces in): var, none let or const.
    expect(kernelText).toMatch(/^ {2}var decisions = 0;$/m);
    expect(kernelText).toMatch(/^ {2}var v_turns\b/m);
    expect(kernelText).not.toMatch(/^ {2}(let|const) /m);
    const game = evaluateFiles(result.files, runtime).get("search.ts")!.game as Game;
    expectKernelReplays(runtime, game, { seed: 3, playerCounts: [2, 3], gamesPerCount: 30 });
  });
});
