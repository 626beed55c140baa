// What the language server does for .scenario files: diagnostics as you type (the scenario parser's,
// then, once the file reads, what `rules test` reports when it runs the scenarios against the game
// they name: unknown cards, seats, zones, refused moves, failed expectations), each scenario as a
// document symbol, completion of statement words, seats, decisions, card names and the game's names,
// and formatting. Hover and definitions are in scenario-navigation.ts. The game is the one `rules
// test` would run: see scenario-game.ts.
import type { Game } from "@rules/runtime";
import { CompletionItemKind, SymbolKind, type CompletionItem, type DocumentSymbol, type Position, type TextEdit } from "vscode-languageserver/node";
import { type Diagnostic, type SourceSpan } from "@rules/compiler";
import { error } from "@rules/compiler/language";
import { FormatError } from "@rules/compiler/language";
import { formatScenario } from "@rules/compiler/language";
import { cardName } from "@rules/compiler/language";
import type { Scenario } from "@rules/compiler/scenario";
import { parseScenarioFile } from "@rules/compiler/language";
import { runScenario } from "@rules/compiler/language";
import { compiledWithin, gameForScenario, type ScenarioGame } from "./scenario-game.js";

const DIRECTIVES = ["scenario", "game", "players", "variant", "seed", "stack", "put", "set", "start", "random", "shuffle", "dice", "play", "expect", "repeat"];
const EXPECTATIONS = ["turn", "simultaneous", "race", "over", "illegal", "legal", "options", "count", "scores", "tiebreak", "keys", "not", "seat", "moved", "paid", "transferred", "shuffled", "rolled", "said", "changed", "revealed", "began", "ended", "ranking", "winners", "score", "top", "bottom", "view"];
/** Statements whose next word is a seat: `play 0:`, `expect turn 1`, `expect illegal 2: ...`. */
const BEFORE_SEAT = /^\s*(?:play|expect\s+(?:turn|illegal|legal|options|simultaneous|race|view|seat|score|not\s+(?:turn|simultaneous)))\s+\S*$/;

export interface ScenarioAnalysis {
  readonly file: string;
  readonly text: string;
  /** The parser's diagnostics. */
  readonly diagnostics: Diagnostic[];
  /** The scenarios, when the file reads without a mistake. */
  readonly scenarios: Scenario[];
  readonly symbols: DocumentSymbol[];
  /** The game named by the first `game` line, if any. */
  readonly game: string | null;
}

export const lspRangeOfSpan = (span: SourceSpan) => ({
  start: { line: span.line - 1, character: span.column - 1 },
  end: { line: span.endLine - 1, character: span.endColumn - 1 },
});

export function analyseScenario(file: string, text: string): ScenarioAnalysis {
  const { scenarios, diagnostics } = parseScenarioFile(text, file);
  const symbols = scenarios.map((s): DocumentSymbol => {
    const range = lspRangeOfSpan(s.span);
    return { name: s.title, kind: SymbolKind.Event, range, selectionRange: range };
  });
  const game = /^[ \t]*game[ \t]+([A-Za-z0-9_-]+)/m.exec(text)?.[1] ?? null;
  return { file, text, diagnostics, scenarios, symbols, game };
}

/** The game the scenario file plays (its first `game` line), if rules or a build have it. */
export async function gameOfFile(analysis: ScenarioAnalysis): Promise<ScenarioGame | null> {
  return analysis.game ? gameForScenario(analysis.file, analysis.game) : null;
}

/**
 * Everything `rules test` would report for the file: the parser's mistakes, or else each scenario
 * played against its game (compiled from its rules, as `rules test` does). Problems found once per
 * scenario on a shared line (a preamble's step) are reported once.
 */
export async function scenarioDiagnostics(analysis: ScenarioAnalysis): Promise<Diagnostic[]> {
  if (analysis.diagnostics.length > 0) return analysis.diagnostics;
  const found = new Map<string, Diagnostic>();
  const add = (d: Diagnostic) => {
    if (d.file !== analysis.file) return;
    found.set(`${d.line}:${d.column}:${d.endLine}:${d.endColumn}:${d.code}:${d.message}`, d);
  };
  // The scenarios of a file mostly play one game: it is looked up once (the lookup reads the rules).
  const lookups = new Map<string, Promise<ScenarioGame | null>>();
  for (const scenario of analysis.scenarios) {
    const id = scenario.game.text;
    if (!lookups.has(id)) lookups.set(id, gameForScenario(analysis.file, id));
    const game = await lookups.get(id)!;
    if (!game) {
      add(error(analysis.file, scenario.game.span, "scenario/unknown-game", `no rules have a game '${id}': neither ${id}.rules beside this file or in a folder above, nor a rules/ folder above, nor the built games`));
      continue;
    }
    const compiled = await game.compiled;
    if (!compiled.game) {
      const first = compiled.errors[0];
      const where = first ? `: ${first.file}:${first.line}:${first.column}: ${first.message}${compiled.errors.length > 1 ? ` (and ${compiled.errors.length - 1} more)` : ""}` : "";
      add(error(analysis.file, scenario.game.span, "scenario/game-does-not-compile", `the rules of '${id}' do not compile${where}`));
      continue;
    }
    for (const d of runScenario(scenario, { [id]: compiled.game }).diagnostics) add(d);
  }
  return [...found.values()].sort((a, b) => a.line - b.line || a.column - b.column);
}

