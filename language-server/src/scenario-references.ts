// References and rename of a zone or a variable reach the game's scenario files: `expect auction = …`,
// `stack deck: …`, `set coins[1] = 5`, a seat given by a player variable (`hand[chairman]`). The
// scenario files are those under the game's project folder (the folder holding its rules/ folder)
// whose `game` line names a game that `rules test` finds in these very rules files.
import { promises as fs } from "node:fs";
import * as path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Location, Position, TextEdit, WorkspaceEdit } from "vscode-languageserver/node";
import type { SourceSpan } from "@rules/compiler";
import { findScenarioGameRef } from "@rules/compiler/loading";
import { parseScenarioFile, type Name } from "@rules/compiler/language";
import { occurrenceAt, type Analysis, type RulesSymbol } from "./analysis.js";
import { references, rename } from "./features.js";
import { lspRangeOfSpan } from "./scenario.js";

/** Folders never searched for scenarios. */
const SKIPPED = new Set(["node_modules", ".git", "dist", "generated", ".nx"]);
/** Bounds on the search, so that a huge folder cannot stall the server. */
const MAX_FOLDERS = 2_000;
const MAX_DEPTH = 6;

/** What scenarios name by the rules' own names: zones and variables. */
const NAMED_IN_SCENARIOS = new Set(["zone", "var"]);

/** `references`, and the symbol's places in the game's scenario files. */
export async function referencesWithScenarios(analysis: Analysis, uri: string, p: Position, includeDeclaration: boolean): Promise<Location[]> {
  const inRules = references(analysis, uri, p, includeDeclaration);
  const symbol = symbolAt(analysis, p);
  if (!symbol) return inRules;
  const found = await scenarioNames(uri, symbol);
  return [...inRules, ...found.flatMap(({ file, names }) => names.map((n) => ({ uri: pathToFileURL(file).href, range: lspRangeOfSpan(n.span) })))];
}

/** `rename`, with the symbol's places in the game's scenario files renamed as well. */
export async function renameWithScenarios(analysis: Analysis, uri: string, p: Position, newName: string): Promise<WorkspaceEdit | null> {
  const edit = rename(analysis, uri, p, newName);
  const symbol = symbolAt(analysis, p);
  if (!edit || !symbol) return edit;
  const changes: Record<string, TextEdit[]> = { ...edit.changes };
  for (const { file, names } of await scenarioNames(uri, symbol)) {
    changes[pathToFileURL(file).href] = names.map((n) => ({ range: lspRangeOfSpan(n.span), newText: newName }));
  }
  return { changes };
}

function symbolAt(analysis: Analysis, p: Position): RulesSymbol | null {
  const symbol = occurrenceAt(analysis, p.line + 1, p.character + 1)?.symbol ?? null;
  return symbol && NAMED_IN_SCENARIOS.has(symbol.kind) ? symbol : null;
}

/** The scenario files of the game whose rules file is `rulesUri`, each with the names in it that stand for the symbol. */
async function scenarioNames(rulesUri: string, symbol: RulesSymbol): Promise<{ file: string; names: Name[] }[]> {
  if (!rulesUri.startsWith("file:")) return [];
  const rulesFile = path.resolve(fileURLToPath(rulesUri));
  const found: { file: string; names: Name[] }[] = [];
  for (const file of await scenarioFilesUnder(projectFolder(rulesFile))) {
    const text = await fs.readFile(file, "utf8").catch(() => null);
    const id = text === null ? null : (/^[ \t]*game[ \t]+([A-Za-z0-9_-]+)/m.exec(text)?.[1] ?? null);
    if (text === null || id === null) continue;
    const ref = await findScenarioGameRef(file, id);
    if (ref?.kind !== "rules" || !ref.sources.some((s) => path.resolve(s.path) === rulesFile)) continue;
    const names = namesOfTargets(parseScenarioFile(text, file).scenarios).filter((n) => n.text === symbol.name);
    if (names.length > 0) found.push({ file, names });
  }
  return found;
}

/** The folder holding the rules/ folder the file is in (its project), else the file's own folder. */
function projectFolder(rulesFile: string): string {
  for (let dir = path.dirname(rulesFile); path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    if (path.basename(dir) === "rules") return path.dirname(dir);
  }
  return path.dirname(rulesFile);
}

async function scenarioFilesUnder(root: string): Promise<string[]> {
  const files: string[] = [];
  const queue: { dir: string; depth: number }[] = [{ dir: root, depth: 0 }];
  for (let seen = 0; queue.length > 0 && seen < MAX_FOLDERS; seen++) {
    const { dir, depth } = queue.shift()!;
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isFile() && entry.name.endsWith(".scenario")) files.push(full);
      else if (entry.isDirectory() && depth < MAX_DEPTH && !SKIPPED.has(entry.name) && !entry.name.startsWith(".")) queue.push({ dir: full, depth: depth + 1 });
    }
  }
  return files;
}

/**
 * Every name a scenario gives a zone or a variable: a target (`hand[0]`, `coins`, in any statement)
 * and a seat given by a player variable (`hand[chairman]`). Shared steps appear in each scenario:
 * each place is kept once.
 */
function namesOfTargets(scenarios: readonly unknown[]): Name[] {
  const names = new Map<string, Name>();
  const seen = new Set<object>();
  const keep = (name: Name) => names.set(spanKey(name.span), name);
  const visit = (value: unknown): void => {
    if (value === null || typeof value !== "object" || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) return value.forEach(visit);
    const node = value as Record<string, unknown>;
    if ("seat" in node && isName(node["name"])) keep(node["name"]);
    if ("offset" in node && isName(node["variable"])) keep(node["variable"]);
    for (const [key, child] of Object.entries(node)) if (key !== "span") visit(child);
  };
  scenarios.forEach(visit);
  return [...names.values()];
}

const isName = (value: unknown): value is Name =>
  typeof value === "object" && value !== null && typeof (value as Name).text === "string" && typeof (value as Name).span === "object";

const spanKey = (span: SourceSpan): string => `${span.line}:${span.column}:${span.endLine}:${span.endColumn}`;
