// Plays a scenario against a compiled game through the runtime: checks its names, sets up the
// match (stacking and setting before the flow starts), then plays and checks step by step,
// repeated blocks as many times as they say. A refused move stops the scenario; a failed
// expectation is reported and the run goes on.
import {
  applyMove,
  cloneJson,
  startMatch,
  freezeDeep,
  legalMoves,
  type BaseState,
  type Game,
  type Match,
  type MatchOptions,
  type RuleSite,
} from "@rules/runtime/internal";
import { didYouMean, error, formatDiagnostics, type Diagnostic, type SourceSpan } from "../diagnostics.js";
import { isScriptStep, isSetupStep, type PlayStep, type ScriptStep, type Scenario, type SetupStep, type Step } from "./ast.js";
import { checkExpectation, moveMistake } from "./expectations.js";
import { buildMove, formatCall, parameterProblems } from "./moves.js";
import { resolveScenario } from "./resolve.js";
import { ScriptLedger } from "./script.js";
import { prepareSetup } from "./setup.js";

export type StepStatus = "passed" | "failed" | "skipped";

export interface StepOutcome {
  readonly step: Step;
  readonly status: StepStatus;
  /** Why the step failed (empty when it passed or was skipped). */
  readonly diagnostics: readonly Diagnostic[];
}

export interface ScenarioOutcome {
  /** The scenario's title. */
  readonly name: string;
  readonly file: string;
  readonly passed: boolean;
  readonly steps: readonly StepOutcome[];
  /** Every problem: scenario mistakes (unknown names) and failures (refused moves, unmet expectations). */
  readonly diagnostics: readonly Diagnostic[];
}

/** An exception from the game or the runtime, in words (never a stack trace). */
function broke(file: string, span: SourceSpan, when: string, thrown: unknown): Diagnostic {
  const rule = typeof thrown === "object" && thrown !== null && "rule" in thrown ? (thrown.rule as RuleSite | undefined) : undefined;
  if (thrown instanceof Error && rule) {
    // The fault names the rule that broke: the place in the rules file, then that line.
    const code = "code" in thrown ? ` (${String(thrown.code)})` : "";
    return error(file, span, "scenario/game-fault", `the game broke ${when} at ${rule.file}:${rule.line}:${rule.column} (${rule.text}): ${thrown.message}${code}`);
  }
  const code = typeof thrown === "object" && thrown !== null && "code" in thrown ? ` (${String(thrown.code)})` : "";
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return error(file, span, "scenario/game-fault", `the game broke ${when}: ${message}${code}`);
}

/** Problems with the scenario's header: the game, the player count, the variants. */
function headerProblems(scenario: Scenario, games: Readonly<Record<string, Game>>): Diagnostic[] {
  const { file } = scenario;
  const game = games[scenario.game.text];
  if (!game) {
    const known = Object.keys(games).sort();
    const list = known.length > 0 ? `; the compiled games are ${known.join(", ")}` : "; no game is compiled yet";
    return [
      error(
        file,
        scenario.game.span,
        "scenario/unknown-game",
        `there is no game '${scenario.game.text}'${list}${didYouMean(scenario.game.text, known)}`,
      ),
    ];
  }
  const problems: Diagnostic[] = [];
  const { count, span } = scenario.players;
  if (count < game.minPlayers || count > game.maxPlayers) {
    problems.push(
      error(
        file,
        span,
        "scenario/bad-player-count",
        `${game.title} is for ${game.minPlayers} to ${game.maxPlayers} players, not ${count}`,
      ),
    );
  }
  const known = game.variants.map((v) => v.name);
  scenario.variants.forEach((variant, i) => {
    if (!known.includes(variant.text)) {
      const list = known.length > 0 ? `its variants are ${known.join(", ")}` : "it has none";
      problems.push(
        error(
          file,
          variant.span,
          "scenario/unknown-variant",
          `${game.title} has no variant '${variant.text}'; ${list}${didYouMean(variant.text, known)}`,
        ),
      );
    } else if (scenario.variants.findIndex((v) => v.text === variant.text) !== i) {
      problems.push(
        error(file, variant.span, "scenario/duplicate-variant", `the variant '${variant.text}' is already given`),
      );
    }
  });
  return problems;
}

