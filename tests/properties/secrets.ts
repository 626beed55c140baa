// What a seat may not know, read from a game's meta, and two ways to find it in a view:
// structurally (the view's zones, vars and submissions against the state), and by difference
// (states that differ only in the seat's secrets must give it the same view).

import { cloneJson, sameJson } from "@rules/runtime/internal";
import type {
  BaseState,
  CardId,
  Game,
  GameMeta,
  Rng,
  Seat,
  Value,
  VarInfo,
  Visibility,
  ZoneInfo,
} from "@rules/runtime/internal";
import { zoneLists } from "./conservation.js";
import { legalMoveFor } from "./harness.js";

/**
 * Whether `seat` (null: a spectator) may see a zone or variable with this visibility, held by
 * `owner` (null: shared). A shared thing has no owner, so "owner" and "others" visibility hide it from all.
 */
export function maySee(visibility: Visibility, owner: Seat | null, seat: Seat | null): boolean {
  // "open" is a per-card value's: seen wherever its card lies (by position where the card is hidden).
  if (visibility === "public" || visibility === "open") return true;
  if (visibility === "hidden") return false;
  // "others": every seat but the owner's (a Hanabi hand); a spectator is no seat, so not it either.
  if (visibility === "others") return owner !== null && seat !== null && owner !== seat;
  return owner !== null && owner === seat;
}

