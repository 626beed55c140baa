// Moves in words: on a menu ("buy Phonics Place for $100", "raise amount 6..18"), told of a seat
// ("seat 2 buys Phonics Place for $100", "you pass"), with what they did; who may act; the result.
// An option with a label from the rules is said by it; one without, by its name and parameters.

import type { Activity, CardId, Game, GameResult, Move, MoveOption, ScorePart, Seat, TextPart } from "../contract.js";
import type { GameEvent } from "../events.js";
import { addressed, parameterValue, readerSeat, renderText, seatList, seatName, type Reader, type TextContext } from "./naming.js";
import { joinedVerbs } from "./agreement.js";
import { describeEvents } from "./story.js";
import { capitalise, thirdPerson, verbFor, words } from "./words.js";

/**
 * A move in words, from the option it was chosen from (whose label, if any, says it). Without
 * `mover`, as a menu or a prompt says it, with no subject ("buy Phonics Place for $100", "raise amount
 * 7"); with `mover`, as a sentence about that seat ("seat 2 buys Phonics Place for $100", "you pass").
 * `shown`: the cards the move's own events showed the reader, named even if chosen out of its sight.
 */
export function describeMove(game: Game, move: Move, reader: Reader, option?: MoveOption, mover?: Seat, shown?: ReadonlySet<CardId>): string {
  const who = mover === undefined ? undefined : seatName(game, mover, reader);
  // A label is written to the seat that moves ("Protect your card"): told of another seat, its "your"
  // is theirs, before the label's values are put in (the reader's own seat among them reads "your").
  const label = option?.label && who !== undefined && who !== "you" ? option.label.map(theirs) : option?.label;
  const phrase = label ? renderText(game, label, reader, { move, option, mover, shown }) : unlabelled(game, move, reader, option, { mover, shown });
  if (who === undefined) return phrase;
  if (label) return `${who} ${conjugated(phrase, who)}`;
  const [verb, ...rest] = words(move.type).split(" ");
  const parameters = phrase.slice(words(move.type).length).trim();
  // A one-word option reads as a verb ("raises"); a longer name as a choice ("chooses good deal");
  // a window's `done` (or a `ready`) says how the player is, not what they do: "seat 1 is done".
  const action =
    rest.length === 0
      ? STATES.has(verb!)
        ? `${who === "you" ? "are" : "is"} ${verb}`
        : verbFor(who, verb!)
      : `${verbFor(who, "choose")} ${words(move.type)}${parameters === "" ? "" : ":"}`;
  return [who, action, parameters].filter((part) => part !== "").join(" ");
}

const STATES = new Set(["done", "ready", "finished"]);

/** A label's own words told of another seat: "Protect your card" → "Protect their card". */
function theirs(part: TextPart): TextPart {
  return typeof part === "string" ? part.replace(/\byour\b/g, "their").replace(/\bYour\b/g, "Their") : part;
}

/**
 * A label, written to the player who moves ("end your turn", "pass and take $1"), told of the seat
 * that made it: its first word agreeing with the subject ("seat 2 ends …"), and a verb joined to it
 * by "and" in the first clause too ("seat 2 passes and takes $1").
 */
function conjugated(phrase: string, subject: string): string {
  const match = /^([A-Za-z]+)\b/.exec(phrase);
  if (subject === "you" || !match) return phrase;
  return `${thirdPerson(match[1]!)}${joinedVerbs(phrase.slice(match[1]!.length), thirdPerson).text}`;
}

/** "raise amount 7"; "good deal give Gem 1 and Gem 2, take Gem 5"; told of a seat, a move's only
 *  value needs no name: "seat 1 bids 50", not "bids amount 50". */
function unlabelled(game: Game, move: Move, reader: Reader, option: MoveOption | undefined, sight: Pick<TextContext, "mover" | "shown">): string {
  const values = Object.entries(move).filter(([name]) => name !== "type");
  const parameters = values
    .map(([name, value]) => {
      const alone = sight.mover !== undefined && values.length === 1;
      const said = parameterValue(game, value, option?.parameters[name], undefined, reader, sight, alone);
      return alone ? said : `${name} ${said}`;
    })
    .join(", ");
  return parameters === "" ? words(move.type) : `${words(move.type)} ${parameters}`;
}

/** A menu line for an option: its label with the values it has now ("buy Phonics Place for $100"),
 *  else `raise amount 6..18`, `peek first 1..5, second 1..5`, `pass`. */
export function describeOption(game: Game, option: MoveOption, reader: Reader): string {
  if (option.label) return renderText(game, option.label, reader, { option });
  const parameters = Object.keys(option.parameters).map(
    (name) => `${name} ${renderText(game, [{ parameter: name }], reader, { option })}`,
  );
  return parameters.length === 0 ? words(option.type) : `${words(option.type)} ${parameters.join(", ")}`;
}

