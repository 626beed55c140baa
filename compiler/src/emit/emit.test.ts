// Emission: the committed For Sale is exactly what compiling gives; output is deterministic; and
// no text or name from a rules file can break out into code. Emitted files are checked with the
// TypeScript compiler (against the runtime's sources) and evaluated, not just searched.
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, test } from "vitest";
import * as runtime from "../../../runtime/src/index.js";
import type { Game } from "../../../runtime/src/index.js";
import { compileAll, compileGame } from "../index.js";
import type { EmittedFile } from "./emit.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const runtimeIndex = path.join(root, "runtime/src/index.ts");

async function compile(gameId: string, text: string): Promise<EmittedFile[]> {
  const result = await compileGame(gameId, [{ path: `${gameId}.rules`, text }]);
  expect(result.diagnostics).toEqual([]);
  return result.files;
}

const parsedFiles = new Map<string, ts.SourceFile>();

/** Type errors of the emitted files, compiled as an ES module package against the runtime's sources. */
function typeErrors(files: readonly EmittedFile[]): string[] {
  const folder = "/virtual/game/";
  const virtual = new Map(files.map((f) => [folder + f.path, f.text]));
  virtual.set("/virtual/package.json", '{ "type": "module" }');
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2022.d.ts"],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noImplicitOverride: true,
    noFallthroughCasesInSwitch: true,
    skipLibCheck: true,
    types: [],
    noEmit: true,
    paths: { "@rules/runtime": [runtimeIndex] },
  };
  const host = ts.createCompilerHost(options);
  const readSource = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) => {
    const text = virtual.get(name);
    if (text !== undefined) return ts.createSourceFile(name, text, language);
    // The standard library and the runtime are the same for every game: parse them once.
    const cached = parsedFiles.get(name) ?? readSource(name, language, ...rest);
    if (cached) parsedFiles.set(name, cached);
    return cached;
  };
  host.fileExists = (name) => virtual.has(name) || ts.sys.fileExists(name);
  host.readFile = (name) => virtual.get(name) ?? ts.sys.readFile(name);
  host.directoryExists = (name) => name.startsWith("/virtual") || ts.sys.directoryExists(name);
  const program = ts.createProgram([...virtual.keys()].filter((f) => f.endsWith(".ts")), options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: ` : "";
    return where + ts.flattenDiagnosticMessageText(d.messageText, "\n");
  });
}

/** Evaluates every emitted file (transpiled one by one, as a build tool would) and returns their exports. */
function evaluate(files: readonly EmittedFile[]): Map<string, Record<string, unknown>> {
  const sources = new Map(files.map((f) => [f.path, f.text]));
  const modules = new Map<string, Record<string, unknown>>();
  const load = (specifier: string): Record<string, unknown> => {
    if (specifier === "@rules/runtime") return runtime as unknown as Record<string, unknown>;
    const file = specifier.replace(/^\.\//, "").replace(/\.js$/, ".ts");
    const loaded = modules.get(file);
    if (loaded) return loaded;
    const text = sources.get(file);
    if (text === undefined) throw new Error(`no emitted file ${file}`);
    const output = ts.transpileModule(text, {
      fileName: file,
      reportDiagnostics: true,
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    });
    expect(output.diagnostics ?? [], `syntax errors in ${file}`).toEqual([]);
    const exports: Record<string, unknown> = {};
    modules.set(file, exports);
    new Function("exports", "require", output.outputText)(exports, load);
    return exports;
  };
  for (const f of files) load(f.path);
  return modules;
}

describe("For Sale", () => {
  test("the committed generated/ folder is exactly what compiling the rules gives", async () => {
    const report = await compileAll({ rulesDir: path.join(root, "rules"), outDir: path.join(root, "generated"), check: true });
    expect(report.diagnostics).toEqual([]);
    expect(report.games).toContain("for-sale");
    expect(report.stale).toEqual([]);
    expect(report.written).toEqual([]);
  });

  test("compiling twice gives identical files", async () => {
    const text = readFileSync(path.join(root, "rules/for-sale.rules"), "utf8");
    const first = await compile("for-sale", text);
    const second = await compile("for-sale", text);
    expect(first.map((f) => f.path)).toEqual(["types.ts", "cards.ts", "flow.ts", "moves.ts", "view.ts", "index.ts"]);
    expect(second).toEqual(first);
  });

  test("the emitted files type-check against the runtime", async () => {
    const text = readFileSync(path.join(root, "rules/for-sale.rules"), "utf8");
    expect(typeErrors(await compile("for-sale", text))).toEqual([]);
  });
});

describe("text from a rules file stays text", () => {
  // Every way out of a string literal, a template literal or a comment, and into an HTML page.
  const hostile = [
    'Sale "); globalThis.injected = 1; ("',
    "back\\slash \\\" and \\n",
    "`; globalThis.injected = 2; `",
    "${(globalThis.injected = 3)}",
    "*/ globalThis.injected = 4; /*",
    "line\nbreak",
    "</script><script>alert(1)</script>",
    "\u2028\u2029",
  ].join(" ");
  /** The text as a rules-language string literal, with the escapes the lexer knows. */
  const literal = (text: string): string => `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`;
  /** A small game with the hostile text in one place and plain text elsewhere. */
  const rules = (where: "title" | "variant" | "reason"): string => {
    const text = (place: string): string => literal(place === where ? hostile : "plain");
    return `
game ${text("title")} {
  players 2..3
  variant quick ${text("variant")}
}
card Token {
  value: int
  cards for v in 1..4 { value: v }
}
zone deck: Token stack hidden = all Token
per player var points: int public = 0
var first: player public = 0
flow {
  for p in players {
    ask p {
      claim(n in 1..3) require n < 3 else ${text("reason")} { points[p] += n }
      pass { }
    }
  }
  ask first { finish { } wait { } }
}
score p: points[p]
`;
  };

  test.each(["title", "variant", "reason"] as const)("in the %s: the emitted files type-check, and evaluated they give back the exact text", async (where) => {
    const files = await compile("hostile", rules(where));
    expect(typeErrors(files)).toEqual([]);
    // A raw line or paragraph separator would end a line comment early.
    for (const f of files) expect(f.text, f.path).not.toMatch(/[\u2028\u2029]/);
    const globals = globalThis as { injected?: unknown };
    delete globals.injected;
    const game = evaluate(files).get("index.ts")!.game as Game;
    expect(globals.injected).toBeUndefined();
    const expected = (place: string): string => (place === where ? hostile : "plain");
    expect(game.title).toBe(expected("title"));
    expect(game.variants).toEqual([{ name: "quick", description: expected("variant") }]);
    const state = game.setup({ players: 2, seed: 7 });
    game.advance(state);
    expect(game.check(state, 0, { type: "claim", n: 3 })).toEqual({ code: "move/constraint", reason: expected("reason") });
    expect(game.check(state, 0, { type: "claim", n: 2 })).toBeNull();
  });
});

describe("emitted code type-checks whatever the shape of the game", () => {
  const game = (flow: string): string => `
game "Shapes" {
  players 2..3
}
card Token {
  value: int
  cards for v in 1..4 { value: v }
}
enum Colour { red, blue }
zone deck: Token stack hidden = all Token
per player zone hand: Token pile owner
per player var points: int public = 0
var mood: Colour public = Colour.blue
flow {
${flow}
}
score p: points[p]
`;

  test("a game whose only decision has options without parameters", async () => {
    expect(typeErrors(await compile("plain", game("for p in players { ask p { take { points[p] += 1 } pass { } } }")))).toEqual([]);
  });

  test("a game whose only decision has an option with a parameter", async () => {
    expect(typeErrors(await compile("single", game("for p in players { ask p { take(n in 1..2) { points[p] += n } pass { } } }")))).toEqual([]);
  });

  test("a decision with a single option", async () => {
    const flow = "for p in players { ask p { take(n in 1..2) { points[p] += n } pass { } } }\nfor p in players { ask p { done { } } }";
    expect(typeErrors(await compile("one-option", game(flow)))).toEqual([]);
  });

  test("a game with no decision at all", async () => {
    expect(typeErrors(await compile("none", game("for p in players { points[p] += 1 }")))).toEqual([]);
  });

  test("a card picked before a decision and moved by one of its options", async () => {
    const flow = "let c = top(deck)\nfor p in players { ask p { take { move c to hand[p] } pass { } } }";
    expect(typeErrors(await compile("card-let", game(flow)))).toEqual([]);
  });

  test("an enum value kept across a decision", async () => {
    const flow = "let m = Colour.red\nfor p in players { ask p { take { mood = m } pass { } } }";
    expect(typeErrors(await compile("enum-let", game(flow)))).toEqual([]);
  });

  test("a zone named by a let across a decision is refused, or compiles", async () => {
    const flow = "let z = deck\nfor p in players { ask p { take { move top(z) to hand[p] } pass { } } }";
    const result = await compileGame("zone-let", [{ path: "zone-let.rules", text: game(flow) }]);
    if (result.diagnostics.length === 0) expect(typeErrors(result.files)).toEqual([]);
    else expect(result.diagnostics.map((d) => [d.severity, d.line])).toEqual([["error", 15]]);
  });
});

describe("names from a rules file that are special in JavaScript", () => {
  const rules = `
game "Words" {
  players 2..3
}
card Token {
  value: int
  cards for v in 1..6 { value: v }
}
zone deck: Token stack hidden = all Token
per player zone hand: Token pile owner
per player var points: int public = 0
var first: player public = 0
setup {
  for delete in players {
    move top(deck) to hand[delete]
  }
}
flow {
  let class = 1
  for new in players {
    ask new {
      take(s in 1..3, this in players) {
        points[new] += s + class
        points[this] += 1
      }
      pass { }
    }
  }
  let seat = 2
  for s in players {
    points[s] += seat + sum(delete in hand[s]: delete.value)
  }
  ask first { finish { } wait { } }
}
score this: points[this] + count(hand[this])
`;

  test("reserved words and the generated code's own parameter names as lets, binders and parameters still compile", async () => {
    expect(typeErrors(await compile("words", rules))).toEqual([]);
  });

  test("and the game plays by the rules", async () => {
    const game = evaluate(await compile("words", rules)).get("index.ts")!.game as Game;
    const state = game.setup({ players: 2, seed: 3 });
    // Setup dealt one card to each hand; the flow waits for seat 0 (the first `new`).
    expect(state.zones.hand).toEqual([[expect.any(Number)], [expect.any(Number)]]);
    game.advance(state);
    expect(game.activity(state)).toEqual({ kind: "turn", players: [0] });
    expect(game.check(state, 0, { type: "take", s: 3, this: 1 })).toBeNull();
    game.apply(state, 0, { type: "take", s: 3, this: 1 });
    // points[new] += s + class, with new = 0, s = 3, class = 1; points[this] += 1, with this = 1.
    expect(state.vars.points).toEqual([4, 1]);
    game.apply(state, 1, { type: "pass" });
    // The last loop adds seat (2) and the value of each player's card; then seat `first` (0) finishes.
    const cards = state.zones.hand as number[][];
    const value = (id: number): number => game.meta.cards[id]!.fields.value as number;
    const points = [4 + 2 + value(cards[0]![0]!), 1 + 2 + value(cards[1]![0]!)];
    expect(state.vars.points).toEqual(points);
    expect(game.activity(state)).toEqual({ kind: "turn", players: [0] });
    game.apply(state, 0, { type: "finish" });
    expect(game.activity(state).kind).toBe("over");
    expect(game.scores(state)).toEqual([[points[0]! + 1], [points[1]! + 1]]);
  });

  test("lets named like the runtime's helpers, the card tables or setup's options do not capture them", async () => {
    const files = await compile(
      "captures",
      `
game "Captures" {
  players 2..3
}
card Token {
  value: int
  cards for v in 1..6 { value: v }
}
zone deck: Token stack hidden = all Token
per player zone hand: Token pile owner
per player var points: int public = 0
var first: player public = 0
setup {
  let seed = 1
  let variants = 2
  for p in players {
    move top(deck) to hand[p]
    points[p] = seed + variants
  }
}
flow {
  let seatList = 3
  let sumOf = 4
  let Token_value = 5
  for p in players {
    points[p] += seatList + sumOf + Token_value + sum(c in hand[p]: c.value)
  }
  ask first { finish { } wait { } }
  ask next(first) { done { } stop { } }
}
score p: points[p]
`,
    );
    expect(typeErrors(files)).toEqual([]);
    const game = evaluate(files).get("index.ts")!.game as Game;
    const state = game.setup({ players: 2, seed: 5 });
    game.advance(state);
    const cards = state.zones.hand as number[][];
    const value = (id: number): number => game.meta.cards[id]!.fields.value as number;
    expect(state.vars.points).toEqual([3 + 12 + value(cards[0]![0]!), 3 + 12 + value(cards[1]![0]!)]);
  });

  test("a variable named __proto__ is refused, or stays an ordinary part of the state", async () => {
    const result = await compileGame("proto", [
      {
        path: "proto.rules",
        text: `
game "Proto" {
  players 2..3
}
card Token {
  value: int
  cards for v in 1..4 { value: v }
}
zone deck: Token stack hidden = all Token
per player var __proto__: int public = 0
var first: player public = 0
flow {
  for p in players { __proto__[p] += 1 }
  ask first { finish { } wait { } }
  ask next(first) { done { } stop { } }
}
score p: __proto__[p]
`,
      },
    ]);
    if (result.diagnostics.length > 0) {
      expect(result.diagnostics.map((d) => [d.code, d.line])).toEqual([["check/reserved-name", 10]]);
      return;
    }
    const game = evaluate(result.files).get("index.ts")!.game as Game;
    const state = game.setup({ players: 2, seed: 1 });
    game.advance(state);
    // A state is plain JSON: it must survive a round trip through text.
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    expect(Object.keys(state.vars)).toContain("__proto__");
    expect(game.scores(state)).toEqual([[1], [1]]);
  });
});
