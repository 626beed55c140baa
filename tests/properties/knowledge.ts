// An oracle for what a seat may know of a card's place, kept apart from the compiled games: a seat
// that was shown a card (a new entry in the state's `knowledge`) knows where it lies until the card
// changes zone or its zone is reordered (shuffled). Seen from outside, by comparing states move by
// move, so a compiled game that keeps knowledge too long (shows a shuffled card's new place, follows
// a card into another hand) is caught, whatever rules made it so.
import type { BaseState, CardId, Game, Seat } from "@rules/runtime/internal";

interface Place {
  readonly zone: string;
  readonly index: number;
}

/** Where every card lies: its zone (`hand[2]` for one seat's part) and its index there. */
function places(game: Game, state: BaseState): Map<CardId, Place> {
  const found = new Map<CardId, Place>();
  for (const zone of game.meta.zones) {
    const content = state.zones[zone.name];
    if (!content) continue;
    const parts = zone.perPlayer ? (content as CardId[][]).map((cards, seat) => ({ cards, key: `${zone.name}[${seat}]` })) : [{ cards: content as CardId[], key: zone.name }];
    for (const { cards, key } of parts) cards.forEach((card, index) => found.set(card, { zone: key, index }));
  }
  return found;
}

/** Whether the cards that stayed in `zone` kept their order relative to each other. */
function keptOrder(zone: string, card: CardId, before: Map<CardId, Place>, after: Map<CardId, Place>): boolean {
  const stayed = [...after].filter(([other, place]) => place.zone === zone && before.get(other)?.zone === zone).map(([other]) => other);
  const byBefore = [...stayed].sort((a, b) => before.get(a)!.index - before.get(b)!.index);
  const byAfter = [...stayed].sort((a, b) => after.get(a)!.index - after.get(b)!.index);
  return stayed.includes(card) && byBefore.every((other, i) => other === byAfter[i]);
}

function knowledgeOf(state: BaseState): readonly (readonly CardId[])[] {
  return (state as BaseState & { knowledge?: CardId[][] }).knowledge ?? [];
}

export class KnowledgeOracle {
  /** Per seat, the cards whose place it may know. */
  private readonly known: Set<CardId>[];
  private previous: BaseState;
  private previousPlaces: Map<CardId, Place>;

  constructor(
    private readonly game: Game,
    initial: BaseState,
  ) {
    this.known = Array.from({ length: initial.players }, () => new Set<CardId>());
    this.previous = initial;
    this.previousPlaces = places(game, initial);
    this.learn(initial, []);
  }

  /** Takes in the next state: knowledge ends for cards that moved or were reshuffled; new reveals start it. */
  observe(state: BaseState): void {
    const now = places(this.game, state);
    for (const cards of this.known) {
      for (const card of [...cards]) {
        const before = this.previousPlaces.get(card);
        const after = now.get(card);
        if (!before || !after || before.zone !== after.zone || !keptOrder(after.zone, card, this.previousPlaces, now)) cards.delete(card);
      }
    }
    this.learn(state, knowledgeOf(this.previous));
    this.previous = state;
    this.previousPlaces = now;
  }

  private learn(state: BaseState, before: readonly (readonly CardId[])[]): void {
    knowledgeOf(state).forEach((cards, seat) => {
      for (const card of cards) if (!before[seat]?.includes(card)) this.known[seat]!.add(card);
    });
  }

  /** Cards a seat's view places in a zone hidden from it that the seat may not know there. */
  leaks(seat: Seat): string[] {
    const view = this.game.view(this.previous, seat) as { zones?: Record<string, unknown> };
    const problems: string[] = [];
    const check = (zone: string, part: unknown): void => {
      const known = (part as { known?: (CardId | null)[] } | null)?.known;
      for (const card of known ?? []) {
        if (card !== null && !this.known[seat]!.has(card)) problems.push(`seat ${seat} sees card ${card} in ${zone}, which it may not know there`);
      }
    };
    for (const [zone, content] of Object.entries(view.zones ?? {})) {
      if (Array.isArray(content)) content.forEach((part, owner) => check(`${zone}[${owner}]`, part));
      else check(zone, content);
    }
    return problems;
  }
}
