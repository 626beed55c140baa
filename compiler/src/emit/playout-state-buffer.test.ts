// The state's typed arrays as views on one buffer (playout-state-buffer.ts): each at a multiple of 8
// bytes, the buffer declared before the first, and only arrays of a known size declared by the closure.
import { describe, expect, it } from "vitest";
import { stateBuffer } from "./playout-state-buffer.js";

const KERNEL = [
  "const K_N = new Int32Array(new ArrayBuffer(12));",
  "const K_G = new Uint32Array(new ArrayBuffer(16));",
  "const K_v_worn = new Uint8Array(new ArrayBuffer(5));",
  "const K_C = new Int32Array(new ArrayBuffer(4 * (SEGMENTS * CAP)));",
  "const K_v_polish = new Float64Array(new ArrayBuffer(16));",
  "const K_v_coins = Array.from({ length: 4 }, (): number => 0);",
  "function play(): number {",
  "const $late = new Int32Array(new ArrayBuffer(8));",
  "return 0;",
  "}",
];

describe("the state's typed arrays on one buffer", () => {
  it("makes each a view at a multiple of 8 bytes, the buffer declared before the first", () => {
    const { lines, members } = stateBuffer(KERNEL, ["K_v_worn", "K_N", "K_v_polish", "K_C", "K_v_coins", "$late"]);
    expect([...members]).toEqual(["K_v_worn", "K_N", "K_v_polish"]);
    expect(lines.slice(0, 3)).toEqual(["const $stateBuffer = new ArrayBuffer(40);", "const $stateBytes = new Uint8Array($stateBuffer);", "const K_N = new Int32Array($stateBuffer, 8, 3);"]);
    expect(lines).toContain("const K_v_worn = new Uint8Array($stateBuffer, 0, 5);");
    expect(lines).toContain("const K_v_polish = new Float64Array($stateBuffer, 24, 2);");
    // Not a state variable (the generator), a size worked out, a plain array, a local of `play`.
    for (const kept of [1, 3, 5, 7]) expect(lines).toContain(KERNEL[kept]);
    expect(lines).toHaveLength(KERNEL.length + 2);
  });

  it("lays the views apart: each array written keeps its own values", () => {
    const { lines } = stateBuffer(KERNEL, ["K_v_worn", "K_N", "K_v_polish"]);
    const declared = lines.slice(0, 7).filter((l) => !l.includes("SEGMENTS")).join("\n");
    const arrays = new Function(`${declared.replace(/: \w+/g, "")}\nreturn { K_N, K_v_worn, K_v_polish, $stateBytes };`)() as Record<string, Float64Array | Int32Array | Uint8Array>;
    arrays.K_v_worn!.fill(255);
    arrays.K_N!.fill(-1);
    arrays.K_v_polish!.fill(0.5);
    expect([...arrays.K_v_worn!]).toEqual([255, 255, 255, 255, 255]);
    expect([...arrays.K_N!]).toEqual([-1, -1, -1]);
    expect([...arrays.K_v_polish!]).toEqual([0.5, 0.5]);
    // One copy of the bytes sets every view back.
    const kept = arrays.$stateBytes!.slice();
    arrays.K_N![1] = 7;
    arrays.K_v_polish![0] = 2;
    arrays.$stateBytes!.set(kept);
    expect([...arrays.K_N!]).toEqual([-1, -1, -1]);
    expect([...arrays.K_v_polish!]).toEqual([0.5, 0.5]);
  });

  it("leaves the lines as they were where no array qualifies", () => {
    const { lines, members } = stateBuffer(KERNEL, ["K_C", "K_v_coins"]);
    expect(members.size).toBe(0);
    expect(lines).toEqual(KERNEL);
  });
});
