// Moves that must be refused, made from what the game offers now: each legal move spoiled in one
// way (wrong seat, unknown type, a parameter outside its domain, of the wrong kind, or missing).

import { applyMove, cloneJson, legalMoves, sameJson, whoMayAct } from "@rules/runtime/internal";
import type {
  BaseState,
  CardId,
  GameMeta,
  IllegalMoveCode,
  Match,
  Move,
  MoveOption,
  ParameterDomain,
  Rng,
  Seat,
} from "@rules/runtime/internal";
import { legalMoveFor, moveOf } from "./harness.js";

export interface BadMove {
  readonly seat: Seat;
  /** Not typed as a Move: some of these are not even objects. */
  readonly move: unknown;
  /** What is wrong with it, for the failure message. */
  readonly flaw: string;
  /** The refusal codes that name this flaw. */
  readonly codes: readonly IllegalMoveCode[];
}

const PARAMETER_CODES: readonly IllegalMoveCode[] = ["move/bad-parameter", "move/out-of-domain", "move/constraint"];
const SEAT_CODES: readonly IllegalMoveCode[] = ["move/not-your-turn", "move/already-submitted"];

/** Move types no game declares; names every JavaScript object has trip a check that looks types up in an object. */
const INVENTED_TYPES = ["no-such-move", "", "constructor", "__proto__", "toString", "hasOwnProperty"];

/** Values a parameter of this domain may not take (beside a missing parameter). */
function valuesOutside(domain: ParameterDomain, meta: GameMeta, players: number, rng: Rng): unknown[] {
  const wrongKind = [null, true, Number.NaN, Number.POSITIVE_INFINITY, [], {}];
  switch (domain.kind) {
    case "range":
      return [domain.min - 1, domain.max + 1, domain.min + 0.5, String(domain.min), [domain.min], ...wrongKind];
    case "card": {
      const others = meta.cards.map((card) => card.id).filter((id) => !domain.cards.includes(id));
      const some = domain.cards[0]!;
      const outside = others.length > 0 ? [rng.pick(others)] : [];
      const beyond = Math.max(-1, ...meta.cards.map((card) => card.id)) + 1;
      return [...outside, -1, beyond, some + 0.5, String(some), [some], ...wrongKind];
    }
    case "cards": {
      const others = meta.cards.map((card) => card.id).filter((id) => !domain.cards.includes(id));
      const some = domain.cards[0] ?? (others[0] as CardId);
      const stranger = others.length > 0 ? [[...domain.cards.slice(0, 1), rng.pick(others)]] : [];
      return [...stranger, [some, some], [-1], some, [some + 0.5], [String(some)], "all", null, {}, true];
    }
    case "player": {
      const others = [];
      for (let seat = 0; seat < players; seat++) if (!domain.players.includes(seat)) others.push(seat);
      const some = domain.players[0]!;
      return [...others, -1, players, some + 0.5, String(some), [some], ...wrongKind];
    }
    case "choice": {
      const numbers = domain.values.filter((value): value is number => typeof value === "number");
      const outside: unknown[] = [numbers.length > 0 ? Math.max(...numbers) + 1 : 0.5, "not-a-choice"];
      if (!domain.values.includes(true)) outside.push(true);
      else if (!domain.values.includes(false)) outside.push(false);
      return [...outside, null, [domain.values[0]], {}];
    }
  }
}

/** Whether a value is one the parameter may take: then it spoils nothing. */
function inDomain(domain: ParameterDomain, value: unknown): boolean {
  switch (domain.kind) {
    case "range":
      return Number.isInteger(value) && (value as number) >= domain.min && (value as number) <= domain.max;
    case "card":
      return domain.cards.includes(value as number);
    case "cards":
      return (
        Array.isArray(value) &&
        new Set(value).size === value.length &&
        value.every((card) => domain.cards.includes(card as number))
      );
    case "player":
      return domain.players.includes(value as number);
    case "choice":
      return domain.values.includes(value as number | string | boolean);
  }
}

/** Every spoiled variant of one legal move of this option. */
function spoiledParameters(option: MoveOption, seat: Seat, meta: GameMeta, players: number, rng: Rng): BadMove[] {
  const bad: BadMove[] = [];
  const legal = moveOf(option, rng, false);
  for (const [name, domain] of Object.entries(option.parameters)) {
    const { [name]: _dropped, ...missing } = legal;
    bad.push({ seat, move: missing, flaw: `${option.type} without its ${name}`, codes: PARAMETER_CODES });
    for (const value of valuesOutside(domain, meta, players, rng).filter((v) => !inDomain(domain, v))) {
      bad.push({
        seat,
        move: { ...legal, [name]: value },
        flaw: `${option.type} with ${name} ${JSON.stringify(value) ?? String(value)} outside ${JSON.stringify(domain)}`,
        codes: PARAMETER_CODES,
      });
    }
  }
  return bad;
}

