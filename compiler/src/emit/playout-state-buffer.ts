// The typed arrays of a game's state on one ArrayBuffer, where the setup prefix copies them back.
//
// A kernel that keeps its setup prefix's state (playout-setup-prefix.ts) sets each typed array back
// at every later start. Each `set` is a call into V8's builtin, its method loaded by a generic
// LoadIC: Foreclosed!'s thirteen came to some 2,700 instructions a game, 2.5% of the kernel's
// (`npm run bench:instructions -- --by-function N`). Made as views on one ArrayBuffer, those arrays
// are set back by one copy of its bytes (1.9 KB in Foreclosed!). Each view still lies off V8's heap,
// so optimized code still reads it at an address written in (playout-arrays.ts).
import { knownTypedArray } from "./playout-arrays.js";

/** The bytes of the shared buffer, and their copy after the prefix. */
export const STATE_BYTES = "$stateBytes";
/** The shared buffer the views lie on. */
export const STATE_BUFFER = "$stateBuffer";

/**
 * The kernel's lines with each typed array of `typed` (state variables' names) that the closure
 * declares on an ArrayBuffer of a known size (`const X = new Int32Array(new ArrayBuffer(72));`, before
 * `function play(`) made a view on the shared buffer instead, the buffer declared before the first;
 * `members` lists them (none: the lines as they were).
 */
export function stateBuffer(lines: readonly string[], typed: readonly string[]): { lines: string[]; members: Set<string> } {
  const play = lines.findIndex((l) => l.startsWith("function play("));
  const out = [...lines];
  const members = new Set<string>();
  let size = 0;
  let first = -1;
  for (const name of typed) {
    const head = `const ${name} = `;
    const at = out.findIndex((line, i) => i < play && line.startsWith(head) && line.endsWith(";"));
    const made = at < 0 ? null : knownTypedArray(out[at]!.slice(head.length, -1));
    if (!made || made.bytes === 0) continue;
    // Each view starts at a multiple of 8 bytes, as a Float64Array must.
    const offset = Math.ceil(size / 8) * 8;
    out[at] = `${head}new ${made.kind}(${STATE_BUFFER}, ${offset}, ${made.elements});`;
    size = offset + made.bytes;
    members.add(name);
    if (first < 0 || at < first) first = at;
  }
  if (members.size === 0) return { lines: [...lines], members };
  out.splice(first, 0, `const ${STATE_BUFFER} = new ArrayBuffer(${Math.ceil(size / 8) * 8});`, `const ${STATE_BYTES} = new Uint8Array(${STATE_BUFFER});`);
  return { lines: out, members };
}
