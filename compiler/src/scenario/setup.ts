// The scenario's `stack`, `put`, `set` and `random` steps, applied to the freshly set-up state
// before the flow first advances (the `prepare` hook of `createMatch`). Cards are only ever
// moved or swapped, so every card stays in exactly one place.
import type { BaseState, CardId, Game, Value } from "@rules/runtime";
import { error, type Diagnostic } from "../diagnostics.js";
import type { CardPattern, SetupStep, Target } from "./ast.js";
import { literalValue } from "./cards.js";
import { zoneNamed } from "./resolve.js";

/** The card list of a zone, or of one seat's part of a per-player zone. */
function cardsOf(state: BaseState, game: Game, target: Target): CardId[] {
  const zone = state.zones[target.name.text]!;
  return zoneNamed(game, target.name.text)!.perPlayer ? (zone as CardId[][])[target.seat!.seat]! : (zone as CardId[]);
}

/** Where a card is now: its list and index, or undefined if it is in no zone. */
function locate(state: BaseState, game: Game, id: CardId): { cards: CardId[]; index: number } | undefined {
  for (const zone of game.meta.zones) {
    const content = state.zones[zone.name];
    if (!content) continue;
    const parts = zone.perPlayer ? (content as CardId[][]) : [content as CardId[]];
    for (const cards of parts) {
      const index = cards.indexOf(id);
      if (index >= 0) return { cards, index };
    }
  }
  return undefined;
}

/**
 * The `prepare` function for `createMatch`: applies the setup steps in order. Problems that only
 * the live state shows (a zone over its capacity) are recorded in `failures`, by step.
 */
export function prepareSetup(
  game: Game,
  file: string,
  steps: readonly SetupStep[],
  setupCards: ReadonlyMap<CardPattern, CardId>,
  failures: Map<SetupStep, Diagnostic>,
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
          const destination = cardsOf(state, game, step.zone);
          for (const pattern of step.cards) {
            const id = setupCards.get(pattern)!;
            const from = locate(state, game, id);
            from?.cards.splice(from.index, 1);
            destination.push(id);
          }
          const capacity = zoneNamed(game, step.zone.name.text)!.capacity;
          if (capacity !== null && destination.length > capacity) {
            failures.set(
              step,
              error(
                file,
                step.span,
                "scenario/over-capacity",
                `'${step.zone.name.text}' holds at most ${capacity === 1 ? "1 card" : `${capacity} cards`}, but now has ${destination.length}`,
              ),
            );
          }
          break;
        }
        case "set": {
          const name = step.variable.name.text;
          const values = step.values.map(literalValue);
          const current = state.vars[name];
          if (step.variable.seat) (current as Value[])[step.variable.seat.seat] = values[0]!;
          else if (Array.isArray(current))
            current.forEach((_, seat) => (current[seat] = values[values.length === 1 ? 0 : seat]!));
          else state.vars[name] = values[0]!;
          break;
        }
        case "random":
          state.random.script.push(...step.numbers.map((n) => n.value as number));
          break;
      }
    }
  };
}
