// The closure of a kernel written as one function per step holds the game's state in variables its
// functions share (`let l_active = 0;`, `let decisions = 0;`). A `let` (or `const`) of an enclosing
// scope read by a function declared beside it is checked on every read: V8 cannot prove the
// function never runs before the declaration, so each read of `l_active` in a step tests the slot
// for "not yet initialized" (the temporal dead zone). A `var` has no such zone: the same slots,
// read without the test (Foreclosed!'s kernel: ~10% more playouts per second). Every variable of
// the closure is declared at its top, before any of its functions can run, so none is ever read
// before it is set, and a `var` there means what the `let` meant.
//
// Each of those functions reads the closure's arrays through locals bound at its top
// (`arraysBoundInFunctions`, below, says why).
//
// The kernel's text is scanned, not parsed: a game compiled to be run (`rules simulate`, `play`,
// `test`) must not load TypeScript. The scan knows what the kernel writer writes: braces, string and
// template literals, comments; no regular expression literals.

/**
 * `text` with each function of the kernel's own body (but `play`, which binds them itself) opening
 * with `const C = K_C, …;` for each of `names` (arrays the closure binds as `const X = K_X`) that its
 * body names and that it neither takes as a parameter nor declares. V8 writes an array the closure
 * never assigns again into optimized code as a constant, with its address and length when it lies
 * off the heap (playout-arrays.ts), except where it is read in a loop nested in another loop: there
 * each read loaded the array and tested its map, its length and the index (21 reads in Foreclosed!'s
 * turn decision, in its scan of the hand). Read through a local set before any loop, it is a
 * constant everywhere. A name written in a string is bound too, to no harm.
 */
export function arraysBoundInFunctions(text: string, names: readonly string[]): string {
  let out = text;
  const starts = bodyLineStarts(text, (at) => /^function [\w$]+\(/.test(text.slice(at, at + 200)) && !text.startsWith("function play(", at));
  for (const at of starts.reverse()) {
    const lineEnd = text.indexOf("\n", at);
    if (lineEnd < 0 || text[lineEnd - 1] !== "{") continue;
    const open = lineEnd - 1;
    const body = text.slice(open + 1, blockEnd(text, open));
    const signature = text.slice(at, open);
    const bound = names.filter((name) => {
      const escaped = name.replace(/\$/g, "\\$");
      const named = (pattern: string): RegExp => new RegExp(pattern.replace("NAME", () => escaped));
      return named("(?<![\\w$.])NAME(?![\\w$])").test(body) && !named("(?:const|let|var)\\s+NAME(?![\\w$])").test(body) && !named("[(,]\\s*NAME(?![\\w$])").test(signature);
    });
    if (bound.length > 0) out = `${out.slice(0, open + 1)}\nconst ${bound.map((name) => `${name} = K_${name}`).join(", ")};${out.slice(open + 1)}`;
  }
  return out;
}

/** `text`, whose first function at the top level is the kernel's, with the `let` and `const`
 *  statements of that function's own body (not those of the functions in it) as `var`. A statement
 *  of the body is one that starts a line. */
export function closureVariablesAsVar(text: string): string {
  let out = text;
  for (const at of declarationStarts(text).reverse()) {
    const keyword = out.startsWith("let", at) ? "let" : "const";
    out = `${out.slice(0, at)}var${out.slice(at + keyword.length)}`;
  }
  return out;
}

/** The `let` and `const` statements of the kernel's own body (as closureVariablesAsVar finds them):
 *  each declared name, and the text after its `=` up to the line's end. */
export function closureDeclarations(text: string): { name: string; value: string }[] {
  return declarationStarts(text).map((at) => {
    const end = text.indexOf("\n", at);
    const line = text.slice(at, end < 0 ? text.length : end);
    const m = /^(?:let|const)\s+([\w$]+)(?::[^=]*)?\s*=\s*(.*)$/.exec(line);
    return { name: m?.[1] ?? line, value: m?.[2] ?? "" };
  });
}

/** Where each `let` or `const` of the kernel's own body starts. */
function declarationStarts(text: string): number[] {
  return bodyLineStarts(text, (at) => /^(let|const)\s/.test(text.slice(at, at + 6)));
}

/** Where each line of the kernel's own body (the first function at the top level) that `starts`
 *  accepts begins: `starts` is given the index of the line's first character that is not a space. */
function bodyLineStarts(text: string, starts: (at: number) => boolean): number[] {
  const kernelStart = text.search(/^(export )?function /m);
  if (kernelStart < 0) return [];
  const found: number[] = [];
  walkBraces(text, kernelStart, (at, depth) => {
    if (depth === 1 && starts(at)) found.push(at);
  });
  return found;
}

/** The index of the brace that closes the block opened at `open` (a `{`). */
function blockEnd(text: string, open: number): number {
  return walkBraces(text, open, () => {});
}

/** Reads the code from `from` to the brace that closes the first one it opens, whose index it
 *  returns, telling `line` where each line's first character that is not a space is, and how many
 *  braces are open there (a line that starts inside a template literal is not told). */
function walkBraces(text: string, from: number, line: (at: number, depth: number) => void): number {
  // Braces open around the current position, and per template literal being read, the brace depth
  // its `${` opened at (the literal resumes when that brace closes).
  let depth = 0;
  const templates: number[] = [];
  let atLineStart = false;
  for (let i = from; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "\n") {
      atLineStart = true;
      continue;
    }
    if (atLineStart && ch !== " " && ch !== "\t") {
      atLineStart = false;
      if (templates.length === 0) line(i, depth);
    }
    if (ch === '"' || ch === "'") i = endOfQuoted(text, i, ch);
    else if (ch === "`") i = readTemplate(text, i, templates, depth);
    else if (ch === "/" && text[i + 1] === "/") i = text.indexOf("\n", i) - 1;
    else if (ch === "/" && text[i + 1] === "*") i = text.indexOf("*/", i + 2) + 1;
    else if (ch === "{") depth++;
    else if (ch === "}") {
      depth--;
      if (templates.length > 0 && templates[templates.length - 1] === depth) {
        templates.pop();
        i = readTemplate(text, i, templates, depth);
      }
      if (depth === 0) return i;
    }
  }
  return text.length;
}

/** The index of the quote that closes the string opened at `open`. */
function endOfQuoted(text: string, open: number, quote: string): number {
  let i = open + 1;
  while (i < text.length && text[i] !== quote) i += text[i] === "\\" ? 2 : 1;
  return i;
}

/** Reads a template literal's text from `at` (its opening backquote, or the brace that closed a
 *  `${`): returns the index of its closing backquote, or of the `$` of its next `${`, noting the
 *  depth outside that brace, so that the scan, having counted the brace, resumes the literal when it
 *  closes. */
function readTemplate(text: string, at: number, templates: number[], depth: number): number {
  let i = at + 1;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === "\\") i += 2;
    else if (ch === "`") return i;
    else if (ch === "$" && text[i + 1] === "{") {
      templates.push(depth);
      return i;
    } else i++;
  }
  return i;
}
