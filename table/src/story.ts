// The story of a match for one seat, kept from the snapshots a connection sends: each move with what
// it did, in the rules' words (`describePlay`), numbered by the move it was. A step back drops the
// moves after it; a snapshot carrying many moves (a late join) tells them all.

import type { AnyGame, MoveOption, SeatSnapshot } from "@rules/runtime";
import { describeEvents, describePlay, type Reader } from "@rules/runtime/present";

export interface StoryEntry {
  /** The move's index in the match (0: the first move); -1 for what happened before any move. */
  readonly index: number;
  readonly seat: number | null;
  readonly lines: readonly string[];
}

export class Story {
  entries: StoryEntry[] = [];
  private previous: SeatSnapshot | null = null;

  constructor(
    private readonly game: AnyGame,
    private readonly reader: Reader,
  ) {}

  /** Takes in a snapshot: its moves replace whatever the story held from their index on. */
  add(snapshot: SeatSnapshot): void {
    const start = snapshot.moveCount - snapshot.moves.length;
    this.entries = this.entries.filter((entry) => entry.index < start);
    if (snapshot.moveCount === 0 && snapshot.events.length > 0 && this.entries.length === 0) {
      // The setup: the first phase, the first cards dealt.
      this.entries.push({ index: -1, seat: null, lines: safe(() => describeEvents(this.game, snapshot.events, this.reader)) });
    }
    snapshot.moves.forEach((entry, i) => {
      const index = start + i;
      const last = i === snapshot.moves.length - 1;
      // The events are the last move's: earlier moves of a catch-up are told without them.
      const events = last ? snapshot.events : [];
      const before = this.previous && this.previous.moveCount === index ? this.previous : null;
      const option: MoveOption | undefined =
        (before && entry.move && before.seat === entry.seat ? before.options.find((o) => o.type === entry.move!.type) : undefined) ??
        (entry.move ? optionFromSchema(this.game, entry.move as Record<string, unknown>) : undefined);
      // A pause's `continue` is no secret (once the log shows it).
      const secret = entry.move === null || (before?.activity.kind === "simultaneous" && before.activity.pause !== true && entry.seat !== snapshot.seat);
      const move = entry.move ?? { type: "choice" };
      const lines = safe(() => describePlay(this.game, { seat: entry.seat, move: move as never, option }, events, this.reader, secret));
      this.entries.push({ index, seat: entry.seat, lines });
    });
    this.previous = snapshot;
  }
}

/**
 * Another seat's move comes without the option it was chosen from: its parameters' kinds, from the
 * game's move schema, still let its cards be named ("give Pet 2") and its seats said, and the rules'
 * label says it where it needs nothing but the move (`meta.moveLabels`). The seat's log
 * already hides every card the reader may not see (null), so a card id given is one it may see.
 */
function optionFromSchema(game: AnyGame, move: Record<string, unknown>): MoveOption | undefined {
  const schema = game.moves?.[String(move["type"])];
  if (!schema) return undefined;
  const open = game.meta.zones.find((z) => z.visibility === "public")?.name ?? "";
  const closed = game.meta.zones.find((z) => z.visibility !== "public")?.name ?? "";
  const parameters: Record<string, MoveOption["parameters"][string]> = {};
  for (const [name, kind] of Object.entries(schema)) {
    const value = move[name];
    const hidden = value === null || (Array.isArray(value) && value.includes(null));
    if (kind === "card" || kind === "cards") parameters[name] = { kind, zone: hidden ? closed : open, cards: [] };
    else if (kind === "player") parameters[name] = { kind, players: [] };
  }
  // The rules' label, where it says the move from its parameters alone: "seat 1 bids 5", not "raises amount 5".
  const label = game.meta.moveLabels?.[String(move["type"])];
  return { type: String(move["type"]), parameters, ...(label ? { label } : {}) } as MoveOption;
}

/** The story never stops the table: a move the words cannot tell is told by its JSON. */
function safe(tell: () => string[]): string[] {
  try {
    return tell();
  } catch (error) {
    return [`(cannot tell this: ${error instanceof Error ? error.message : String(error)})`];
  }
}