/** The file in the canonical layout, as one edit; none when it cannot be read or is laid out. */
export function scenarioFormatting(analysis: ScenarioAnalysis): TextEdit[] {
  let formatted: string;
  try {
    formatted = formatScenario(analysis.text);
  } catch (thrown) {
    if (thrown instanceof FormatError) return [];
    throw thrown;
  }
  if (formatted === analysis.text) return [];
  const lines = analysis.text.split(/\r\n|\r|\n/);
  return [{ range: { start: { line: 0, character: 0 }, end: { line: lines.length, character: 0 } }, newText: formatted }];
}

/** How long completion waits for a game still compiling before it answers with the rules' names alone. */
const COMPLETION_WAIT_MS = 300;

/**
 * Statement words at the start of a line, expectation words after `expect`, seats where a seat goes,
 * decisions after `start at`; else the game's names: zones, variables, card types and card names,
 * enum members, options and locals.
 */
export async function scenarioCompletions(analysis: ScenarioAnalysis, p: Position): Promise<CompletionItem[]> {
  const lines = analysis.text.split(/\r\n|\r|\n/);
  const before = (lines[p.line] ?? "").slice(0, p.character);
  const keywords = (words: string[]) => words.map((word): CompletionItem => ({ label: word, kind: CompletionItemKind.Keyword }));
  if (/^\s*expect\s+\S*$/.test(before)) return keywords(EXPECTATIONS);
  const scenarioGame = await gameOfFile(analysis);
  const compiled = scenarioGame ? await compiledWithin(scenarioGame, COMPLETION_WAIT_MS) : null;
  const game = compiled?.game ?? null;
  if (BEFORE_SEAT.test(before)) return seats(analysis, lines, p.line, game);
  if (/^\s*start\s+at\s+\S*$/.test(before)) {
    return (game?.meta.decisions ?? []).map((label) => ({ label, kind: CompletionItemKind.Event, detail: `a decision of ${game!.id}` }));
  }
  const items: CompletionItem[] = /^\s*\S*$/.test(before) ? keywords(DIRECTIVES) : [];
  const seen = new Set(items.map((i) => i.label));
  const push = (label: string, kind: CompletionItemKind, detail: string) => {
    if (seen.has(label)) return;
    seen.add(label);
    items.push({ label, kind, detail });
  };
  const kinds = new Map([["zone", CompletionItemKind.Variable], ["var", CompletionItemKind.Variable], ["card", CompletionItemKind.Class], ["option", CompletionItemKind.Method], ["enum-member", CompletionItemKind.EnumMember], ["enum", CompletionItemKind.Enum]]);
  const id = scenarioGame?.id ?? analysis.game;
  for (const { analysis: rules } of scenarioGame?.rules ?? []) {
    for (const s of rules.allSymbols) {
      const kind = kinds.get(s.kind);
      if (kind !== undefined) push(s.name, kind, `${s.kind === "enum-member" ? "enum member" : s.kind} of ${id}`);
    }
  }
  if (game) {
    for (const zone of game.meta.zones) push(zone.name, CompletionItemKind.Variable, `zone of ${id}`);
    for (const v of game.meta.vars) push(v.name, CompletionItemKind.Variable, `variable of ${id}`);
    for (const type of game.meta.cardTypes) push(type.name, CompletionItemKind.Class, `card type of ${id}`);
    for (const card of game.meta.cards) push(cardName(game, card.id), CompletionItemKind.Value, `a ${card.type} card of ${id}`);
  }
  return items;
}

/** The seats of the match the line's scenario plays: its `players` (the nearest header above), and the rules' bots. */
function seats(analysis: ScenarioAnalysis, lines: string[], line: number, game: Game | null): CompletionItem[] {
  let players: number | null = null;
  for (let i = line; i >= 0 && players === null; i--) {
    const header = /^\s*players\s+(\d+)/.exec(lines[i] ?? "");
    if (header) players = Number(header[1]);
  }
  players ??= game?.minPlayers ?? analysis.scenarios[0]?.players.count ?? 2;
  const items: CompletionItem[] = [];
  for (let seat = 0; seat < players; seat++) items.push({ label: String(seat), kind: CompletionItemKind.Value, detail: `seat ${seat} of ${players} players` });
  for (const bot of game?.meta.bots ?? []) {
    const seat = items.length;
    if (bot.for.includes(players)) items.push({ label: String(seat), kind: CompletionItemKind.Value, detail: `seat ${seat}: ${bot.label}, played by the rules` });
  }
  return items;
}
