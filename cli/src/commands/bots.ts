// Bots playing through the Match API, one decision at a time, for the commands that narrate (play
// and demo): random ones, or search bots (`--bots`). Simulations use the runtime's faster loops instead.

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
import { botMove, type BotSpec } from "@rules/runtime/search";

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
 * of them goes first is drawn from `rng`, so a seeded match is the same every time. A seat with a
 * search bot in `specs` (by seat) searches; the others move at random.
 */
export function playBot(match: Match, seats: readonly Seat[], rng: Rng, specs: readonly (BotSpec | undefined)[] = []): BotDecision {
  const seat = seats.length === 1 ? seats[0]! : rng.pick(seats);
  const options = legalMoves(match, seat);
  const spec = specs[seat];
  const move = spec ? botMove(match.game, match.state, seat, spec, rng) : chooseRandomMove(match.game, match.state, seat, rng);
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
