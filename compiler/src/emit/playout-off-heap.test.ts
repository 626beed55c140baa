// A kernel's typed arrays lie off V8's heap (playout-arrays.ts `typedArray`, the runtime's `offHeap`,
// the state's views on one buffer of playout-state-buffer.ts):
// V8 keeps one of at most 64 bytes made by `new Int32Array(n)` on its heap, and optimized code then
// loads its address and length at each use. The test asks V8 itself, in a process of its own with
// natives syntax on, where the writer's arrays lie, and reads the five games' kernels for any typed
// array made another way.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";
import { offHeap } from "@rules/runtime/internal";
import { knownTypedArray, typedArray } from "./playout-arrays.js";
import { STATE_BUFFER } from "./playout-state-buffer.js";

/** Whether V8 holds each expression's typed array on its heap (`base_pointer` other than 0), asked
 *  in a node process with natives syntax, the runtime's `offHeap` in scope. */
function onHeap(inits: readonly string[]): boolean[] {
  const prelude = transformSync(`${offHeap.toString()}\nconst SEGMENTS = 3, CAP = 5, ${STATE_BUFFER} = new ArrayBuffer(64);`, { loader: "ts" }).code;
  const prints = inits.map((init) => `%DebugPrint(${transformSync(init, { loader: "ts" }).code.trim().replace(/;$/, "")});`);
  const out = execFileSync(process.execPath, ["--allow-natives-syntax", "-e", `${prelude}\n${prints.join("\n")}`], { encoding: "utf8" });
  return [...out.matchAll(/base_pointer: (\S+)/g)].map((m) => m[1] !== "0");
}

const GENERATED = new URL("../../../generated/", import.meta.url);
const KERNELS = readdirSync(GENERATED).filter((id) => existsSync(new URL(`${id}/playout.ts`, GENERATED)));

describe("a kernel's typed arrays", () => {
  it("are made on ArrayBuffers of their own, off V8's heap, whatever their size", () => {
    const made = [typedArray("Uint32Array", 4), typedArray("Int8Array", 6), typedArray("Int32Array", "SEGMENTS * CAP"), typedArray("Float64Array", 2), "offHeap(Int8Array.from([1, 2, 3]))", `new Int32Array(${STATE_BUFFER}, 8, 2)`];
    expect(made.slice(0, 3)).toEqual(["new Uint32Array(new ArrayBuffer(16))", "new Int8Array(new ArrayBuffer(6))", "new Int32Array(new ArrayBuffer(4 * (SEGMENTS * CAP)))"]);
    // Read back where the size was known when writing (the state's buffer lays such arrays out).
    expect(made.slice(0, 4).map(knownTypedArray)).toEqual([
      { kind: "Uint32Array", bytes: 16, elements: 4 },
      { kind: "Int8Array", bytes: 6, elements: 6 },
      null,
      { kind: "Float64Array", bytes: 16, elements: 2 },
    ]);
    expect(onHeap(made)).toEqual(made.map(() => false));
    // The check itself tells them from the small arrays V8 puts on its heap.
    expect(onHeap(["new Uint32Array(4)", "Int8Array.from([1, 2, 3])", "new Int32Array(100)"])).toEqual([true, true, false]);
  });

  it("is checked in the five games' kernels", () => expect(KERNELS).toHaveLength(5));

  it.each(KERNELS)("%s: every typed array of the kernel is made one of those three ways", (id) => {
    const text = readFileSync(new URL(`${id}/playout.ts`, GENERATED), "utf8");
    const made = [...text.matchAll(/(offHeap\(\s*)?(new )?(Int8|Uint8|Int16|Uint16|Int32|Uint32|Float32|Float64)Array(\.from)?\((\s*new ArrayBuffer|\$stateBuffer\b)?/g)];
    expect(made.length).toBeGreaterThan(3);
    const otherwise = made.filter((m) => (m[2] ? m[5] === undefined : m[4] !== undefined && m[1] === undefined)).map((m) => m[0]);
    expect(otherwise).toEqual([]);
  });
});
