// The answers of the language server, from one file's analysis: pure functions of (analysis,
// position), so that each is tested on its own as well as over JSON-RPC.
import {
  CompletionItemKind,
  MarkupKind,
  SymbolKind as LspSymbolKind,
  type CompletionItem,
  type DocumentSymbol,
  type Hover,
  type Location,
  type Position,
  type TextEdit,
  type WorkspaceEdit,
} from "vscode-languageserver/node";
import { typeName } from "@rules/compiler/language";
import type { ast as A } from "@rules/compiler/language";
import { FormatError, formatRules } from "@rules/compiler/language";
import { keywords, lexWithComments } from "@rules/compiler/language";
import { occurrenceAt, referencesTo, type Analysis, type Occurrence, type RulesSymbol, type SymbolKind } from "./analysis.js";
import { lspRange } from "./server.js";

const at = (analysis: Analysis, p: Position): Occurrence | undefined => occurrenceAt(analysis, p.line + 1, p.character + 1);

const KIND_WORDS: Record<SymbolKind, string> = {
  var: "variable",
  zone: "zone",
  table: "table",
  enum: "enum",
  "enum-member": "enum member",
  card: "card type",
  field: "card field",
  function: "function",
  procedure: "procedure",
  conserve: "conserved resource",
  variant: "variant",
  option: "option of a decision",
  phase: "phase",
  decision: "decision",
  local: "local",
};

export function hover(analysis: Analysis, p: Position): Hover | null {
  const o = at(analysis, p);
  if (!o) return null;
  const parts = o.symbol ? describeSymbol(o.symbol) : [];
  const type = o.type ?? o.symbol?.type;
  if (type) parts.push(`Type: ${typeName(type)}`);
  if (type?.kind === "card" && o.symbol?.kind !== "card") parts.push(...cardFields(analysis, type.cardType));
  if (parts.length === 0) return null;
  return { contents: { kind: MarkupKind.Markdown, value: parts.join("\n\n") }, range: lspRange(o.range) };
}

/** What hover says of a declaration: its kind and name, the declaration as written, its fields or members. */
export function describeSymbol(s: RulesSymbol): string[] {
  const parts = [`(${KIND_WORDS[s.kind]}) \`${s.name}\``, "```rules\n" + s.detail + "\n```"];
  if (s.kind === "card" && s.children.length > 0) {
    parts.push("Fields: " + s.children.map((f) => `\`${f.name}\`${f.type ? `: ${typeName(f.type)}` : ""}`).join(", "));
  }
  if (s.kind === "enum") parts.push("Members: " + s.children.map((m) => `\`${m.name}\``).join(", "));
  if (s.kind === "decision" && s.children.length > 0) parts.push("Options: " + s.children.map((o) => `\`${o.name}\``).join(", "));
  return parts;
}

/** The fields of a card type, for a value that holds such a card. */
function cardFields(analysis: Analysis, cardType: string): string[] {
  const card = analysis.symbols.find((s) => s.kind === "card" && s.name === cardType);
  return card && card.children.length > 0 ? [`${cardType} fields: ` + card.children.map((f) => `\`${f.name}\`${f.type ? `: ${typeName(f.type)}` : ""}`).join(", ")] : [];
}

export function definition(analysis: Analysis, uri: string, p: Position): Location | null {
  const s = at(analysis, p)?.symbol;
  return s ? { uri, range: lspRange(s.range) } : null;
}

