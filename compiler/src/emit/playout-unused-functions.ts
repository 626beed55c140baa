// The rules' functions that no code of the kernel calls are left out of it. The writer reads many
// calls in other forms (a card table, a memo, a running count, a test written in place), so a
// function the state machine needs (a scenario's `treasure`, the checker's `reachable`) may have no
// caller left in the kernel. Each function is marked where it is placed; once the kernel's text is
// whole, a function named nowhere but in itself, or only in functions left out, goes with its marks.

const OPEN = "/*$function ";
const CLOSE = "/*$function end*/";

/** The functions' code, each between marks that name it (`function NAME(` opens each). */
export function markedFunctions(functions: readonly string[]): string[] {
  return functions.map((code) => {
    const name = /^function ([\w$]+)\(/.exec(code)?.[1];
    if (name === undefined) throw new Error(`internal: a kernel function that does not open with its name: ${code.slice(0, 60)}`);
    return `${OPEN}${name}*/\n${code}\n${CLOSE}`;
  });
}

interface Marked {
  readonly name: string;
  readonly start: number;
  readonly end: number;
}

/** The kernel's text without the marked functions nothing else calls, and without the marks. */
export function withoutUnusedFunctions(text: string): string {
  const lines = text.split("\n");
  const marked = new Map<string, Marked>();
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith(OPEN) || lines[i] === CLOSE) continue;
    const end = lines.indexOf(CLOSE, i);
    const name = lines[i]!.slice(OPEN.length, -2);
    marked.set(name, { name, start: i, end });
    i = end;
  }
  if (marked.size === 0) return text;
  // Where each function is named: the lines of each word that is one's name.
  const namedAt = new Map<string, number[]>();
  lines.forEach((line, i) => {
    for (const [word] of line.matchAll(/[\w$]+/g)) if (marked.has(word)) namedAt.set(word, [...(namedAt.get(word) ?? []), i]);
  });
  const within = (i: number, f: Marked): boolean => i >= f.start && i <= f.end;
  const dropped = new Set<Marked>();
  // Again until no more go: a function called only by one that went goes too.
  for (let changed = true; changed; ) {
    changed = false;
    for (const f of marked.values()) {
      if (dropped.has(f)) continue;
      const called = (namedAt.get(f.name) ?? []).some((i) => !within(i, f) && ![...dropped].some((g) => within(i, g)));
      if (called) continue;
      dropped.add(f);
      changed = true;
    }
  }
  return lines.filter((line, i) => !line.startsWith(OPEN) && ![...dropped].some((f) => within(i, f))).join("\n");
}
