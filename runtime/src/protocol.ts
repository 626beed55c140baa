// @rules/runtime/protocol: the messages between a game server and its clients (@rules/server and
// @rules/client). Here, so that both read one definition and a browser client depends on no server
// package; types and two constants, nothing that runs.

import type { IllegalMove } from "./contract.js";
import type { SeatSnapshot } from "./connection.js";

/** The room type of every hosted game is named by the game's id. */
export type GameId = string;

/** What a client may ask when creating a match (the seed is always the server's). */
export interface CreateOptions {
  readonly players: number;
  readonly variants?: readonly string[];
  /** Seconds per decision; 0 or absent: the game's setting. Bounded by the host. */
  readonly turnSeconds?: number;
}

/** What a client gives to join: a seat's token, "spectate", or nothing to take the next open seat. */
export interface JoinOptions {
  readonly token?: string;
  readonly spectate?: boolean;
  /** The moveCount the client last saw: the first snapshot carries the moves and events since. */
  readonly since?: number;
}

/** Client to server, message type "move". */
export interface MoveMessage {
  /** The client's number for this move, echoed in the outcome. */
  readonly id: number;
  readonly move: unknown;
}

/** Client to server, message type "auto": "play the default move for my seat" (the move a timeout
 *  makes). For bots that cannot find a legal set of cards from the options alone. */
export interface AutoMessage {
  readonly id: number;
}

/** Server to client, message type "seat": sent once after joining. */
export interface SeatMessage {
  readonly roomId: string;
  readonly game: GameId;
  readonly seat: number | null;
  /** The seat's token (keep it to come back); null for a spectator. */
  readonly token: string | null;
  readonly players: number;
  readonly variants: readonly string[];
}

/** A refusal by the server itself (not the rules): flood, malformed message, paused match... */
export interface ServerRefusal {
  readonly code: `server/${string}`;
  readonly reason: string;
}

/** Server to client, message type "outcome": the answer to one "move". */
export type OutcomeMessage =
  | { readonly id: number; readonly ok: true }
  | { readonly id: number | null; readonly ok: false; readonly error: IllegalMove | ServerRefusal };

/** Server to client, message type "status": who is away, whether the match waits, the clock. */
export interface StatusMessage {
  /** Seats with nobody connected. */
  readonly absent: readonly number[];
  /** Seats the server's bot plays while they are away. */
  readonly botPlayed: readonly number[];
  /** True while the match waits for an absent seat to return: moves are refused. */
  readonly paused: boolean;
  /** When the current decision times out (epoch ms) and for whom; null without a clock. */
  readonly clock: { readonly deadline: number; readonly seats: readonly number[] } | null;
}

/** Server to client, message type "snapshot". */
export type SnapshotMessage = SeatSnapshot;

/** The room type listing the open matches (Colyseus's LobbyRoom); a match's listing carries `MatchListing` as metadata. */
export const LOBBY = "lobby";

export interface MatchListing {
  readonly game: GameId;
  readonly players: number;
  /** Seats not taken yet (0 for a match whose seats open only with tokens). */
  readonly open: number;
}

export const MESSAGE = { move: "move", auto: "auto", seat: "seat", snapshot: "snapshot", outcome: "outcome", status: "status" } as const;
