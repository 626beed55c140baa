// The scenario's setup steps, applied to the freshly set-up state before the flow first advances
// (the `prepare` hook of `createMatch`): cards stacked, put and set, variables and the flow's locals
// set, then the random outcomes scripted, and last the flow put at the decision it starts at.
// Cards are only ever moved or swapped, so every card stays in exactly one place.
import type { BaseState, CardId, Game, PairRow, Value } from "@rules/runtime/internal";
import { error, type Diagnostic } from "../diagnostics.js";
import { isScriptStep, type CardPattern, type SetupStep, type Target } from "./ast.js";
import { formatPattern, literalValue } from "./cards.js";
import { localValue } from "./flow.js";
import { formatTarget, seatIndex, targetCard, varNamed, zoneNamed } from "./names.js";
import type { ScriptLedger } from "./script.js";
import { setPairValue } from "./pairs.js";

/** The card list of a zone, or of one seat's part of a per-player zone. */
function cardsOf(state: BaseState, game: Game, target: Target): CardId[] {
  const zone = state.zones[target.name.text]!;
  if (!zoneNamed(game, target.name.text)!.perPlayer) return zone as CardId[];
  return (zone as CardId[][])[seatIndex(state.vars, state.players, target.seat!)]!;
}

/** Where a card is now: its list, index and zone (`hand[2]`), or undefined if it is in no zone. */
function locate(
  state: BaseState,
  game: Game,
  id: CardId,
): { cards: CardId[]; index: number; zone: string } | undefined {
  for (const zone of game.meta.zones) {
    const content = state.zones[zone.name];
    if (!content) continue;
    const parts = zone.perPlayer ? (content as CardId[][]) : [content as CardId[]];
    for (const [seat, cards] of parts.entries()) {
      const index = cards.indexOf(id);
      if (index >= 0) return { cards, index, zone: zone.perPlayer ? `${zone.name}[${seat}]` : zone.name };
    }
  }
  return undefined;
}

/**
 * The `prepare` function for `createMatch`: applies the setup steps in order, then queues the
 * scripted outcomes in the ledger (a shuffle's cards are looked for where the setup left them), then
 * starts the flow at its decision, if the scenario says one. Problems that only the live state shows
 * (a zone over its capacity) are recorded in `failures`, by step.
 */
export function prepareSetup(
  game: Game,
  file: string,
  steps: readonly SetupStep[],
  setupCards: ReadonlyMap<CardPattern, CardId>,
  failures: Map<SetupStep, Diagnostic>,
  ledger: ScriptLedger,
): (state: BaseState) => void {
  return (state) => {
    for (const step of steps) {
      switch (step.kind) {
        case "stack": {
          const deck = cardsOf(state, game, step.zone);
          step.cards.forEach((pattern, position) => {
            const id = setupCards.get(pattern)!;
            const from = locate(state, game, id);
            if (from && position < deck.length) {
              // Swap: the card that was at this position takes the listed card's old place.
              from.cards[from.index] = deck[position]!;
              deck[position] = id;
            } else {
              from?.cards.splice(from.index, 1);
              deck.splice(Math.min(position, deck.length), 0, id);
            }
          });
          break;
        }
        case "put": {
          const problem = put(state, game, file, step, setupCards);
          if (problem) failures.set(step, problem);
          break;
        }
        case "set-cards": {
          const problem = setCards(state, game, file, step, setupCards);
          if (problem) failures.set(step, problem);
          break;
        }
        case "set": {
          const name = step.variable.name.text;
          if (!varNamed(game, name)) {
            // A local of the flow, for the decision it starts at.
            state.locals[name] = localValue(game, step.values, setupCards.values());
            break;
          }
          const values = step.values.map(literalValue);
          const current = state.vars[name];
          if (step.variable.card) (current as Record<CardId, Value>)[targetCard(game, step.variable)] = values[0]!;
          else if (step.variable.seat && step.variable.key)
            setPairValue(current as PairRow[], seatIndex(state.vars, state.players, step.variable.seat), step.variable.key.value, values[0]!);
          else if (step.variable.seat)
            (current as Value[])[seatIndex(state.vars, state.players, step.variable.seat)] = values[0]!;
          else if (Array.isArray(current))
            current.forEach((_, seat) => (current[seat] = values[values.length === 1 ? 0 : seat]!));
          else state.vars[name] = values[0]!;
          break;
        }
      }
    }
    for (const step of steps) if (isScriptStep(step)) ledger.add(state, step);
    const start = steps.find((step) => step.kind === "start");
    if (start) {
      try {
        game.enter!(state, start.decision.text);
      } catch (thrown) {
        // A fault from whichever copy of the runtime the game was loaded with: known by its code.
        const code = thrown instanceof Error && "code" in thrown ? String(thrown.code) : "";
        if (!code.startsWith("fault/")) throw thrown;
        failures.set(start, error(file, start.span, "scenario/cannot-start", `cannot start at ${start.decision.text}: ${(thrown as Error).message}`));
      }
    }
  };
}

