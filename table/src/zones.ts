// The table's areas as HTML: the middle, then each seat; each zone by its layout (a board of spaces
// with the seats' tokens, rows and hands of cards, piles, the top card of a stack, counts, tracks,
// cards lying face down), cards by their names with their text on demand, variables by their labels.

import { h, type ComponentChild } from "preact";
import type { AnyGame, CardId, Seat } from "@rules/runtime";
import type { TableArea, TableCard, TableDecision, TableOption, TableSpace, TableVar, TableZone } from "@rules/runtime/present";

/** What clicking a card does now: plays it (the one option that takes that card alone), or picks it in
 *  the one form that takes it (`pressed`: picked now); undefined: nothing. */
export type CardAction = (card: CardId) => { readonly run: () => void; readonly pressed?: boolean } | undefined;

export interface AreaProps {
  readonly game: AnyGame;
  readonly area: TableArea;
  readonly acting: readonly Seat[];
  readonly action: CardAction;
  readonly seatLabel: (seat: Seat) => string;
}

/** At most this many card backs are drawn for a face-down zone; the rest is a number. */
const MAX_BACKS = 8;
/** A zone holding more cards than this shows them smaller, as a spread pile. */
const MANY = 10;

export function Area({ game, area, acting, action, seatLabel }: AreaProps): ComponentChild {
  const toAct = area.seat !== null && acting.includes(area.seat);
  const id = `rt-area-${area.seat ?? "middle"}`;
  return h(
    "section",
    {
      class: `rt-area${area.seat === null ? " rt-middle" : ""}${toAct ? " rt-acting" : ""}`,
      "aria-labelledby": id,
      "data-seat": area.seat ?? undefined,
      style: area.seat === null ? undefined : `--seat: var(--rt-seat-${area.seat % 8})`,
    },
    h(
      "h2",
      { id, class: "rt-area-title" },
      area.seat !== null ? h("span", { class: "rt-token", "aria-hidden": "true" }, String(area.seat)) : null,
      area.label,
      toAct ? h("span", { class: "rt-badge" }, "to play") : null,
    ),
    area.vars.length > 0 ? Vars({ vars: area.vars }) : null,
    h("div", { class: "rt-zones" }, area.zones.map((zone) => h(Zone, { key: `${zone.name}:${zone.seat}`, game, zone, action, seatLabel }))),
    area.empty.length > 0 ? h("p", { class: "rt-empty" }, `Empty: ${area.empty.join(", ")}`) : null,
  );
}

function Vars({ vars }: { vars: readonly TableVar[] }): ComponentChild {
  return h(
    "dl",
    { class: "rt-vars" },
    vars.map((v) =>
      v.kind === "value"
        ? h("div", { class: "rt-var", "data-var": v.name, key: v.name }, h("dt", {}, v.label), h("dd", {}, v.text))
        : h("div", { class: `rt-var rt-var-${v.kind}`, "data-var": v.name, key: v.name }, h("dd", {}, v.text)),
    ),
  );
}

function Zone({ game, zone, action, seatLabel }: { game: AnyGame; zone: TableZone; action: CardAction; seatLabel: (seat: Seat) => string }): ComponentChild {
  const id = `rt-z-${zone.name}-${zone.seat ?? "m"}`;
  const counted = zone.layout === "count" || zone.layout === "top" || zone.hidden > 0;
  return h(
    "div",
    { class: `rt-zone rt-layout-${zone.layout}`, role: "group", "aria-labelledby": id, "data-zone": zone.name },
    h("h3", { id, class: "rt-zone-title" }, zone.label, counted ? h("span", { class: "rt-count" }, ` ${zone.count} ${zone.count === 1 ? "card" : "cards"}`) : null),
    zone.spaces ? h(Board, { game, spaces: zone.spaces, action, seatLabel }) : h(Cards, { game, zone, action }),
  );
}

