// Text for people: card names, a player's view, moves on the menu and in narration, final results.
// Views are whatever shape the compiled game gives; the renderer reads zones and variables by the
// game's meta and falls back to compact JSON for anything else, so it never hides data it does not know.

import { cardLabel, type CardId, type Game, type GameResult, type Move, type MoveOption, type ParameterDomain, type Seat, type Value } from "@rules/runtime";

/** `Property 17`: the card's type, then its field values. */
export function cardName(game: Game, id: CardId): string {
  const card = game.meta.cards[id];
  return card ? cardLabel(card) : `card #${id}`;
}

/** Whose seat: "you" for the viewer, else "seat N". */
export function seatName(seat: Seat, viewer: Seat | null = null): string {
  return seat === viewer ? "you" : `seat ${seat}`;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The lines of a player's view (`viewer` null for a spectator). */
export function renderView(game: Game, view: unknown, viewer: Seat | null): string[] {
  if (!isRecord(view)) return [compact(view)];
  const lines: string[] = [];
  for (const [key, value] of Object.entries(view)) {
    if (key === "zones" && isRecord(value)) lines.push(...renderZones(game, value, viewer));
    else if (key === "vars" && isRecord(value)) lines.push(...renderVars(game, value, viewer));
    else if (!PLUMBING.has(key) && !isEmpty(value)) lines.push(`${key}: ${compact(value)}`);
  }
  return lines;
}

/** State fields that matter to the machine, not to a player reading the table. */
const PLUMBING = new Set(["players", "variants", "pc", "waitingFor", "random", "pending", "locals", "seat", "viewer"]);

function renderZones(game: Game, zones: Record<string, unknown>, viewer: Seat | null): string[] {
  // A game without zones shows no heading for them.
  if (Object.keys(zones).length === 0) return [];
  const lines = ["Cards:"];
  for (const [name, content] of Object.entries(zones)) {
    const info = game.meta.zones.find((z) => z.name === name);
    const sorted = info !== undefined && !info.ordered;
    // A zone the meta does not know is per player when it holds one part per seat rather than card ids.
    const perPlayer = info ? info.perPlayer : Array.isArray(content) && content.some((c) => typeof c !== "number");
    if (perPlayer && Array.isArray(content) && content.every((part) => renderZoneContent(game, part) === "empty")) {
      lines.push(`  ${name}: all empty`);
    } else if (perPlayer && Array.isArray(content)) {
      lines.push(`  ${name}:`);
      content.forEach((part, seat) =>
        lines.push(`    ${seatName(seat, viewer)}: ${renderZoneContent(game, part, sorted)}`),
      );
    } else {
      lines.push(`  ${name}: ${renderZoneContent(game, content, sorted)}`);
    }
  }
  return lines;
}

/** One zone's cards as the view shows them: a ZoneView, card ids (null or negative for an unseen card), or a count. */
export function renderZoneContent(game: Game, content: unknown, sorted = false): string {
  if (typeof content === "number") return content === 0 ? "empty" : `${plural(content, "card")}, face down`;
  // The runtime's ZoneView: `cards` only when the viewer may see them, `count` always.
  if (isRecord(content) && Array.isArray(content.cards)) return renderZoneContent(game, content.cards, sorted);
  // A hidden zone where the viewer was shown some cards: which ones, by position (1 is the first).
  if (isRecord(content) && Array.isArray(content.known) && typeof content.count === "number") {
    const shown = content.known.flatMap((card, i) => (typeof card === "number" ? [`#${i + 1} ${cardName(game, card)}`] : []));
    return `${plural(content.count, "card")}, face down (you know ${shown.join(", ")})`;
  }
  if (isRecord(content) && typeof content.count === "number") return renderZoneContent(game, content.count);
  if (content === null || content === undefined) return "hidden";
  if (!Array.isArray(content)) return compact(content);
  if (content.length === 0) return "empty";
  const known = content.filter((c): c is CardId => typeof c === "number" && c >= 0);
  if (sorted) known.sort((a, b) => a - b);
  const names = known.map((c) => cardName(game, c));
  const unseen = content.length - known.length;
  if (unseen > 0) names.push(`${plural(unseen, "card")} face down`);
  return names.join(", ");
}

function renderVars(game: Game, vars: Record<string, unknown>, viewer: Seat | null): string[] {
  const lines = ["Counters:"];
  for (const [name, value] of Object.entries(vars)) {
    const info = game.meta.vars.find((v) => v.name === name);
    const isPlayer = info?.type === "player";
    const show = (v: unknown) =>
      v === null || v === undefined ? "hidden" : isPlayer && typeof v === "number" ? seatName(v, viewer) : compact(v);
    if (info?.perPlayer && Array.isArray(value)) {
      lines.push(`  ${name}: ${value.map((v, seat) => `${seatName(seat, viewer)} ${show(v)}`).join(", ")}`);
    } else {
      lines.push(`  ${name}: ${show(value)}`);
    }
  }
  return lines;
}

/** A menu line for a move option: `raise amount 6..18`, `sell card (one of 5)`, `pass`. */
export function describeOption(game: Game, option: MoveOption): string {
  const parameters = Object.entries(option.parameters).map(
    ([name, domain]) => `${name} ${describeDomain(game, domain)}`,
  );
  return [words(option.type), ...parameters].join(" ");
}

function describeDomain(game: Game, domain: ParameterDomain): string {
  switch (domain.kind) {
    case "range":
      return domain.min === domain.max ? String(domain.min) : `${domain.min}..${domain.max}`;
    case "card":
      return domain.cards.length === 1
        ? cardName(game, domain.cards[0]!)
        : `(one of ${domain.cards.length} in ${domain.zone})`;
    case "cards":
      return `(a set of the ${domain.cards.length} in ${domain.zone})`;
    case "player":
      return domain.players.length === 1
        ? `seat ${domain.players[0]}`
        : `(${domain.players.map((s) => `seat ${s}`).join(" / ")})`;
    case "choice":
      return domain.values.length === 1 ? String(domain.values[0]) : `(${domain.values.join(" / ")})`;
  }
}

export interface NarrationOptions {
  /** The option the move was chosen from, to name its parameters by their domains. */
  readonly option?: MoveOption;
  /** Narrate for this seat: cards taken from zones this seat may not see are not named. */
  readonly viewer?: Seat | null;
}

/** One line of narration: "seat 2 raises amount 5", "seat 1 passes", "you sell card Property 17". */
export function narrateMove(game: Game, seat: Seat, move: Move, narration: NarrationOptions = {}): string {
  const viewer = narration.viewer ?? null;
  const who = seatName(seat, viewer);
  // A one-word option reads as a verb ("raises"); a longer name as a choice ("chooses good deal").
  const [verb, ...rest] = words(move.type).split(" ");
  const action =
    rest.length === 0 ? (who === "you" ? verb! : thirdPerson(verb!)) : `${who === "you" ? "choose" : "chooses"} ${words(move.type)}:`;
  const parameters = Object.entries(move)
    .filter(([name]) => name !== "type")
    .map(([name, value]) => `${name} ${describeValue(game, value, narration.option?.parameters[name], seat, viewer)}`);
  return [who, action, ...parameters].join(" ");
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
    return ids.map((id) => (typeof id === "number" ? cardName(game, id) : String(id))).join(", ");
  }
  return Array.isArray(value) ? value.join(", ") : String(value);
}

/** "pass" → "passes", "raise" → "raises", "play_card" → "plays card" (the verb only). */
export function thirdPerson(verb: string): string {
  if (/(s|sh|ch|x|z|o)$/.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

/** "play_card" and "playCard" → "play card". */
function words(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase();
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
}

function compact(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value as Value);
}