/**
 * `put … into hand[0]`: each card leaves its place for the end of the zone. Without
 * `replaced from`, the cards after it in its old zone move up one place; with it, the last card of
 * that zone moves into the place instead, so every other card stays where it was (a deck's later
 * deals included). A card already in the zone just moves to its end.
 */
function put(
  state: BaseState,
  game: Game,
  file: string,
  step: Extract<SetupStep, { kind: "put" }>,
  setupCards: ReadonlyMap<CardPattern, CardId>,
): Diagnostic | null {
  const destination = cardsOf(state, game, step.zone);
  const filler = step.replacedFrom ? cardsOf(state, game, step.replacedFrom) : null;
  for (const pattern of step.cards) {
    const id = setupCards.get(pattern)!;
    const from = locate(state, game, id);
    // The last card of the filling zone leaving it leaves no gap to fill.
    const last = from !== undefined && from.cards === filler && from.index === filler.length - 1;
    const fills = from && filler && from.cards !== destination && !last;
    if (from && fills && filler.length === 0) {
      return error(
        file,
        step.span,
        "scenario/nothing-to-fill",
        `'${formatTarget(step.replacedFrom!)}' has no card left to fill the place ${formatPattern(pattern)} leaves in '${from.zone}'`,
      );
    }
    if (from && fills) from.cards[from.index] = filler.pop()!;
    else from?.cards.splice(from.index, 1);
    destination.push(id);
  }
  return overCapacity(game, file, step, destination);
}

/** A step that left a zone holding more cards than it may. */
function overCapacity(
  game: Game,
  file: string,
  step: SetupStep & { zone: Target },
  cards: readonly CardId[],
): Diagnostic | null {
  const capacity = zoneNamed(game, step.zone.name.text)!.capacity;
  if (capacity === null || cards.length <= capacity) return null;
  const most = capacity === 1 ? "1 card" : `${capacity} cards`;
  return error(
    file,
    step.span,
    "scenario/over-capacity",
    `'${step.zone.name.text}' holds at most ${most}, but now has ${cards.length}`,
  );
}

/**
 * `set hand[0] = [...]`: the zone ends holding exactly the listed cards, in order. Each card
 * brought in from elsewhere trades places with one the zone held but does not list; displaced
 * cards left over (the zone shrank) go to the end of the `rest` zone. Every card stays in one place.
 */
function setCards(
  state: BaseState,
  game: Game,
  file: string,
  step: Extract<SetupStep, { kind: "set-cards" }>,
  setupCards: ReadonlyMap<CardPattern, CardId>,
): Diagnostic | null {
  const zone = cardsOf(state, game, step.zone);
  const listed = step.cards.map((pattern) => setupCards.get(pattern)!);
  const displaced = zone.filter((id) => !listed.includes(id));
  const incoming = listed.filter((id) => !zone.includes(id));
  // A listed card that is in no zone leaves no place behind for a displaced one.
  const places = incoming.filter((id) => locate(state, game, id) !== undefined).length;
  const leftover = displaced.slice(places);
  if (leftover.length > 0 && !step.rest) {
    const others = leftover.length === 1 ? "other card goes" : `${leftover.length} others go`;
    return error(
      file,
      step.span,
      "scenario/nowhere-to-go",
      `'${formatTarget(step.zone)}' held ${zone.length} cards and keeps ${listed.length}: say where the ${others}, e.g. '…], rest into <zone>'`,
    );
  }
  let swapped = 0;
  for (const id of incoming) {
    const from = locate(state, game, id);
    if (!from) continue;
    if (swapped < displaced.length) from.cards[from.index] = displaced[swapped++]!;
    else from.cards.splice(from.index, 1);
  }
  if (step.rest) cardsOf(state, game, step.rest).push(...leftover);
  zone.splice(0, zone.length, ...listed);
  return overCapacity(game, file, step, zone);
}
