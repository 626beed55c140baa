// Instructions (and, under valgrind's cache and branch models, misses and mispredicted branches) by
// JavaScript function and by source line, from valgrind's callgrind (run with `--dump-instr=yes`: a
// count per machine instruction) and the record of JIT code V8 writes with
// `--perf-prof` (jit-PID.dump: each piece of machine code, its function, and which source line each
// stretch of it was compiled from). Code inlined into a function counts in that function, at the line
// it was inlined from.

/** Where a machine instruction comes from: the function whose code holds it, and its source line. */
export interface CodeSite {
  readonly name: string;
  /** `FILE:LINE` (the script's path or URL as V8 names it), or null when V8 recorded no lines for
   *  the code (builtins, stubs). */
  readonly line: string | null;
}

export interface CodeMap {
  siteAt(address: number): CodeSite | null;
}

interface CodeRange {
  readonly start: number;
  readonly size: number;
  readonly name: string;
  /** Later records win where memory was reused for other code. */
  readonly order: number;
  /** Start addresses and lines, sorted: a line holds from its address to the next one's. */
  readonly lines: readonly (readonly [number, string])[];
}

const JIT_CODE_LOAD = 0;
const JIT_CODE_DEBUG_INFO = 2;
/** V8 writes debug addresses as if the code followed an ELF header (for `perf inject`). */
const ELF_HEADER_SIZE = 0x40;

function cString(bytes: Buffer, from: number): [string, number] {
  let end = from;
  while (bytes[end] !== 0) end++;
  return [bytes.toString("utf8", from, end), end + 1];
}

/** A jitdump file (the format `perf` reads: a header, then records of code loaded and its lines). */
export function readJitDump(bytes: Buffer): CodeMap {
  const ranges: CodeRange[] = [];
  const linesFor = new Map<number, [number, string][]>();
  for (let at = bytes.readUInt32LE(8); at + 16 <= bytes.length; ) {
    const [kind, size] = [bytes.readUInt32LE(at), bytes.readUInt32LE(at + 4)];
    if (size < 16) break;
    const body = at + 16;
    if (kind === JIT_CODE_DEBUG_INFO) {
      const code = Number(bytes.readBigUInt64LE(body));
      const entries = Number(bytes.readBigUInt64LE(body + 8));
      const lines: [number, string][] = [];
      for (let i = 0, p = body + 16; i < entries; i++) {
        const address = Number(bytes.readBigUInt64LE(p)) - ELF_HEADER_SIZE;
        const line = bytes.readUInt32LE(p + 8);
        const [file, next] = cString(bytes, p + 16);
        lines.push([address, `${file}:${line}`]);
        p = next;
      }
      linesFor.set(code, lines.sort((a, b) => a[0] - b[0]));
    } else if (kind === JIT_CODE_LOAD) {
      const start = Number(bytes.readBigUInt64LE(body + 16));
      const [name] = cString(bytes, body + 40);
      // The debug record comes before the load of the code it describes.
      ranges.push({ start, size: Number(bytes.readBigUInt64LE(body + 24)), name, order: ranges.length, lines: linesFor.get(start) ?? [] });
      linesFor.delete(start);
    }
    at += size;
  }
  ranges.sort((a, b) => a.start - b.start);
  const largest = ranges.reduce((most, r) => Math.max(most, r.size), 0);
  /** The last index in `sorted` whose key is at most `x`, or -1. */
  const lastAtMost = <T>(sorted: readonly T[], key: (t: T) => number, x: number): number => {
    let [lo, hi, last] = [0, sorted.length - 1, -1];
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (key(sorted[mid]!) <= x) [last, lo] = [mid, mid + 1];
      else hi = mid - 1;
    }
    return last;
  };
  return {
    siteAt(address) {
      let best: CodeRange | null = null;
      for (let i = lastAtMost(ranges, (r) => r.start, address); i >= 0 && ranges[i]!.start > address - largest; i--) {
        const r = ranges[i]!;
        if (address < r.start + r.size && (best === null || r.order > best.order)) best = r;
      }
      if (best === null) return null;
      const k = lastAtMost(best.lines, (l) => l[0], address);
      return { name: best.name, line: k < 0 ? null : best.lines[k]![1] };
    },
  };
}

