// The flag tests' text: `failing` turns a flag's compare round (with `true`, or a byte's with 1)
// and negates anything else, so that a kernel's `if (failing(test)) break;` reads one compare.
import { describe, expect, it } from "vitest";
import { byteFlagSet, failing, flagByte, flagSet } from "./playout-flags.js";

/** The value of `code` with `v` (bytes or booleans), `n` and `l_p` (1) bound; TypeScript's `!` dropped. */
function run(code: string, flags: readonly (number | boolean)[], n: number): unknown {
  return new Function("v", "n", "l_p", `return ${code.replace(/!(?=[\s)\]]|$)/g, "")};`)(flags, n, 1) as unknown;
}

describe("a kernel's flag tests", () => {
  it("turns a flag's compare round, a byte's only as an array's entry", () => {
    expect(failing(flagSet("v_open"))).toBe("v_open !== true");
    expect(failing(flagSet("v_rich[l_p]!"))).toBe("v_rich[l_p]! !== true");
    expect(failing(byteFlagSet("v_rich[l_p]!"))).toBe("v_rich[l_p]! !== 1");
    expect(failing("(v_rich[l_p]! !== 1)")).toBe("v_rich[l_p]! === 1");
    // A name compared with 1 is a number's compare, not a flag: negated whole.
    expect(failing("(n === 1)")).toBe("!((n === 1))");
    expect(failing("(a > b)")).toBe("!((a > b))");
  });

  it("fails exactly where the test holds", () => {
    for (const byte of [0, 1])
      for (const n of [0, 1, 2]) {
        for (const test of [byteFlagSet("v[l_p]!"), "(v[l_p]! !== 1)", "(n === 1)"]) {
          expect(run(failing(test), [0, byte], n)).toBe(!run(test, [0, byte], n));
        }
        expect(run(failing(flagSet("v[l_p]!")), [false, byte === 1], n)).toBe(byte !== 1);
      }
  });

  it("stores a flag's value as a byte", () => {
    expect(flagByte("true")).toBe("1");
    expect(flagByte("false")).toBe("0");
    expect(flagByte("a > b")).toBe("((a > b) ? 1 : 0)");
    expect(run(flagByte("n > 1"), [], 2)).toBe(1);
    expect(run(flagByte("n > 1"), [], 1)).toBe(0);
  });
});
