// A seat's window on a match, wherever the match is played: in this process (hot seat, bots) or on
// a server. An interface draws only from it, so the same table plays locally or over the network.
// Types only: nothing here adds to the runtime's size.

import type { Activity, GameResult, IllegalMove, Move, MoveOption, Seat } from "./contract.js";
import type { AnyGame, MoveOf, ViewOf } from "./match.js";
import type { GameEvent } from "./events.js";
import type { SeatLogEntry } from "./seat-log.js";

/** What one seat (or a spectator) may know of a match at one moment. Holds no hidden information. */
export interface SeatSnapshot<G extends AnyGame = AnyGame> {
  /** The seat this snapshot is for; null for a spectator. */
  readonly seat: Seat | null;
  /** How many moves the match has taken: equal counts mean the same moment. */
  readonly moveCount: number;
  /** `viewFor(match, seat)`. */
  readonly view: ViewOf<G>;
  /** `whoMayAct(match)`. */
  readonly activity: Activity;
  /** The seat's legal moves now; empty when it may not act (and for a spectator). */
  readonly options: readonly MoveOption[];
  /**
   * The moves and what they did since the snapshot before this one, as this seat may know them
   * (`logFor`, `eventsFor`); a first snapshot, or one after catching up, may carry many.
   */
  readonly moves: readonly SeatLogEntry<MoveOf<G>>[];
  readonly events: readonly GameEvent[];
  /** `resultOf(match)`: null until the game is over. */
  readonly result: GameResult | null;
}

export type SendOutcome = { readonly ok: true } | { readonly ok: false; readonly error: IllegalMove | { readonly code: string; readonly reason: string } };

/** One seat's link to a match. Implemented by a local match (the table's hot seat) and by `@rules/client`. */
export interface SeatConnection<G extends AnyGame = AnyGame> {
  /** The compiled game: its meta names cards, zones and moves. Never its state. */
  readonly game: G;
  /** The latest snapshot. */
  current(): SeatSnapshot<G>;
  /** Called with each new snapshot (after a move by anyone, a reconnection, a catch-up); returns an unsubscribe. */
  subscribe(listener: (snapshot: SeatSnapshot<G>) => void): () => void;
  /** Sends one move for this seat. A refusal carries the runtime's reason; the match is unchanged. */
  send(move: MoveOf<G> | Move): Promise<SendOutcome>;
  /** Ends the link (a remote connection leaves its room). */
  close(): void;
}
