// What the language server knows of one rules file: its diagnostics, every name written in it and
// the declaration each one stands for. Names are resolved by the checker (`CheckedGame.names`, with
// scopes, locals and types) when the file checks; when it does not (a file being edited), by name
// against the file's top-level declarations, from whatever the parser recovered.
import type { CheckedGame } from "@rules/compiler/language";
import type { Binding, Type } from "@rules/compiler/language";
import { checkGame } from "@rules/compiler";
import type { Diagnostic } from "@rules/compiler";
import type { ast as A } from "@rules/compiler/language";
import { parseRules } from "@rules/compiler/language";

export type SymbolKind =
  | "var"
  | "zone"
  | "table"
  | "enum"
  | "enum-member"
  | "card"
  | "field"
  | "function"
  | "procedure"
  | "conserve"
  | "variant"
  | "option"
  | "phase"
  | "decision"
  | "local";

export interface RulesSymbol {
  readonly name: string;
  readonly kind: SymbolKind;
  /** The name where it is declared. */
  readonly range: A.SourceRange;
  /** The whole declaration. */
  readonly declaration: A.SourceRange;
  /** What hover shows: the declaration as written (its first lines) and its type. */
  readonly detail: string;
  /** Card fields, enum members, option names of a declaration: what document symbols nest. */
  readonly children: RulesSymbol[];
  readonly type?: Type;
}

export interface Occurrence {
  readonly name: string;
  readonly range: A.SourceRange;
  readonly symbol: RulesSymbol | null;
  /** The value's type at this place, when the checker worked it out. */
  readonly type?: Type;
}

export interface Analysis {
  readonly text: string;
  readonly diagnostics: Diagnostic[];
  /** Declarations at the top of the file, in order, with their children. */
  readonly symbols: RulesSymbol[];
  /** Every symbol, locals and children included. */
  readonly allSymbols: RulesSymbol[];
  /** Every name written in the file, sorted by position. */
  readonly occurrences: Occurrence[];
  /** Whether the checker resolved the names (else: by name, from the parse). */
  readonly checked: boolean;
  /** What the checker made of the file, when it checks. */
  readonly game: CheckedGame | null;
  /** The file as parsed (what the parser recovered, while it has errors). */
  readonly program: A.Program;
}

export function analyse(gameId: string, path: string, text: string): Analysis {
  const checked = checkGame(gameId, [{ path, text }]);
  const game = checked.game;
  const program = game?.program ?? parseRules(text, path).program;
  const index = new SymbolIndex(text, game);
  index.declare(program);
  index.collect(program);
  return {
    text,
    diagnostics: checked.diagnostics,
    symbols: index.topLevel,
    allSymbols: [...index.byOffset.values()],
    occurrences: index.occurrences(),
    checked: game !== null,
    game,
    program,
  };
}

/** The occurrence whose name covers a position (1-based line and column). */
export function occurrenceAt(analysis: Analysis, line: number, column: number): Occurrence | undefined {
  return analysis.occurrences.find(
    (o) => o.range.start.line === line && o.range.start.column <= column && column <= o.range.end.column + 1,
  );
}

/** Every occurrence that stands for the same symbol, the declaration included. */
export function referencesTo(analysis: Analysis, symbol: RulesSymbol): Occurrence[] {
  return analysis.occurrences.filter((o) => o.symbol === symbol);
}

/** Whether recovery left this name in place: a file being edited parses into pieces with holes. */
const present = (name: A.Identifier | undefined): name is A.Identifier => typeof name?.name === "string" && name.range !== undefined;

const isIdentifier = (value: object): value is A.Identifier =>
  typeof (value as A.Identifier).name === "string" && "range" in value && !("kind" in value);

class SymbolIndex {
  readonly topLevel: RulesSymbol[] = [];
  /** Symbols by the offset of their name. */
  readonly byOffset = new Map<number, RulesSymbol>();
  private readonly byName = new Map<string, RulesSymbol>();
  private readonly found = new Map<number, Occurrence>();
  private readonly lines: string[];

  constructor(
    private readonly text: string,
    private readonly game: CheckedGame | null,
  ) {
    this.lines = text.split(/\r\n|\r|\n/);
  }

  occurrences(): Occurrence[] {
    return [...this.found.values()].sort((a, b) => a.range.start.offset - b.range.start.offset);
  }