/** Plays one move: the match after it, or the same match and why the move was refused. */
function play(file: string, match: Match, step: PlayStep): { match: Match; problems: Diagnostic[] } {
  const seat = step.seat.seat;
  const option = legalMoves(match, seat).find((o) => o.type === step.move.type.text);
  const problems = parameterProblems(match.game, file, step.move, option);
  if (problems.length > 0) return { match, problems };
  const outcome = applyMove(match, seat, buildMove(match.game, step.move, option));
  if (outcome.ok) return { match: outcome.match, problems: [] };
  const { code, reason } = outcome.error;
  const mistake = moveMistake(file, match, step.seat, step.move, code, reason);
  const refused = error(file, step.span, "scenario/move-refused", `seat ${seat} may not make this move: ${reason}`);
  return { match, problems: [mistake ?? refused] };
}

/**
 * Scripts the next random outcomes of a match under way. The runtime has no call for this, so the
 * match is rebuilt around a copy of its state: its `initial` state and log no longer replay to it,
 * which a scenario never asks of them.
 */
function scriptOutcomes(match: Match, ledger: ScriptLedger, step: ScriptStep): Match {
  const state = cloneJson(match.state);
  ledger.add(state, step);
  return Object.freeze({ ...match, state: freezeDeep(state) });
}

/** The move a play step sends, applied again to a copy of the state, to see how far it got before it broke. */
function probeMove(match: Match, step: PlayStep): BaseState {
  const option = legalMoves(match, step.seat.seat).find((o) => o.type === step.move.type.text);
  const state = cloneJson(match.state);
  try {
    match.game.apply(state, step.seat.seat, buildMove(match.game, step.move, option));
  } catch {
    // The fault being explained: the state shows what the game had used up to it.
  }
  return state;
}

/** Which pass of which repeated blocks a step runs in, outermost first. */
type Iteration = { readonly block: Step & { kind: "repeat" }; readonly pass: number };

/** A problem found inside repeated blocks names the pass: `(repeat on line 10: iteration 2 of 3)`. */
function inIteration(problem: Diagnostic, iterations: readonly Iteration[]): Diagnostic {
  if (iterations.length === 0) return problem;
  const where = iterations
    .map(({ block, pass }) => `repeat on line ${block.span.line}: iteration ${pass} of ${block.times}`)
    .join("; ");
  return { ...problem, message: `${problem.message} (${where})` };
}

/** Plays the steps after the setup, in order: moves, expectations, scripted draws and repeated blocks. */
class ScenarioPlay {
  /** Outcomes scripted since the last move: earlier ones still waiting would come before them. */
  private scriptedSinceMove = 0;
  /** Whose events `expect moved …` reads: the last play's, or the start's. */
  private lastPlay = "the start";

  constructor(
    private readonly file: string,
    private match: Match,
    private readonly ledger: ScriptLedger,
  ) {
    // No move yet: what the setup scripted and the start left waiting comes before the first play too.
    this.scriptedSinceMove = ledger.waiting().length;
  }

  /** Scripted outcomes the game never used, once every step has run. */
  unused(): Diagnostic[] {
    return this.ledger.unused();
  }

  /** Runs one step; `fatal` when the scenario cannot go on (a refused move, a broken game). */
  run(step: Step, iterations: readonly Iteration[] = []): { problems: Diagnostic[]; fatal: boolean } {
    if (step.kind === "repeat") {
      const problems: Diagnostic[] = [];
      for (let pass = 1; pass <= step.times; pass++) {
        for (const inner of step.steps) {
          const outcome = this.run(inner, [...iterations, { block: step, pass }]);
          problems.push(...outcome.problems);
          if (outcome.fatal) return { problems, fatal: true };
        }
      }
      return { problems, fatal: false };
    }
    let problems: Diagnostic[];
    try {
      problems = this.single(step);
    } catch (thrown) {
      problems = [broke(this.file, step.span, "during this step", thrown)];
    }
    // After a refused move the position is not the one the scenario describes: stop there.
    const fatal = problems.some((d) => d.code !== "scenario/expectation-failed");
    return { problems: problems.map((problem) => inIteration(problem, iterations)), fatal };
  }

