// Where the rules are written. Every statement whose code can fail at run time gets a site, named by
// its line (`L12`; `L12_2` for a second one there), and the runtime helpers it calls are passed that
// site, so a fault says `rules/x.rules:12:3` and shows the line. sites.ts holds the table.
import type * as A from "../syntax/ast.js";
import { quote } from "./code.js";

export interface SiteInfo {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly text: string;
}

export class RuleSites {
  private readonly byKey = new Map<string, SiteInfo>();
  private readonly keyOf = new Map<string, string>();
  private readonly lines = new Map<string, string[]>();
  /** The rules file whose declaration is being written. */
  private file: string;

  constructor(sources: readonly { readonly path: string; readonly text: string }[]) {
    for (const source of sources) this.lines.set(source.path, source.text.split(/\r\n|\r|\n/));
    this.file = sources[0]?.path ?? "";
  }

  /** Writes code that belongs to a declaration of `file`. */
  inFile<T>(file: string, write: () => T): T {
    const outer = this.file;
    this.file = file;
    try {
      return write();
    } finally {
      this.file = outer;
    }
  }

  /** The site of the rule that starts at `range`, as code: `AT.L12`. A line is one site: a fault
   *  there shows the line, from the first statement on it that can fail. */
  site(range: A.SourceRange): string {
    const { line, column } = range.start;
    const id = `${this.file}\u0000${line}`;
    let key = this.keyOf.get(id);
    if (key === undefined) {
      key = `L${line}`;
      for (let n = 2; this.byKey.has(key); n++) key = `L${line}_${n}`;
      const text = (this.lines.get(this.file)?.[line - 1] ?? "").trim();
      this.byKey.set(key, { file: this.file, line, column, text });
      this.keyOf.set(id, key);
    }
    return `AT.${key}`;
  }

  /** The text of sites.ts: every site used, in the order of the rules files. */
  fileText(): string {
    const order = [...this.lines.keys()];
    const entries = [...this.byKey].sort(
      ([, a], [, b]) => order.indexOf(a.file) - order.indexOf(b.file) || a.line - b.line || a.column - b.column,
    );
    return [
      'import type { RuleSite } from "@rules/runtime/internal";',
      "",
      "/** The statements of the rules that can fail while a game runs, by line: a fault names its statement. */",
      "export const AT = {",
      ...entries.map(([key, s]) => `  ${key}: { file: ${quote(s.file)}, line: ${s.line}, column: ${s.column}, text: ${quote(s.text)} },`),
      "} satisfies Record<string, RuleSite>;",
      "",
    ].join("\n");
  }
}
