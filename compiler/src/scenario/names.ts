// Names a scenario writes, looked up in the game: zones, variables and card types, seats by number or
// by a player variable, and how a zone or variable is written back in messages. Also what the
// resolver lends the modules that check their own statements before play.
import type { BaseState, CardId, Game, VarInfo, ZoneInfo } from "@rules/runtime/internal";
import type { SourceSpan } from "../diagnostics.js";
import type { CardPattern, Literal, SeatRef, Target } from "./ast.js";
import { cardsMatching, formatPattern } from "./cards.js";

export function zoneNamed(game: Game, name: string): ZoneInfo | undefined {
  return game.meta.zones.find((zone) => zone.name === name);
}

export function varNamed(game: Game, name: string): VarInfo | undefined {
  return game.meta.vars.find((v) => v.name === name);
}

/** The seat a seat reference stands for now: a number, or a player variable's seat and the seats clockwise after it. */
export function seatIndex(vars: BaseState["vars"], players: number, ref: SeatRef): number {
  if ("seat" in ref) return ref.seat;
  return ((vars[ref.variable.text] as number) + ref.offset) % players;
}

/** `2`, `shop_keeper`, `shop_keeper + 1`, for messages. */
export function formatSeatRef(ref: SeatRef): string {
  if ("seat" in ref) return String(ref.seat);
  return ref.offset === 0 ? ref.variable.text : `${ref.variable.text} + ${ref.offset}`;
}

/** `mansion[shop_keeper + 1]`, `draw`: a target as written. */
export function formatTarget(target: Target): string {
  if (target.card) return `${target.name.text}[${formatPattern(target.card)}]`;
  if (target.seat && target.key) return `${target.name.text}[${formatSeatRef(target.seat)}, ${target.key.value}]`;
  return target.seat ? `${target.name.text}[${formatSeatRef(target.seat)}]` : target.name.text;
}

/** Does a word written as a move argument name a card type (so it stands for a card)? */
export function isCardType(game: Game, word: string): boolean {
  return game.meta.cardTypes.some((type) => type.name === word);
}

/** The resolver's checks, for the statements whose modules resolve their own names (events, functions, the flow). */
export interface ResolveContext {
  readonly game: Game;
  readonly players: number;
  report(span: SourceSpan, code: string, message: string): void;
  /** The copies a card pattern names (of the zone's card type, if a zone is given), or none after reporting why. */
  pattern(pattern: CardPattern, zone?: ZoneInfo): CardId[];
  /** A zone, one seat's when `needsSeat`; undefined after reporting why. */
  zone(target: Target, needsSeat: boolean): ZoneInfo | undefined;
  /** A variable; undefined after reporting why. */
  variable(target: Target): VarInfo | undefined;
  seat(seat: SeatRef): void;
  /** Reports a value that the variable cannot hold. */
  valueOfType(value: Literal, variable: VarInfo): void;
}

/** The card a per-card variable's target names (`houses[Deed 3]`): resolving made sure it is one. */
export function targetCard(game: Game, target: Target): CardId {
  return cardsMatching(game, target.card!)[0]!;
}
