// Expectations on what the last play (or the start) did: the match's events (runtime/src/events.ts),
// all of them or as one seat is told them (`eventsFor`), against an event as a designer writes it.
// An event matches when every part written agrees; parts left out match anything. A failure lists
// the events there were, written the same way.
import { eventsFor, type CardId, type GameEvent, type Match, type Value, type VarInfo } from "@rules/runtime/internal";
import { cardName } from "./cards.js";
import { error, type Diagnostic } from "../diagnostics.js";
import type { CardPattern, EventPattern, Expectation, SeatRef, Target } from "./ast.js";
import { cardMatches, formatLiteral, formatPattern, literalEquals, matchCards } from "./cards.js";
import { formatSeatRef, formatTarget, seatIndex, varNamed, type ResolveContext } from "./names.js";

type EventExpectation = Extract<Expectation, { kind: "expect-event" }>;

/** A zone or variable with its seat, as events name them. */
type Ref = { readonly seat: number | null } & ({ readonly zone: string } | { readonly variable: string });

const refName = (ref: Ref): string => ("zone" in ref ? ref.zone : ref.variable);
const formatRef = (ref: Ref): string => (ref.seat === null ? refName(ref) : `${refName(ref)}[${ref.seat}]`);

/** A written zone or variable agrees with the event's: the same name and seat; no seat written, any seat. */
function refMatches(match: Match, target: Target | null, ref: Ref | null): boolean {
  if (target === null) return true;
  if (ref === null || refName(ref) !== target.name.text) return false;
  return target.seat === null || seatOf(match, target.seat) === ref.seat;
}

const seatOf = (match: Match, ref: SeatRef): number => seatIndex(match.state.vars, match.state.players, ref);

/**
 * The cards written are among those the event moved: each card written is one it shows, each `?`
 * one it does not show (a seat not told which cards moved is told how many).
 */
function cardsMatch(match: Match, written: readonly (CardPattern | null)[], event: Extract<GameEvent, { kind: "move" }>): boolean {
  const hidden = written.filter((card) => card === null).length;
  const named = written.filter((card): card is CardPattern => card !== null);
  if (event.cards === null) return named.length === 0 && hidden <= event.count;
  return hidden === 0 && matchCards(match.game, event.cards, named) === named.length;
}

/** Does one event agree with what is written (all but rolls, which are matched as a sequence)? */
function eventMatches(match: Match, pattern: Exclude<EventPattern, { kind: "rolled" }>, event: GameEvent): boolean {
  switch (pattern.kind) {
    case "moved":
      return (
        event.kind === "move" &&
        (pattern.cards === null || cardsMatch(match, pattern.cards, event)) &&
        refMatches(match, pattern.from, event.from) &&
        refMatches(match, pattern.to, event.to)
      );
    case "paid":
      return (
        event.kind === "transfer" &&
        (pattern.amount === null || (pattern.amount === "unknown" ? event.amount === null : event.amount === pattern.amount.value)) &&
        refMatches(match, pattern.from, event.from) &&
        refMatches(match, pattern.to, event.to)
      );
    case "shuffled":
      return event.kind === "shuffle" && refMatches(match, pattern.zone, event.zone);
    case "said":
      return (
        event.kind === "say" &&
        (pattern.text === null || event.text === pattern.text.text) &&
        (pattern.to === null || event.to === seatOf(match, pattern.to))
      );
    case "changed":
      return (
        event.kind === "set" &&
        refMatches(match, pattern.variable, event.variable) &&
        (pattern.value === null || literalEquals(pattern.value, event.value))
      );
    case "revealed":
      return (
        event.kind === "reveal" &&
        (pattern.card === null || cardMatches(match.game, match.game.meta.cards[event.card], pattern.card)) &&
        (pattern.to === null || event.to === seatOf(match, pattern.to))
      );
    case "began":
      return event.kind === "phase" && (pattern.phase === null || event.name === pattern.phase.text);
    case "ended":
      return event.kind === "end";
  }
}

/** The events that bear the expectation out: those that match, or the rolls showing the faces in order. */
function matching(match: Match, pattern: EventPattern, events: readonly GameEvent[]): GameEvent[] {
  if (pattern.kind !== "rolled") return events.filter((event) => eventMatches(match, pattern, event));
  const rolls = events.filter((event): event is Extract<GameEvent, { kind: "roll" }> => event.kind === "roll");
  if (pattern.faces.length === 0) return rolls;
  const found: GameEvent[] = [];
  for (const roll of rolls) {
    if (found.length < pattern.faces.length && roll.value === pattern.faces[found.length]!.value) found.push(roll);
  }
  return found.length === pattern.faces.length ? found : [];
}

const formatValueWord = (value: Value): string => (typeof value === "string" ? value : String(value));

