// V8's `--trace-deopt` read: which functions' optimized code was thrown away, and how often. Each
// deoptimization prints one line that opens with `[bailout (kind: …, reason: …): begin.` and names
// the function (`<JSFunction NAME (sfi = …)>`); the rest of V8's output is skipped.

/** How many times each function was deoptimized, in the order first met. */
export function deoptimizations(printed: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of printed.split("\n")) {
    if (!line.startsWith("[bailout (kind: ") || !line.includes("): begin.")) continue;
    const name = /<JSFunction (\S+) \(sfi/.exec(line)?.[1] ?? "(anonymous)";
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return counts;
}
