// Scripted random outcomes: `random 3 0`, `dice 3 5` and `shuffle won[1]: …` queue what the game's
// next draws, rolls and shuffles give, in the order written (the runtime's `RandomState.script`).
// The ledger keeps, beside that queue, the line each outcome was scripted on, so that an outcome
// the game uses otherwise than scripted, or never uses, is reported where it was written.
import { cardName } from "./cards.js";
import { error, type Diagnostic } from "../diagnostics.js";
import type { BaseState, CardId, Game, ScriptedOutcome } from "@rules/runtime/internal";
import type { ScriptStep } from "./ast.js";
import { cardMatches, cardsMatching, formatLiteral, formatPattern } from "./cards.js";
import { seatIndex, zoneNamed } from "./names.js";

/** One outcome in the queue and where it came from. */
interface Entry {
  readonly outcome: ScriptedOutcome;
  readonly step: ScriptStep;
  /** How the scenario wrote it: `die face 5`, `random number 2`, `shuffle won[1]: Card payday`. */
  readonly written: string;
}

/** The cards of a zone, or of one seat's part of it, in the state as it is. */
function zoneCards(state: BaseState, game: Game, step: Extract<ScriptStep, { kind: "shuffle" }>): CardId[] {
  const content = state.zones[step.zone.name.text] ?? [];
  if (!zoneNamed(game, step.zone.name.text)?.perPlayer) return content as CardId[];
  return (content as CardId[][])[seatIndex(state.vars, state.players, step.zone.seat!)] ?? [];
}

/**
 * The outcomes one step scripts. A shuffle's cards are distinct copies, taken from the zone where
 * it holds them now (it may only get them later, from a deck reshuffled into it, say), else from
 * anywhere in the game.
 */
function outcomesOf(game: Game, state: BaseState, step: ScriptStep): Entry[] {
  switch (step.kind) {
    case "random":
      return step.numbers.map((n) => ({ outcome: n.value as number, step, written: `random number ${formatLiteral(n)}` }));
    case "dice":
      return step.faces.map((face) => ({
        outcome: (face.value as number) - 1,
        step,
        written: `die face ${formatLiteral(face)}`,
      }));
    case "shuffle": {
      const here = zoneCards(state, game, step);
      const used = new Set<CardId>();
      const top = step.cards.map((pattern) => {
        const fits = (id: CardId) => !used.has(id) && cardMatches(game, game.meta.cards[id], pattern);
        const id = here.find(fits) ?? cardsMatching(game, pattern).find(fits)!;
        used.add(id);
        return id;
      });
      const seat = step.zone.seat ? seatIndex(state.vars, state.players, step.zone.seat) : null;
      const zone = seat === null ? step.zone.name.text : `${step.zone.name.text}[${seat}]`;
      return [
        {
          outcome: { zone: step.zone.name.text, seat, top },
          step,
          written: `the shuffle of ${zone} leaving ${step.cards.map(formatPattern).join(", ")} on top`,
        },
      ];
    }
  }
}

const isScriptFault = (thrown: unknown): thrown is Error & { code: string } =>
  thrown instanceof Error && "code" in thrown && thrown.code === "fault/random-script";

/** The queue of scripted outcomes the game has not used yet, each with the step that scripted it. */
export class ScriptLedger {
  private entries: Entry[] = [];

  constructor(
    private readonly game: Game,
    private readonly file: string,
  ) {}

  /** Queues the step's outcomes behind those waiting, in the state and here. */
  add(state: BaseState, step: ScriptStep): void {
    const entries = outcomesOf(this.game, state, step);
    state.random.script.push(...entries.map((entry) => entry.outcome));
    this.entries.push(...entries);
  }

  /** Forgets the outcomes the game used: the state's queue is this queue's tail. */
  sync(state: BaseState): void {
    this.entries.splice(0, this.entries.length - state.random.script.length);
  }

  /** The outcomes still waiting, as written. */
  waiting(): readonly { readonly step: ScriptStep; readonly written: string }[] {
    return this.entries;
  }

  /** Outcomes the game never used, by the step that scripted them. */
  unused(): Diagnostic[] {
    const steps = [...new Set(this.entries.map((entry) => entry.step))];
    return steps.map((step) => {
      const written = this.entries.filter((entry) => entry.step === step).map((entry) => entry.written);
      return error(
        this.file,
        step.span,
        "scenario/script-not-used",
        `the game never used ${written.join(", ")}: no draw, roll or shuffle came for it by the end of the scenario`,
      );
    });
  }

  /**
   * A fault of the random source, told as the scenario's mistake at the line that scripted the
   * outcome. `probe` runs the same thing again on a copy of the state, so that the queue left at
   * the fault says which outcome it was; null when the fault is another one.
   */
  explain(thrown: unknown, when: string, probe: () => BaseState): Diagnostic | null {
    if (!isScriptFault(thrown)) return null;
    const left = probe().random.script.length;
    // A shuffle takes its outcome before it looks for the cards; a draw looks before it takes one.
    const taken = /^card \d+ is scripted on top of/.test(thrown.message) ? 1 : 0;
    const entry = this.entries[this.entries.length - left - taken];
    if (!entry) return null;
    const range = /outside 0\.\.(\d+)/.exec(thrown.message);
    const sides = range ? Number(range[1]) + 1 : 0;
    const message =
      entry.step.kind === "dice" && range
        ? `the game drew a number among ${sides}: a die of ${sides} sides shows 1 to ${sides}`
        : thrown.message.replace(/\bcard (\d+)\b/g, (_, id: string) => cardName(this.game, Number(id)));
    return error(
      this.file,
      entry.step.span,
      "scenario/script-mismatch",
      `${entry.written} is not what the game did next ${when}: ${message}`,
    );
  }
}