export function references(analysis: Analysis, uri: string, p: Position, includeDeclaration: boolean): Location[] {
  const s = at(analysis, p)?.symbol;
  if (!s) return [];
  return referencesTo(analysis, s)
    .filter((o) => includeDeclaration || o.range.start.offset !== s.range.start.offset)
    .map((o) => ({ uri, range: lspRange(o.range) }));
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function rename(analysis: Analysis, uri: string, p: Position, newName: string): WorkspaceEdit | null {
  const s = at(analysis, p)?.symbol;
  if (!s) return null;
  if (s.kind === "decision") throw new Error("a decision is named by its phase and options: rename those instead");
  const hardWords = new Set(keywords().filter((k) => k.hard).map((k) => k.word));
  if (!NAME.test(newName) || hardWords.has(newName) || newName.startsWith("__")) {
    throw new Error(`'${newName}' cannot be a name: a name is letters, digits and _, not a keyword, not starting with __`);
  }
  const edits: TextEdit[] = referencesTo(analysis, s).map((o) => ({ range: lspRange(o.range), newText: newName }));
  return { changes: { [uri]: edits } };
}

const SYMBOL_KINDS: Record<SymbolKind, LspSymbolKind> = {
  var: LspSymbolKind.Variable,
  zone: LspSymbolKind.Array,
  table: LspSymbolKind.Object,
  enum: LspSymbolKind.Enum,
  "enum-member": LspSymbolKind.EnumMember,
  card: LspSymbolKind.Class,
  field: LspSymbolKind.Field,
  function: LspSymbolKind.Function,
  procedure: LspSymbolKind.Function,
  conserve: LspSymbolKind.Constant,
  variant: LspSymbolKind.Key,
  option: LspSymbolKind.Method,
  phase: LspSymbolKind.Namespace,
  decision: LspSymbolKind.Event,
  local: LspSymbolKind.Variable,
};

const COMPLETION_KINDS: Record<SymbolKind, CompletionItemKind> = {
  var: CompletionItemKind.Variable,
  zone: CompletionItemKind.Variable,
  table: CompletionItemKind.Value,
  enum: CompletionItemKind.Enum,
  "enum-member": CompletionItemKind.EnumMember,
  card: CompletionItemKind.Class,
  field: CompletionItemKind.Field,
  function: CompletionItemKind.Function,
  procedure: CompletionItemKind.Function,
  conserve: CompletionItemKind.Constant,
  variant: CompletionItemKind.Constant,
  option: CompletionItemKind.Method,
  phase: CompletionItemKind.Module,
  decision: CompletionItemKind.Event,
  local: CompletionItemKind.Variable,
};

/** Top-level declarations with their fields and members, and the phases and options of the flow. */
export function documentSymbols(analysis: Analysis): DocumentSymbol[] {
  const toSymbol = (s: RulesSymbol): DocumentSymbol => ({
    name: s.name,
    detail: KIND_WORDS[s.kind],
    kind: SYMBOL_KINDS[s.kind],
    range: lspRange(s.declaration),
    selectionRange: lspRange(s.range),
    children: s.children.map(toSymbol),
  });
  const inFlow = analysis.allSymbols.filter((s) => s.kind === "phase" || s.kind === "option").map(toSymbol);
  return [...analysis.symbols.map(toSymbol), ...inFlow].sort(
    (a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
  );
}

/** Fields after `card.`, members after `Enum.`, else names declared in the file, locals and keywords. */
export function completions(analysis: Analysis, resolved: Analysis, p: Position): CompletionItem[] {
  const offset = offsetOf(analysis.text, p);
  const before = lexWithComments(analysis.text.slice(0, offset)).tokens;
  const last = before.at(-1);
  const dot = last?.image === "." ? before.length - 1 : before.at(-2)?.image === "." && last?.tokenType.name !== "Comment" ? before.length - 2 : -1;
  if (dot > 0) {
    const owner = before[dot - 1]!.image;
    return membersOf(resolved, owner).map((s) => ({ label: s.name, kind: COMPLETION_KINDS[s.kind], detail: s.type ? typeName(s.type) : KIND_WORDS[s.kind] }));
  }
  const bracket = last?.image === "[" ? before.length - 1 : before.at(-2)?.image === "[" && last?.tokenType.name !== "Comment" ? before.length - 2 : -1;
  const table = bracket > 0 ? tableNamed(resolved, before[bracket - 1]!.image) : undefined;
  if (table) return tableKeys(resolved, table);
  const items = new Map<string, CompletionItem>();
  for (const s of resolved.allSymbols) {
    if (s.kind === "field" || s.kind === "enum-member" || s.kind === "option" || s.kind === "phase" || s.kind === "decision" || s.kind === "variant") continue;
    if (!items.has(s.name)) items.set(s.name, { label: s.name, kind: COMPLETION_KINDS[s.kind], detail: s.type ? typeName(s.type) : KIND_WORDS[s.kind] });
  }
  for (const builtin of ["players", "player_count"]) items.set(builtin, { label: builtin, kind: CompletionItemKind.Constant, detail: "built in" });
  for (const k of keywords()) if (!items.has(k.word)) items.set(k.word, { label: k.word, kind: CompletionItemKind.Keyword });
  return [...items.values()];
}

function tableNamed(analysis: Analysis, name: string): A.TableDeclaration | undefined {
  return analysis.program.declarations.find((d): d is A.TableDeclaration => d.kind === "table" && d.name.name === name);
}

/** `starting_coins[`: the table's keys as written (`3`, `Category.items`), each with its value. */
function tableKeys(analysis: Analysis, table: A.TableDeclaration): CompletionItem[] {
  const written = (e: A.Expression) => analysis.text.slice(e.range.start.offset, e.range.end.offset + 1);
  return table.entries.map((entry, i) => ({
    label: written(entry.key),
    kind: CompletionItemKind.Value,
    detail: `${table.name.name}[${written(entry.key)}] = ${written(entry.value)}`,
    // In the order written, not alphabetical (10 after 9).
    sortText: String(i).padStart(4, "0"),
  }));
}

/** What may follow `owner.`: an enum's members, or the fields of the card type a name holds. */
function membersOf(analysis: Analysis, owner: string): RulesSymbol[] {
  const declared = analysis.symbols.find((s) => s.name === owner);
  if (declared?.kind === "enum") return declared.children;
  const typed = analysis.occurrences.find((o) => o.name === owner && (o.type ?? o.symbol?.type)?.kind === "card");
  const type = typed?.type ?? typed?.symbol?.type;
  if (type?.kind !== "card") return [];
  return analysis.symbols.find((s) => s.kind === "card" && s.name === type.cardType)?.children ?? [];
}

function offsetOf(text: string, p: Position): number {
  let offset = 0;
  for (let line = 0; line < p.line; line++) {
    const next = text.slice(offset).search(/\r\n|\r|\n/);
    if (next < 0) return text.length;
    offset += next + (text.startsWith("\r\n", offset + next) ? 2 : 1);
  }
  return Math.min(text.length, offset + p.character);
}

/** The whole file in the canonical layout, as one edit; none when it cannot be read or is laid out. */
export function formatting(analysis: Analysis): TextEdit[] {
  let formatted: string;
  try {
    formatted = formatRules(analysis.text);
  } catch (error) {
    if (error instanceof FormatError) return [];
    throw error;
  }
  if (formatted === analysis.text) return [];
  const lines = analysis.text.split(/\r\n|\r|\n/);
  return [{ range: { start: { line: 0, character: 0 }, end: { line: lines.length, character: 0 } }, newText: formatted }];
}