/** The card lists `seat` may not see, each with its zone and owner. */
export function secretCardLists(
  meta: GameMeta,
  state: BaseState,
  seat: Seat | null,
): { zone: ZoneInfo; owner: Seat | null; cards: CardId[] }[] {
  return meta.zones.flatMap((zone) =>
    zoneLists(zone, state)
      .filter(({ owner }) => !maySee(zone.visibility, owner, seat))
      .map(({ owner, cards }) => ({ zone, owner, cards })),
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether `value` holds, anywhere inside it, something deep-equal to `target`. */
export function containsValue(value: unknown, target: unknown): boolean {
  if (sameJson(value, target)) return true;
  if (Array.isArray(value)) return value.some((item) => containsValue(item, target));
  if (isRecord(value)) return Object.values(value).some((item) => containsValue(item, target));
  return false;
}

/** The cards `seat` has been shown (`reveal ... to`), which it may see even where they lie hidden. */
export function knownCards(state: BaseState, seat: Seat | null): readonly CardId[] {
  const knowledge = (state as BaseState & { knowledge?: CardId[][] }).knowledge;
  return seat === null || !knowledge ? [] : (knowledge[seat] ?? []);
}

function checkZoneView(
  where: string,
  entry: unknown,
  cards: readonly CardId[],
  visible: boolean,
  problems: string[],
  known: readonly CardId[] = [],
  open: readonly { name: string; values: Record<CardId, Value>; initial: Value | undefined }[] = [],
): void {
  if (!isRecord(entry)) {
    problems.push(`the view has no zone view for ${where}`);
    return;
  }
  if (entry["count"] !== cards.length) {
    problems.push(`the view counts ${String(entry["count"])} cards in ${where}, which holds ${cards.length}`);
  }
  if (visible && !sameJson(entry["cards"], cards)) {
    problems.push(`the view shows ${JSON.stringify(entry["cards"])} in ${where}, which holds ${JSON.stringify(cards)}`);
  }
  if (!visible && entry["cards"] !== undefined) {
    problems.push(`the view shows the cards of ${where}: ${JSON.stringify(entry["cards"])}`);
  }
  // In a hidden zone, a view may show by position exactly the cards this seat has been shown.
  const expectedKnown = cards.map((card) => (known.includes(card) ? card : null));
  const knowsSome = !visible && expectedKnown.some((card) => card !== null);
  if (knowsSome ? !sameJson(entry["known"], expectedKnown) : entry["known"] !== undefined) {
    problems.push(`the view shows ${JSON.stringify(entry["known"])} as known in ${where}; the seat knows ${JSON.stringify(expectedKnown)}`);
  }
  // Where the cards are hidden, each open per-card value by position (null where it is the start value).
  const expectedMarks: Record<string, (Value | null)[]> = {};
  for (const v of visible ? [] : open) {
    const row = cards.map((card) => (v.values[card] === v.initial ? null : v.values[card]!));
    if (row.some((value) => value !== null)) expectedMarks[v.name] = row;
  }
  const marks = Object.keys(expectedMarks).length > 0 ? expectedMarks : undefined;
  if (!sameJson(entry["marks"], marks)) {
    problems.push(`the view marks ${where} with ${JSON.stringify(entry["marks"])}; its cards carry ${JSON.stringify(marks)}`);
  }
}

/** The open per-card variables of a card type, with their values, for checkZoneView. */
function openValues(meta: GameMeta, state: BaseState, cardType: string): { name: string; values: Record<CardId, Value>; initial: Value | undefined }[] {
  return meta.vars
    .filter((v) => v.perCard === cardType && v.visibility === "open")
    .map((v) => ({ name: v.name, values: state.vars[v.name] as Record<CardId, Value>, initial: v.initial }));
}

/** The cards of a type `seat` can tell apart where they lie: those in zones it sees, and those it was shown. */
export function identifiedCards(meta: GameMeta, state: BaseState, seat: Seat | null, cardType: string): Set<CardId> {
  const known = new Set(knownCards(state, seat));
  const cards = new Set<CardId>();
  for (const zone of meta.zones.filter((z) => z.cardType === cardType)) {
    for (const { owner, cards: held } of zoneLists(zone, state)) {
      const seen = maySee(zone.visibility, owner, seat);
      for (const card of held) if (seen || known.has(card)) cards.add(card);
    }
  }
  return cards;
}

/** A per-card variable in a view: a public one holds the values of exactly the cards the seat can
 *  identify, keyed by id (any other entry would tell where a hidden card lies); a hidden one is absent. */
function checkCardValuesView(
  v: VarInfo,
  shown: unknown,
  values: Record<CardId, Value>,
  identified: () => readonly CardId[],
  problems: string[],
): void {
  if (v.visibility !== "public" && v.visibility !== "open") {
    if (shown !== undefined) problems.push(`the view shows ${v.visibility} per-card ${v.name}: ${JSON.stringify(shown)}`);
    return;
  }
  const expected: Record<CardId, Value> = {};
  for (const card of identified()) expected[card] = values[card]!;
  if (!sameJson(shown, expected)) {
    problems.push(`the view shows ${v.name} as ${JSON.stringify(shown)}; the seat can identify ${JSON.stringify(expected)}`);
  }
}

function checkVarView(v: VarInfo, shown: unknown, value: unknown, seat: Seat | null, problems: string[]): void {
  if (!v.perPlayer) {
    const visible = maySee(v.visibility, null, seat);
    if (visible && !sameJson(shown, value)) {
      problems.push(`the view shows ${v.name} as ${JSON.stringify(shown)}, not ${JSON.stringify(value)}`);
    }
    if (!visible && shown !== undefined && shown !== null) {
      problems.push(`the view shows ${v.visibility} ${v.name}: ${JSON.stringify(shown)}`);
    }
    return;
  }
  const values = value as Value[];
  // A per-player variable no seat may see may be left out of the view altogether.
  if (shown === undefined && values.every((_, owner) => !maySee(v.visibility, owner, seat))) return;
  if (!Array.isArray(shown) || shown.length !== values.length) {
    problems.push(`the view does not show ${v.name} as one entry per seat: ${JSON.stringify(shown)}`);
    return;
  }
  for (const [owner, own] of values.entries()) {
    if (maySee(v.visibility, owner, seat)) {
      if (!sameJson(shown[owner], own)) {
        problems.push(
          `the view shows ${v.name}[${owner}] as ${JSON.stringify(shown[owner])}, not ${JSON.stringify(own)}`,
        );
      }
    } else if (shown[owner] !== null) {
      problems.push(`the view shows ${v.visibility} ${v.name}[${owner}]: ${JSON.stringify(shown[owner])}`);
    }
  }
}

/**
 * Why `view` is not what `seat` may know of `state`. Compiled views lay zones out by name in
 * `zones` (a ZoneView, or one per seat) and variables by name in `vars` (by seat, null where
 * unseen); what the seat may see must be there and right, what it may not must be absent.
 * Another seat's secret submission must be nowhere in the view.
 */
export function viewProblems(meta: GameMeta, state: BaseState, view: unknown, seat: Seat | null): string[] {
  const problems: string[] = [];
  if (!isRecord(view) || !isRecord(view["zones"]) || !isRecord(view["vars"])) {
    return [`the view is not laid out as { zones: {...}, vars: {...} }: ${JSON.stringify(view)}`];
  }
  const zones = view["zones"];
  const vars = view["vars"];
  for (const zone of meta.zones) {
    const entry = zones[zone.name];
    const known = knownCards(state, seat);
    const open = openValues(meta, state, zone.cardType);
    for (const { owner, cards } of zoneLists(zone, state)) {
      const visible = maySee(zone.visibility, owner, seat);
      if (owner === null) checkZoneView(zone.name, entry, cards, visible, problems, known, open);
      else if (!Array.isArray(entry)) problems.push(`the view of per-player zone ${zone.name} is not one per seat`);
      else checkZoneView(`${zone.name}[${owner}]`, entry[owner], cards, visible, problems, known, open);
    }
  }
  // The cards a seat can identify, by card type: the same for every per-card variable of the type.
  const identified = new Map<string, CardId[]>();
  const identifiedOf = (cardType: string) => {
    let cards = identified.get(cardType);
    if (!cards) identified.set(cardType, (cards = [...identifiedCards(meta, state, seat, cardType)].sort((a, b) => a - b)));
    return cards;
  };
  for (const v of meta.vars) {
    if (v.perCard) checkCardValuesView(v, vars[v.name], state.vars[v.name] as Record<CardId, Value>, () => identifiedOf(v.perCard!), problems);
    else checkVarView(v, vars[v.name], state.vars[v.name], seat, problems);
  }
  const own = seat === null ? null : (state.pending?.[seat] ?? null);
  for (const [other, move] of (state.pending ?? []).entries()) {
    if (other === seat || move === null || sameJson(move, own)) continue;
    if (containsValue(view, move)) {
      problems.push(`the view contains seat ${other}'s secret submission ${JSON.stringify(move)}`);
    }
  }
  return problems;
}

/** One state that differs from the original only in something the seat may not know. */
export interface SecretChange {
  /** What was changed, for the failure message. */
  readonly what: string;
  readonly state: BaseState;
}

/** Another value of a variable's type, or undefined when the type's values are not known here. */
function otherValue(v: VarInfo, value: Value, players: number, rng: Rng): Value | undefined {
  if (v.type === "int" && typeof value === "number") return value + 1 + rng.int(5);
  if (v.type === "bool" && typeof value === "boolean") return !value;
  if (v.type === "player" && typeof value === "number" && players > 1) {
    return (value + 1 + rng.int(players - 1)) % players;
  }
  return undefined;
}

/** Every secret card list's cards dealt anew among the secret lists of their card type, sizes
 *  kept; cards the seat has been shown stay where they are (they are no secret to it). */
function permuteSecretCards(meta: GameMeta, state: BaseState, seat: Seat | null, rng: Rng): BaseState {
  const changed = cloneJson(state);
  const known = knownCards(changed, seat);
  const lists = secretCardLists(meta, changed, seat);
  for (const cardType of new Set(lists.map(({ zone }) => zone.cardType))) {
    const ofType = lists.filter(({ zone }) => zone.cardType === cardType).map(({ cards }) => cards);
    const pool = ofType.flat().filter((card) => !known.includes(card));
    rng.shuffle(pool);
    // An open value is seen where it lies, so it stays at its place whichever card is dealt there.
    const open = openValues(meta, changed, cardType);
    const atPlaces = open.map(({ values }) => ofType.map((cards) => cards.map((card) => values[card]!)));
    for (const cards of ofType) {
      for (let i = 0; i < cards.length; i++) if (!known.includes(cards[i]!)) cards[i] = pool.shift()!;
    }
    open.forEach(({ values }, k) => ofType.forEach((cards, i) => cards.forEach((card, j) => (values[card] = atPlaces[k]![i]![j]!))));
  }
  return changed;
}

/**
 * States that differ from `state` only in what `seat` may not know: secret cards dealt anew
 * (across hidden zones and other seats' own zones), each of another seat's own variables and
 * each hidden variable changed, each other seat's secret submission replaced by another legal
 * one, and the random generator moved on.
 */
export function secretChanges(game: Game, state: BaseState, seat: Seat | null, rng: Rng): SecretChange[] {
  const { meta } = game;
  const changes: SecretChange[] = [];
  changes.push({ what: "the secret cards dealt anew", state: permuteSecretCards(meta, state, seat, rng) });

  // An open per-card value is seen by every seat wherever its card lies: no secret to change.
  for (const v of meta.vars.filter((v) => v.perCard && v.visibility !== "open")) {
    // One card the seat cannot identify: its value may be anything.
    const values = state.vars[v.name] as Record<CardId, Value>;
    const seen = v.visibility === "public" ? identifiedCards(meta, state, seat, v.perCard!) : new Set<CardId>();
    const unseen = Object.keys(values).map(Number).filter((card) => !seen.has(card));
    if (unseen.length === 0) continue;
    const card = unseen[rng.int(unseen.length)]!;
    const other = otherValue(v, values[card]!, state.players, rng);
    if (other === undefined) continue;
    const changed = cloneJson(state);
    (changed.vars[v.name] as Record<CardId, Value>)[card] = other;
    changes.push({ what: `${v.name}[card ${card}] changed from ${JSON.stringify(values[card])} to ${other}`, state: changed });
  }
  for (const v of meta.vars.filter((v) => !v.perCard)) {
    const value = state.vars[v.name];
    const slots: { owner: Seat | null; value: Value }[] = v.perPlayer
      ? (value as Value[]).map((own, owner) => ({ owner, value: own }))
      : [{ owner: null, value: value as Value }];
    for (const slot of slots) {
      if (maySee(v.visibility, slot.owner, seat)) continue;
      const other = otherValue(v, slot.value, state.players, rng);
      if (other === undefined) continue;
      const changed = cloneJson(state);
      if (slot.owner === null) changed.vars[v.name] = other;
      else (changed.vars[v.name] as Value[])[slot.owner] = other;
      const where = slot.owner === null ? v.name : `${v.name}[${slot.owner}]`;
      changes.push({ what: `${where} changed from ${JSON.stringify(slot.value)} to ${other}`, state: changed });
    }
  }

  for (const [other, move] of (state.pending ?? []).entries()) {
    if (other === seat || move === null) continue;
    // The moves the other seat could have submitted instead: its options before it chose.
    const before = cloneJson(state);
    before.pending![other] = null;
    for (let attempt = 0; attempt < 5; attempt++) {
      const instead = legalMoveFor(game, before, other, rng, "any-option");
      if (sameJson(instead, move)) continue;
      const changed = cloneJson(state);
      changed.pending![other] = instead;
      changes.push({
        what: `seat ${other}'s submission ${JSON.stringify(move)} replaced by ${JSON.stringify(instead)}`,
        state: changed,
      });
      break;
    }
  }

  const moved = cloneJson(state);
  moved.random.s = [rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32)];
  changes.push({ what: "the random generator moved on", state: moved });
  return changes;
}

/** Why `seat`'s view of `state` depends on the seat's secrets: one line per change that shows. */
export function secretDifferences(game: Game, state: BaseState, seat: Seat | null, rng: Rng): string[] {
  const view = game.view(state, seat);
  return secretChanges(game, state, seat, rng)
    .filter((change) => !sameJson(game.view(change.state, seat), view))
    .map((change) => `${change.what} changes the view of ${seat === null ? "a spectator" : `seat ${seat}`}`);
}
