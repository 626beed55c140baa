// A kernel's bounded draw (KernelZones.draw) against the runtime's `drawInt`, which the state machine
// draws with: the same number and the same generator words after it, whether the first word is kept or,
// rarely, rejected and drawn again (the kernel draws the first word in line and leaves the redraw to
// `drawInt`), and for counts past 2^21 or outside [1, 2^32].
import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";
import { drawInt, GameFault, Rng } from "@rules/runtime/internal";
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import { KernelZones } from "./playout-zones.js";

class DrawWriter extends KernelZones {
  expression(_e: A.Expression): string {
    throw new Error("no expression in a draw");
  }
}

/** The kernel's draw of a number below n from the words P, written by KernelZones.draw, as a function. */
function kernelDraw(small: boolean): (P: Uint32Array, n: number) => number {
  const lines = new DrawWriter({} as CheckedGame, new Map()).draw("P", "n", "$drawn", small);
  const { code } = transformSync(`${lines.join("\n")}\nreturn $drawn;`, { loader: "ts" });
  return new Function("P", "n", "drawInt", "GameFault", code) as never as (P: Uint32Array, n: number) => number;
}

const draws = [false, true].map((small) => ({ small, draw: kernelDraw(small) }));

/** drawInt's number and words, and the kernel's, from the same starting words. */
function both(draw: (P: Uint32Array, n: number) => number, words: readonly number[], n: number) {
  const kernelWords = Uint32Array.from(words);
  const runtimeWords = Uint32Array.from(words);
  const kernel = (draw as (P: Uint32Array, n: number, d: typeof drawInt, f: typeof GameFault) => number)(kernelWords, n, drawInt, GameFault);
  return { kernel, runtime: drawInt(runtimeWords, n), kernelWords: [...kernelWords], runtimeWords: [...runtimeWords] };
}

describe("a kernel's bounded draw", () => {
  // Words 0, 0, c, 0 make sfc32's next word 0, whose product with any n has low word 0: below 2^32 mod n
  // for every n that is not a power of two, so that word is rejected and a second one drawn.
  it.each([3, 5, 6, 7, 1000, 2_097_151])("draws again after a rejected word as drawInt does (n = %i)", (n) => {
    for (const { draw } of draws) {
      const { kernel, runtime, kernelWords, runtimeWords } = both(draw, [0, 0, 12345, 0], n);
      expect(kernel).toBe(runtime);
      expect(kernelWords).toEqual(runtimeWords);
      // The fourth word counts the generator's steps: two words were drawn.
      expect(kernelWords[3]).toBe(2);
    }
  });

  it("draws the number drawInt draws from any words, one word when it is kept", () => {
    const rng = new Rng(2026);
    for (let i = 0; i < 2000; i++) {
      const words = [rng.int(2 ** 31) * 2 + rng.int(2), rng.int(2 ** 31), rng.int(2 ** 31), 7];
      const n = 1 + rng.int(i % 2 === 0 ? 60 : 2_097_152);
      for (const { draw } of draws) {
        const { kernel, runtime, kernelWords, runtimeWords } = both(draw, words, n);
        expect(kernel).toBe(runtime);
        expect(kernelWords).toEqual(runtimeWords);
        expect(kernel).toBeGreaterThanOrEqual(0);
        expect(kernel).toBeLessThan(n);
      }
    }
  });

  it("takes a count past 2^21 through drawInt and refuses one outside [1, 2^32]", () => {
    const draw = draws.find((d) => !d.small)!.draw;
    for (const n of [2_097_153, 3_000_017, 2 ** 32]) {
      const { kernel, runtime, kernelWords, runtimeWords } = both(draw, [5, 6, 7, 8], n);
      expect(kernel).toBe(runtime);
      expect(kernelWords).toEqual(runtimeWords);
    }
    for (const n of [0, -1, 2 ** 32 + 1]) expect(() => both(draw, [5, 6, 7, 8], n)).toThrow("a kernel draws among 1 to 2^32 values");
  });
});
