// A kernel's faults out of line. Each fault a kernel may raise (a rule broken at run time: a transfer
// short of money, a card not where a move looks for it, a seat of the rules asked, a flow or a loop
// that runs without end) is built by a function of its own at the module's level, called with the
// values its message shows: `throw $fault3(seat);`, not `throw new GameFault("fault/bot-asked",
// \`seat ${seat} is played by ...\`);`. No game raises them in a playout, but the message's text and
// the fault's construction are bytecode of the function that may raise it, and V8 inlines by
// bytecode size, with a budget for all it inlines into one function: out of line, more of a flow's
// small steps fit into the step that runs them (Foreclosed!'s round inlines its collect).
// A fault site alike in code and message text (its values apart) shares one function.

/** The kernel's lines with each `throw new GameFault(code, message);` as a call of a function of
 *  its own (`functions`, to go at the module's level), or as written where it does not parse. */
export function faultsOutOfLine(lines: readonly string[]): { lines: string[]; functions: string[] } {
  const named = new Map<string, string>();
  const functions: string[] = [];
  const out = lines.map((line) => {
    let result = "";
    let rest = line;
    for (let at = rest.indexOf(THROW); at >= 0; at = rest.indexOf(THROW)) {
      const site = faultSite(rest, at + THROW.length);
      if (site === null) break;
      const key = `${site.code}\n${site.message}`;
      let name = named.get(key);
      if (name === undefined) {
        name = `$fault${named.size}`;
        named.set(key, name);
        const params = site.values.map((_, i) => `$${i}: unknown`).join(", ");
        functions.push(`function ${name}(${params}): GameFault {`, `return new GameFault(${site.code}, ${site.message});`, "}");
      }
      result += `${rest.slice(0, at)}throw ${name}(${site.values.join(", ")});`;
      rest = rest.slice(site.end);
    }
    return result + rest;
  });
  return { lines: out, functions };
}

const THROW = "throw new GameFault(";

/** The fault built at `from` (just past `GameFault(`): its code, its message with each value
 *  written as a parameter (`${$0}`), the values, and where the statement ends; null if it is not
 *  a string code, then a string or template message, then `);`. */
function faultSite(text: string, from: number): { code: string; message: string; values: string[]; end: number } | null {
  const code = stringAt(text, from);
  if (code === null || text.slice(code.end, code.end + 2) !== ", ") return null;
  const at = code.end + 2;
  const values: string[] = [];
  let message: string;
  let end: number;
  if (text[at] === '"') {
    const s = stringAt(text, at);
    if (s === null) return null;
    [message, end] = [text.slice(at, s.end), s.end];
  } else if (text[at] === "`") {
    const t = templateAt(text, at, values);
    if (t === null) return null;
    [message, end] = t;
  } else return null;
  if (text.slice(end, end + 2) !== ");") return null;
  return { code: text.slice(from, code.end), message, values, end: end + 2 };
}

/** The end of the double-quoted string at `at` (escapes skipped). */
function stringAt(text: string, at: number): { end: number } | null {
  if (text[at] !== '"') return null;
  for (let i = at + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === '"') return { end: i + 1 };
  }
  return null;
}

/** The template at `at` with its values (`${...}`, pushed to `values`) as `${$i}`, and its end. */
function templateAt(text: string, at: number, values: string[]): [string, number] | null {
  let message = "`";
  for (let i = at + 1; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\\") {
      message += text.slice(i, i + 2);
      i++;
    } else if (c === "`") return [message + "`", i + 1];
    else if (c === "$" && text[i + 1] === "{") {
      const end = valueEnd(text, i + 2);
      if (end === null) return null;
      message += `\${$${values.length}}`;
      values.push(text.slice(i + 2, end));
      i = end;
    } else message += c;
  }
  return null;
}

/** The index of the `}` that closes a template's value starting at `from` (brackets and strings
 *  inside it skipped); null for a value holding a template of its own. */
function valueEnd(text: string, from: number): number | null {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (c === "`") return null;
    if (c === '"' || c === "'") {
      const close = text.indexOf(c, i + 1);
      if (close < 0) return null;
      i = close;
    } else if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "}") {
      if (depth === 0) return i;
      depth--;
    }
  }
  return null;
}
