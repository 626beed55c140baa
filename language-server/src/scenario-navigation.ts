// Hover and go to definition in .scenario files: what a word of the scenario stands for in the game
// it plays. A card (`Property 3`) goes to the manifest line of the rules that makes it, a zone,
// variable, local, move, parameter, enum value or decision (`start at buying.raise_or_pass`) to its
// declaration, the game's id to the rules file's header. The parsed scenario says what each word is
// (a card, a zone, a move...); while the file does not read, a word is looked up by its name.
import { pathToFileURL } from "node:url";
import type { Game } from "@rules/runtime";
import { MarkupKind, type Hover, type Location, type Position, type Range } from "vscode-languageserver/node";
import type { SourceSpan } from "@rules/compiler";
import { cardName } from "@rules/compiler/language";
import type { CardPattern, Name } from "@rules/compiler/language";
import { cardsMatching, isProblem, readPattern } from "@rules/compiler/language";
import { scenarioTokens as T } from "@rules/compiler/language";
import { lexScenarioWithComments } from "@rules/compiler/language";
import type { RulesSymbol, SymbolKind } from "./analysis.js";
import { describeSymbol } from "./features.js";
import { lspRangeOfSpan, gameOfFile, type ScenarioAnalysis } from "./scenario.js";
import { compiledWithin, manifestsOfCards, type RulesSource, type ScenarioGame } from "./scenario-game.js";
import { lspRange } from "./server.js";

/** What a word of a scenario is, as its place in a statement says. */
type Target =
  | { readonly role: "game"; readonly name: Name }
  | { readonly role: "card"; readonly name: Name; readonly pattern: CardPattern | null }
  | { readonly role: "move"; readonly name: Name }
  | { readonly role: "parameter"; readonly name: Name; readonly move: string }
  | { readonly role: "decision"; readonly name: Name }
  /** A zone, a variable or a local (`set high = 5`), or any other name. */
  | { readonly role: "name"; readonly name: Name };

const covers = (span: SourceSpan, line: number, column: number): boolean =>
  (span.line < line || (span.line === line && span.column <= column)) && (line < span.endLine || (line === span.endLine && column < span.endColumn));

/** The target at a position (1-based), from the parsed scenarios: the innermost one whose name covers it. */
function parsedTargetAt(analysis: ScenarioAnalysis, line: number, column: number): Target | null {
  let found: Target | null = null;
  const seen = new Set<object>();
  const visit = (value: unknown): void => {
    if (found || value === null || typeof value !== "object" || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) return value.forEach(visit);
    const node = value as Record<string, unknown>;
    const name = (key: string) => node[key] as Name;
    if (node.kind === "start" && covers(name("decision").span, line, column)) found = { role: "decision", name: name("decision") };
    else if (node.type && Array.isArray(node.fields) && covers((node as unknown as CardPattern).span, line, column)) {
      found = { role: "card", name: name("type"), pattern: node as unknown as CardPattern };
    } else if (node.type && Array.isArray(node.arguments)) {
      if (covers(name("type").span, line, column)) found = { role: "move", name: name("type") };
      for (const argument of node.arguments as { name: Name }[]) {
        if (!found && covers(argument.name.span, line, column)) found = { role: "parameter", name: argument.name, move: name("type").text };
      }
    } else if (node.name && "seat" in node && covers(name("name").span, line, column)) found = { role: "name", name: name("name") };
    for (const [key, child] of Object.entries(node)) if (key !== "span") visit(child);
  };
  for (const scenario of analysis.scenarios) {
    if (covers(scenario.game.span, line, column)) return { role: "game", name: scenario.game };
    visit(scenario.steps);
    if (found) return found;
  }
  return null;
}

/** The word at a position (1-based), by its text alone: for a file that does not read yet. */
function wordAt(analysis: ScenarioAnalysis, line: number, column: number): Target | null {
  const tokens = lexScenarioWithComments(analysis.text).tokens.filter((t) => t.tokenType !== T.Newline);
  const index = tokens.findIndex((t) => t.startLine === line && (t.startColumn ?? 0) <= column && column <= (t.endColumn ?? 0));
  const token = tokens[index];
  if (!token || token.tokenType !== T.Word) return null;
  const name: Name = { text: token.image, span: T.tokenSpan(token) };
  if (tokens[index - 1]?.image === "game" && tokens[index - 1]?.startLine === line) return { role: "game", name };
  return { role: "name", name };
}

/** Symbols of these kinds, in this order, are what a bare name most likely means. */
const BY_NAME: readonly SymbolKind[] = ["zone", "var", "table", "card", "enum", "option", "enum-member", "decision", "phase", "function", "local", "field"];

interface Found {
  readonly symbol: RulesSymbol;
  readonly source: RulesSource;
}

