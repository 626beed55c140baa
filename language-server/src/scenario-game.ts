// The game a scenario file plays, as the language server needs it: compiled (to run the scenarios
// as `rules test` does, from the same rules, through the same cache of compiled games) and analysed
// (its rules files' names, to hover on and go to). Looked up as `rules test` looks it up: the rules
// beside the scenario or in the nearest folder above with .rules files or a rules/ folder having it.
import type { Game } from "@rules/runtime";
import { evaluateConstant } from "@rules/compiler/language";
import { findScenarioGameRef, type GameRef } from "@rules/compiler/loading";
import { loadGames } from "@rules/compiler/loading";
import { loadGameFromSources } from "@rules/compiler/loading";
import { type Diagnostic } from "@rules/compiler";
import { error } from "@rules/compiler/language";
import type { ast as A } from "@rules/compiler/language";
import { analyse, type Analysis } from "./analysis.js";

export interface RulesSource {
  readonly path: string;
  readonly analysis: Analysis;
}

export interface ScenarioGame {
  readonly id: string;
  /** The rules files the game is compiled from, analysed; none for the built package. */
  readonly rules: readonly RulesSource[];
  /** The compiled game; compiling takes seconds the first time (then the cache has it). */
  readonly compiled: Promise<CompiledGame>;
}

export interface CompiledGame {
  /** The compiled game, or null when its rules do not compile. */
  readonly game: Game | null;
  /** The compiler's errors when the rules do not compile. */
  readonly errors: readonly Diagnostic[];
}

/** Games by their sources (ids and texts): a rules file saved with changes makes a new entry. */
const loaded = new Map<string, ScenarioGame>();

/** The game `id` as a scenario at `scenarioFile` finds it; null when no rules and no build have it. */
export async function gameForScenario(scenarioFile: string, id: string): Promise<ScenarioGame | null> {
  const ref = await findScenarioGameRef(scenarioFile, id);
  if (!ref) return null;
  const key = JSON.stringify(ref.kind === "rules" ? [ref.id, ...ref.sources.map((s) => [s.path, s.text])] : [ref.id]);
  let game = loaded.get(key);
  if (!game) {
    // Only the latest version of a game's rules is kept.
    for (const other of loaded.keys()) if (JSON.parse(other)[0] === id) loaded.delete(other);
    game = load(ref);
    loaded.set(key, game);
  }
  return game;
}

function load(ref: GameRef): ScenarioGame {
  if (ref.kind === "compiled") {
    return { id: ref.id, rules: [], compiled: loadGames().then((games) => ({ game: games[ref.id] ?? null, errors: [] })) };
  }
  const rules = ref.sources.map((s) => ({ path: s.path, analysis: analyse(ref.id, s.path, s.text) }));
  const compiled = loadGameFromSources(ref.id, ref.sources).then(
    (outcome): CompiledGame =>
      outcome.ok ? { game: outcome.game, errors: [] } : { game: null, errors: outcome.diagnostics.filter((d) => d.severity === "error") },
    // The compiler or the cache broke (a cache folder another user owns...): said, not thrown.
    (thrown: unknown): CompiledGame => ({
      game: null,
      errors: [error(ref.sources[0]?.path ?? ref.id, { line: 1, column: 1, endLine: 1, endColumn: 2 }, "lsp/cannot-compile", thrown instanceof Error ? thrown.message : String(thrown))],
    }),
  );
  return { id: ref.id, rules, compiled };
}

/** The compiled game if it is ready within `ms` milliseconds, else null (completion does not wait for a compile). */
export async function compiledWithin(game: ScenarioGame, ms: number): Promise<CompiledGame | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  try {
    return await Promise.race([game.compiled, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The manifest line (`cards for v in 1..30 { value: v }`) that makes each card of a type, in the
 * order of the game's cards of that type: manifests make cards in order, each one card per
 * combination of its binders that passes its condition, as the checker expands them.
 */
export function manifestsOfCards(analysis: Analysis, cardType: string): A.Manifest[] {
  const game = analysis.game;
  const declaration = game?.program.declarations.find((d): d is A.CardDeclaration => d.kind === "card" && d.name.name === cardType);
  if (!game || !declaration) return [];
  const made: A.Manifest[] = [];
  for (const manifest of declaration.manifests) {
    const expand = (index: number, bound: Map<string, ReturnType<typeof evaluateConstant>>): void => {
      if (index === manifest.binders.length) {
        if (!manifest.condition || evaluateConstant(manifest.condition, bound, game.enums) === true) made.push(manifest);
        return;
      }
      const binder = manifest.binders[index]!;
      const values = evaluateConstant(binder.source, bound, game.enums);
      if (Array.isArray(values)) for (const value of values) expand(index + 1, new Map(bound).set(binder.name.name, value));
    };
    expand(0, new Map());
  }
  return made;
}
