// Checks every name and number of a scenario against the game's meta before anything is played:
// zones, variables, card types and values, seats, and the length of per-seat lists. A scenario
// with a wrong name is reported in full and never half-run.
import type { CardId, Game, VarInfo, ZoneInfo } from "@rules/runtime";
import { didYouMean, error, type Diagnostic, type SourceSpan } from "../diagnostics.js";
import type { Argument, CardPattern, Literal, MoveCall, Scenario, SeatLiteral, Step, Target } from "./ast.js";
import { cardsMatching, formatPattern } from "./cards.js";

export interface Resolution {
  readonly diagnostics: Diagnostic[];
  /** The card each pattern of a `stack` or `put` stands for: distinct copies, in the order written. */
  readonly setupCards: ReadonlyMap<CardPattern, CardId>;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`;

export function zoneNamed(game: Game, name: string): ZoneInfo | undefined {
  return game.meta.zones.find((zone) => zone.name === name);
}

export function varNamed(game: Game, name: string): VarInfo | undefined {
  return game.meta.vars.find((v) => v.name === name);
}

/** Does a word written as a move argument name a card type (so it stands for a card)? */
export function isCardType(game: Game, word: string): boolean {
  return game.meta.cardTypes.some((type) => type.name === word);
}

export function resolveScenario(scenario: Scenario, game: Game): Resolution {
  return new Resolver(scenario, game).run();
}

class Resolver {
  private readonly diagnostics: Diagnostic[] = [];
  private readonly setupCards = new Map<CardPattern, CardId>();
  private readonly claimed = new Set<CardId>();
  private readonly players: number;

  constructor(
    private readonly scenario: Scenario,
    private readonly game: Game,
  ) {
    this.players = scenario.players.count;
  }

  run(): Resolution {
    for (const step of this.scenario.steps) this.step(step);
    return { diagnostics: this.diagnostics, setupCards: this.setupCards };
  }

  private report(span: SourceSpan, code: string, message: string): void {
    this.diagnostics.push(error(this.scenario.file, span, code, message));
  }

  private step(step: Step): void {
    switch (step.kind) {
      case "stack":
      case "put": {
        const zone = this.zone(step.zone, true);
        for (const pattern of step.cards) this.claim(pattern, zone);
        return;
      }
      case "set":
      case "expect-var": {
        const variable = this.variable(step.variable);
        if (variable) this.values(step.variable, variable, step.values, step.kind === "set");
        return;
      }
      case "random":
        return;
      case "play":
      case "expect-legal":
      case "expect-illegal":
        this.seat(step.seat);
        this.move(step.move, step.kind === "expect-legal");
        return;
      case "expect-options":
        this.seat(step.seat);
        return;
      case "expect-activity":
      case "expect-winners":
        step.seats.forEach((seat) => this.seat(seat));
        return;
      case "expect-zone":
      case "expect-contains": {
        const zone = this.zone(step.zone, true);
        for (const pattern of step.cards) this.pattern(pattern, zone);
        return;
      }
      case "expect-count": {
        const zone = this.zone(step.zone, false);
        if (zone) this.perSeatCount(step.zone, zone.perPlayer, step.counts, "count");
        return;
      }
      case "expect-scores":
        if (step.scores.length !== this.players) {
          this.report(
            step.span,
            "scenario/wrong-count",
            `give one score for each of the ${this.players} seats, not ${step.scores.length}`,
          );
        }
        return;
      case "expect-ranking": {
        const seats = step.groups.flat();
        seats.forEach((seat) => this.seat(seat));
        const listed = new Set(seats.map((s) => s.seat));
        if (seats.length !== this.players || listed.size !== this.players) {
          this.report(step.span, "scenario/wrong-count", `a ranking lists each of the ${this.players} seats once`);
        }
        return;
      }
    }
  }

  private seat(seat: SeatLiteral): void {
    if (seat.seat >= this.players) {
      this.report(
        seat.span,
        "scenario/unknown-seat",
        `there is no seat ${seat.seat} in a ${this.players}-player game (seats are 0 to ${this.players - 1})`,
      );
    }
  }

  /** A zone; one seat's when `needsSeat` (a per-player zone named bare is all seats' only in counts). */
  private zone(target: Target, needsSeat: boolean): ZoneInfo | undefined {
    const name = target.name.text;
    const zone = zoneNamed(this.game, name);
    if (!zone) {
      if (varNamed(this.game, name)) {
        this.report(target.name.span, "scenario/not-a-zone", `'${name}' is a variable, not a zone`);
      } else {
        const known = this.game.meta.zones.map((z) => z.name);
        this.report(
          target.name.span,
          "scenario/unknown-zone",
          `${this.game.id} has no zone '${name}'${didYouMean(name, known)}`,
        );
      }
      return undefined;
    }
    this.perPlayer(target, zone.perPlayer, needsSeat, "zone");
    return zone;
  }

  private variable(target: Target): VarInfo | undefined {
    const name = target.name.text;
    const variable = varNamed(this.game, name);
    if (!variable) {
      if (zoneNamed(this.game, name)) {
        this.report(
          target.name.span,
          "scenario/not-a-variable",
          `'${name}' is a zone, not a variable: expect its cards in [ ]`,
        );
      } else {
        const known = this.game.meta.vars.map((v) => v.name);
        this.report(
          target.name.span,
          "scenario/unknown-var",
          `${this.game.id} has no variable '${name}'${didYouMean(name, known)}`,
        );
      }
      return undefined;
    }
    this.perPlayer(target, variable.perPlayer, false, "variable");
    return variable;
  }

  /** A seat only on per-player things, and a valid one. */
  private perPlayer(target: Target, perPlayer: boolean, needsSeat: boolean, what: string): void {
    const name = target.name.text;
    if (target.seat && !perPlayer) {
      this.report(
        target.span,
        "scenario/not-per-player",
        `'${name}' is one shared ${what}, not one per player: write it without [seat]`,
      );
    } else if (target.seat) {
      this.seat(target.seat);
    } else if (perPlayer && needsSeat) {
      this.report(
        target.span,
        "scenario/needs-seat",
        `'${name}' is one ${what} per player: say whose, e.g. '${name}[0]'`,
      );
    }
  }

  /** Values for a variable: one, or for a per-player one named bare, one per seat (`set` also takes one for all). */
  private values(target: Target, variable: VarInfo, values: readonly Literal[], oneForAll: boolean): void {
    const perSeat = variable.perPlayer && target.seat === null;
    const expected = perSeat ? this.players : 1;
    if (values.length !== expected && !(perSeat && oneForAll && values.length === 1)) {
      const name = target.name.text;
      const message = perSeat
        ? `'${name}' is per player: give one value for each of the ${this.players} seats${oneForAll ? " (or one for all)" : ""}, or write ${name}[seat]`
        : `'${name}${target.seat ? `[${target.seat.seat}]` : ""}' holds one value, not ${values.length}`;
      this.report(values[0]!.span, "scenario/wrong-count", message);
    }
    for (const value of values) this.valueOfType(value, variable);
  }

  private valueOfType(value: Literal, variable: VarInfo): void {
    const { type, name } = variable;
    const fits =
      type === "int"
        ? value.kind === "int"
        : type === "bool"
          ? value.kind === "word" && (value.value === "true" || value.value === "false")
          : type === "player"
            ? value.kind === "int" && (value.value as number) >= 0 && (value.value as number) < this.players
            : value.kind !== "int";
    if (fits) return;
    const wanted =
      type === "int"
        ? "whole numbers"
        : type === "bool"
          ? "true or false"
          : type === "player"
            ? `a seat, 0 to ${this.players - 1}`
            : `a ${type} value`;
    this.report(value.span, "scenario/wrong-value", `'${name}' holds ${wanted}, not ${String(value.value)}`);
  }

  private perSeatCount(target: Target, perPlayer: boolean, counts: readonly Literal[], what: string): void {
    const expected = perPlayer && target.seat === null ? this.players : 1;
    if (counts.length === expected) return;
    const name = target.name.text;
    const message =
      expected === 1
        ? `give one ${what} for '${name}', not ${counts.length}`
        : `'${name}' is per player: give one ${what} for each of the ${this.players} seats, or write ${name}[seat]`;
    this.report(counts[0]!.span, "scenario/wrong-count", message);
  }

  /** The pattern names a card of the game (of the zone's card type, if a zone is given). */
  private pattern(pattern: CardPattern, zone?: ZoneInfo): CardId[] {
    const typeName = pattern.type.text;
    const type = this.game.meta.cardTypes.find((t) => t.name === typeName);
    if (!type) {
      const known = this.game.meta.cardTypes.map((t) => t.name);
      this.report(
        pattern.type.span,
        "scenario/unknown-card-type",
        `${this.game.id} has no card type '${typeName}'${didYouMean(typeName, known)}`,
      );
      return [];
    }
    if (pattern.fields.length > type.fields.length) {
      const fields = type.fields.map((f) => f.name).join(", ");
      this.report(
        pattern.span,
        "scenario/too-many-values",
        `a ${typeName} card has ${plural(type.fields.length, "field")}${fields ? ` (${fields})` : ""}, but ${pattern.fields.length} values are given`,
      );
      return [];
    }
    if (zone && zone.cardType !== typeName) {
      this.report(
        pattern.type.span,
        "scenario/wrong-card-type",
        `'${zone.name}' holds ${zone.cardType} cards, not ${typeName}`,
      );
      return [];
    }
    const ids = cardsMatching(this.game, pattern);
    if (ids.length === 0) {
      const said = pattern.fields.map((value, i) => `${type.fields[i]!.name} ${String(value.value)}`).join(" and ");
      this.report(pattern.span, "scenario/unknown-card", `no ${typeName} card has ${said}`);
    }
    return ids;
  }

  /** Picks the first copy of the card that no earlier `stack` or `put` placed. */
  private claim(pattern: CardPattern, zone: ZoneInfo | undefined): void {
    const ids = this.pattern(pattern, zone);
    if (ids.length === 0) return;
    const free = ids.find((id) => !this.claimed.has(id));
    if (free === undefined) {
      this.report(
        pattern.span,
        "scenario/not-enough-cards",
        `the game has ${plural(ids.length, `'${formatPattern(pattern)}' card`)}, and this scenario already placed ${ids.length === 1 ? "it" : "them all"}`,
      );
      return;
    }
    this.claimed.add(free);
    this.setupCards.set(pattern, free);
  }

  private move(move: MoveCall, rangesAllowed: boolean): void {
    for (const arg of move.arguments) this.argument(arg.value, rangesAllowed);
  }

  private argument(arg: Argument, rangesAllowed: boolean): void {
    if (arg.kind === "card") this.pattern(arg.card);
    else if (arg.kind === "list") arg.items.forEach((item) => this.argument(item, rangesAllowed));
    else if (arg.kind === "range" && !rangesAllowed) {
      this.report(
        arg.span,
        "scenario/range-in-move",
        "a move takes one value here; a range such as 4..18 only describes a domain in 'expect legal'",
      );
    }
  }
}
