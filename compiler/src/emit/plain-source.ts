// The builder of a game compiled to be run (see source-builder.ts): the text ts-morph would write,
// made with the code writer ts-morph itself writes with (code-block-writer), its settings and the
// same calls, without ts-morph or TypeScript. It follows ts-morph 28's structure printers
// (FunctionDeclarationStructurePrinter & co.) and how a source file places what is added to it (a
// blank line between statements, none between two imports, two variable statements or two type
// aliases; an import after the last import). plain-source.test.ts compares it with ts-morph on every
// game and test program of the repository.
import CodeBlockWriter from "code-block-writer";
import type {
  ExportStructure,
  FunctionStructure,
  ImportStructure,
  InterfaceStructure,
  ParameterStructure,
  SourceBuilder,
  SourceBuilders,
  TypeAliasStructure,
  VariableStructure,
} from "./source-builder.js";

/** ts-morph's default manipulation settings: four spaces, LF, double quotes. */
const WRITER_OPTIONS = { newLine: "\n", indentNumberOfSpaces: 4, useTabs: false, useSingleQuote: false } as const;

type Kind = "import" | "export" | "variable" | "type" | "interface" | "function" | "comment" | "other";

/** A statement (or a run of statements added as text) and where it stands in the file. */
interface Member {
  start: number;
  end: number;
  /** The kinds of its first and last statements (what decides the blank lines around it). */
  readonly first: Kind;
  readonly last: Kind;
  /** Its code without the comments before it (for codeBesideImports). */
  readonly code: string;
  /** An import's structure, so that names can be added to it. */
  readonly imported?: ImportStructure;
}

export function plainSources(): SourceBuilders {
  return () => new PlainSource();
}

export class PlainSource implements SourceBuilder {
  private text = "";
  private readonly members: Member[] = [];

  addImportDeclaration(structure: ImportStructure): void {
    // After the last import (and after comments that open the file), as ts-morph puts it.
    let index = 0;
    let leadingComments = true;
    this.members.forEach((m, i) => {
      if (leadingComments && m.first === "comment" && m.last === "comment") index = i + 1;
      else {
        leadingComments = false;
        if (m.last === "import") index = i + 1;
      }
    });
    const code = printed((w) => printImport(w, structure));
    this.insert(index, (w) => printImport(w, structure), { kind: "import", code, imported: structure }, (k) => k === "import" || k === "comment", (k) => k === "import");
  }

  addExportDeclaration(structure: ExportStructure): void {
    const print = (w: CodeBlockWriter): void => {
      w.write("export");
      if (structure.isTypeOnly) w.write(" type");
      if (structure.namedExports.length > 0) {
        w.space();
        printBraces(w, structure.namedExports);
      }
      w.write(" from ");
      w.quote(structure.moduleSpecifier);
      w.write(";");
    };
    this.append(print, { kind: "export", code: printed(print) }, (k) => k === "export" || k === "comment");
  }

  addVariableStatement(structure: VariableStructure): void {
    const print = (w: CodeBlockWriter, docs: boolean): void => {
      if (docs) printDocs(w, structure.docs);
      w.hangingIndent(() => {
        if (structure.isExported) w.write("export ");
        w.write(`${structure.declarationKind ?? "let"} `);
        commaSeparated(w, structure.declarations, (d) => {
          w.write(d.name);
          printType(w, ":", d.type);
          if (d.initializer !== undefined) {
            const initializer = textOf(d.initializer);
            if (initializer.trim() !== "") {
              w.hangingIndent(() => {
                w.spaceIfLastNot();
                w.write(`= ${initializer}`);
              });
            }
          }
        });
        w.write(";");
      });
    };
    this.append((w) => print(w, true), { kind: "variable", code: printed((w) => print(w, false)) }, (k) => k === "variable");
  }

  addTypeAlias(structure: TypeAliasStructure): void {
    const print = (w: CodeBlockWriter, docs: boolean): void => {
      if (docs) printDocs(w, structure.docs);
      if (structure.isExported) w.write("export ");
      w.write(`type ${structure.name}`);
      printType(w, " =", structure.type);
      w.write(";");
    };
    this.append((w) => print(w, true), { kind: "type", code: printed((w) => print(w, false)) }, (k) => k === "type");
  }

