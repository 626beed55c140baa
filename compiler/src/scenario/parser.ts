// The scenario parser: a careful line parser over the lexer's tokens. Each statement is one line
// (continued while brackets are open or the line ends with a comma) whose first word says what it
// is, so a mistake costs one diagnostic for its line and parsing goes on with the next. Headers
// and steps are read here, expectations in parse-expectations.ts, their parts in parse-values.ts.
import { didYouMean, error, joinSpans, type Diagnostic, type SourceSpan } from "../diagnostics.js";
import type { Name, Scenario, SetupStep, Step, Target } from "./ast.js";
import { isScriptStep, isSetupStep } from "./ast.js";
import * as T from "./lexer.js";
import { parseExpectation } from "./parse-expectations.js";
import * as V from "./parse-values.js";
import { describe, statements, SyntaxFailure, type Statement } from "./statement.js";

const HEADERS = ["scenario", "game", "players", "variant", "seed"] as const;
const STEPS = ["stack", "put", "set", "start", "random", "shuffle", "dice", "play", "expect", "repeat"] as const;

/** What one statement said: a header or a step. */
type Parsed =
  | { readonly kind: "scenario"; readonly title: string; readonly span: SourceSpan }
  | { readonly kind: "game"; readonly game: Name; readonly span: SourceSpan }
  | { readonly kind: "players"; readonly count: number; readonly span: SourceSpan }
  | { readonly kind: "variant"; readonly variants: readonly Name[]; readonly span: SourceSpan }
  | { readonly kind: "seed"; readonly seed: number; readonly span: SourceSpan }
  | { readonly kind: "step"; readonly step: Step }
  /** `repeat 3 {`: the steps up to the matching `}` are played 3 times. */
  | { readonly kind: "repeat"; readonly times: number; readonly span: SourceSpan }
  | { readonly kind: "end-repeat"; readonly span: SourceSpan };