function Cards({ game, zone, action }: { game: AnyGame; zone: TableZone; action: CardAction }): ComponentChild {
  if (zone.marks && zone.marks.length > 0) return h(MarkedBacks, { game, zone, action });
  // Cards lying face down: a hand's as a fan of backs, anything else as one stack with its count.
  const fan = zone.layout === "hand" ? Math.min(zone.hidden, MAX_BACKS) : 0;
  const stack = zone.layout === "count" ? zone.count : zone.layout === "top" ? Math.max(0, zone.count - zone.cards.length) : fan === 0 ? zone.hidden : 0;
  return h(
    "ol",
    { class: `rt-cards${zone.layout === "top" || zone.layout === "count" ? " rt-stack" : ""}` },
    zone.cards.map((card) => h("li", { key: card.id }, h(Card, { game, card, action, small: zone.cards.length > MANY }))),
    stack > 0
      ? h("li", { class: `rt-deck${stack > 1 ? " rt-deep" : ""}`, "aria-label": `${stack} ${stack === 1 ? "card" : "cards"} face down` }, String(stack))
      : null,
    Array.from({ length: fan }, (_, i) =>
      h("li", { key: `back-${i}`, class: "rt-back", "aria-hidden": i > 0 ? "true" : undefined }, i === 0 ? h("span", { class: "rt-sr" }, `${zone.hidden} face down`) : null),
    ),
    zone.hidden > fan && fan > 0 ? h("li", { class: "rt-more" }, `+${zone.hidden - fan}`) : null,
  );
}

/** A hidden zone whose face-down cards carry open values (a Hanabi clue on the reader's own hand):
 *  each place in order, a card the reader knows shown, every other a back with what is told of it. */
function MarkedBacks({ game, zone, action }: { game: AnyGame; zone: TableZone; action: CardAction }): ComponentChild {
  return h(
    "ol",
    { class: "rt-cards" },
    Array.from({ length: zone.count }, (_, i) => {
      const position = i + 1;
      const known = zone.cards.find((card) => card.position === position);
      if (known) return h("li", { key: `at-${position}` }, h(Card, { game, card: known, action }));
      const told = zone.marks!.find((mark) => mark.position === position)?.values.map((v) => v.text).join(", ");
      return h(
        "li",
        { key: `at-${position}`, class: "rt-back rt-marked", "data-position": String(position) },
        h("span", { class: "rt-mark" }, told ? `${position}. ${told}` : `${position}.`),
        h("span", { class: "rt-sr" }, " face down"),
      );
    }),
  );
}

export function Card({ game, card, action, small }: { game: AnyGame; card: TableCard; action: CardAction; small?: boolean }): ComponentChild {
  const text = game.meta.cards[card.id]?.text;
  const play = action(card.id);
  const face = [
    card.position !== undefined ? h("span", { class: "rt-position" }, `${card.position}. `) : null,
    h("span", { class: "rt-card-name" }, card.name),
    card.values.length > 0 ? h("span", { class: "rt-card-values" }, card.values.map((v) => v.text).join(", ")) : null,
  ];
  return h(
    "div",
    { class: `rt-card${play ? " rt-playable" : ""}${play?.pressed ? " rt-picked" : ""}${small ? " rt-small" : ""}`, "data-card": card.id, title: text },
    play
      ? h(
          "button",
          {
            type: "button",
            class: "rt-card-face",
            onClick: play.run,
            "aria-label": play.pressed === undefined ? `Play ${card.name}` : `Pick ${card.name}`,
            "aria-pressed": play.pressed === undefined ? undefined : String(play.pressed),
          },
          face,
        )
      : h("div", { class: "rt-card-face" }, face),
    text && !small
      ? h("details", { class: "rt-card-text" }, h("summary", { "aria-label": `What ${card.name} says` }, "text ▾"), h("p", {}, text))
      : null,
  );
}