function symbolNamed(game: ScenarioGame, name: string, kinds: readonly SymbolKind[] = BY_NAME, within?: RulesSymbol): Found | null {
  for (const kind of kinds) {
    for (const source of game.rules) {
      const symbol = source.analysis.allSymbols.find(
        (s) => s.kind === kind && s.name === name && (!within || (within.declaration.start.offset <= s.range.start.offset && s.range.end.offset <= within.declaration.end.offset)),
      );
      if (symbol) return { symbol, source };
    }
  }
  return null;
}

/** What a target stands for in the rules, with the range to go to. */
interface Meaning {
  readonly target: Target;
  readonly found: Found | null;
  /** Where a definition goes when it is not the symbol's name: a card's manifest line, the game's header. */
  readonly location?: { readonly source: RulesSource; readonly range: Range };
  readonly hover: string[];
}

async function meaningAt(analysis: ScenarioAnalysis, p: Position): Promise<Meaning | null> {
  const line = p.line + 1;
  const column = p.character + 1;
  const target = parsedTargetAt(analysis, line, column) ?? wordAt(analysis, line, column);
  if (!target) return null;
  const game = await gameOfFile(analysis);
  if (!game) return null;
  const compiled = (await compiledWithin(game, 2000))?.game ?? null;
  switch (target.role) {
    case "game": {
      const source = game.rules[0];
      const header = source?.analysis.game?.program.game ?? null;
      const title = compiled ? `: ${compiled.title}, for ${compiled.minPlayers} to ${compiled.maxPlayers} players` : "";
      const hover = [`(game) \`${game.id}\`${title}`, source ? `Rules: ${source.path}` : "From the built games (@rules/generated)"];
      const range: Range = header ? lspRange(header.range) : { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
      return { target, found: null, location: source ? { source, range } : undefined, hover };
    }
    case "card":
      return cardMeaning(target.pattern, target, game, compiled);
    case "move": {
      const found = symbolNamed(game, target.name.text, ["option"]);
      return { target, found, hover: found ? describeSymbol(found.symbol) : [] };
    }
    case "parameter": {
      const option = symbolNamed(game, target.move, ["option"]);
      const found = option ? symbolNamed(game, target.name.text, ["local"], option.symbol) : null;
      return { target, found, hover: found ? [`(parameter of \`${target.move}\`) \`${target.name.text}\``, ...describeSymbol(found.symbol).slice(1)] : [] };
    }
    case "decision": {
      const found = symbolNamed(game, target.name.text, ["decision"]);
      return { target, found, hover: found ? describeSymbol(found.symbol) : [] };
    }
    case "name": {
      const found = symbolNamed(game, target.name.text);
      if (found?.symbol.kind === "card") return cardMeaning(null, target, game, compiled);
      return { target, found, hover: found ? describeSymbol(found.symbol) : [] };
    }
  }
}

/** A card: its type, the cards a pattern names, and the manifest line that makes the first of them. */
function cardMeaning(pattern: CardPattern | null, target: Target, game: ScenarioGame, compiled: Game | null): Meaning {
  const type = symbolNamed(game, target.name.text, ["card"]);
  const hover = type ? describeSymbol(type.symbol) : [];
  let location: Meaning["location"];
  const reading = compiled && pattern ? readPattern(compiled, pattern) : undefined;
  if (compiled && pattern && reading && !isProblem(reading)) {
    const ids = cardsMatching(compiled, pattern);
    const names = [...new Set(ids.map((id) => cardName(compiled, id)))];
    hover.unshift(ids.length === 0 ? "No card of the game matches." : `${ids.length} ${ids.length === 1 ? "card matches" : "cards match"}: ${names.slice(0, 8).join(", ")}${names.length > 8 ? ", …" : ""}`);
    const first = ids[0];
    if (type && first !== undefined) {
      const ofType = compiled.meta.cards.filter((c) => c.type === target.name.text);
      const manifest = manifestsOfCards(type.source.analysis, target.name.text)[ofType.findIndex((c) => c.id === first)];
      if (manifest) location = { source: type.source, range: lspRange(manifest.range) };
    }
  }
  return { target, found: type, location, hover };
}

export async function scenarioHover(analysis: ScenarioAnalysis, p: Position): Promise<Hover | null> {
  const meaning = await meaningAt(analysis, p);
  if (!meaning || meaning.hover.length === 0) return null;
  return { contents: { kind: MarkupKind.Markdown, value: meaning.hover.join("\n\n") }, range: lspRangeOfSpan(meaning.target.name.span) };
}

export async function scenarioDefinition(analysis: ScenarioAnalysis, p: Position): Promise<Location | null> {
  const meaning = await meaningAt(analysis, p);
  if (!meaning) return null;
  if (meaning.location) return { uri: pathToFileURL(meaning.location.source.path).href, range: meaning.location.range };
  if (!meaning.found) return null;
  return { uri: pathToFileURL(meaning.found.source.path).href, range: lspRange(meaning.found.symbol.range) };
}