  addInterface(structure: InterfaceStructure): void {
    const print = (w: CodeBlockWriter, docs: boolean): void => {
      if (docs) printDocs(w, structure.docs);
      if (structure.isExported) w.write("export ");
      w.write(`interface ${structure.name}`);
      w.space();
      const extended = (structure.extends ?? []).map(textOf).join(", ");
      if (extended.trim() !== "") w.hangingIndent(() => w.write(`extends ${extended} `));
      w.inlineBlock(() => {
        if (structure.properties.length > 0 && !w.isAtStartOfFirstLineOfBlock()) w.newLine();
        structure.properties.forEach((p, i) => {
          w.conditionalNewLine(i > 0);
          printDocs(w, p.docs);
          w.write(p.name);
          w.conditionalWrite(p.hasQuestionToken, "?");
          printType(w, ":", p.type);
          w.write(";");
        });
      });
    };
    this.append((w) => print(w, true), { kind: "interface", code: printed((w) => print(w, false)) }, () => false);
  }

  addFunction(structure: FunctionStructure): void {
    this.addFunctions([structure]);
  }

  addFunctions(structures: readonly FunctionStructure[]): void {
    if (structures.length === 0) return;
    const print = (w: CodeBlockWriter, docs: boolean): void => {
      structures.forEach((s, i) => {
        if (i > 0) w.blankLine();
        printFunction(w, s, docs);
      });
    };
    this.append((w) => print(w, true), { kind: "function", code: printed((w) => print(w, false)) }, () => false);
  }

  addStatements(statements: string | readonly string[]): void {
    const w = new CodeBlockWriter(WRITER_OPTIONS);
    printStatements(w, statements);
    let text = w.toString();
    if (text.length === 0) return;
    // ts-morph's insertChildText: a new line before the text, except at the start of the file.
    const index = this.members.length;
    if (index === 0) {
      if (!text.endsWith("\n")) text += "\n";
    } else text = "\n" + text;
    const at = index === 0 ? 0 : this.members[index - 1]!.end;
    this.text = this.text.slice(0, at) + text + this.text.slice(at);
    const body = text.trim();
    const { first, last } = statementKinds(body);
    this.members.push({ start: at + leadingSpace(text), end: at + text.trimEnd().length, first, last, code: withoutLeadingComments(body) });
  }

  codeBesideImports(): string {
    return this.members.filter((m) => m.first !== "import").map((m) => m.code).join("\n");
  }

  addTypeImports(module: string, names: readonly string[]): void {
    const index = this.members.findIndex((m) => m.imported?.moduleSpecifier === module && m.imported.isTypeOnly);
    if (index < 0) {
      this.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: module, namedImports: names });
      return;
    }
    // ts-morph adds the names after the last one, inside the braces: the import printed with them all.
    const member = this.members[index]!;
    const imported = { ...member.imported!, namedImports: [...member.imported!.namedImports, ...names] };
    const text = printed((w) => printImport(w, imported));
    this.text = this.text.slice(0, member.start) + text + this.text.slice(member.end);
    this.shift(index + 1, text.length - (member.end - member.start));
    this.members[index] = { ...member, end: member.start + text.length, code: text, imported };
  }

  getFullText(): string {
    return this.text;
  }

  /** Adds a statement after the last one. */
  private append(
    print: (w: CodeBlockWriter) => void,
    member: { kind: Kind; code: string },
    newLineAfter: (previous: Kind) => boolean,
  ): void {
    this.insert(this.members.length, print, member, newLineAfter, () => false);
  }

  /**
   * ts-morph's insertIntoBracesOrSourceFile and _standardWrite: the text replaces the space between
   * its neighbours, with a blank line on each side unless the neighbour is of a kind that goes on the
   * next line (a comment before, the same kind of statement for imports and such), and a new line at
   * the end of the file.
   */
  private insert(
    index: number,
    print: (w: CodeBlockWriter) => void,
    member: { kind: Kind; code: string; imported?: ImportStructure },
    newLineAfter: (previous: Kind) => boolean,
    newLineBefore: (next: Kind) => boolean,
  ): void {
    const previous = this.members[index - 1];
    const next = this.members[index];
    const at = previous ? previous.end : 0;
    const until = startOfLineOrNonWhitespace(this.text, next ? next.start : this.text.length);
    const w = new CodeBlockWriter(WRITER_OPTIONS);
    if (previous && !newLineAfter(previous.last) && previous.last !== "comment") w.blankLine();
    else if (at !== 0) w.newLineIfLastNot();
    print(w);
    if (next && !newLineBefore(next.first)) w.blankLine();
    else w.newLineIfLastNot();
    const text = w.toString();
    this.text = this.text.slice(0, at) + text + this.text.slice(until);
    this.shift(index, text.length - (until - at));
    this.members.splice(index, 0, {
      start: at + leadingSpace(text),
      end: at + text.trimEnd().length,
      first: member.kind,
      last: member.kind,
      code: member.code,
      ...(member.imported ? { imported: member.imported } : {}),
    });
  }

  private shift(from: number, delta: number): void {
    for (const m of this.members.slice(from)) {
      m.start += delta;
      m.end += delta;
    }
  }
}