  /** The declarations of the file, as symbols. */
  declare(program: A.Program): void {
    for (const v of program.game?.variants ?? []) if (present(v?.name)) this.add("variant", v.name, v.range, true);
    for (const d of program.declarations) {
      if (!d || ("name" in d && !present(d.name as A.Identifier | undefined))) continue;
      switch (d.kind) {
        case "var":
          this.add("var", d.name, d.range, true, this.game?.typeOfVar(d));
          break;
        case "zone":
        case "table":
        case "function":
        case "procedure":
          this.add(d.kind, d.name, d.range, true);
          break;
        case "conserve":
          this.add("conserve", d.name, d.range, true);
          break;
        case "enum": {
          const symbol = this.add("enum", d.name, d.range, true);
          for (const m of d.members.filter(present)) symbol.children.push(this.add("enum-member", m, m.range, false, { kind: "enum", name: d.name.name }));
          break;
        }
        case "card": {
          const symbol = this.add("card", d.name, d.range, true);
          for (const f of d.fields) {
            if (!present(f?.name)) continue;
            const type = this.game?.cardTypes.get(d.name.name)?.fields.find((x) => x.name === f.name.name)?.type;
            symbol.children.push(this.add("field", f.name, f.name.range, false, type));
          }
          break;
        }
        default:
          break;
      }
    }
  }

  private add(kind: SymbolKind, name: A.Identifier, declaration: A.SourceRange, topLevel: boolean, type?: Type): RulesSymbol {
    const existing = this.byOffset.get(name.range.start.offset);
    if (existing) return existing;
    const symbol: RulesSymbol = { name: name.name, kind, range: name.range, declaration, detail: this.header(declaration, kind), children: [], type };
    this.byOffset.set(name.range.start.offset, symbol);
    if (topLevel) {
      this.topLevel.push(symbol);
      if (kind !== "variant") this.byName.set(name.name, symbol);
    }
    this.found.set(name.range.start.offset, { name: name.name, range: name.range, symbol, type });
    return symbol;
  }

  /** The declaration as written: its first line, or up to its block for options (their requirements). */
  private header(range: A.SourceRange, kind: SymbolKind): string {
    const first = range.start.line - 1;
    const last = kind === "option" ? Math.min(range.end.line - 1, first + 12) : first;
    const shown: string[] = [];
    for (let i = first; i <= last; i++) {
      const line = this.lines[i] ?? "";
      if (i > first && line.trim().startsWith("{")) break;
      shown.push(i === first ? line.slice(range.start.column - 1) : line);
      if (kind === "option" && line.trimEnd().endsWith("{")) break;
    }
    // Continuation lines (an option's requirements) dedented to two spaces past the first.
    const indent = Math.min(...shown.slice(1).map((l) => l.length - l.trimStart().length));
    return shown.map((l, i) => (i === 0 ? l : `  ${l.slice(indent)}`)).join("\n").trimEnd();
  }

  /** Every name of the program: resolved by the checker where it has, else by name. */
  collect(program: A.Program): void {
    const seen = new Set<object>();
    const visit = (value: unknown, parent: object | null): void => {
      if (value === null || typeof value !== "object" || seen.has(value)) return;
      seen.add(value);
      if (Array.isArray(value)) {
        for (const item of value) visit(item, parent);
        return;
      }
      const node = value as Record<string, unknown>;
      if (this.isOption(node)) this.declareOption(node as unknown as A.MoveOptionDeclaration);
      const outerPhase = phase;
      if (node.kind === "phase" && present((node as unknown as A.PhaseStatement).name)) {
        const statement = node as unknown as A.PhaseStatement;
        this.add("phase", statement.name, statement.range, false);
        phase = statement.name.name;
      }
      if (node.kind === "ask" && Array.isArray(node.options) && node.range) this.declareDecision(node as unknown as A.AskStatement, phase);
      if (node.kind === "name" || isIdentifier(node)) this.note(node as unknown as A.Identifier | A.NameExpression, parent);
      if (node.kind === "member") this.noteMember(node as unknown as A.MemberExpression);
      for (const [key, child] of Object.entries(node)) if (key !== "range" && key !== "procedure") visit(child, node);
      phase = outerPhase;
    };
    /** The phase the statements being visited are in: a decision's label starts with it. */
    let phase: string | null = null;
    visit(program.game, null);
    visit(program.declarations, null);
  }

  private isOption(node: Record<string, unknown>): boolean {
    return Array.isArray(node.requirements) && Array.isArray(node.parameters) && node.body !== undefined && "otherwise" in node;
  }

  private declareOption(option: A.MoveOptionDeclaration): RulesSymbol | undefined {
    return present(option?.name) ? this.add("option", option.name, option.range, false) : undefined;
  }

