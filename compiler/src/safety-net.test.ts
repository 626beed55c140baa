// The last safety net: an exception that escapes a phase (a compiler bug) becomes one
// `compiler/internal` diagnostic naming the file and the phase, never a thrown error or a page of
// stack. The phases are made to fail here on purpose.
import { afterEach, describe, expect, test, vi } from "vitest";
import { checkGame, compileGame } from "./index.js";

const failing = vi.hoisted(() => ({ parser: null as unknown, checker: null as unknown, emitter: null as unknown }));

vi.mock("./syntax/parser.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("./syntax/parser.js")>();
  return {
    ...real,
    parseRules: (...args: Parameters<typeof real.parseRules>) => {
      if (failing.parser) throw failing.parser;
      return real.parseRules(...args);
    },
  };
});
vi.mock("./check/checker.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("./check/checker.js")>();
  return {
    ...real,
    checkProgram: (...args: Parameters<typeof real.checkProgram>) => {
      if (failing.checker) throw failing.checker;
      return real.checkProgram(...args);
    },
  };
});
vi.mock("./emit/emit.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("./emit/emit.js")>();
  return {
    ...real,
    emitGame: async (...args: Parameters<typeof real.emitGame>) => {
      if (failing.emitter) throw failing.emitter;
      return real.emitGame(...args);
    },
  };
});

afterEach(() => {
  failing.parser = failing.checker = failing.emitter = null;
  vi.unstubAllEnvs();
});

const text = `game "Tiny" {
  players 2..3
}
per player var points: int public = 0
flow {
  for p in players {
    points[p] += 1
  }
}
score p: points[p]
`;
const sources = [{ path: "rules/tiny.rules", text }];
const blame = "a bug in the compiler, not in your rules (please report it)";

describe("an exception in a phase is a diagnostic", () => {
  test("in the parser: the file it was reading", () => {
    vi.stubEnv("RULES_DEBUG", "");
    failing.parser = new RangeError("Maximum call stack size exceeded");
    const result = checkGame("tiny", [{ path: "rules/other.rules", text: "" }, ...sources]);
    expect(result.game).toBeNull();
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ file: "rules/other.rules", line: 1, column: 1, code: "compiler/internal" }),
      expect.objectContaining({ file: "rules/tiny.rules", line: 1, column: 1, code: "compiler/internal" }),
    ]);
    expect(result.diagnostics[0]!.message).toBe(
      `the compiler failed while reading this file, ${blame}: RangeError: Maximum call stack size exceeded (RULES_DEBUG=1 shows where)`,
    );
  });

  test("in the checker", () => {
    vi.stubEnv("RULES_DEBUG", "");
    failing.checker = new TypeError("cannot read properties of undefined");
    const result = checkGame("tiny", sources);
    expect(result).toEqual({
      game: null,
      diagnostics: [
        expect.objectContaining({
          file: "rules/tiny.rules",
          code: "compiler/internal",
          message: `the compiler failed while checking the rules, ${blame}: TypeError: cannot read properties of undefined (RULES_DEBUG=1 shows where)`,
        }),
      ],
    });
  });

  test("in the emitter: one line of a 12 KB message, nothing written", async () => {
    vi.stubEnv("RULES_DEBUG", "");
    failing.emitter = new Error(`Manipulation error: Maximum call stack size exceeded\n\n-- Details --\n${"x".repeat(12_000)}`);
    const result = await compileGame("tiny", sources);
    expect(result.files).toEqual([]);
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({ file: "rules/tiny.rules", code: "compiler/internal" });
    expect(result.diagnostics[0]!.message).toBe(
      `the compiler failed while writing the TypeScript, ${blame}: Error: Manipulation error: Maximum call stack size exceeded (RULES_DEBUG=1 shows where)`,
    );
  });

  test("RULES_DEBUG=1 keeps the stack for developers", async () => {
    vi.stubEnv("RULES_DEBUG", "1");
    failing.emitter = new Error("boom");
    const result = await compileGame("tiny", sources);
    expect(result.diagnostics[0]!.message).toMatch(/Error: boom\nError: boom\n {4}at /);
  });
});
