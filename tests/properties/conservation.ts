// What no move may create or destroy, read from a game's meta: every card is in exactly one
// zone, and each conserved resource keeps its total.

import type { BaseState, CardId, GameMeta, ZoneInfo } from "@rules/runtime/internal";

/** The card lists of one zone: one list for a shared zone, one per seat for a per-player zone. */
export function zoneLists(zone: ZoneInfo, state: BaseState): { owner: number | null; cards: CardId[] }[] {
  const held = state.zones[zone.name];
  if (held === undefined) return [];
  if (!zone.perPlayer) return [{ owner: null, cards: held as CardId[] }];
  return (held as CardId[][]).map((cards, owner) => ({ owner, cards }));
}

function zoneLabel(zone: ZoneInfo, owner: number | null): string {
  return owner === null ? zone.name : `${zone.name}[${owner}]`;
}

/** Why the cards in `state` are not exactly the game's cards, once each, each in a zone of its type. */
export function cardProblems(meta: GameMeta, state: BaseState): string[] {
  const problems: string[] = [];
  const cardById = new Map(meta.cards.map((card) => [card.id, card]));
  const whereSeen = new Map<CardId, string>();
  const known = new Set(meta.zones.map((zone) => zone.name));
  for (const name of Object.keys(state.zones)) {
    if (!known.has(name)) problems.push(`the state has a zone "${name}" that the meta does not list`);
  }
  for (const zone of meta.zones) {
    const held = state.zones[zone.name];
    if (!Array.isArray(held)) {
      problems.push(`zone ${zone.name} is missing from the state`);
      continue;
    }
    if (zone.perPlayer && (held.length !== state.players || !held.every((cards) => Array.isArray(cards)))) {
      problems.push(`per-player zone ${zone.name} is not one list of cards per seat`);
      continue;
    }
    for (const { owner, cards } of zoneLists(zone, state)) {
      const where = zoneLabel(zone, owner);
      if (zone.capacity !== null && cards.length > zone.capacity) {
        problems.push(`${where} holds ${cards.length} cards, over its capacity of ${zone.capacity}`);
      }
      for (const card of cards) {
        const info = cardById.get(card);
        if (info === undefined) {
          problems.push(`${where} holds ${JSON.stringify(card)}, which is not a card of the game`);
          continue;
        }
        if (info.type !== zone.cardType) {
          problems.push(`${where} holds card ${card}, a ${info.type}, but holds ${zone.cardType} cards`);
        }
        const seen = whereSeen.get(card);
        if (seen !== undefined) problems.push(`card ${card} is both in ${seen} and in ${where}`);
        else whereSeen.set(card, where);
      }
    }
  }
  for (const card of meta.cards) {
    if (!whereSeen.has(card.id)) problems.push(`card ${card.id} (${card.type}) is in no zone`);
  }
  return problems;
}

/** Each conserved resource's total over its variables (a per-player variable counts every seat). */
export function resourceTotals(meta: GameMeta, state: BaseState): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const resource of meta.conserved) {
    let total = 0;
    for (const name of resource.vars) {
      const value = state.vars[name];
      for (const amount of Array.isArray(value) ? value : [value]) {
        // A non-number poisons the total, so the comparison with the start fails loudly.
        total += typeof amount === "number" && Number.isFinite(amount) ? amount : Number.NaN;
      }
    }
    totals[resource.name] = total;
  }
  return totals;
}