/** A move made: its seat, the move, and the option it was chosen from (which names its parameters). */
export interface Decision {
  readonly seat: Seat;
  readonly move: Move;
  readonly option?: MoveOption;
}

/**
 * A decision and what it did: its line ("seat 1 passes"), then the story of its events, each
 * sentence indented by two spaces. A secret choice (`secret`) of another seat is told without its
 * content ("seat 2 chooses secretly"). Filter the events first (`eventsFor`) to what the reader may know.
 */
export function describeDecision(game: Game, decision: Decision, events: readonly GameEvent[], reader: Reader, secret = false): string[] {
  const { seat, move, option } = decision;
  const line =
    secret && seat !== readerSeat(reader)
      ? `${seatName(game, seat, reader)} ${verbFor(seatName(game, seat, reader), "choose")} secretly`
      : describeMove(game, move, reader, option, seat, shownCards(events));
  // The rules' words may say the move again (`refuse { say "{buyer} refuses" }`): told once.
  const same = (sentence: string): boolean => sentence.replace(/[.!]$/, "").toLowerCase() === line.toLowerCase();
  const story = describeEvents(game, events, reader, { mover: seat, move, option }).filter((sentence) => !same(sentence));
  return [line, ...story.map((sentence) => `  ${sentence}`)];
}

/** The cards these events name to their reader: a card played from a hand onto the table is no secret
 *  by the end of its move, so the move's line names it ("seat 1 plays Colour penalty", not "a card"). */
function shownCards(events: readonly GameEvent[]): ReadonlySet<CardId> {
  const shown = new Set<CardId>();
  for (const event of events) {
    if (event.kind === "move") for (const card of event.cards ?? []) shown.add(card);
    else if (event.kind === "reveal") shown.add(event.card);
  }
  return shown;
}

/**
 * A decision and what it did as a log says it: one sentence per line, none indented, and the first
 * thing the move made its own seat do joined to it ("Bot 2 passes and takes Property 3 from the
 * Properties on auction"), each line capitalised. A secret choice of another seat is told without
 * its content. Filter the events first (`eventsFor`) to what the reader may know.
 */
export function describePlay(game: Game, decision: Decision, events: readonly GameEvent[], reader: Reader, secret = false): string[] {
  const [line, ...story] = describeDecision(game, decision, events, reader, secret).map((text) => text.trim());
  const who = `${seatName(game, decision.seat, reader)} `;
  // "seat 2 takes …" right after "seat 2 passes": one sentence, the subject said once; not when the
  // sentence goes on to other seats ("seat 2 moves a card and seat 3 moves …"), whose "and" it would blur.
  const rest = story[0]?.startsWith(who) ? story[0].slice(who.length) : undefined;
  const others = [/\byou\b/, /\bseats? \d/, ...otherNames(game, decision.seat, reader)];
  const joined = rest !== undefined && !rest.startsWith("and ") && !others.some((name) => name.test(rest));
  const lines = joined ? [`${line!} and ${story[0]!.slice(who.length)}`, ...story.slice(1)] : [line!, ...story];
  return lines.map(capitalise);
}

/** Patterns of the names given to seats other than `seat` (by the app, or the rules' bots). */
function otherNames(game: Game, seat: Seat, reader: Reader): RegExp[] {
  const given = reader !== null && typeof reader === "object" ? (reader.names ?? []).filter((name, at) => at !== seat && name) : [];
  const bots = (game.meta.bots ?? []).map((bot) => bot.label);
  return [...given, ...bots].map((name) => new RegExp(`\\b${name!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`));
}

/** Who may act: "your turn", "seat 2 to play", "you and seat 3 choose secretly". */
export function describeTurn(game: Game, activity: Activity, reader: Reader): string {
  const who = seatList(game, activity.players, reader);
  const several = activity.players.length > 1 || activity.players[0] === readerSeat(reader);
  switch (activity.kind) {
    case "turn":
      return who === "you" ? "your turn" : `${who} to play`;
    case "simultaneous":
      // A pause: the seats look at the table, then go on.
      if (activity.pause) return `${who} ${several ? "take" : "takes"} a look, then ${several ? "continue" : "continues"}`;
      return `${who} ${several ? "choose" : "chooses"} secretly`;
    case "race":
      return activity.players.length === 1 ? `race: ${who} may claim` : `race: ${who} may claim, and the first claim wins`;
    case "over":
      return "game over";
  }
}

const ORDINALS = ["1st", "2nd", "3rd"];
const ordinal = (n: number): string => ORDINALS[n - 1] ?? `${n}th`;

/** A seat's tie-breakers by the names the rules give them ("coins: 3; Mansion card values, highest first:
 *  7, 1"), one the rules leave unnamed as "tie-breaker: 2"; null where the rules name none, or where the
 *  keys cannot be told apart (more than one list tie-breaker: their widths are not in the row). */
