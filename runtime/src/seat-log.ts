// The history as one seat may see it, for clients and spectators: a seat's own moves in full; a
// choice submitted to a simultaneous decision hidden (null) from the others until every seat has
// chosen; a card named by a move shown only when the viewer can see that card now. No random state.

import type { BaseState, CardId, Move, ParameterKind, Seat } from "./contract.js";
import type { AnyGame, LoggedMove, Match, MoveOf } from "./match.js";
import { viewFor } from "./match.js";
import { requireSeat } from "./options.js";
import { requireMatch } from "./arguments.js";

/** A move with each card the viewer cannot see replaced by null. */
export type Masked<M extends Move> = M extends Move
  ? { readonly [K in keyof M]: K extends "type" ? M[K] : M[K] extends readonly CardId[] ? readonly (CardId | null)[] : M[K] | null }
  : never;

export interface SeatLogEntry<M extends Move = Move> {
  /** Who moved. */
  readonly seat: Seat;
  /** null: a face-down choice not revealed yet. */
  readonly move: Masked<M> | null;
}

/** Every card id a view shows: the `cards` and `known` lists of its zones, however nested. */
function cardsInView(view: unknown): Set<CardId> {
  const seen = new Set<CardId>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
    } else if (typeof value === "object" && value !== null) {
      const zone = value as { cards?: unknown; known?: unknown };
      for (const list of [zone.cards, zone.known]) {
        if (Array.isArray(list)) for (const card of list) if (typeof card === "number") seen.add(card);
      }
      if (!("count" in value)) for (const inner of Object.values(value)) visit(inner);
    }
  };
  visit((view as { zones?: unknown } | null)?.zones);
  return seen;
}

function mask(move: Move, kinds: Readonly<Record<string, ParameterKind>> | undefined, visible: ReadonlySet<CardId>): Move {
  if (kinds === undefined) return move;
  const masked: Record<string, unknown> = { ...move };
  for (const [name, kind] of Object.entries(kinds)) {
    const value = move[name];
    if (kind === "card") masked[name] = typeof value === "number" && visible.has(value) ? value : null;
    if (kind === "cards" && Array.isArray(value)) masked[name] = value.map((card) => (visible.has(card) ? card : null));
  }
  return masked as Move;
}

/** What `seat` (null: a spectator) may see of the match's history, oldest first. */
export function logFor<G extends AnyGame>(match: Match<G>, seat: Seat | null): SeatLogEntry<MoveOf<G>>[] {
  requireMatch(match, "logFor");
  if (seat !== null) requireSeat(match.state.players, seat);
  const log: readonly LoggedMove[] = match.log;
  // The submissions of the simultaneous decision still open are the last entries of the log.
  const open = (match.state as BaseState).pending?.filter((move) => move !== null).length ?? 0;
  const revealedUpTo = log.length - open;
  let visible: Set<CardId> | null = null;
  const schema = match.game.moves;
  return log.map(({ seat: mover, move }, i) => {
    if (mover === seat) return { seat: mover, move: move as unknown as Masked<MoveOf<G>> };
    if (i >= revealedUpTo) return { seat: mover, move: null };
    visible ??= cardsInView(viewFor(match, seat));
    // A game without a schema: its parameters' kinds are unknown, so nothing of its moves is shown.
    if (schema === undefined) return { seat: mover, move: null };
    return { seat: mover, move: mask(move, schema[move.type], visible) as unknown as Masked<MoveOf<G>> };
  });
}
