// Checks every name and number of a scenario against the game's meta before anything is played:
// zones, variables, card types and values, seats, and the length of per-seat lists. A scenario
// with a wrong name is reported in full and never half-run.
import { seatPlan, type BaseState, type CardId, type Game, type SeatPlan, type VarInfo, type ZoneInfo } from "@rules/runtime/internal";
import { didYouMean, error, type Diagnostic, type SourceSpan } from "../diagnostics.js";
import { pairTargetProblems } from "./pairs.js";
import type {
  Argument,
  CardPattern,
  Literal,
  MoveCall,
  Scenario,
  SeatRef,
  Step,
  Target,
  ZonePart,
} from "./ast.js";
import {
  cardsMatching,
  describeMeaning,
  formatLiteral,
  formatPattern,
  isProblem,
  meaningMatches,
  readPattern,
} from "./cards.js";
import { freshLocals, resolveLocal, resolveStart, rulesLocals } from "./flow.js";
import { resolveEvent } from "./events.js";
import { formatSeatRef, varNamed, zoneNamed, type ResolveContext } from "./names.js";
import { resolveFunctionExpectation } from "./functions.js";

export interface Resolution {
  readonly diagnostics: Diagnostic[];
  /** The card each pattern of a `stack` or `put` stands for: distinct copies, in the order written. */
  readonly setupCards: ReadonlyMap<CardPattern, CardId>;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Do two targets name the same seat (both none, or the same number or variable)? */
const sameSeat = (a: SeatRef | null, b: SeatRef | null): boolean =>
  (a === null ? "" : formatSeatRef(a)) === (b === null ? "" : formatSeatRef(b));

export function resolveScenario(scenario: Scenario, game: Game): Resolution {
  return new Resolver(scenario, game).run();
}

class Resolver implements ResolveContext {
  private readonly diagnostics: Diagnostic[] = [];
  private readonly setupCards = new Map<CardPattern, CardId>();
  private readonly claimed = new Set<CardId>();
  /** Every seat of the match: the scenario's players, then the seats the rules play (a `bot`). */
  readonly players: number;
  private readonly plan: SeatPlan;
  /** Does the scenario start at a decision (so that the flow's locals may be set)? */
  private readonly starts: boolean;
  private locals: BaseState["locals"] | null | undefined;

  constructor(
    private readonly scenario: Scenario,
    readonly game: Game,
  ) {
    this.plan = seatPlan(game.meta, scenario.players.count);
    this.players = this.plan.seats;
    this.starts = scenario.steps.some((step) => step.kind === "start");
  }

  /** The locals a fresh state keeps, by name (the flow's own, read once). */
  private keptLocals(): BaseState["locals"] {
    if (this.locals === undefined) {
      const { players, variants, seed } = this.scenario;
      this.locals = freshLocals(this.game, players.count, variants.map((v) => v.text), seed);
    }
    return this.locals ?? {};
  }

  run(): Resolution {
    for (const step of this.scenario.steps) this.step(step);
    return { diagnostics: this.diagnostics, setupCards: this.setupCards };
  }

  report(span: SourceSpan, code: string, message: string): void {
    this.diagnostics.push(error(this.scenario.file, span, code, message));
  }