/** A board: its spaces in order round the table, each with the tokens standing there and the cards that belong to it. */
function Board({ game, spaces, action, seatLabel }: { game: AnyGame; spaces: readonly TableSpace[]; action: CardAction; seatLabel: (seat: Seat) => string }): ComponentChild {
  const ring = ringPlaces(spaces.length);
  return h(
    "ol",
    { class: `rt-board${ring ? " rt-ring" : ""}`, style: ring ? `--side: ${ring.side}` : undefined },
    spaces.map((space, i) =>
      h(
        "li",
        {
          key: space.card.id,
          class: `rt-space${space.seats.length > 0 ? " rt-occupied" : ""}`,
          "data-space": space.card.id,
          style: ring ? `grid-row: ${ring.places[i]![0]}; grid-column: ${ring.places[i]![1]}` : undefined,
        },
        h("span", { class: "rt-space-index", "aria-hidden": "true" }, String(i)),
        h("span", { class: "rt-space-name", title: game.meta.cards[space.card.id]?.text }, space.card.name),
        space.card.values.length > 0 ? h("span", { class: "rt-card-values" }, space.card.values.map((v) => v.text).join(", ")) : null,
        space.cards.map((held) => h("span", { key: held.card.id, class: "rt-held", style: held.seat === null ? undefined : `--seat: var(--rt-seat-${held.seat % 8})` }, `${held.card.name}: ${held.where}`)),
        space.seats.length > 0
          ? h(
              "span",
              { class: "rt-tokens", "aria-label": `${space.standing} here` },
              space.seats.map((seat) => h("span", { key: seat, class: "rt-token", title: seatLabel(seat), style: `--seat: var(--rt-seat-${seat % 8})` }, String(seat))),
            )
          : null,
      ),
    ),
  );
}

/**
 * A board of spaces laid round a square, as a track board lies on a table: the first space at the
 * top left, then clockwise. Each space's [row, column] from 1; null for too few spaces to go round.
 */
export function ringPlaces(count: number): { side: number; places: [number, number][] } | null {
  if (count < 8) return null;
  const side = Math.ceil(count / 4) + 1;
  const places: [number, number][] = [];
  for (let c = 1; c < side; c++) places.push([1, c]);
  for (let r = 1; r < side; r++) places.push([r, side]);
  for (let c = side; c > 1; c--) places.push([side, c]);
  for (let r = side; r > 1; r--) places.push([r, 1]);
  return { side, places: places.slice(0, count) };
}

/**
 * What clicking each card does: when one option alone takes it, and takes nothing else, it plays it;
 * else it picks it (or lets it go) in every form that takes it (a set of cards, or a card among other
 * parameters), and the option is then chosen by its button, as one selects cards at a table and then
 * says what to do with them.
 */
export function cardActions(
  decision: TableDecision | null,
  play: (option: TableOption, parameter: string, card: CardId) => void,
  pick: (option: TableOption, parameter: string, card: CardId) => void,
  picked: (option: TableOption, parameter: string, card: CardId) => boolean,
): CardAction {
  const byCard = new Map<CardId, { option: TableOption; parameter: string; alone: boolean }[]>();
  for (const option of decision?.options ?? []) {
    for (const p of option.parameters) {
      if (p.kind !== "card" && p.kind !== "cards") continue;
      const alone = option.parameters.length === 1 && p.kind === "card";
      for (const choice of p.choices ?? []) {
        const id = choice.value as CardId;
        byCard.set(id, [...(byCard.get(id) ?? []), { option, parameter: p.name, alone }]);
      }
    }
  }
  return (card) => {
    const targets = byCard.get(card) ?? [];
    if (targets.length === 1 && targets[0]!.alone) return { run: () => play(targets[0]!.option, targets[0]!.parameter, card) };
    const forms = targets.filter((t) => !t.alone);
    if (forms.length === 0) return undefined;
    const pressed = forms.some((t) => picked(t.option, t.parameter, card));
    return {
      run: () => {
        for (const t of forms) if (picked(t.option, t.parameter, card) === pressed) pick(t.option, t.parameter, card);
      },
      pressed,
    };
  };
}