function namedTiebreakers(game: Game, keys: readonly number[]): string | null {
  const infos = game.meta.tiebreaks;
  if (infos === undefined || infos.filter((t) => t.list).length > 1) return null;
  const listWidth = keys.length - infos.filter((t) => !t.list).length;
  const parts: string[] = [];
  let at = 0;
  for (const info of infos) {
    const width = info.list ? listWidth : 1;
    const shown = keys.slice(at, at + width).filter((k) => k !== Number.NEGATIVE_INFINITY);
    at += width;
    if (shown.length > 0) parts.push(`${info.label ?? "tie-breaker"}: ${shown.join(", ")}`);
  }
  return parts.length === 0 ? null : parts.join("; ");
}

/** " — Tidy Mansion: 12, Collector: 15, …": a score told in the parts the rules name, which add up to it. */
function partsOf(game: Game, parts: readonly ScorePart[] | undefined, reader: Reader): string {
  if (parts === undefined || scoredNothing(parts)) return "";
  return ` — ${parts.map((part) => `${addressed(game, part.label, reader)}: ${part.points}`).join(", ")}`;
}

/** Parts that all scored nothing (a seat out of the game) have nothing to break down. */
const scoredNothing = (parts: readonly ScorePart[]): boolean => parts.every((part) => part.points === 0);

/** One row of a score sheet: a part's label, and each seat's points for it (null: none for that seat). */
export interface ScoreSheetRow {
  readonly label: string;
  readonly points: readonly (number | null)[];
}

/**
 * A result's parts as a score sheet, one row per part in the order the rules name them (a label two
 * seats share is one row; two parts of one seat under one label add up), for a table of who scored
 * what. Empty when the rules name no parts, or every part scored nothing.
 */
export function scoreSheet(game: Game, result: GameResult, reader: Reader): ScoreSheetRow[] {
  const parts = result.parts;
  if (parts === undefined || parts.every(scoredNothing)) return [];
  const rows = new Map<string, (number | null)[]>();
  parts.forEach((seatParts, seat) => {
    for (const part of seatParts) {
      const label = addressed(game, part.label, reader);
      const points = rows.get(label) ?? rows.set(label, parts.map(() => null)).get(label)!;
      points[seat] = (points[seat] ?? 0) + part.points;
    }
  });
  return [...rows].map(([label, points]) => ({ label, points }));
}

/**
 * One seat's score as results tell it: "31 — Tidy Mansion: 12, … (Mansion card values, highest first:
 * 7, 6, 5)". Without `withParts`, the score and its tie-breakers alone (a table showing the parts apart).
 * Tie-breakers are told only for a seat whose score another seat shares, as a rulebook says them ("in
 * case of a tie, …"): elsewhere they decide nothing, and some mean nothing (Keys to Knowledge's order of
 * retiring, for a seat that never retired).
 */
export function describeScore(game: Game, result: GameResult, seat: Seat, reader: Reader, withParts = true): string {
  const [score, ...keysAfter] = result.scores[seat] ?? [];
  const tied = result.scores.some((keys, other) => other !== seat && keys[0] === score);
  return `${score}${withParts ? partsOf(game, result.parts?.[seat], reader) : ""}${tied ? tiebreakersOf(game, keysAfter) : ""}`;
}

/** " (coins: 3)": a seat's tie-breakers, named where the rules name them; "" when there are none. */
function tiebreakersOf(game: Game, keys: readonly number[]): string {
  const named = namedTiebreakers(game, keys);
  if (named !== null) return ` (${named})`;
  // -Infinity pads a list tie-breaker that ran out for this seat: nothing to show.
  const shown = keys.filter((k) => k !== Number.NEGATIVE_INFINITY);
  return shown.length === 0 ? "" : ` (${shown.length === 1 ? "tie-breaker" : "tie-breakers"} ${shown.join(", ")})`;
}

/** Scores (with their parts and tie-breakers), the ranking and the winners, one line each. */
export function describeResult(game: Game, result: GameResult, reader: Reader): string[] {
  const name = (seat: Seat): string => seatName(game, seat, reader);
  const lines = ["Scores:"];
  result.scores.forEach((_, seat) => lines.push(`  ${name(seat)}: ${describeScore(game, result, seat, reader)}`));
  lines.push("Ranking:");
  let place = 1;
  for (const group of result.ranking) {
    lines.push(`  ${ordinal(place)}: ${group.map(name).join(", ")}${group.length > 1 ? " (tied)" : ""}`);
    place += group.length;
  }
  lines.push(describeWinners(game, result, reader));
  return lines;
}

/** "Winner: seat 1", "Winners: you, seat 2": the last line of a result. */
export function describeWinners(game: Game, result: GameResult, reader: Reader): string {
  const winners = result.winners.map((seat) => seatName(game, seat, reader)).join(", ") || "none";
  return `${result.winners.length === 1 ? "Winner" : "Winners"}: ${winners}`;
}
