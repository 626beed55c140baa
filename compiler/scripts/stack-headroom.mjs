#!/usr/bin/env node
// How much call stack the compiler needs for rules at its nesting limits (syntax/depth.ts), against
// the 984 KB Node gives by default: for each shape, the smallest --stack-size at which compileGame
// still gets through every phase (parse, check, lower, emit, Prettier, type-check), found by
// bisection in fresh processes. Run after `npm run build`:
//   node compiler/scripts/stack-headroom.mjs
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const DEFAULT_KB = 984;
const game = (statement) =>
  `game "Deep" {\n  players 2..4\n}\nper player var points: int public = 0\nflow {\n  for p in players {\n${statement}\n  }\n}\nscore p: points[p]\n`;

/** Each shape sits exactly at the limits it names (counted as syntax/depth.ts counts). */
const shapes = {
  // flow, for and 28 ifs open 30 braces; `(` and `points[` make 32. The inner if is at level 30, the
  // 31 nots reach 61, `>` 62, `points[p]` 63 and `points` 64. The sum has 500 operators.
  "32 brackets, 64 levels and a 501-term sum at once": () => {
    let body = `if ${"not ".repeat(31)}(${Array(501).fill("points[p]").join(" + ")} > 3) { points[p] += 1 }`;
    for (let k = 0; k < 28; k++) body = `if points[p] < 9 {\n${body}\n}`;
    return game(body);
  },
  // flow, for, count( and 29 lists make 32 brackets.
  "32 brackets of lists": () => game(`points[p] += count(${"[".repeat(29)}1${"]".repeat(29)})`),
  // The j-th if is at level 1 + j, the name in its condition at 4 + j: 60 arms reach 64.
  "an else-if chain 64 levels deep": () =>
    game(Array.from({ length: 60 }, (_, j) => `if points[p] == ${j} { points[p] += 1 } else `).join("\n") + "{ points[p] += 2 }"),
  // The j-th conditional is at level 2 + j, the name in its condition at 5 + j: 59 reach 64.
  "an if-then-else expression 64 levels deep": () => game(`points[p] += ${"if points[p] == 1 then 1 else\n".repeat(59)}0`),
};

async function child(name, compilerUrl) {
  const { compileGame } = await import(compilerUrl);
  const text = shapes[name]();
  try {
    const result = await compileGame("deep", [{ path: "deep.rules", text }]);
    const codes = result.diagnostics.map((d) => d.code);
    console.log(result.files.length > 0 && codes.length === 0 ? "ok" : `refused ${codes.join(" ")}`);
  } catch (error) {
    console.log(`threw ${error.message.split("\n")[0]}`);
  }
}

function compiles(name, kb) {
  const run = spawnSync(process.execPath, [`--stack-size=${kb}`, fileURLToPath(import.meta.url), "--child", name], { encoding: "utf8" });
  return run.stdout.trim();
}

if (process.argv[2] === "--child") {
  await child(process.argv[3], new URL("../dist/index.js", import.meta.url).href);
} else {
  for (const name of Object.keys(shapes)) {
    const atDefault = compiles(name, DEFAULT_KB);
    if (atDefault !== "ok") {
      console.log(`${name}: does not compile at the default stack: ${atDefault}`);
      continue;
    }
    let [low, high] = [32, DEFAULT_KB];
    while (high - low > 16) {
      const mid = Math.floor((low + high) / 2);
      if (compiles(name, mid) === "ok") high = mid;
      else low = mid;
    }
    console.log(`${name}: compiles with ${high} KB of stack, ${(DEFAULT_KB / high).toFixed(1)}x below the default ${DEFAULT_KB} KB`);
  }
}