function parseStatement(line: Statement): Parsed {
  const first = line.peek()!;
  if (first.tokenType === T.RBrace) {
    line.next();
    line.end("'}'");
    return { kind: "end-repeat", span: line.span };
  }
  if (first.tokenType !== T.Word) {
    line.fail(`a line starts with a word such as 'play' or 'expect', not ${describe(first)}`);
  }
  const keyword = V.name(line, "a statement");
  const span = line.span;
  switch (keyword.text) {
    case "scenario": {
      const title = line.take(T.Text, 'the scenario\'s title in quotes, e.g. scenario "The last bidder pays"');
      line.end("the title");
      const text = T.unquote(title).trim();
      if (text === "") line.fail("a scenario's title must say what it shows", T.tokenSpan(title));
      return { kind: "scenario", title: text, span };
    }
    case "game": {
      const game = V.name(line, "the game's id, e.g. 'for-sale'");
      line.end("the game's id");
      return { kind: "game", game, span };
    }
    case "players": {
      const count = V.count(line, "the number of players");
      line.end("the number of players");
      return { kind: "players", count: count.value, span };
    }
    case "variant": {
      const variants = [V.name(line, "a variant's name")];
      while (!line.atEnd()) variants.push(V.name(line, "a variant's name"));
      return { kind: "variant", variants, span };
    }
    case "seed": {
      const seed = V.integer(line, "a whole number");
      line.end("the seed");
      return { kind: "seed", seed: seed.value, span };
    }
    case "stack": {
      const zone = V.target(line, "the zone to stack, e.g. 'property_deck'");
      line.take(T.Colon, "':' and the cards, top first");
      const cards = V.cards(line);
      line.end("the cards");
      return { kind: "step", step: { kind: "stack", zone, cards, span } };
    }
    case "put": {
      const cards = V.cards(line);
      line.takeWord("into");
      const zone = V.target(line, "the zone the cards go into");
      let replacedFrom: Target | null = null;
      if (!line.atEnd()) {
        line.take(T.Comma, "', replaced from' and the zone whose last card fills each place a card leaves");
        line.takeWord("replaced");
        line.takeWord("from");
        replacedFrom = V.target(line, "the zone whose last card fills each place a card leaves");
      }
      line.end("the zone");
      return { kind: "step", step: { kind: "put", cards, zone, replacedFrom, span } };
    }
    case "set": {
      const variable = V.target(line, "a variable, e.g. 'coins[2]', or a zone, e.g. 'hand[0]'");
      line.take(T.Equals, "'='");
      if (line.is(T.LBracket)) {
        const cards = V.cardList(line);
        let rest: Target | null = null;
        if (!line.atEnd()) {
          line.take(T.Comma, "', rest into' and the zone for the cards this one no longer holds");
          line.takeWord("rest");
          line.takeWord("into");
          rest = V.target(line, "the zone the displaced cards go into");
        }
        line.end(rest ? "the zone" : "the cards");
        return { kind: "step", step: { kind: "set-cards", zone: variable, cards, rest, span } };
      }
      const values = V.literals(line, "a value (a number, a name or a quoted text)");
      return { kind: "step", step: { kind: "set", variable, values, span } };
    }
    case "random": {
      const numbers = V.literals(line, "a number");
      for (const n of numbers) {
        if (n.kind !== "number" || !Number.isInteger(n.value) || (n.value as number) < 0) {
          line.fail("random numbers are whole numbers from 0 (a draw among n gives 0..n-1)", n.span);
        }
      }
      return { kind: "step", step: { kind: "random", numbers, span } };
    }
    case "start": {
      line.takeWord("at");
      const decision = decisionLabel(line);
      line.end("the decision");
      return { kind: "step", step: { kind: "start", decision, span } };
    }
    case "shuffle": {
      const zone = V.target(line, "the zone shuffled, e.g. 'won[1]'");
      line.take(T.Colon, "':' and the cards its next shuffle leaves on top, top first");
      const cards = V.cards(line);
      line.end("the cards");
      return { kind: "step", step: { kind: "shuffle", zone, cards, span } };
    }
    case "dice": {
      const faces = V.literals(line, "a face of a die, e.g. 'dice 3 5'");
      for (const face of faces) {
        if (face.kind !== "number" || !Number.isInteger(face.value) || (face.value as number) < 1) {
          line.fail("a die shows a whole number from 1 (dice 3 5: the next two rolls show 3, then 5)", face.span);
        }
      }
      return { kind: "step", step: { kind: "dice", faces, span } };
    }
    case "play": {
      const seat = V.seat(line);
      line.take(T.Colon, "':' and the move");
      const move = V.move(line);
      line.end("the move");
      return { kind: "step", step: { kind: "play", seat, move, span } };
    }
    case "expect":
      return { kind: "step", step: parseExpectation(line) };
    case "repeat": {
      const times = V.count(line, "how many times, e.g. 'repeat 3 {'");
      if (times.value < 1) line.fail("a block is repeated at least once", times.span);
      line.take(T.LBrace, "'{' to open the block (its steps follow, then '}')");
      line.end("'{'");
      return { kind: "repeat", times: times.value, span };
    }
    default:
      return line.fail(
        `'${keyword.text}' is not a statement; a line starts with one of ${[...HEADERS, ...STEPS].join(", ")}` +
          didYouMean(keyword.text, [...HEADERS, ...STEPS]),
        keyword.span,
        "scenario/unknown-statement",
      );
  }
}

/** `buying.raise_or_pass`: a decision's label, its parts joined by dots. */
function decisionLabel(line: Statement): Name {
  const parts = [V.name(line, "a decision of the flow, e.g. 'start at buying.raise_or_pass'")];
  while (line.is(T.Dot)) {
    line.next();
    parts.push(V.name(line, "the rest of the decision's label after '.'"));
  }
  return { text: parts.map((part) => part.text).join("."), span: joinSpans(parts[0]!.span, parts[parts.length - 1]!.span) };
}

