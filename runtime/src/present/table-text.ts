// The table model as lines of plain text: what `rules play` prints, what a log or a screen reader reads.

import type { TableArea, TableCard, TableModel, TableSpace, TableVar, TableZone } from "./table.js";
import { capitalise, joinList, placeWord, plural } from "./words.js";

/** The model's lines: notes, the middle of the table, each seat's area, then the reader's options, numbered. */
export function tableText(model: TableModel): string[] {
  const lines = [...model.notes];
  for (const area of model.areas) lines.push(...areaText(area));
  if (model.emptyForEverySeat.length > 0) lines.push(`Empty for every seat: ${joinList(model.emptyForEverySeat)}`);
  if (model.decision) {
    lines.push("Your moves:");
    model.decision.options.forEach((option, i) => lines.push(`  ${i + 1}) ${option.text}`));
  }
  return lines;
}

function areaText(area: TableArea): string[] {
  const own = [...area.zones.flatMap(zoneLines), ...area.vars.map(varLine)];
  if (area.empty.length > 0) own.push(`Empty: ${joinList(area.empty)}`);
  return own.length === 0 ? [] : [`${area.label}:`, ...own.map((line) => `  ${line}`)];
}

function varLine(told: TableVar): string {
  return told.kind === "value" ? `${capitalise(told.label)}: ${told.text}` : capitalise(told.text);
}

/** "Hand: Gem 2, Gem 6"; "The deck: 12 cards, face down"; "Discards: Gem 4 on top (5 cards)"; a board
 *  as a line per space, under its label. */
export function zoneLines(zone: TableZone): string[] {
  if (zone.spaces && zone.spaces.length > 0) return [`${capitalise(zone.label)}:`, ...zone.spaces.map((space) => `  ${spaceText(space)}`)];
  return [`${capitalise(zone.label)}: ${zoneText(zone)}`];
}

function zoneText(zone: TableZone): string {
  if (zone.count === 0) return "empty";
  const known = zone.cards.filter((card) => card.position !== undefined && zone.hidden === zone.count);
  if (zone.marks && zone.marks.length > 0) {
    // "5 cards, face down (position 1: colour hinted red; position 4: number hinted 5)".
    const told = zone.marks.map((mark) => {
      const card = known.find((k) => k.position === mark.position);
      return `position ${mark.position}: ${card ? `${card.name}, ` : ""}${mark.values.map((v) => v.text).join(", ")}`;
    });
    return `${plural(zone.count, "card")}, face down (${told.join("; ")})`;
  }
  if (zone.hidden === zone.count && known.length > 0) {
    return `${plural(zone.count, "card")}, face down (you know ${joinList(known.map((card) => `${cardText(card)} at position ${card.position}`))})`;
  }
  if (zone.layout === "count") return plural(zone.count, "card");
  if (zone.layout === "top") {
    return zone.cards.length === 0 ? `${plural(zone.count, "card")}, face down` : `${cardText(zone.cards[0]!)} on top (${plural(zone.count, "card")})`;
  }
  if (zone.cards.length === 0) return `${plural(zone.count, "card")}, face down`;
  const named = zone.cards.map((card) => (zone.layout === "track" ? `${card.position}. ${cardText(card)}` : cardText(card)));
  if (zone.hidden > 0) named.push(`${plural(zone.hidden, "card")} face down`);
  return named.join(", ");
}

/** "Gem 2 (setting rose gold, cut)". */
export function cardText(card: TableCard): string {
  return card.values.length === 0 ? card.name : `${card.name} (${card.values.map((v) => v.text).join(", ")})`;
}

/** "HOME; you and seat 2 here", "Phonics Place (light blue, $100) (2 Stacks of Books), in seat 1's deeds":
 *  a space is called by the card standing on it (its deed), else by its own name. */
function spaceText(space: TableSpace): string {
  const named = space.cards.length === 0 ? cardText(space.card) : space.cards.map(({ card, where }) => `${cardText(card)}, ${placeWord(where, false)} ${where}`).join("; ");
  return space.standing === null ? named : `${named}; ${space.standing} here`;
}
