// A kernel's bounded draw (KernelZones.draw) against the runtime's `drawInt`, which the state machine
// draws with: the same number and the same generator words after it, whether the first word is kept or,
// rarely, rejected and drawn again (the kernel draws the first word in line and leaves the redraw to
// `drawInt`), and for counts past 2^15 or outside [1, 2^32]. The draw written out (up to 2^15) works
// in 32-bit integers of either sign only, the word never taken as unsigned.
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

/** The draws that may be asked for n: a `small` one only up to 2^15, the bound it is written for. */
const drawsFor = (n: number) => draws.filter((d) => !d.small || n <= 32768);

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
  it.each([3, 5, 6, 7, 1000, 32_767, 2_097_151])("draws again after a rejected word as drawInt does (n = %i)", (n) => {
    for (const { draw } of drawsFor(n)) {
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
      const n = 1 + rng.int([60, 32_768, 2_097_152][i % 3]!);
      for (const { draw } of drawsFor(n)) {
        const { kernel, runtime, kernelWords, runtimeWords } = both(draw, words, n);
        expect(kernel).toBe(runtime);
        expect(kernelWords).toEqual(runtimeWords);
        expect(kernel).toBeGreaterThanOrEqual(0);
        expect(kernel).toBeLessThan(n);
      }
    }
  });

  it("draws the number drawInt draws at the ends of the written-out range, from words of every sign", () => {
    const rng = new Rng(7);
    for (const n of [1, 2, 32_767, 32_768]) {
      for (let i = 0; i < 500; i++) {
        // The first word sfc32 draws is a + b + d: here one past 2^31 half the time.
        const words = [rng.int(2 ** 31) * 2 + rng.int(2), rng.int(2 ** 31) * 2 + rng.int(2), rng.int(2 ** 31), i];
        for (const { draw } of drawsFor(n)) {
          const { kernel, runtime, kernelWords, runtimeWords } = both(draw, words, n);
          expect(kernel).toBe(runtime);
          expect(kernelWords).toEqual(runtimeWords);
        }
      }
    }
  });

  it("never takes the word, or the product's low word, as unsigned (a value past 2^31 where V8 may have assumed 31 bits)", () => {
    for (const small of [false, true]) {
      const text = new DrawWriter({} as CheckedGame, new Map()).draw("P", "n", "$drawn", small).join("\n");
      expect(text).toContain("Math.imul($t, $n");
      expect(text).not.toContain(">>> 0");
    }
  });

  it("takes a count past 2^15 through drawInt and refuses one outside [1, 2^32]", () => {
    const draw = draws.find((d) => !d.small)!.draw;
    for (const n of [32_769, 2_097_153, 3_000_017, 2 ** 32]) {
      const { kernel, runtime, kernelWords, runtimeWords } = both(draw, [5, 6, 7, 8], n);
      expect(kernel).toBe(runtime);
      expect(kernelWords).toEqual(runtimeWords);
    }
    for (const n of [0, -1, 2 ** 32 + 1]) expect(() => both(draw, [5, 6, 7, 8], n)).toThrow("a kernel draws among 1 to 2^32 values");
  });
});