  private step(step: Step): void {
    switch (step.kind) {
      case "stack": {
        const zone = this.zone(step.zone, true);
        for (const pattern of step.cards) this.claim(pattern, zone);
        return;
      }
      case "put": {
        const zone = this.zone(step.zone, true);
        for (const pattern of step.cards) this.claim(pattern, zone);
        if (step.replacedFrom) this.replacementZone(step.replacedFrom, step.zone, zone);
        return;
      }
      case "repeat":
        for (const inner of step.steps) this.step(inner);
        return;
      case "set-cards": {
        const zone = this.zone(step.zone, true);
        for (const pattern of step.cards) this.claim(pattern, zone);
        if (step.rest) this.restZone(step.rest, step.zone, zone);
        return;
      }
      case "set": {
        if (!varNamed(this.game, step.variable.name.text) && step.variable.name.text in this.keptLocals()) {
          return resolveLocal(this, step, this.keptLocals(), this.starts);
        }
        const variable = this.variable(step.variable, true);
        if (variable) this.values(step.variable, variable, step.values, true);
        return;
      }
      case "expect-var": {
        const variable = this.variable(step.variable);
        if (variable) this.values(step.variable, variable, step.values, false);
        return;
      }
      case "start":
        return resolveStart(this, step.decision);
      case "shuffle": {
        const zone = this.zone(step.zone, true);
        const copies = new Set<CardId>();
        for (const pattern of step.cards) {
          const ids = this.pattern(pattern, zone);
          const free = ids.find((id) => !copies.has(id));
          if (ids.length > 0 && free === undefined) {
            this.report(pattern.span, "scenario/not-enough-cards", `the game has ${plural(ids.length, `'${formatPattern(pattern)}' card`)}, and this order already names ${ids.length === 1 ? "it" : "them all"}`);
          }
          if (free !== undefined) copies.add(free);
        }
        return;
      }
      case "random":
      case "dice":
        return;
      case "expect-event":
        if (step.viewer) this.seat(step.viewer);
        return resolveEvent(this, step.event);
      case "expect-function":
        return resolveFunctionExpectation(this, step);
      case "play":
        this.notBot(step.seat);
        this.seat(step.seat);
        this.move(step.move, false);
        return;
      case "expect-legal":
      case "expect-illegal":
        this.seat(step.seat);
        this.move(step.move, step.kind === "expect-legal");
        return;
      case "expect-options":
        this.seat(step.seat);
        return;
      case "expect-not-over":
        return;
      case "expect-keys":
        this.seat(step.seat);
        return;
      case "expect-tiebreak":
        if (step.values.length !== this.players) {
          this.report(
            step.values[0]!.span,
            "scenario/wrong-count",
            `give tie-breaker ${step.key.index} of each of the ${this.players} seats, not ${step.values.length} values`,
          );
        }
        return;
      case "expect-view-value":
        this.seat(step.seat);
        if (step.field.seat) this.seat(step.field.seat);
        if (step.field.card || varNamed(this.game, step.field.name.text)?.perCard) this.variable(step.field);
        for (const value of step.values) if (value.kind === "move") this.move(value.move, false);
        return;
      case "expect-activity":
      case "expect-winners":
        step.seats.forEach((seat) => this.seat(seat));
        return;
      case "expect-zone":
      case "expect-contains": {
        const zone = this.zone(step.zone, true);
        if (zone && step.part) this.part(step.part, zone);
        for (const pattern of step.cards) this.pattern(pattern, zone);
        return;
      }
      case "expect-score":
        this.seat(step.seat);
        return;
      case "expect-view-zone": {
        this.seat(step.seat);
        const zone = this.zone(step.zone, true);
        for (const pattern of step.cards) if (pattern) this.pattern(pattern, zone);
        return;
      }
      case "expect-view-cards":
        this.seat(step.seat);
        for (const pattern of step.cards) this.pattern(pattern);
        return;
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

  /** A seat the rules play never moves: a scenario scripts the people's moves only. */
  private notBot(seat: SeatRef): void {
    const bot = "seat" in seat ? this.plan.list[seat.seat]?.bot : null;
    if (bot) {
      this.report(
        seat.span,
        "scenario/bot-seat",
        `seat ${formatSeatRef(seat)} is ${bot.label}, played by the rules: the rules make its moves, so a scenario cannot play for it`,
      );
    }
  }

  seat(seat: SeatRef): void {
    if (!("seat" in seat)) return this.seatVariable(seat.variable.text, seat.variable.span);
    if (seat.seat >= this.players) {
      this.report(
        seat.span,
        "scenario/unknown-seat",
        `there is no seat ${seat.seat} in a ${this.players}-player game (seats are 0 to ${this.players - 1})`,
      );
    }
  }

  /** A seat named by a variable: a shared one that holds a player. */
  private seatVariable(name: string, span: SourceSpan): void {
    const variable = varNamed(this.game, name);
    if (variable && variable.type === "player" && !variable.perPlayer) return;
    const players = this.game.meta.vars.filter((v) => v.type === "player" && !v.perPlayer).map((v) => v.name);
    const which = players.length > 0 ? `: ${players.join(", ")}` : "; this game has none";
    const what = variable ? `'${name}' does not hold one player` : `${this.game.id} has no variable '${name}'`;
    this.report(
      span,
      "scenario/not-a-seat",
      `${what}; a seat is a number or a shared player variable${which}${didYouMean(name, players)}`,
    );
  }

  /** Where a `set … , rest into` zone sends the displaced cards: another zone of the same cards. */
  private restZone(rest: Target, target: Target, zone: ZoneInfo | undefined): void {
    const into = this.zone(rest, true);
    if (!into || !zone) return;
    if (into.cardType !== zone.cardType) {
      this.report(
        rest.name.span,
        "scenario/wrong-card-type",
        `'${into.name}' holds ${into.cardType} cards, not ${zone.cardType}`,
      );
    } else if (into.name === zone.name && sameSeat(rest.seat, target.seat)) {
      this.report(rest.span, "scenario/same-zone", "the displaced cards must leave the zone: name another one");
    }
  }

  /** Where `put …, replaced from` takes the cards that fill the places left: another zone of the same cards. */
  private replacementZone(from: Target, target: Target, zone: ZoneInfo | undefined): void {
    const source = this.zone(from, true);
    if (!source || !zone) return;
    if (source.cardType !== zone.cardType) {
      this.report(
        from.name.span,
        "scenario/wrong-card-type",
        `'${source.name}' holds ${source.cardType} cards, not ${zone.cardType}: it cannot fill a place they leave`,
      );
    } else if (source.name === zone.name && sameSeat(from.seat, target.seat)) {
      this.report(
        from.span,
        "scenario/same-zone",
        "the cards that fill the places left come from another zone than the one the cards go into",
      );
    }
  }

  /** `top 3 of draw`: only an ordered zone has a top and a bottom. */
  private part(part: ZonePart, zone: ZoneInfo): void {
    if (zone.ordered) return;
    this.report(part.span, "scenario/not-ordered", `'${zone.name}' is not kept in order, so it has no ${part.end}`);
  }

  /** A zone; one seat's when `needsSeat` (a per-player zone named bare is all seats' only in counts). */
  zone(target: Target, needsSeat: boolean): ZoneInfo | undefined {
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
    if (target.card) {
      this.report(target.span, "scenario/not-per-card", `'${name}' is a zone: name it alone or with a seat, not with a card`);
      return zone;
    }
    this.perPlayer(target, zone.perPlayer, needsSeat, "zone");
    return zone;
  }

  /** A variable; for `set`, a name the game does not have may be meant for a local of the flow. */
  variable(target: Target, settable = false): VarInfo | undefined {
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
        const locals = settable ? rulesLocals(this.keptLocals()) : [];
        // The flow keeps a local in the state only when it lives across a decision; any other is set by the flow before it is read.
        const kept = settable
          ? `, and no local '${name}' of its flow lives across a decision (${locals.length > 0 ? `those that do: ${locals.join(", ")}` : "none does"}): a local that never waits for a decision is set by the flow itself`
          : "";
        const known = [...this.game.meta.vars.map((v) => v.name), ...locals];
        this.report(
          target.name.span,
          "scenario/unknown-var",
          `${this.game.id} has no variable '${name}'${kept}${didYouMean(name, known)}`,
        );
      }
      return undefined;
    }
    if (variable.perCard || target.card) {
      this.perCard(target, variable);
      return variable;
    }
    if (variable.perKey || target.key) {
      for (const problem of pairTargetProblems(this.game, target, variable, this.players)) this.report(problem.span, problem.code, problem.message);
      if (target.seat) this.seat(target.seat);
      return variable;
    }
    this.perPlayer(target, variable.perPlayer, false, "variable");
    return variable;
  }

