// What V8's `--print-opt-code` says of the machine code it made: the size of each function's optimized
// code. A function optimized again (after a deoptimization, or with other calls inlined) prints a new
// block; its last version is the one that runs on, so it is the one counted. A function is known by
// its name and where its source starts in its script: a kernel's `play` and the arrow function of
// its returned object that calls it share a name.

/** Bytes of machine code by function (its name, and its source's offset where two share a name),
 *  each function's last optimized version. */
export function optimizedCodeSizes(printed: string): Map<string, number> {
  const versions = new Map<string, { name: string; position: string; size: number }>();
  for (const block of printed.split("--- Optimized code ---").slice(1)) {
    const name = /^name = (.*)$/m.exec(block)?.[1];
    const position = /^source_position = (\d+)$/m.exec(block)?.[1];
    const size = /^Instructions \(size = (\d+)\)$/m.exec(block)?.[1];
    if (name === undefined || position === undefined || size === undefined) continue;
    versions.set(`${position} ${name}`, { name: name || "(anonymous)", position, size: Number(size) });
  }
  const named = new Map<string, number>();
  for (const { name } of versions.values()) named.set(name, (named.get(name) ?? 0) + 1);
  const sizes = new Map<string, number>();
  for (const { name, position, size } of versions.values()) sizes.set(named.get(name)! > 1 ? `${name} (at ${position})` : name, size);
  return sizes;
}