/** ts-morph's getPosAtStartOfLineOrNonWhitespace. */
function startOfLineOrNonWhitespace(text: string, pos: number): number {
  while (pos > 0) {
    pos--;
    const char = text[pos];
    if (char === "\n" || (char !== " " && char !== "\t")) return pos + 1;
  }
  return pos;
}

function leadingSpace(text: string): number {
  return text.length - text.trimStart().length;
}

/** What a writer writes, as a text written to a fresh writer (ts-morph's Printer.getText). */
function printed(print: (w: CodeBlockWriter) => void): string {
  const w = new CodeBlockWriter(WRITER_OPTIONS);
  print(w);
  return w.toString();
}

function textOf(text: string): string {
  return printed((w) => w.write(text));
}

/** JSDocStructurePrinter.printDocs. */
function printDocs(w: CodeBlockWriter, docs: readonly string[] | undefined): void {
  for (const doc of docs ?? []) {
    const lines = doc.split(/\r?\n/);
    const startsWithNewLine = lines[0]!.length === 0;
    const singleLine = lines.length <= 1;
    w.write("/**");
    if (singleLine) {
      w.space();
      w.write(lines[0]!);
    } else {
      w.newLine();
      for (const line of lines.slice(startsWithNewLine ? 1 : 0)) {
        w.write(" *");
        if (line.length > 0) w.write(` ${line}`);
        w.newLine();
      }
    }
    w.spaceIfLastNot();
    w.write("*/");
    w.newLine();
  }
}

/** TypedNodeStructurePrinter: `: type` (or ` = type` for an alias), hanging. */
function printType(w: CodeBlockWriter, separator: string, type: string | undefined): void {
  if (type === undefined) return;
  const text = textOf(type);
  if (text.trim() !== "") w.hangingIndent(() => w.write(`${separator} ${text}`));
}

/** CommaSeparatedStructuresPrinter: the items apart by a space, then a comma after each but the last. */
function commaSeparated<T>(w: CodeBlockWriter, items: readonly T[], print: (item: T) => void): void {
  const commas: (number | false)[] = [];
  items.forEach((item, i) => {
    if (i > 0) w.spaceIfLastNot();
    const start = w.getLength();
    print(item);
    const written = w.toString().slice(start);
    const end = written.trimEnd();
    commas.push(end.length === 0 || end.endsWith(",") ? false : start + end.length);
  });
  let last = true;
  for (let i = commas.length - 1; i >= 0; i--) {
    const pos = commas[i]!;
    if (pos === false) continue;
    if (last) last = false;
    else w.unsafeInsert(pos, ",");
  }
}

/** NamedImportExportSpecifierStructurePrinter.printTextsWithBraces. */
function printBraces(w: CodeBlockWriter, names: readonly (string | { readonly name: string; readonly alias?: string })[]): void {
  w.write("{");
  const inner = printed((iw) =>
    commaSeparated(iw, names, (n) => {
      const sw = new CodeBlockWriter(WRITER_OPTIONS);
      sw.queueIndentationLevel(1);
      if (typeof n === "string") sw.write(n);
      else {
        sw.write(n.name);
        if (n.alias !== undefined && n.alias.trim() !== "") {
          if (!sw.isLastNewLine()) sw.space();
          sw.write(`as ${n.alias}`);
        }
      }
      iw.write(sw.toString());
    }),
  );
  if (!inner.startsWith("\n")) w.space();
  w.write(inner);
  if (!inner.endsWith("\n")) w.space();
  w.write("}");
}

function printImport(w: CodeBlockWriter, s: ImportStructure): void {
  w.write("import");
  if (s.isTypeOnly) w.write(" type");
  if (s.namespaceImport !== undefined) w.write(` * as ${s.namespaceImport} from`);
  else if (s.namedImports.length > 0) {
    w.space();
    printBraces(w, s.namedImports);
    w.write(" from");
  }
  w.write(" ");
  w.quote(s.moduleSpecifier);
  w.write(";");
}

function printParameters(w: CodeBlockWriter, parameters: readonly ParameterStructure[] | undefined): void {
  w.write("(");
  if (parameters && parameters.length > 0) {
    w.hangingIndent(() =>
      commaSeparated(w, parameters, (p) => {
        w.write(p.name);
        printType(w, ":", p.type);
      }),
    );
  }
  w.write(")");
}

