// Drawing the table from one seat's view: the app never reads the match's full state, so it shows
// exactly what that seat may know (others' coins and properties stay hidden).
import type { GameResult, MoveOption } from "@rules/runtime";
import type { Move, View } from "@rules/generated/for-sale";
import { game } from "@rules/generated/for-sale";

export const YOU = 0;

export function seatName(seat: number): string {
  return seat === YOU ? "You" : `Bot ${seat}`;
}

/** A card's printed value (Properties 1–30, Currency 0–15). */
function value(card: number): number {
  return game.meta.cards[card]!.fields["value"] as number;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function cards(ids: readonly number[] | undefined, count: number, kind: "property" | "currency"): HTMLElement {
  const row = el("span", { className: "cards" });
  if (ids) for (const id of ids) row.append(el("span", { className: `card ${kind}`, title: `${kind} ${value(id)}` }, String(value(id))));
  else for (let i = 0; i < count; i++) row.append(el("span", { className: `card ${kind} hidden`, title: "face down" }, "?"));
  if (count === 0) row.append(el("span", {}, "—"));
  return row;
}

export function renderBoard(root: HTMLElement, view: View, acting: readonly number[]): void {
  const { zones, vars } = view;
  const seats = vars.coins.length;
  const header = el("tr", {}, ...["", "Coins", "Bid", "Properties", "Face down", "Currency cards"].map((h) => el("th", {}, h)));
  const rows = Array.from({ length: seats }, (_, seat) => {
    const coins = vars.coins[seat];
    const bid = vars.passed[seat] ? "passed" : String(vars.bid[seat] ?? 0);
    const row = el(
      "tr",
      { className: `${seat === YOU ? "you" : ""} ${acting.includes(seat) ? "acting" : ""}`.trim() },
      el("th", {}, seatName(seat) + (seat === vars.start_player ? " ★" : "")),
      el("td", { title: coins === null ? "only they know" : "" }, coins === null ? "hidden" : String(coins)),
      el("td", {}, bid),
      el("td", {}, cards(zones.properties[seat]!.cards, zones.properties[seat]!.count, "property")),
      // A choice made in secret shows as a face-down card until everyone has chosen.
      el("td", {}, view.submitted?.[seat] && seat !== YOU ? cards(undefined, 1, "property") : cards(zones.offer[seat]!.cards, zones.offer[seat]!.count, "property")),
      el("td", {}, cards(zones.proceeds[seat]!.cards, zones.proceeds[seat]!.count, "currency")),
    );
    row.dataset["seat"] = String(seat);
    row.dataset["coins"] = coins === null ? "hidden" : String(coins);
    return row;
  });
  root.replaceChildren(
    el("p", {}, `Phase: ${view.phase}. Property deck: ${zones.property_deck.count} cards; Currency deck: ${zones.currency_deck.count}; bank: ${vars.bank}.`),
    el("div", {}, el("strong", {}, "On auction: "), cards(zones.auction.cards, zones.auction.count, "property")),
    el("div", {}, el("strong", {}, "Currency on offer: "), cards(zones.market.cards, zones.market.count, "currency")),
    el("table", {}, el("thead", {}, header), el("tbody", {}, ...rows)),
  );
}

/** The legal moves as controls: a bid is a slider and a number within its range, a sale a card button. */
export function renderControls(root: HTMLElement, options: readonly MoveOption[], waitingFor: string, play: (move: Move) => void): void {
  root.dataset["waiting"] = String(options.length === 0);
  if (options.length === 0) {
    root.replaceChildren(el("p", {}, waitingFor));
    return;
  }
  const controls = options.map((option) => {
    const box = el("div", { className: "move" });
    box.dataset["move"] = option.type;
    const amount = option.parameters["amount"];
    const card = option.parameters["card"];
    if (option.type === "raise" && amount?.kind === "range") {
      const slider = el("input", { type: "range", min: String(amount.min), max: String(amount.max), value: String(amount.min), name: "amount-slider" });
      const number = el("input", { type: "number", min: String(amount.min), max: String(amount.max), value: String(amount.min), name: "amount", step: "1" });
      const button = el("button", { type: "button" }, `Bid ${amount.min}`);
      const sync = (from: HTMLInputElement, to: HTMLInputElement): void => {
        to.value = from.value;
        button.textContent = `Bid ${from.value}`;
      };
      slider.addEventListener("input", () => sync(slider, number));
      number.addEventListener("input", () => sync(number, slider));
      button.addEventListener("click", () => play({ type: "raise", amount: Number(number.value) }));
      box.append(el("label", {}, `Bid (${amount.min}–${amount.max} coins) `, slider), number, button);
    } else if (option.type === "sell" && card?.kind === "card") {
      box.append(el("span", {}, "Lay a Property face down: "));
      for (const id of card.cards) {
        const button = el("button", { type: "button", className: "card property" }, String(value(id)));
        button.dataset["card"] = String(id);
        button.addEventListener("click", () => play({ type: "sell", card: id }));
        box.append(button);
      }
    } else if (option.type === "pass") {
      const button = el("button", { type: "button" }, "Pass (take the lowest Property, get half your bid back)");
      button.addEventListener("click", () => play({ type: "pass" }));
      box.append(button);
    }
    return box;
  });
  root.replaceChildren(el("p", {}, el("strong", {}, "Your move")), ...controls, el("p", { className: "error", role: "alert" }));
}

export function showRefusal(root: HTMLElement, reason: string): void {
  const alert = root.querySelector<HTMLElement>("[role=alert]");
  if (alert) alert.textContent = `Not allowed: ${reason}`;
}

export function renderResult(root: HTMLElement, result: GameResult, save: string): void {
  const rows = result.ranking.flatMap((group, place) =>
    group.map((seat) => {
      const row = el("tr", {}, el("td", {}, String(place + 1)), el("th", {}, seatName(seat)), el("td", {}, String(result.scores[seat]![0])), el("td", {}, String(result.scores[seat]![1] ?? "")));
      row.dataset["seat"] = String(seat);
      row.dataset["score"] = String(result.scores[seat]![0]);
      return row;
    }),
  );
  const winners = result.winners.map(seatName).join(" and ");
  root.hidden = false;
  root.replaceChildren(
    el("h2", {}, `Game over: ${winners} ${result.winners.length === 1 && result.winners[0] !== YOU ? "wins" : "win"}`),
    el("table", {}, el("thead", {}, el("tr", {}, ...["Place", "", "Total", "Coins (tie-break)"].map((h) => el("th", {}, h)))), el("tbody", {}, ...rows)),
    el("details", {}, el("summary", {}, "The match as a save (it holds every secret: keep it on a server)"), el("textarea", { name: "save", rows: 4, cols: 80, readOnly: true, value: save })),
  );
}
