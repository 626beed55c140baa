// Random bots playing through the Match API, one decision at a time, for the commands that narrate
// (play and demo). Simulations use the runtime's faster playRandomGame instead.

import {
  applyMove,
  chooseRandomMove,
  GameFault,
  legalMoves,
  type Match,
  type Move,
  type MoveOption,
  type Rng,
  type Seat,
} from "@rules/runtime/internal";

export interface BotDecision {
  readonly seat: Seat;
  readonly move: Move;
  /** The option the move was drawn from (names its parameters' domains for narration). */
  readonly option: MoveOption;
  /** The match after the move. */
  readonly match: Match;
}

/**
 * One bot decision among `seats`: with several seats (a simultaneous choice or a race), which
 * of them goes first is drawn from `rng`, so a seeded match is the same every time.
 */
export function playBot(match: Match, seats: readonly Seat[], rng: Rng): BotDecision {
  const seat = seats.length === 1 ? seats[0]! : rng.pick(seats);
  const options = legalMoves(match, seat);
  const move = chooseRandomMove(match.game, match.state, seat, rng);
  const outcome = applyMove(match, seat, move);
  if (!outcome.ok) {
    // randomMove draws only from the game's own domains, so a refusal is the game contradicting itself.
    throw new GameFault(
      "fault/refused-legal-move",
      `${match.game.id} refused seat ${seat}'s move ${JSON.stringify(move)}, drawn from its legal moves: ${outcome.error.reason}`,
    );
  }
  return { seat, move, option: options.find((o) => o.type === move.type)!, match: outcome.match };
}

/** The usual table size for a narrated match: 4 players, or the nearest count the game allows. */
export function defaultPlayers(game: { readonly minPlayers: number; readonly maxPlayers: number }): number {
  return Math.min(Math.max(4, game.minPlayers), game.maxPlayers);
}
