// A flow local a step writes and then reads again (a split kernel: one function per step). The flow's
// locals live in the closure (`l_card_7`), so each read of one is a load from the closure's context:
// collect's step reads the seat (`l_p_8`) and the card (`l_card_7`) some twenty times after binding
// them (Foreclosed!: +2.1% with the let tops and empty-loop skips, helper h56f). Written once at
// the step's top level and read after, the value is also held in a const of the step (`$l_card_7`),
// which the reads that follow take, while the closure's local is still written for the steps after.
// The const is only read where it equals the local: the local is written nowhere else in the step, and
// a call that may run other steps (not in a `return`, which ends the step) ends the rewrite, from the
// loop around it if there is one. Hand-written engines hold such values in locals.

const STEP = /^function step\d+(?:\$body)?\(\): number \{$/;
const TOP_WRITE = /^(l_[A-Za-z0-9_]+) = (.+);$/;
/** A call of a step or decision (which may write any flow local) that the step goes on after. */
const GOES_ON_AFTER_CALL = /(?<![\w$])(?:step\d+(?:\$body)?|decide\d+)\(/;

/** The step functions with each flow local written at a step's top level read from a const after. */
export function stepLocals(functions: readonly string[]): string[] {
  return rewriteBodies(functions, STEP, rewrite);
}

/**
 * `functions` with the body of each function whose header line matches `header` rewritten: a function's
 * header and its closing `}` are lines of their own, the body the lines between.
 */
export function rewriteBodies(functions: readonly string[], header: RegExp, rewriteBody: (body: readonly string[]) => string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < functions.length; i++) {
    if (!header.test(functions[i]!)) {
      out.push(functions[i]!);
      continue;
    }
    let depth = 1;
    let end = i + 1;
    for (; end < functions.length; end++) {
      depth += braces(functions[end]!);
      if (depth === 0) break;
    }
    out.push(functions[i]!, ...rewriteBody(functions.slice(i + 1, end)), functions[end]!);
    i = end;
  }
  return out;
}

function rewrite(body: readonly string[]): string[] {
  const text = body.join("\n");
  const held = new Map<string, string>();
  const lines: string[] = [];
  const end = barrier(body);
  let depth = 0;
  body.forEach((line, at) => {
    let code = line;
    const ended = at >= end;
    if (!ended && held.size > 0) for (const [local, value] of held) code = code.replace(name(local), value);
    const found = depth === 0 && !ended ? TOP_WRITE.exec(code) : null;
    // One statement on the line: a value holding no `;`.
    const write = found && !found[2]!.includes(";") ? found : null;
    if (write && writes(text, write[1]!) === 1 && body.slice(at + 1).some((after) => name(write[1]!).test(after))) {
      const value = `$${write[1]!}`;
      lines.push(`const ${value} = ${write[2]!};`, `${write[1]!} = ${value};`);
      held.set(write[1]!, value);
    } else lines.push(code);
    depth += braces(line);
  });
  return lines;
}

/** The first line from which the step's flow locals may have been written by a step or decision it
 *  called and went on after: the call's line, or the head of the outermost loop around it (whose
 *  lines before the call run again after it). */
export function barrier(body: readonly string[]): number {
  const open: { at: number; loop: boolean }[] = [];
  for (let at = 0; at < body.length; at++) {
    const line = body[at]!;
    if (!/^\s*return\b/.test(line) && GOES_ON_AFTER_CALL.test(line)) return open.find((block) => block.loop)?.at ?? at;
    for (const c of line) {
      if (c === "{") open.push({ at, loop: /^\s*(?:for|while|do)\b/.test(line) });
      else if (c === "}") open.pop();
    }
  }
  return body.length;
}

/** `local` as a whole name (not part of `l_p_7$index` or `l_p_70`). */
export function name(local: string): RegExp {
  return new RegExp(`(?<![\\w$])${local.replace(/\$/g, "\\$")}(?![\\w$])`, "g");
}

/** How many times the step writes `local` (`=`, a compound assignment, `++`, `--`). */
export function writes(text: string, local: string): number {
  const at = local.replace(/\$/g, "\\$");
  return (text.match(new RegExp(`(?<![\\w$])(?:${at}\\s*(?:[-+*/%&|^]|<<|>>>?|\\*\\*|\\?\\?|&&|\\|\\|)?=(?!=)|${at}\\s*(?:\\+\\+|--)|(?:\\+\\+|--)\\s*${at}(?![\\w$]))`, "g")) ?? []).length;
}

/** The braces a line opens less those it closes. */
function braces(line: string): number {
  let n = 0;
  for (const c of line) n += c === "{" ? 1 : c === "}" ? -1 : 0;
  return n;
}