  /**
   * A decision (`ask`, `ask each`, `race`, `window`), named by its label as the flow's decisions are
   * (`buying.raise_or_pass`: the phase, then the options joined by `_or_`), at its keyword, with its options.
   */
  private declareDecision(ask: A.AskStatement, phase: string | null): void {
    const start = ask.range.start;
    const keyword = /^[a-z]+/.exec(this.text.slice(start.offset))?.[0] ?? "ask";
    const range: A.SourceRange = { start, end: { ...start, offset: start.offset + keyword.length - 1, column: start.column + keyword.length - 1 } };
    const options = ask.options.filter((o) => present(o?.name));
    const label = (phase ? `${phase}.` : "") + options.map((o) => o.name.name).join("_or_");
    const symbol: RulesSymbol = {
      name: label,
      kind: "decision",
      range,
      declaration: ask.range,
      detail: (this.lines[start.line - 1] ?? "").slice(start.column - 1).trimEnd(),
      children: options.map((o) => this.declareOption(o)!),
    };
    this.byOffset.set(start.offset, symbol);
    this.found.set(start.offset, { name: keyword, range, symbol });
  }

  private note(name: A.Identifier | A.NameExpression, parent: object | null): void {
    if (name.range === undefined) return;
    const offset = name.range.start.offset;
    if (this.found.get(offset)?.symbol) return;
    if (parent !== null && (parent as A.MemberExpression).kind === "member" && (parent as A.MemberExpression).member === name) return;
    const binding = this.game?.names.get(name as A.Expression);
    const type = this.game?.types.get(name as A.Expression) ?? binding?.type;
    const symbol = binding ? this.symbolOf(binding, name) : (this.byName.get(name.name) ?? this.manifestField(name, parent));
    if (!symbol && this.found.has(offset)) return;
    this.found.set(offset, { name: name.name, range: name.range, symbol: symbol ?? null, type });
  }

  /** `cards ... { value: v }`: a field name of a manifest stands for the card type's field. */
  private manifestField(name: A.Identifier | A.NameExpression, parent: object | null): RulesSymbol | undefined {
    if (parent === null || !("value" in parent) || (parent as { name?: unknown }).name !== name) return undefined;
    for (const card of this.topLevel) {
      if (card.kind !== "card") continue;
      const inside = card.declaration.start.offset <= name.range.start.offset && name.range.end.offset <= card.declaration.end.offset;
      if (inside) return card.children.find((f) => f.name === name.name);
    }
    return undefined;
  }

  private symbolOf(binding: Binding, name: A.Identifier | A.NameExpression): RulesSymbol | undefined {
    switch (binding.kind) {
      case "builtin":
        return undefined;
      case "local": {
        const at = binding.slot.declaredAt;
        const existing = this.byOffset.get(at.start.offset);
        if (existing) return existing;
        // The binder is declared where its name is written: the first name seen there.
        const symbol: RulesSymbol = {
          name: binding.slot.name,
          kind: "local",
          range: { start: at.start, end: { ...at.start, offset: at.start.offset + binding.slot.name.length - 1, column: at.start.column + binding.slot.name.length - 1 } },
          declaration: at,
          detail: (this.lines[at.start.line - 1] ?? "").trim(),
          children: [],
          type: binding.type,
        };
        this.byOffset.set(at.start.offset, symbol);
        if (at.start.offset !== name.range.start.offset) {
          this.found.set(at.start.offset, { name: symbol.name, range: symbol.range, symbol, type: binding.type });
        }
        return symbol;
      }
      default:
        return this.byOffset.get(binding.declaration.name.range.start.offset);
    }
  }

  private noteMember(member: A.MemberExpression): void {
    if (!member.target || !present(member.member)) return;
    const target = this.game?.types.get(member.target) ?? this.game?.names.get(member.target)?.type;
    let symbol: RulesSymbol | undefined;
    if (target?.kind === "card") symbol = this.byName.get(target.cardType)?.children.find((f) => f.name === member.member.name);
    else if (target?.kind === "enum-type") symbol = this.byName.get(target.name)?.children.find((m) => m.name === member.member.name);
    else if (member.target.kind === "name") {
      // Unchecked: `Category.pets` by the enum's name.
      const owner = this.byName.get(member.target.name);
      symbol = owner?.children.find((c) => c.name === member.member.name);
    }
    const type = this.game?.types.get(member);
    this.found.set(member.member.range.start.offset, { name: member.member.name, range: member.member.range, symbol: symbol ?? null, type });
  }
}
