// bench:instructions reads callgrind's counts and V8's record of its JIT code: hand-made samples of
// both formats, with the counts each function and line must get worked out by hand.

import { describe, expect, test } from "vitest";
import { functionLabel, readJitDump, selfCosts } from "./callgrind.js";

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const u64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(n));
  return b;
};
const text = (s: string) => Buffer.from(`${s}\0`);
/** A record: kind, total size, timestamp, body. */
const record = (kind: number, body: Buffer) => Buffer.concat([u32(kind), u32(16 + body.length), u64(0), body]);
/** Code loaded at `start` (the pid, thread, vma, address, size, index, name, then the code's bytes). */
const load = (start: number, size: number, name: string) =>
  record(0, Buffer.concat([u32(1), u32(1), u64(start), u64(start), u64(size), u64(0), text(name), Buffer.alloc(size)]));
/** Lines of the code at `code`, each address as V8 writes it: past an ELF header of 0x40 bytes. */
const debug = (code: number, lines: [number, number, string][]) =>
  record(2, Buffer.concat([u64(code), u64(lines.length), ...lines.map(([address, line, file]) => Buffer.concat([u64(address + 0x40), u32(line), u32(0), text(file)]))]));

const PLAYOUT = "file:///w/generated/dist/foreclosed/playout.js";
const DUMP = Buffer.concat([
  // The header: magic, version, its own size (40), machine, padding, pid, timestamp, flags.
  u32(0x4a695444), u32(1), u32(40), u32(62), u32(0), u32(1), u64(0), u64(0),
  debug(0x2000, [[0x2010, 6005, PLAYOUT], [0x2000, 6004, PLAYOUT], [0x2040, 210, PLAYOUT]]),
  load(0x2000, 0x80, `JS:*decide507 ${PLAYOUT}:6004:23`),
  load(0x1000, 0x100, "JS:~turn file:///w/bench/dist/hand-written/foreclosed-fast.js:163:9"),
  // Later in the run, the memory at 0x1000 holds another function's code; it has no lines.
  load(0x1000, 0x40, `JS:*step87 ${PLAYOUT}:1806:20`),
]);

describe("the record of JIT code", () => {
  const code = readJitDump(DUMP);

  test("an address is in the function whose code holds it, at the last line starting at or before it", () => {
    expect(code.siteAt(0x2000)).toEqual({ name: `JS:*decide507 ${PLAYOUT}:6004:23`, line: `${PLAYOUT}:6004` });
    expect(code.siteAt(0x200f)?.line).toBe(`${PLAYOUT}:6004`);
    expect(code.siteAt(0x2010)?.line).toBe(`${PLAYOUT}:6005`);
    expect(code.siteAt(0x207f)?.line).toBe(`${PLAYOUT}:210`);
    expect(code.siteAt(0x2080)).toBeNull();
    expect(code.siteAt(0x0fff)).toBeNull();
  });

  test("where code was replaced, the code loaded last holds the address; past its end, the earlier code", () => {
    expect(code.siteAt(0x1010)).toEqual({ name: `JS:*step87 ${PLAYOUT}:1806:20`, line: null });
    expect(code.siteAt(0x1050)?.name).toMatch(/~turn/);
  });

  test("labels drop the tier and the folder, so that a function's tiers add up", () => {
    expect(functionLabel(`JS:*decide507 ${PLAYOUT}:6005:23`)).toBe("decide507 playout.js:6005");
    expect(functionLabel(`JS:~decide507 ${PLAYOUT}:6005:23`)).toBe("decide507 playout.js:6005");
    expect(functionLabel("JS:^ file:///w/bench/dist/engines.js:56:16")).toBe("(anonymous) engines.js:56");
    expect(functionLabel("Builtin:ArrayPrototypePush")).toBe("Builtin:ArrayPrototypePush");
  });
});

describe("callgrind's counts by function and by line", () => {
  const OUTPUT = [
    "positions: instr line",
    "events: Ir",
    "",
    "ob=(1) ???",
    "fn=(1) 0x0000000000002000",
    "0x2004 0 30", // decide507, line 6004
    "+12 0 12", // 0x2010: line 6005
    "cfn=(2) 0x0000000000001000",
    "calls=3 0x1000 0",
    "* 0 500", // the call's inclusive cost, at 0x2010: the callee's, not counted here
    "+48 0 8", // 0x2040: line 210
    "",
    "fn=(2)",
    "0x1008 0 200", // step87, which has no lines
    "",
    "ob=(2) /usr/bin/node",
    "fn=(3) v8::internal::Heap::Scavenge()",
    "0x500 0 70",
    "fn=(4) 0x0000000000009999",
    "0x9999 0 5",
    "fn=(1)",
    "0x2010 0 100", // back in decide507: line 6005 again
  ].join("\n");

  test("each function's and line's own instructions: its cost lines, not the calls out of it; native code by name", () => {
    const { byFunction, byLine } = selfCosts(OUTPUT, readJitDump(DUMP)).events.get("Ir")!;
    expect(Object.fromEntries(byFunction)).toEqual({
      "decide507 playout.js:6004": 30 + 12 + 8 + 100,
      "step87 playout.js:1806": 200,
      "(native) v8::internal::Heap::Scavenge()": 70,
      "(unknown machine code)": 5,
    });
    expect(Object.fromEntries(byLine)).toEqual({ [`${PLAYOUT}:6004`]: 30, [`${PLAYOUT}:6005`]: 112, [`${PLAYOUT}:210`]: 8 });
  });

  test("with the cache and branch models, each event by its column; counts left out at the end are zeros", () => {
    const modelled = [
      "desc: I1 cache: 32768 B, 64 B, 8-way associative",
      "desc: D1 cache: 49152 B, 64 B, 12-way associative",
      "desc: Timerange: Basic block 0 - 29598",
      "positions: instr line",
      "events: Ir I1mr Bcm",
      "fn=(1) 0x0000000000002000",
      "0x2004 0 30 2 1", // decide507, line 6004: 30 instructions, 2 misses, 1 mispredicted branch
      "+12 0 12 1", // 0x2010, line 6005: no mispredicted branch
      "cfn=(2) 0x0000000000001000",
      "calls=1 0x1000 0",
      "* 0 500 40 9", // the call's inclusive cost: the callee's
      "+48 0 8", // 0x2040, line 210: instructions only
      "fn=(2)",
      "0x1008 0 200 7 3", // step87
    ].join("\n");
    const { events, caches } = selfCosts(modelled, readJitDump(DUMP));
    expect(caches).toEqual(["I1 cache: 32768 B, 64 B, 8-way associative", "D1 cache: 49152 B, 64 B, 12-way associative"]);
    expect([...events.keys()]).toEqual(["Ir", "I1mr", "Bcm"]);
    expect(Object.fromEntries(events.get("Ir")!.byFunction)).toEqual({ "decide507 playout.js:6004": 50, "step87 playout.js:1806": 200 });
    expect(Object.fromEntries(events.get("I1mr")!.byFunction)).toEqual({ "decide507 playout.js:6004": 3, "step87 playout.js:1806": 7 });
    expect(Object.fromEntries(events.get("I1mr")!.byLine)).toEqual({ [`${PLAYOUT}:6004`]: 2, [`${PLAYOUT}:6005`]: 1 });
    expect(Object.fromEntries(events.get("Bcm")!.byFunction)).toEqual({ "decide507 playout.js:6004": 1, "step87 playout.js:1806": 3 });
    expect(events.get("Ir")!.byLine.get(`${PLAYOUT}:210`)).toBe(8);
  });
});