  private single(step: Exclude<Step, { kind: "repeat" }>): Diagnostic[] {
    if (step.kind === "play") {
      let played: ReturnType<typeof play>;
      try {
        played = play(this.file, this.match, step);
      } catch (thrown) {
        const when = `when seat ${step.seat.seat} played ${formatCall(step.move)} on line ${step.span.line}`;
        const explained = this.ledger.explain(thrown, when, () => probeMove(this.match, step));
        if (explained) return [explained];
        throw thrown;
      }
      const { match, problems } = played;
      if (match !== this.match) {
        this.scriptedSinceMove = 0;
        this.ledger.sync(match.state);
        this.lastPlay = `seat ${step.seat.seat}'s ${formatCall(step.move)} on line ${step.span.line}`;
      }
      this.match = match;
      return problems;
    }
    if (isScriptStep(step)) {
      const waiting = this.ledger.waiting().slice(0, this.ledger.waiting().length - this.scriptedSinceMove);
      if (waiting.length > 0) {
        const earlier = waiting.map((entry) => `${entry.written} (line ${entry.step.span.line})`).join(", ");
        return [
          error(
            this.file,
            step.span,
            "scenario/random-not-drawn",
            `the game has not used what was scripted earlier: ${earlier}; ` +
              "scripted outcomes are used in the order written, so those would come first: script only what the next play uses",
          ),
        ];
      }
      const before = this.ledger.waiting().length;
      this.match = scriptOutcomes(this.match, this.ledger, step);
      this.scriptedSinceMove += this.ledger.waiting().length - before;
      return [];
    }
    if (isSetupStep(step)) throw new Error(`a '${step.kind}' step after play started`);
    return checkExpectation(this.file, this.match, step, this.lastPlay);
  }
}

/** Plays the setup and the flow to its first decision in a state of its own, to see how far it got before it broke. */
function probeStart(game: Game, options: MatchOptions, prepare: (state: BaseState) => void): BaseState {
  const state = game.setup({ players: options.players, variants: options.variants ?? [], seed: options.seed });
  prepare(state);
  try {
    game.advance(state);
  } catch {
    // The fault being explained.
  }
  return state;
}

export function runScenario(scenario: Scenario, games: Readonly<Record<string, Game>>): ScenarioOutcome {
  const { file, steps } = scenario;
  const outcomes: StepOutcome[] = [];
  const finish = (problems: readonly Diagnostic[] = [], after: readonly Diagnostic[] = []): ScenarioOutcome => {
    for (const step of steps.slice(outcomes.length)) outcomes.push({ step, status: "skipped", diagnostics: [] });
    const diagnostics = [...problems, ...outcomes.flatMap((o) => o.diagnostics), ...after];
    return { name: scenario.title, file, passed: diagnostics.length === 0, steps: outcomes, diagnostics };
  };

  const header = headerProblems(scenario, games);
  if (header.length > 0) return finish(header);
  const game = games[scenario.game.text]!;
  const resolution = resolveScenario(scenario, game);
  if (resolution.diagnostics.length > 0) return finish(resolution.diagnostics);

  // The setup is the steps before the first play or expectation (the parser keeps `stack`, `put`
  // and `set` there; a `random` after it scripts draws during play).
  const firstPlay = steps.findIndex((step) => !isSetupStep(step));
  const setup = (firstPlay < 0 ? steps : steps.slice(0, firstPlay)) as SetupStep[];
  const setupFailures = new Map<SetupStep, Diagnostic>();
  const ledger = new ScriptLedger(game, file);
  const options: MatchOptions = {
    players: scenario.players.count,
    variants: scenario.variants.map((v) => v.text),
    seed: scenario.seed,
  };
  const prepare = (failures: Map<SetupStep, Diagnostic>, into: ScriptLedger) =>
    prepareSetup(game, file, setup, resolution.setupCards, failures, into);
  let match: Match | undefined;
  let broken: Diagnostic | undefined;
  try {
    match = startMatch(game, options, prepare(setupFailures, ledger));
    ledger.sync(match.state);
  } catch (thrown) {
    const probe = () => probeStart(game, options, prepare(new Map(), new ScriptLedger(game, file)));
    broken = ledger.explain(thrown, "at the start", probe) ?? broke(file, scenario.span, "while setting up", thrown);
  }
  for (const step of setup) {
    const failure = setupFailures.get(step);
    outcomes.push({ step, status: failure ? "failed" : "passed", diagnostics: failure ? [failure] : [] });
  }
  // A setup step that failed explains a broken start better than the fault it led to.
  if (setupFailures.size > 0) return finish();
  if (!match) return finish([broken!]);

  const playing = new ScenarioPlay(file, match, ledger);
  for (const step of steps.slice(setup.length)) {
    const { problems, fatal } = playing.run(step);
    outcomes.push({ step, status: problems.length > 0 ? "failed" : "passed", diagnostics: problems });
    if (fatal) return finish();
  }
  return finish([], playing.unused());
}

/** A scenario's result for people: its title, then each problem with its source excerpt. */
export function formatOutcome(outcome: ScenarioOutcome, sourceText: string): string {
  const mark = outcome.passed ? "passed" : "FAILED";
  const title = `${mark}: ${outcome.file}: ${outcome.name}`;
  return outcome.diagnostics.length === 0 ? title : `${title}\n${formatDiagnostics(outcome.diagnostics, sourceText)}`;
}
