// Checking one expectation against the match as it stands. A failed expectation is a diagnostic
// at the expectation's line that says what was expected and what was found.
import {
  applyMove,
  describeActivity,
  legalMoves,
  resultOf,
  whoMayAct,
  type Activity,
  type CardId,
  type Match,
  type PairRow,
  type Value,
} from "@rules/runtime/internal";
import { didYouMean, error, type Diagnostic, type SourceSpan } from "../diagnostics.js";
import type { Expectation, MoveCall, SeatLiteral, SeatRef, Target, ZonePart } from "./ast.js";
import {
  formatCards,
  formatLiteral,
  formatNumber,
  formatPattern,
  formatPatterns,
  formatValue,
  literalEquals,
  matchCards,
  sameCards,
} from "./cards.js";
import { buildMove, domainMismatch, isConcrete, parameterProblems } from "./moves.js";
import { formatSeatRef, seatIndex, targetCard, varNamed, zoneNamed } from "./names.js";
import { checkEventExpectation } from "./events.js";
import { checkFunctionExpectation } from "./functions.js";
import { checkViewExpectation } from "./views.js";
import { pairValue } from "./pairs.js";

const FAILED = "scenario/expectation-failed";

/** The seat a reference stands for in this match now. */
const seatOf = (match: Match, ref: SeatRef): number => seatIndex(match.state.vars, match.state.players, ref);

/** `properties[1]`, `bank`, `mansion[shop_keeper + 1] (seat 3)`, `top 7 of draw`. */
function label(match: Match, target: Target, part: ZonePart | null = null): string {
  const seat = target.seat;
  const which = target.card
    ? `[${formatPattern(target.card)}]`
    : seat === null ? "" : `[${formatSeatRef(seat)}${target.key ? `, ${target.key.value}` : ""}]${"seat" in seat ? "" : ` (seat ${seatOf(match, seat)})`}`;
  return `${part ? `${part.end} ${part.count} of ` : ""}${target.name.text}${which}`;
}

function sameSeats(a: readonly number[], b: readonly number[]): boolean {
  const sorted = (seats: readonly number[]) => [...seats].sort((x, y) => x - y).join(" ");
  return sorted(a) === sorted(b);
}

/** The lists a zone target stands for: one, or one per seat for a per-player zone named bare. */
function zoneParts(match: Match, target: Target): CardId[][] {
  const content = match.state.zones[target.name.text]!;
  if (!zoneNamed(match.game, target.name.text)!.perPlayer) return [content as CardId[]];
  const parts = content as CardId[][];
  return target.seat ? [parts[seatOf(match, target.seat)]!] : parts;
}

/** One zone's cards, or only its first or last few (index 0 is the top). */
function zoneCards(match: Match, target: Target, part: ZonePart | null): CardId[] {
  const [cards] = zoneParts(match, target);
  if (!part) return cards!;
  return part.end === "top" ? cards!.slice(0, part.count) : cards!.slice(Math.max(0, cards!.length - part.count));
}

/** The values a variable target stands for: one, or one per seat for a per-player variable named bare. */
function varValues(match: Match, target: Target): Value[] {
  const value = match.state.vars[target.name.text]!;
  if (target.card) return [(value as Record<CardId, Value>)[targetCard(match.game, target)]!];
  if (!varNamed(match.game, target.name.text)!.perPlayer) return [value as Value];
  if (target.seat && target.key) return [pairValue(value as PairRow[], seatOf(match, target.seat), target.key.value)];
  const values = value as Value[];
  return target.seat ? [values[seatOf(match, target.seat)]!] : [...values];
}

/** Tries a move on the side (the match is a value, so nothing changes). A misspelt parameter is the scenario's mistake. */
function tryMove(file: string, match: Match, seat: SeatLiteral, call: MoveCall) {
  const option = legalMoves(match, seat.seat).find((o) => o.type === call.type.text);
  const problems = parameterProblems(match.game, file, call, option);
  const outcome = problems.length > 0 ? null : applyMove(match, seat.seat, buildMove(match.game, call, option));
  return { problems, outcome };
}

/**
 * Turns the game's refusal of an unknown move or a malformed parameter, in a step that means to
 * play or allow the move, into a mistake of the scenario, blamed on the move's name or arguments.
 */
