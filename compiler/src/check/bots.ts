// The header's `bot` lines: seats the rules play (Foreclosed's Merc in a 2-player game). Checks each
// line and works out which seat counts a match can have, humans and bots together, so that tables
// read by `player_count` and seat numbers are checked against the seats that can really occur.
import type * as A from "../syntax/ast.js";
import { evaluateConstant } from "./constants.js";
import type { CheckContext } from "./context.js";

/** A bot as the checker leaves it: its id, its label, and the human counts that get it. */
export interface BotModel {
  readonly id: string;
  readonly label: string;
  /** The player counts (human seats) whose matches get this bot, ascending. */
  readonly counts: readonly number[];
}

/** Checks the `bot` lines of the header against its player range (minPlayers..maxPlayers). */
export function checkBots(ctx: CheckContext, header: A.GameHeader, minPlayers: number, maxPlayers: number): BotModel[] {
  const bots: BotModel[] = [];
  const seen = new Map<string, A.BotDeclaration>();
  for (const bot of header.bots ?? []) {
    const previous = seen.get(bot.name.name);
    if (previous) {
      ctx.error("check/duplicate-definition", `there is already a bot '${bot.name.name}' at line ${previous.range.start.line}`, bot.name.range);
      continue;
    }
    seen.set(bot.name.name, bot);
    if (bot.label.kind !== "string") {
      ctx.error("check/bot-label", `a bot's label is a string in quotes, the name people call the seat by, as in bot merc "Wealthy Nephew Merc" for 2`, bot.label.range);
      continue;
    }
    const chosen = new Set<number>();
    for (const count of bot.counts) {
      const value = evaluateConstant(count, new Map(), ctx.enums);
      const values = typeof value === "number" ? [value] : Array.isArray(value) && value.every((v) => typeof v === "number") ? (value as number[]) : null;
      if (values === null || values.length === 0 || values.some((v) => !Number.isInteger(v))) {
        ctx.error("check/bad-bot-count", `a bot is for whole player counts, a number or a range: for 2, for 2, 3 or for 2..3`, count.range);
        continue;
      }
      const outside = values.filter((v) => v < minPlayers || v > maxPlayers);
      if (outside.length > 0) {
        const span = minPlayers === maxPlayers ? `${minPlayers}` : `${minPlayers} to ${maxPlayers}`;
        const counts = outside.length === 1 ? `${outside[0]} player${outside[0] === 1 ? "" : "s"}` : `${outside.slice(0, -1).join(", ")} or ${outside[outside.length - 1]} players`;
        ctx.error("check/bad-bot-count", `bot ${bot.name.name} cannot join a game of ${counts}: the game is for ${span} players (its players line)`, count.range);
        continue;
      }
      for (const v of values) chosen.add(v);
    }
    bots.push({ id: bot.name.name, label: bot.label.value, counts: [...chosen].sort((a, b) => a - b) });
  }
  return bots;
}

/** How many bots a match of `humans` players gets. */
export function botsFor(bots: readonly BotModel[], humans: number): number {
  return bots.filter((bot) => bot.counts.includes(humans)).length;
}

/** Every seat count a match can have, ascending, humans and bots together. */
export function seatCounts(bots: readonly BotModel[], minPlayers: number, maxPlayers: number): number[] {
  const counts = new Set<number>();
  for (let humans = minPlayers; humans <= maxPlayers; humans++) counts.add(humans + botsFor(bots, humans));
  return [...counts].sort((a, b) => a - b);
}