/** Moves no seat may make now, each with the codes that would name its flaw. */
export function badMoves(match: Match, rng: Rng): BadMove[] {
  const { meta } = match.game;
  const players = match.state.players;
  const activity = whoMayAct(match);
  const bad: BadMove[] = [];
  const actors = activity.players;
  // A move some seat may make now: made by a seat that may not act, it is the seat that is wrong.
  const anyLegal = actors.length === 0 ? null : legalMoveFor(match.game, match.state, actors[0]!, rng, "any-move");

  for (let seat = 0; seat < players; seat++) {
    if (activity.kind === "over") {
      // The last move played, played again, is refused because the game is over, as is any other.
      const last = match.log[match.log.length - 1]?.move ?? { type: "no-such-move" };
      for (const move of [last, { type: "no-such-move" }]) {
        bad.push({ seat, move, flaw: `${JSON.stringify(move)} after the end`, codes: ["move/game-over"] });
      }
      continue;
    }
    if (!actors.includes(seat)) {
      bad.push({ seat, move: anyLegal, flaw: `a move by seat ${seat}, who may not act`, codes: SEAT_CODES });
      continue;
    }
    const options = legalMoves(match, seat);
    const types = new Set(options.map((option) => option.type));
    for (const type of INVENTED_TYPES.filter((type) => !types.has(type))) {
      bad.push({ seat, move: { type }, flaw: `a move of unknown type "${type}"`, codes: ["move/unknown-type"] });
    }
    for (const notAMove of [null, "pass", 7, [], {}, { type: 7 }]) {
      bad.push({
        seat,
        move: notAMove,
        flaw: `${JSON.stringify(notAMove)}, not a move`,
        codes: ["move/bad-parameter"],
      });
    }
    for (const option of options) bad.push(...spoiledParameters(option, seat, meta, players, rng));
  }
  return bad;
}

function isMoveShaped(move: unknown): move is Move {
  return typeof move === "object" && move !== null && typeof (move as { type?: unknown }).type === "string";
}

/** Why some move that must be refused here is not, or changes the match when refused. */
export function refusalProblems(match: Match, rng: Rng): string[] {
  const problems: string[] = [];
  const state = match.state;
  const before = cloneJson(state);
  // The game's own check, on a state that is not frozen, must not change it either.
  const loose = cloneJson(state);
  const bads = badMoves(match, rng);
  for (const bad of bads) {
    const about = aboutMove(bad);
    const outcome = applyMove(match, bad.seat, bad.move as Move);
    if (outcome.ok) problems.push(`${about}: accepted`);
    else if (!bad.codes.includes(outcome.error.code)) {
      problems.push(`${about}: refused as ${outcome.error.code}, not ${bad.codes.join(" or ")}`);
    } else if (typeof outcome.error.reason !== "string" || outcome.error.reason.length === 0) {
      problems.push(`${about}: refused without a reason`);
    }
    if (match.state !== state) problems.push(`${about}: changed the match`);
    // Moves that are not objects with a type never reach the game: the runtime refuses them first.
    if (isMoveShaped(bad.move) && match.game.check(loose, bad.seat, bad.move) === null) {
      problems.push(`${about}: the game's check accepts it`);
    }
  }
  // Compared once, after every refusal (a whole state compared after each was most of this test's
  // time); when something changed, the moves are tried again one by one to name the one that did.
  if (!sameJson(match.state, before) || !sameJson(loose, before)) problems.push(...culprits(match, bads, before));
  return problems;
}

/** A bad move as a problem names it. */
const aboutMove = (bad: BadMove): string => `seat ${bad.seat}: ${bad.flaw}`;

/** The bad moves whose refusal changed the match's state, or whose check changed a loose copy of it. */
function culprits(match: Match, bads: readonly BadMove[], before: BaseState): string[] {
  const found: string[] = [];
  for (const bad of bads) {
    const about = aboutMove(bad);
    const state = cloneJson(match.state);
    applyMove(match, bad.seat, bad.move as Move);
    if (!sameJson(match.state, state)) found.push(`${about}: changed the match`);
    const loose = cloneJson(before);
    if (isMoveShaped(bad.move)) match.game.check(loose, bad.seat, bad.move);
    if (!sameJson(loose, before)) found.push(`${about}: the game's check changed the state`);
  }
  return found.length > 0 ? found : ["the refusals changed the match, but no single one did again"];
}