/** Headers of one section of the file (the part before the first scenario, or one scenario). */
interface Section {
  title?: { text: string; span: SourceSpan };
  game?: Name;
  players?: { count: number; span: SourceSpan };
  variants?: Name[];
  seed?: number;
  steps: Step[];
  /** A statement of it could not be read: checks of the whole (a missing header) would only repeat that. */
  broken?: boolean;
}

/** A `repeat n {` whose `}` is still to come, and the steps read inside it so far. */
interface OpenBlock {
  readonly times: number;
  readonly span: SourceSpan;
  readonly steps: Step[];
}

/** Does play begin among these steps (a play, an expectation or a repeated block)? */
const startsPlay = (steps: readonly Step[]): boolean => steps.some((step) => !isSetupStep(step));

/** Do these steps check anything: a play or an expectation, possibly inside a repeated block? */
const checksSomething = (steps: readonly Step[]): boolean =>
  steps.some((step) => (step.kind === "repeat" ? checksSomething(step.steps) : !isSetupStep(step)));

/** Setup steps that only make sense before play: all but those that script random outcomes, which also come between plays. */
const onlyBeforePlay = (step: Step): step is SetupStep => isSetupStep(step) && !isScriptStep(step);

/**
 * Every scenario of a file. Statements before the first `scenario` line are shared: their
 * headers are defaults and their steps come first in each scenario. Any error leaves `scenarios` empty.
 */