  /** A per-card variable is named with one card of its type (`houses[Deed 3]`), and only it is. */
  private perCard(target: Target, variable: VarInfo): void {
    const name = target.name.text;
    if (!variable.perCard) {
      this.report(target.span, "scenario/not-per-card", `'${name}' is not a variable per card: write it${variable.perPlayer ? " with a seat," : ""} without a card`);
      return;
    }
    if (!target.card) {
      this.report(target.span, "scenario/needs-card", `'${name}' holds one value per ${variable.perCard} card: say which card's, e.g. '${name}[${variable.perCard} ...]'`);
      return;
    }
    const ids = this.pattern(target.card);
    if (ids.length === 0) return;
    const type = target.card.type.text;
    if (type !== variable.perCard) {
      this.report(target.card.type.span, "scenario/wrong-card-type", `'${name}' holds one value per ${variable.perCard} card, not per ${type}`);
    } else if (ids.length > 1) {
      this.report(target.card.span, "scenario/ambiguous-card", `${formatPattern(target.card)} names ${ids.length} cards, and each has its own '${name}': give more of its values, or say which copy ('${formatPattern(target.card)} copy 2')`);
    }
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
    const perSeat = variable.perPlayer && target.seat === null && !target.card;
    const expected = perSeat ? this.players : 1;
    if (values.length !== expected && !(perSeat && oneForAll && values.length === 1)) {
      const name = target.name.text;
      const message = perSeat
        ? `'${name}' is per player: give one value for each of the ${this.players} seats${oneForAll ? " (or one for all)" : ""}, or write ${name}[seat]`
        : `'${name}${target.seat ? `[${formatSeatRef(target.seat)}]` : ""}' holds one value, not ${values.length}`;
      this.report(values[0]!.span, "scenario/wrong-count", message);
    }
    for (const value of values) this.valueOfType(value, variable);
  }

