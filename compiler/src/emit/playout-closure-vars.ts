// The closure of a kernel written as one function per step holds the game's state in variables its
// functions share (`let l_active = 0;`, `let decisions = 0;`). A `let` (or `const`) of an enclosing
// scope read by a function declared beside it is checked on every read: V8 cannot prove the
// function never runs before the declaration, so each read of `l_active` in a step tests the slot
// for "not yet initialized" (the temporal dead zone). A `var` has no such zone: the same slots,
// read without the test (Foreclosed!'s kernel: ~10% more playouts per second). Every variable of
// the closure is declared at its top, before any of its functions can run, so none is ever read
// before it is set, and a `var` there means what the `let` meant.
//
// The kernel's text is scanned, not parsed: a game compiled to be run (`rules simulate`, `play`,
// `test`) must not load TypeScript. The scan knows what the kernel writer writes: braces, string and
// template literals, comments; no regular expression literals.

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
  const kernelStart = text.search(/^(export )?function /m);
  if (kernelStart < 0) return [];
  const starts: number[] = [];
  // Braces open around the current position, and per template literal being read, the brace depth
  // its `${` opened at (the literal resumes when that brace closes).
  let depth = 0;
  const templates: number[] = [];
  let atLineStart = false;
  for (let i = kernelStart; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "\n") {
      atLineStart = true;
      continue;
    }
    if (atLineStart && ch !== " " && ch !== "\t") {
      atLineStart = false;
      if (depth === 1 && templates.length === 0 && /^(let|const)\s/.test(text.slice(i, i + 6))) starts.push(i);
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
      if (depth === 0) break;
    }
  }
  return starts;
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