/** An event as a scenario would write it: `moved Property 17 from auction to properties[0]`. */
export function formatEvent(match: Match, event: GameEvent): string {
  const cards = (ids: readonly CardId[] | null, count: number): string =>
    (ids ?? Array.from({ length: count }, () => null)).map((id) => (id === null ? "?" : cardName(match.game, id))).join(", ");
  switch (event.kind) {
    case "move":
      return `moved ${cards(event.cards, event.count)}${event.from ? ` from ${formatRef(event.from)}` : ""} to ${formatRef(event.to)}`;
    case "transfer":
      return `paid ${event.amount ?? "?"} from ${formatRef(event.from)} to ${formatRef(event.to)}`;
    case "shuffle":
      return `shuffled ${formatRef(event.zone)}`;
    case "set":
      return `changed ${formatRef(event.variable)} to ${formatValueWord(event.value)}`;
    case "reveal":
      return `revealed ${cardName(match.game, event.card)} to ${event.to}`;
    case "phase":
      return `began ${event.name}`;
    case "roll":
      return `rolled ${event.value}`;
    case "say":
      return `said ${JSON.stringify(event.text)}${event.to === null ? "" : ` to ${event.to}`}`;
    case "end":
      return "ended";
  }
}

/** An event expectation as written, for messages. */
function formatPatternOf(pattern: EventPattern): string {
  const part = (word: string, target: Target | null): string => (target ? ` ${word} ${formatTarget(target)}` : "");
  switch (pattern.kind) {
    case "moved": {
      const cards = pattern.cards?.map((card) => (card === null ? "?" : formatPattern(card))).join(", ");
      return `moved${cards ? ` ${cards}` : ""}${part("from", pattern.from)}${part("to", pattern.to)}`;
    }
    case "paid": {
      const amount = pattern.amount === null ? "" : pattern.amount === "unknown" ? " ?" : ` ${formatLiteral(pattern.amount)}`;
      return `paid${amount}${part("from", pattern.from)}${part("to", pattern.to)}`;
    }
    case "shuffled":
      return `shuffled${pattern.zone ? ` ${formatTarget(pattern.zone)}` : ""}`;
    case "rolled":
      return ["rolled", ...pattern.faces.map(formatLiteral)].join(" ");
    case "said":
      return `said${pattern.text ? ` ${JSON.stringify(pattern.text.text)}` : ""}${pattern.to ? ` to ${formatSeatRef(pattern.to)}` : ""}`;
    case "changed":
      return `changed${pattern.variable ? ` ${formatTarget(pattern.variable)}` : ""}${pattern.value ? ` to ${formatLiteral(pattern.value)}` : ""}`;
    case "revealed":
      return `revealed${pattern.card ? ` ${formatPattern(pattern.card)}` : ""}${pattern.to ? ` to ${formatSeatRef(pattern.to)}` : ""}`;
    case "began":
      return `began${pattern.phase ? ` ${pattern.phase.text}` : ""}`;
    case "ended":
      return "ended";
  }
}

/** `expect moved …`, `expect not shuffled …`, `expect seat 1 sees moved ? …`: against the match's last events. */
export function checkEventExpectation(file: string, match: Match, step: EventExpectation, lastPlay: string): Diagnostic[] {
  const viewer = step.viewer?.seat ?? null;
  const events = viewer === null ? match.unfilteredEvents : eventsFor(match, viewer);
  const found = matching(match, step.event, events);
  if (step.happened === found.length > 0) return [];
  const written = formatPatternOf(step.event);
  const told = viewer === null ? "" : ` as seat ${viewer} is told them`;
  const list = (shown: readonly GameEvent[]): string => shown.map((event) => formatEvent(match, event)).join("; ");
  const message = step.happened
    ? `expected ${written} among the events of ${lastPlay}${told}, but ${events.length === 0 ? "there are none" : `they are: ${list(events)}`}`
    : `expected no event like ${written} in ${lastPlay}${told}, but there is: ${list(found)}`;
  return [error(file, step.span, "scenario/expectation-failed", message)];
}

/** A variable an event names: never a per-card one, whose changes are not events (they would name the card). */
function eventVariable(ctx: ResolveContext, target: Target): VarInfo | undefined {
  if (varNamed(ctx.game, target.name.text)?.perCard) {
    ctx.report(target.span, "scenario/not-an-event", `a change of '${target.name.text}' (a value per card) is no event, which would name the card to seats that cannot see it: expect its value, or a seat's view of it`);
    return undefined;
  }
  return ctx.variable(target);
}

/** Before play: the zones, variables, cards and seats an event names. A per-player zone or variable written without a seat is any seat's. */
export function resolveEvent(ctx: ResolveContext, event: EventPattern): void {
  switch (event.kind) {
    case "moved": {
      const zones = [event.from, event.to].flatMap((target) => (target ? [ctx.zone(target, false)] : []));
      for (const card of event.cards ?? []) if (card) ctx.pattern(card, zones.find((zone) => zone !== undefined));
      return;
    }
    case "paid":
      for (const target of [event.from, event.to]) if (target) eventVariable(ctx, target);
      if (event.amount && event.amount !== "unknown" && !Number.isInteger(event.amount.value)) {
        ctx.report(event.amount.span, "scenario/wrong-value", `an amount paid is a whole number, not ${formatLiteral(event.amount)}`);
      }
      return;
    case "shuffled":
      if (event.zone) ctx.zone(event.zone, false);
      return;
    case "changed": {
      const variable = event.variable && eventVariable(ctx, event.variable);
      if (variable && event.value) ctx.valueOfType(event.value, variable);
      return;
    }
    case "said":
      if (event.to) ctx.seat(event.to);
      return;
    case "revealed":
      if (event.card) ctx.pattern(event.card);
      if (event.to) ctx.seat(event.to);
      return;
    case "rolled":
    case "began":
    case "ended":
      return;
  }
}
