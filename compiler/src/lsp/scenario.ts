// What the language server does for .scenario files: the scenario parser's diagnostics as you type,
// each scenario as a document symbol, and completion of the statement words and of the names of the
// game the file plays (its zones, variables, card types, enum members and options, read from the
// game's rules: `<game>.rules` beside the file or in a `rules/` folder above it).
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { CompletionItemKind, SymbolKind, type CompletionItem, type DocumentSymbol } from "vscode-languageserver/node";
import type { Diagnostic } from "../diagnostics.js";
import { parseScenarioFile } from "../scenario/parser.js";
import { analyse } from "./analysis.js";

const DIRECTIVES = ["scenario", "game", "players", "variant", "seed", "stack", "put", "set", "start", "random", "shuffle", "dice", "play", "expect", "repeat"];
const EXPECTATIONS = ["turn", "simultaneous", "race", "over", "illegal", "legal", "options", "count", "scores", "tiebreak", "keys", "not", "seat", "moved", "paid", "transferred", "shuffled", "rolled", "said", "changed", "revealed", "began", "ended", "ranking", "winners", "score", "top", "bottom", "view"];

export interface ScenarioAnalysis {
  readonly text: string;
  readonly diagnostics: Diagnostic[];
  readonly symbols: DocumentSymbol[];
  /** The game named by the first `game` line, if any. */
  readonly game: string | null;
}

export function analyseScenario(file: string, text: string): ScenarioAnalysis {
  const { scenarios, diagnostics } = parseScenarioFile(text, file);
  const symbols = scenarios.map((s): DocumentSymbol => {
    const range = { start: { line: s.span.line - 1, character: s.span.column - 1 }, end: { line: s.span.endLine - 1, character: s.span.endColumn - 1 } };
    return { name: s.title, kind: SymbolKind.Event, range, selectionRange: range };
  });
  const game = /^\s*game\s+([A-Za-z0-9_-]+)/m.exec(text)?.[1] ?? null;
  return { text, diagnostics, symbols, game };
}

/** The rules file of a game, looked for beside the scenario and in rules/ folders above it. */
export function rulesFileFor(scenarioFile: string, game: string): string | null {
  for (let dir = path.dirname(scenarioFile); ; dir = path.dirname(dir)) {
    for (const candidate of [path.join(dir, `${game}.rules`), path.join(dir, "rules", `${game}.rules`)]) if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}

export function scenarioCompletions(analysis: ScenarioAnalysis, file: string, line: number): CompletionItem[] {
  const lineText = analysis.text.split(/\r\n|\r|\n/)[line] ?? "";
  const items: CompletionItem[] = [];
  if (lineText.trim() === "" || !/\s/.test(lineText.trim())) {
    for (const word of DIRECTIVES) items.push({ label: word, kind: CompletionItemKind.Keyword });
  } else if (/^\s*expect\s+\S*$/.test(lineText)) {
    for (const word of EXPECTATIONS) items.push({ label: word, kind: CompletionItemKind.Keyword });
  }
  const rules = analysis.game ? rulesFileFor(file, analysis.game) : null;
  if (rules) {
    const game = analyse(analysis.game!, rules, readFileSync(rules, "utf8"));
    const kinds = new Map([["zone", CompletionItemKind.Variable], ["var", CompletionItemKind.Variable], ["card", CompletionItemKind.Class], ["option", CompletionItemKind.Method], ["enum-member", CompletionItemKind.EnumMember], ["enum", CompletionItemKind.Enum]]);
    const seen = new Set(items.map((i) => i.label));
    for (const s of game.allSymbols) {
      const kind = kinds.get(s.kind);
      if (kind === undefined || seen.has(s.name)) continue;
      seen.add(s.name);
      items.push({ label: s.name, kind, detail: `${s.kind} of ${analysis.game}` });
    }
  }
  return items;
}