/** `JS:*decide507 file:///…/playout.js:6005:23` → `decide507 playout.js:6005`: the tier marker
 *  (interpreted, baseline, optimized) and the folder dropped, so that a function's tiers add up. */
export function functionLabel(name: string): string {
  const m = /^JS:[*~^+]?(\S*) (?:\S*\/)?([^/\s]+?)(?::(\d+))?(?::\d+)?$/.exec(name);
  if (!m) return name;
  return `${m[1] || "(anonymous)"} ${m[2]}${m[3] ? `:${m[3]}` : ""}`;
}

/** One event's own costs (calls out of them not counted) by function and by source line. */
export interface Attribution {
  readonly byFunction: Map<string, number>;
  /** JIT code only: native code has no JavaScript line. */
  readonly byLine: Map<string, number>;
}

/** Every event of a callgrind output (`Ir`, and with the cache and branch models `I1mr`, `Bcm`…),
 *  each with its attribution, and the output's description of the modelled caches (`desc:` lines). */
export interface Costs {
  readonly events: ReadonlyMap<string, Attribution>;
  readonly caches: readonly string[];
}

/**
 * Each function's and each source line's own costs (calls out of them not counted) in the output of
 * `callgrind --dump-instr=yes`: machine code V8 made by what `code` places there, anything else by
 * callgrind's own function name, marked `(native)`. A cost line is an instruction's address (absolute,
 * `+n`/`-n` from the last, or `*` for the same), a source line and a count per event of the `events:`
 * line, trailing zeros left out; the line after `calls=` is the call's inclusive cost, counted in the
 * callee.
 */
export function selfCosts(callgrindOutput: string, code: CodeMap): Costs {
  const eventNames = /^events:\s*(.*)$/m.exec(callgrindOutput)?.[1]?.trim().split(/\s+/) ?? ["Ir"];
  const events = new Map<string, Attribution>(eventNames.map((e) => [e, { byFunction: new Map(), byLine: new Map() }]));
  const columns = [...events.values()];
  const caches = [...callgrindOutput.matchAll(/^desc: (\S+ cache: .*)$/gm)].map((m) => m[1]!);
  const names = new Map<string, string>();
  const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n);
  let fn = "";
  let address = 0;
  let callCostNext = false;
  const define = (spec: string): string => {
    const m = /^\((\d+)\)(?: (.*))?$/.exec(spec);
    if (!m) return spec;
    if (m[2] !== undefined) names.set(m[1]!, m[2]);
    return names.get(m[1]!) ?? spec;
  };
  for (const line of callgrindOutput.split("\n")) {
    if (line.startsWith("fn=")) {
      fn = define(line.slice(3));
      callCostNext = false;
      continue;
    }
    if (line.startsWith("cfn=")) define(line.slice(4));
    if (line.startsWith("calls=")) callCostNext = true;
    const cost = /^(0x[0-9a-f]+|[+-]\d+|\*)\s+\S+((?:\s+\d+)+)\s*$/i.exec(line);
    if (cost === null) continue;
    const position = cost[1]!;
    if (position.startsWith("0x")) address = parseInt(position, 16);
    else if (position !== "*") address += Number(position);
    if (callCostNext) {
      callCostNext = false;
      continue;
    }
    const counts = cost[2]!.trim().split(/\s+/).map(Number);
    const jit = /^0x[0-9a-f]+$/i.test(fn);
    const site = jit ? code.siteAt(address) : null;
    const name = !jit ? `(native) ${fn}` : site === null ? "(unknown machine code)" : functionLabel(site.name);
    counts.forEach((n, i) => {
      const column = columns[i];
      if (column === undefined || n === 0) return;
      add(column.byFunction, name, n);
      if (site?.line) add(column.byLine, site.line, n);
    });
  }
  return { events, caches };
}