  valueOfType(value: Literal, variable: VarInfo): void {
    const { type, name } = variable;
    const fits =
      type === "int"
        ? value.kind === "number" && Number.isInteger(value.value)
        : type === "bool"
          ? value.kind === "word" && (value.value === "true" || value.value === "false")
          : type === "player"
            ? value.kind === "number" &&
              Number.isInteger(value.value) &&
              (value.value as number) >= 0 &&
              (value.value as number) < this.players
            : value.kind !== "number";
    if (fits) return;
    const wanted =
      type === "int"
        ? "whole numbers"
        : type === "bool"
          ? "true or false"
          : type === "player"
            ? `a seat, 0 to ${this.players - 1}`
            : `a ${type} value`;
    this.report(value.span, "scenario/wrong-value", `'${name}' holds ${wanted}, not ${formatLiteral(value)}`);
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
  pattern(pattern: CardPattern, zone?: ZoneInfo): CardId[] {
    const typeName = pattern.type.text;
    const meaning = readPattern(this.game, pattern);
    if (!meaning) {
      const known = this.game.meta.cardTypes.map((t) => t.name);
      this.report(
        pattern.type.span,
        "scenario/unknown-card-type",
        `${this.game.id} has no card type '${typeName}'${didYouMean(typeName, known)}`,
      );
      return [];
    }
    if (isProblem(meaning)) {
      this.report(meaning.span, meaning.code, meaning.message);
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
      // Say so when only a flag left out (hence false) stands in the way: the card is a marked-down copy.
      const flagged = { ...meaning, plain: [] };
      const hint = this.game.meta.cards.some((card) => card.type === typeName && meaningMatches(flagged, card))
        ? `; a flag left out is false, so name ${meaning.plain.map((f) => `'${f}'`).join(" or ")} for such a card`
        : "";
      this.report(pattern.span, "scenario/unknown-card", `no ${typeName} card has ${describeMeaning(meaning)}${hint}`);
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
