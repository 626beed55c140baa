// Text for people: moves on the menu and in narration, final results. The table is drawn by
// table.ts, what moves did is told by narrate.ts; names are given by present/naming.ts (shared with the scenario runner).

import type { Activity, Game, GameResult, Move, MoveOption, ParameterDomain, Seat } from "@rules/runtime/internal";
import { bare, cardName, joinList, plural, seatList, seatName, thirdPerson, words, zoneLabel } from "../present/naming.js";

export { cardName, seatName, thirdPerson } from "../present/naming.js";

/** A menu line for a move option: `raise amount 6..18`, `peek first 1..5, second 1..5`, `pass`. */
export function describeOption(game: Game, option: MoveOption, viewer: Seat | null = null): string {
  const parameters = Object.entries(option.parameters).map(
    ([name, domain]) => `${name} ${describeDomain(game, domain, viewer)}`,
  );
  return parameters.length === 0 ? words(option.type) : `${words(option.type)} ${parameters.join(", ")}`;
}

/** A zone named in a parameter's domain, by its label ("Properties", "the Shop"). */
export function domainZone(game: Game, zone: string): string {
  const info = game.meta.zones.find((z) => z.name === zone);
  // A seat's zone is named without the seat: the domain does not say whose it is.
  return info?.perPlayer ? bare(zoneLabel(game, zone)) : zoneLabel(game, zone);
}

function describeDomain(game: Game, domain: ParameterDomain, viewer: Seat | null): string {
  switch (domain.kind) {
    case "range":
      return domain.min === domain.max ? String(domain.min) : `${domain.min}..${domain.max}`;
    case "card":
      return domain.cards.length === 1
        ? cardName(game, domain.cards[0]!)
        : `(one of ${domain.cards.length} in ${domainZone(game, domain.zone)})`;
    case "cards":
      return `(one or more of the ${plural(domain.cards.length, "card")} in ${domainZone(game, domain.zone)})`;
    case "player":
      return domain.players.length === 1
        ? seatName(domain.players[0]!, viewer)
        : `(${domain.players.map((s) => seatName(s, viewer)).join(" / ")})`;
    case "choice":
      return domain.values.length === 1
        ? describeChoice(domain.values[0]!)
        : `(${domain.values.map(describeChoice).join(" / ")})`;
  }
}

/** An enum member or a flag as people say it. */
export function describeChoice(value: number | string | boolean): string {
  if (typeof value === "boolean") return value ? "yes" : "no";
  return typeof value === "string" ? words(value) : String(value);
}

/** Who may act, as the reader is told: "your turn", "seat 2 to play", "you and seat 3 choose secretly". */
export function describeTurn(activity: Activity, viewer: Seat | null): string {
  const who = seatList(activity.players, viewer);
  const several = activity.players.length > 1 || activity.players[0] === viewer;
  switch (activity.kind) {
    case "turn":
      return who === "you" ? "your turn" : `${who} to play`;
    case "simultaneous":
      return `${who} ${several ? "choose" : "chooses"} secretly`;
    case "race":
      return activity.players.length === 1 ? `race: ${who} may claim` : `race: ${who} may claim, and the first claim wins`;
    case "over":
      return "game over";
  }
}

export interface NarrationOptions {
  /** The option the move was chosen from, to name its parameters by their domains. */
  readonly option?: MoveOption;
  /** Narrate for this seat: cards taken from zones this seat may not see are not named. */
  readonly viewer?: Seat | null;
}

const STATES = new Set(["done", "ready", "finished"]);

/** One line of narration: "seat 2 raises amount 5", "seat 1 passes", "you sell card Property 17". */
export function narrateMove(game: Game, seat: Seat, move: Move, narration: NarrationOptions = {}): string {
  const viewer = narration.viewer ?? null;
  const who = seatName(seat, viewer);
  // A one-word option reads as a verb ("raises"); a longer name as a choice ("chooses good deal").
  const [verb, ...rest] = words(move.type).split(" ");
  const parameters = describeParameters(game, move, narration.option, seat, viewer);
  // A window's `done` (or a `ready`) says how the player is, not what they do: "seat 1 is done".
  const action =
    rest.length === 0
      ? (STATES.has(verb!) ? `${who === "you" ? "are" : "is"} ${verb}` : who === "you" ? verb! : thirdPerson(verb!))
      : `${who === "you" ? "choose" : "chooses"} ${words(move.type)}${parameters === "" ? "" : ":"}`;
  return [who, action, parameters].filter((part) => part !== "").join(" ");
}

/** A move without its player, as the menu names it: "sell card Property 17", "raise amount 7". */
export function describeMove(game: Game, move: Move, option: MoveOption | undefined, actor: Seat, viewer: Seat | null): string {
  const parameters = describeParameters(game, move, option, actor, viewer);
  return parameters === "" ? words(move.type) : `${words(move.type)} ${parameters}`;
}

/** "amount 7"; "give Merchandise 2 and Merchandise 5, take Merchandise 7". */
function describeParameters(game: Game, move: Move, option: MoveOption | undefined, actor: Seat, viewer: Seat | null): string {
  return Object.entries(move)
    .filter(([name]) => name !== "type")
    .map(([name, value]) => `${name} ${describeValue(game, value, option?.parameters[name], actor, viewer)}`)
    .join(", ");
}

function describeValue(
  game: Game,
  value: Move[string],
  domain: ParameterDomain | undefined,
  actor: Seat,
  viewer: Seat | null,
): string {
  if (domain?.kind === "player" && typeof value === "number") return seatName(value, viewer);
  if (domain?.kind === "card" || domain?.kind === "cards") {
    const zone = game.meta.zones.find((z) => z.name === domain.zone);
    const visible =
      zone?.visibility === "public" || viewer === null || (zone?.visibility === "owner" && actor === viewer);
    const ids = Array.isArray(value) ? value : [value];
    if (!visible) return ids.length === 1 ? "(hidden)" : `(${plural(ids.length, "hidden card")})`;
    return joinList(ids.map((id) => (typeof id === "number" ? cardName(game, id) : String(id))));
  }
  if (Array.isArray(value)) return value.join(", ");
  return typeof value === "string" || typeof value === "boolean" ? describeChoice(value) : String(value);
}

const ORDINALS = ["1st", "2nd", "3rd"];
const ordinal = (n: number): string => ORDINALS[n - 1] ?? `${n}th`;

/** Scores (with tie-breakers), the ranking and the winners. */
export function renderResult(result: GameResult, viewer: Seat | null = null): string[] {
  const lines = ["Scores:"];
  result.scores.forEach((keys, seat) => {
    const [score, ...keysAfter] = keys;
    // -Infinity pads a list tie-breaker that ran out for this seat: nothing to show.
    const tiebreakers = keysAfter.filter((k) => k !== Number.NEGATIVE_INFINITY);
    const extra =
      tiebreakers.length === 0
        ? ""
        : ` (${tiebreakers.length === 1 ? "tie-breaker" : "tie-breakers"} ${tiebreakers.join(", ")})`;
    lines.push(`  ${seatName(seat, viewer)}: ${score}${extra}`);
  });
  lines.push("Ranking:");
  let place = 1;
  for (const group of result.ranking) {
    const tied = group.length > 1 ? " (tied)" : "";
    lines.push(`  ${ordinal(place)}: ${group.map((s) => seatName(s, viewer)).join(", ")}${tied}`);
    place += group.length;
  }
  const winners = result.winners.map((s) => seatName(s, viewer)).join(", ") || "none";
  lines.push(`${result.winners.length === 1 ? "Winner" : "Winners"}: ${winners}`);
  return lines;
}