export function parseScenarioFile(text: string, file: string): { scenarios: Scenario[]; diagnostics: Diagnostic[] } {
  const { tokens, diagnostics } = T.tokenize(text, file);
  const report = (span: SourceSpan, code: string, message: string): void => {
    diagnostics.push(error(file, span, code, message));
  };
  const preamble: Section = { steps: [] };
  const sections: Section[] = [];
  let section = preamble;
  const headerSeen = new Map<string, SourceSpan>();
  const badLines = new Set(diagnostics.map((d) => d.line));
  /** Blocks opened and not yet closed, innermost last: their steps go to the innermost one. */
  const open: OpenBlock[] = [];
  const closeSection = (): void => {
    for (const block of open.splice(0)) {
      report(block.span, "scenario/unclosed-repeat", "this 'repeat' block has no '}' to close it");
      section.broken = true;
    }
  };
  for (const line of statements(tokens, file, badLines)) {
    if (line.lexedBadly) {
      section.broken = true;
      continue;
    }
    let parsed: Parsed;
    try {
      parsed = parseStatement(line);
    } catch (failure) {
      if (!(failure instanceof SyntaxFailure)) throw failure;
      diagnostics.push(failure.diagnostic);
      section.broken = true;
      continue;
    }
    const innermost = open[open.length - 1];
    if (parsed.kind === "step") {
      const step = parsed.step;
      const started = startsPlay(section.steps) || (section !== preamble && startsPlay(preamble.steps));
      if (onlyBeforePlay(step) && (started || innermost)) {
        const name = step.kind === "set-cards" ? "set" : step.kind === "start" ? "start at" : step.kind;
        report(
          step.span,
          "scenario/setup-after-start",
          innermost
            ? `'${name}' prepares the position before play, so it cannot be repeated: put it before the block`
            : `'${name}' prepares the position before play, so it must come before the first 'play' or 'expect'`,
        );
      }
      (innermost ?? section).steps.push(step);
      continue;
    }
    if (parsed.kind === "repeat") {
      open.push({ times: parsed.times, span: parsed.span, steps: [] });
      continue;
    }
    if (parsed.kind === "end-repeat") {
      if (!innermost) {
        report(parsed.span, "scenario/unmatched-brace", "this '}' closes no 'repeat' block");
        section.broken = true;
        continue;
      }
      open.pop();
      if (innermost.steps.length === 0) {
        report(innermost.span, "scenario/empty-repeat", "this 'repeat' block has no steps to repeat");
      }
      const block: Step = { kind: "repeat", times: innermost.times, steps: innermost.steps, span: innermost.span };
      (open[open.length - 1] ?? section).steps.push(block);
      continue;
    }
    if (parsed.kind === "scenario") {
      closeSection();
      section = { title: { text: parsed.title, span: parsed.span }, steps: [] };
      sections.push(section);
      headerSeen.clear();
      continue;
    }
    if (section.steps.length > 0 || innermost) {
      report(parsed.span, "scenario/misplaced-header", `'${parsed.kind}' must come before the scenario's first step`);
    }
    const previous = headerSeen.get(parsed.kind);
    if (previous && parsed.kind !== "variant") {
      report(parsed.span, "scenario/duplicate-header", `'${parsed.kind}' is already given on line ${previous.line}`);
    }
    headerSeen.set(parsed.kind, parsed.span);
    if (parsed.kind === "game") section.game = parsed.game;
    if (parsed.kind === "players") section.players = { count: parsed.count, span: parsed.span };
    if (parsed.kind === "seed") section.seed = parsed.seed;
    if (parsed.kind === "variant") section.variants = [...(section.variants ?? []), ...parsed.variants];
  }
  closeSection();

  if (sections.length === 0) {
    report(
      { line: 1, column: 1, endLine: 1, endColumn: 2 },
      "scenario/no-scenario",
      'this file has no scenario: each one starts with a line such as scenario "The last bidder pays"',
    );
  }
  const scenarios: Scenario[] = [];
  const titles = new Map<string, SourceSpan>();
  /** A second `start at` in the shared steps is reported once, not once per scenario. */
  const reportedStarts = new Set<Step>();
  for (const s of sections) {
    const title = s.title!;
    const earlier = titles.get(title.text);
    if (earlier)
      report(title.span, "scenario/duplicate-title", `another scenario on line ${earlier.line} has this title`);
    titles.set(title.text, title.span);
    const game = s.game ?? preamble.game;
    const players = s.players ?? preamble.players;
    const steps = [...preamble.steps, ...s.steps];
    if (s.broken || preamble.broken) continue;
    if (!game) {
      report(title.span, "scenario/missing-game", "say which game this scenario plays, e.g. 'game for-sale'");
    }
    if (!players) {
      report(title.span, "scenario/missing-players", "say how many play, e.g. 'players 4'");
    }
    // A start after play began is already reported as such.
    const opening = steps.findIndex((step) => !isSetupStep(step));
    const starts = steps.slice(0, opening < 0 ? steps.length : opening).filter((step) => step.kind === "start");
    for (const extra of starts.slice(1).filter((step) => !reportedStarts.has(step))) {
      reportedStarts.add(extra);
      report(extra.span, "scenario/duplicate-start", `the scenario already starts at a decision on line ${starts[0]!.span.line}`);
    }
    if (!checksSomething(steps)) {
      report(title.span, "scenario/nothing-checked", "this scenario neither plays a move nor expects anything");
    }
    if (!game || !players) continue;
    scenarios.push({
      file,
      title: title.text,
      span: title.span,
      game,
      players,
      variants: s.variants ?? preamble.variants ?? [],
      seed: s.seed ?? preamble.seed ?? 0,
      steps,
    });
  }
  diagnostics.sort((a, b) => a.line - b.line || a.column - b.column);
  return { scenarios: diagnostics.length > 0 ? [] : scenarios, diagnostics };
}

/** The one scenario of a file; a file with several is an error here (use `parseScenarioFile`). */
export function parseScenario(text: string, file: string): { scenario?: Scenario; diagnostics: Diagnostic[] } {
  const { scenarios, diagnostics } = parseScenarioFile(text, file);
  if (diagnostics.length > 0) return { diagnostics };
  if (scenarios.length > 1) {
    const second = scenarios[1]!;
    return {
      diagnostics: [
        error(
          file,
          second.span,
          "scenario/several-scenarios",
          `expected one scenario in this file but found ${scenarios.length}`,
        ),
      ],
    };
  }
  return { scenario: scenarios[0]!, diagnostics };
}