export function moveMistake(
  file: string,
  match: Match,
  seat: SeatLiteral,
  call: MoveCall,
  code: string,
  reason: string,
): Diagnostic | null {
  if (code === "move/unknown-type") {
    const offered = legalMoves(match, seat.seat).map((o) => o.type);
    return error(
      file,
      call.type.span,
      "scenario/unknown-move",
      `'${call.type.text}' is not a move here: ${reason}${didYouMean(call.type.text, offered)}`,
    );
  }
  if (code === "move/bad-parameter") return error(file, call.span, "scenario/bad-parameter", reason);
  return null;
}

/** The failures of an expectation, or none when it holds. `lastPlay` names whose events are the match's. */
export function checkExpectation(file: string, match: Match, step: Expectation, lastPlay = "the start"): Diagnostic[] {
  const game = match.game;
  const fail = (message: string, span: SourceSpan = step.span): Diagnostic[] => [error(file, span, FAILED, message)];
  switch (step.kind) {
    case "expect-activity": {
      const actual = whoMayAct(match);
      const expected: Activity = { kind: step.activity, players: step.seats.map((s) => seatOf(match, s)) };
      const agrees =
        actual.kind === expected.kind && (expected.kind === "over" || sameSeats(actual.players, expected.players));
      return agrees ? [] : fail(`expected ${describeActivity(expected)}, but now ${describeActivity(actual)}`);
    }
    case "expect-not-over": {
      const activity = whoMayAct(match);
      return activity.kind === "over" ? fail("expected the game to go on, but it is over") : [];
    }
    case "expect-var": {
      const actual = varValues(match, step.variable);
      const agrees = actual.length === step.values.length && step.values.every((v, i) => literalEquals(v, actual[i]!));
      if (agrees) return [];
      return fail(
        `expected ${label(match, step.variable)} = ${step.values.map(formatLiteral).join(" ")}, found ${actual.map(formatValue).join(" ")}`,
      );
    }
    case "expect-zone": {
      const cards = zoneCards(match, step.zone, step.part);
      const ordered = zoneNamed(game, step.zone.name.text)!.ordered;
      if (sameCards(game, cards, step.cards, ordered)) return [];
      const order = ordered && cards.length === step.cards.length ? " (in this order, top first)" : "";
      return fail(
        `expected ${label(match, step.zone, step.part)} = ${formatPatterns(step.cards)}${order}, found ${formatCards(game, cards)}`,
      );
    }
    case "expect-contains": {
      const cards = zoneCards(match, step.zone, step.part);
      if (matchCards(game, cards, step.cards) === step.cards.length) return [];
      return fail(
        `expected ${label(match, step.zone, step.part)} to contain ${formatPatterns(step.cards)}, found ${formatCards(game, cards)}`,
      );
    }
    case "expect-count": {
      const actual = zoneParts(match, step.zone).map((cards) => cards.length);
      if (step.counts.every((c, i) => c.value === actual[i])) return [];
      return fail(
        `expected count ${label(match, step.zone)} = ${step.counts.map(formatLiteral).join(" ")}, found ${actual.join(" ")}`,
      );
    }
    case "expect-illegal": {
      // Any refusal counts, an unknown move included (a move of another phase is one): the reason says which.
      const { problems, outcome } = tryMove(file, match, step.seat, step.move);
      if (!outcome) return problems;
      if (outcome.ok)
        return fail(`expected seat ${step.seat.seat}'s move to be refused, but it was accepted`, step.move.span);
      if (outcome.error.reason.includes(step.reason.text)) return [];
      return fail(
        `expected the refusal to say "${step.reason.text}", but it says "${outcome.error.reason}"`,
        step.reason.span,
      );
    }
    case "expect-legal": {
      const offered = legalMoves(match, step.seat.seat).find((o) => o.type === step.move.type.text);
      if (isConcrete(step.move, offered)) {
        const { problems, outcome } = tryMove(file, match, step.seat, step.move);
        if (!outcome) return problems;
        if (outcome.ok) return [];
        const mistake = moveMistake(file, match, step.seat, step.move, outcome.error.code, outcome.error.reason);
        return mistake
          ? [mistake]
          : fail(
              `expected seat ${step.seat.seat}'s move to be legal, but it is refused: ${outcome.error.reason}`,
              step.move.span,
            );
      }
      const options = legalMoves(match, step.seat.seat);
      const option = options.find((o) => o.type === step.move.type.text);
      if (!option) {
        const offered =
          options.length > 0 ? `its options are ${options.map((o) => o.type).join(", ")}` : "it has no options";
        return fail(
          `expected seat ${step.seat.seat} to have the option '${step.move.type.text}', but ${offered}`,
          step.move.type.span,
        );
      }
      const unknown = parameterProblems(game, file, step.move, option).filter(
        (d) => d.code === "scenario/unknown-parameter",
      );
      if (unknown.length > 0) return unknown;
      const mismatch = domainMismatch(game, step.move.arguments, option);
      return mismatch ? fail(mismatch, step.move.span) : [];
    }
    case "expect-options": {
      const actual = legalMoves(match, step.seat.seat).map((o) => o.type);
      const expected = step.types.map((t) => t.text);
      if (actual.length === expected.length && expected.every((t) => actual.includes(t))) return [];
      return fail(
        `expected seat ${step.seat.seat}'s options to be ${expected.join(", ")}, found ${actual.join(", ") || "none"}`,
      );
    }
    case "expect-score": {
      const actual = game.scores(match.state)[step.seat.seat]![0]!;
      if (actual === step.score.value) return [];
      return fail(`expected score ${step.seat.seat} = ${formatLiteral(step.score)}, found ${actual}`);
    }
    case "expect-scores": {
      const actual = game.scores(match.state).map((keys) => keys[0]!);
      if (step.scores.every((s, i) => s.value === actual[i])) return [];
      return fail(`expected scores ${step.scores.map(formatLiteral).join(" ")}, found ${actual.join(" ")}`);
    }
    case "expect-tiebreak": {
      const rows = game.scores(match.state);
      const { index } = step.key;
      const keys = rows[0]?.length ?? 0;
      if (index >= keys) {
        const has = keys <= 1 ? "no tie-breaker" : keys === 2 ? "only tie-breaker 1" : `tie-breakers 1 to ${keys - 1}`;
        return fail(`expected tie-breaker ${index}, but the scores have ${has} now`, step.key.span);
      }
      const actual = rows.map((row) => row[index]!);
      if (step.values.every((v, i) => v.value === actual[i])) return [];
      return fail(
        `expected tiebreak ${index} = ${step.values.map(formatLiteral).join(" ")}, found ${actual.map(formatNumber).join(" ")}`,
      );
    }
    case "expect-keys": {
      const row = game.scores(match.state)[step.seat.seat]!;
      if (row.length === step.values.length && step.values.every((v, i) => v.value === row[i])) return [];
      const count = row.length === step.values.length ? "" : ` (${row.length} keys, not ${step.values.length})`;
      return fail(
        `expected keys ${step.seat.seat} = ${step.values.map(formatLiteral).join(" ")}, found ${row.map(formatNumber).join(" ")}${count}`,
      );
    }
    case "expect-ranking":
    case "expect-winners": {
      const result = resultOf(match);
      if (!result) return fail(`expected the game to be over, but now ${describeActivity(whoMayAct(match))}`);
      if (step.kind === "expect-winners") {
        const expected = step.seats.map((s) => s.seat);
        if (sameSeats(result.winners, expected)) return [];
        return fail(`expected winners ${expected.join(" ")}, found ${result.winners.join(" ")}`);
      }
      const format = (groups: readonly (readonly number[])[]): string => groups.map((g) => g.join(" = ")).join(" > ");
      const expected = step.groups.map((g) => g.map((s) => s.seat));
      const agrees =
        expected.length === result.ranking.length && expected.every((g, i) => sameSeats(g, result.ranking[i]!));
      return agrees ? [] : fail(`expected ranking ${format(expected)}, found ${format(result.ranking)}`);
    }
    case "expect-view-zone":
    case "expect-view-cards":
    case "expect-view-value":
      return checkViewExpectation(file, match, step);
    case "expect-event":
      return checkEventExpectation(file, match, step, lastPlay);
    case "expect-function":
      return checkFunctionExpectation(file, match, step);
  }
}