/** FunctionDeclarationStructurePrinter (no overloads, type parameters or modifiers but `export`). */
function printFunction(w: CodeBlockWriter, s: FunctionStructure, docs: boolean): void {
  if (docs) printDocs(w, s.docs);
  if (s.isExported) w.write("export ");
  w.write("function");
  if (s.name.trim() !== "") w.write(` ${s.name}`);
  printParameters(w, s.parameters);
  if (s.returnType !== undefined) {
    const returnType = textOf(s.returnType);
    if (returnType.trim() !== "") w.hangingIndent(() => w.write(`: ${returnType}`));
  }
  w.space().inlineBlock(() => printStatements(w, s.statements));
}

/** StatementStructurePrinter.printTexts for statements given as text. */
function printStatements(w: CodeBlockWriter, statements: string | readonly string[] | undefined): void {
  if (statements === undefined) return;
  if (typeof statements === "string") {
    w.write(statements);
    return;
  }
  for (const statement of statements) {
    if (lastNonWhitespaceIsCloseBrace(w)) w.blankLineIfLastNot();
    else if (!w.isAtStartOfFirstLineOfBlock()) w.newLineIfLastNot();
    w.write(statement);
  }
}

function lastNonWhitespaceIsCloseBrace(w: CodeBlockWriter): boolean {
  return (
    w.iterateLastChars((char) => {
      if (char === "}") return true;
      if (/\s/.test(char)) return undefined;
      return false;
    }) ?? false
  );
}

/** Comments before a statement are not part of its text (ts-morph's getText). */
function withoutLeadingComments(text: string): string {
  let rest = text.trimStart();
  for (;;) {
    if (rest.startsWith("//")) {
      const end = rest.indexOf("\n");
      rest = end < 0 ? "" : rest.slice(end + 1).trimStart();
    } else if (rest.startsWith("/*")) {
      const end = rest.indexOf("*/");
      rest = end < 0 ? "" : rest.slice(end + 2).trimStart();
    } else return rest;
  }
}

/**
 * The kinds of the first and last statements of statements given as text: the lines that begin
 * outside any bracket, string, template or comment begin a statement (or are a comment).
 */
function statementKinds(text: string): { first: Kind; last: Kind } {
  const kinds = topLevelLines(text).map(lineKind);
  if (kinds.length === 0) return { first: "other", last: "other" };
  // A comment just before a statement is that statement's, not one of its own.
  const first = kinds.find((k) => k !== "comment") ?? "comment";
  return { first, last: kinds[kinds.length - 1]! };
}

/** The lines of code that begin at the top level (not inside brackets, strings, templates or comments). */
function topLevelLines(text: string): string[] {
  const lines: string[] = [];
  // What is open: a bracket, a quote, a template (` and the ${ inside one), a block comment.
  const open: string[] = [];
  let lineStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const inside = open[open.length - 1];
    if (lineStart && open.length === 0 && !/\s/.test(c)) lines.push(text.slice(i, text.indexOf("\n", i) < 0 ? undefined : text.indexOf("\n", i)));
    lineStart = c === "\n";
    if (inside === "/*") {
      if (c === "*" && text[i + 1] === "/") { open.pop(); i++; }
    } else if (inside === '"' || inside === "'") {
      if (c === "\\") i++;
      else if (c === inside || c === "\n") open.pop();
    } else if (inside === "`") {
      if (c === "\\") i++;
      else if (c === "`") open.pop();
      else if (c === "$" && text[i + 1] === "{") { open.push("${"); i++; }
    } else if (c === "/" && text[i + 1] === "/") {
      const end = text.indexOf("\n", i);
      if (end < 0) break;
      i = end - 1;
    } else if (c === "/" && text[i + 1] === "*") { open.push("/*"); i++; }
    else if (c === '"' || c === "'" || c === "`") open.push(c);
    else if (c === "(" || c === "[" || c === "{") open.push(c);
    else if (c === ")" || c === "]" || c === "}") open.pop();
  }
  return lines;
}

function lineKind(line: string): Kind | null {
  if (line.startsWith("//") || line.startsWith("/*")) return "comment";
  const words = line.replace(/^export\s+(default\s+)?/, "").replace(/^declare\s+/, "");
  if (/^import[\s{]/.test(line)) return "import";
  if (/^export\s*(type\s*)?[{*]/.test(line)) return "export";
  if (/^(const|let|var)\s/.test(words)) return "variable";
  if (/^type\s/.test(words)) return "type";
  if (/^interface\s/.test(words)) return "interface";
  if (/^(async\s+)?function[\s*]/.test(words)) return "function";
  return "other";
}
