// `mountTable`: any compiled game's table in an element, drawn from one seat's SeatConnection (a local
// match or a server's): whose turn, the middle of the table and each seat, the decision as controls,
// the story as a log, the result at the end. Only words from `@rules/runtime/present`, never state.

import { h, render, type ComponentChild } from "preact";
import { useLayoutEffect, useRef } from "preact/hooks";
import type { AnyGame, GameResult, Move, Seat, SeatConnection, SeatSnapshot } from "@rules/runtime";
import { capitalise, describeScore, describeWinners, scoreSheet, seatName, tableOf, words, type Reader, type ScoreSheetRow, type TableModel, type TableOption } from "@rules/runtime/present";
import { animateCards, type Positions } from "./animate.js";
import { Decision, initialValues, type Values } from "./decision.js";
import { Story, type StoryEntry } from "./story.js";
import { installStyles } from "./style.js";
import { Area, cardActions } from "./zones.js";

export interface TableOptions {
  /** The app's names for seats ("Bot 2"); a missing one is said by number. */
  readonly names?: readonly (string | undefined)[];
  /** How many seats people play (`MatchOptions.players`): the seats after them are the rules' bots, called by their labels. */
  readonly humans?: number;
  /** Snapshots before the current one, one per move, to tell the story of a match joined late. */
  readonly catchUp?: readonly SeatSnapshot[];
  /** Leave the page's styles alone (the app styles the `rt-` classes itself). */
  readonly unstyled?: boolean;
}

export interface TableHandle {
  /** The model drawn now (for tests and tools). */
  model(): TableModel;
  /** Stops drawing and unsubscribes; the connection stays open (the caller owns it). */
  unmount(): void;
}

export function mountTable<G extends AnyGame>(element: HTMLElement, connection: SeatConnection<G>, options: TableOptions = {}): TableHandle {
  if (!options.unstyled) installStyles(element.ownerDocument);
  const game = connection.game;
  const first = connection.current();
  const reader = (snapshot: SeatSnapshot): Reader => ({
    seat: snapshot.seat,
    ...(options.humans !== undefined ? { humans: options.humans } : {}),
    ...(options.names ? { names: [...options.names] } : {}),
    view: snapshot.view,
  });
  const story = new Story(game, reader(first));
  for (const snapshot of options.catchUp ?? []) story.add(snapshot);
  if (!options.catchUp?.length || options.catchUp[options.catchUp.length - 1]!.moveCount !== first.moveCount) story.add(first);
  let snapshot = first;
  let refusal: { option: string; reason: string; moveCount: number } | null = null;
  let model = tableOf(game, snapshot.view, reader(snapshot), snapshot.activity, snapshot.options);
  /** What the decision's forms hold so far, by option type; a new moment starts them afresh. */
  let forms = new Map<string, Values>();
  const chosen = (option: TableOption): Values => forms.get(option.type) ?? initialValues(option);
  const choose = (option: TableOption, values: Values): void => {
    forms.set(option.type, values);
    draw();
  };
  const positions: Positions = new Map();
  let animate = false;

  const send = async (option: TableOption, values: Values): Promise<string | null> => {
    const at = snapshot.moveCount;
    // A new try clears the last refusal; a new one shows where this one was tried.
    if (refusal) {
      refusal = null;
      draw();
    }
    const outcome = await connection.send({ type: option.type, ...values } as Move);
    if (outcome.ok) return null;
    refusal = { option: option.type, reason: outcome.error.reason, moveCount: at };
    draw();
    return outcome.error.reason;
  };
  const draw = (): void => {
    if (refusal && refusal.moveCount !== snapshot.moveCount) refusal = null;
    model = tableOf(game, snapshot.view, reader(snapshot), snapshot.activity, snapshot.options);
    const action = cardActions(
      model.decision,
      (option, parameter, card) => void send(option, { [parameter]: card }),
      (option, parameter, card) => {
        const values = chosen(option);
        const now = values[parameter];
        const kind = option.parameters.find((p) => p.name === parameter)?.kind;
        const list = Array.isArray(now) ? (now as readonly number[]) : [];
        choose(option, { ...values, [parameter]: kind === "cards" ? (list.includes(card) ? list.filter((c) => c !== card) : [...list, card]) : card });
      },
      (option, parameter, card) => {
        const now = chosen(option)[parameter];
        return Array.isArray(now) ? now.includes(card) : now === card;
      },
    );
    render(
      h(TableView, {
        game,
        snapshot,
        model,
        entries: story.entries,
        refusal,
        send,
        chosen,
        choose,
        action,
        seatLabel: (seat: Seat) => capitalise(seatName(game, seat, reader(snapshot))),
        told: snapshot.result ? toldResult(game, snapshot.result, reader(snapshot)) : null,
        positions,
        animate,
      }),
      element,
    );
  };
  const unsubscribe = connection.subscribe((next) => {
    story.add(next);
    // A move animates the cards it moved; a step back or a load just redraws.
    animate = next.moveCount === snapshot.moveCount + 1;
    if (next.moveCount !== snapshot.moveCount && !decisionStands(snapshot, next)) forms = new Map();
    snapshot = next;
    draw();
  });
  draw();
  return {
    model: () => model,
    unmount() {
      unsubscribe();
      render(null, element);
    },
  };
}

/**
 * Whether the seat's decision goes on unchanged from one snapshot to the next: only other seats moved
 * (another player's secret choice, say) and the seat is offered the very same moves. Its half-filled
 * forms are then kept; any other new moment (its own move, a step back, a load) starts them afresh.
 */
function decisionStands(before: SeatSnapshot, after: SeatSnapshot): boolean {
  return (
    after.moveCount > before.moveCount &&
    before.options.length > 0 &&
    after.moves.every((entry) => entry.seat !== after.seat) &&
    JSON.stringify(after.options) === JSON.stringify(before.options)
  );
}

interface TableViewProps {
  readonly game: AnyGame;
  readonly snapshot: SeatSnapshot;
  readonly model: TableModel;
  readonly entries: readonly StoryEntry[];
  readonly refusal: { option: string; reason: string } | null;
  readonly send: (option: TableOption, values: Values) => Promise<string | null>;
  readonly chosen: (option: TableOption) => Values;
  readonly choose: (option: TableOption, values: Values) => void;
  readonly action: ReturnType<typeof cardActions>;
  readonly seatLabel: (seat: Seat) => string;
  readonly told: ToldResult | null;
  readonly positions: Positions;
  readonly animate: boolean;
}

function TableView(props: TableViewProps): ComponentChild {
  const { game, snapshot, model, entries, refusal, send, action, seatLabel, told, chosen, choose } = props;
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (root.current) animateCards(root.current, props.positions, props.animate);
  });
  const [middle, ...seats] = model.areas;
  const acting = snapshot.activity.kind === "over" ? [] : snapshot.activity.players;
  const yourTurn = model.decision !== null;
  return h(
    "div",
    { class: "rt-table", ref: root, "data-move-count": snapshot.moveCount, "data-seat": snapshot.seat ?? "spectator" },
    h(
      "header",
      { class: "rt-status" },
      h("h1", { class: "rt-title" }, game.title),
      h("p", { class: `rt-turn${yourTurn ? " rt-yours" : ""}`, role: "status", "aria-live": "polite" }, snapshot.result ? "Game over" : capitalise(model.turn ?? "")),
      model.notes.map((note) => h("p", { class: "rt-note", key: note }, note)),
    ),
    h(
      "div",
      { class: "rt-layout" },
      h(
        "main",
        { class: "rt-felt", "aria-label": "The table" },
        middle ? h(Area, { game, area: middle, acting, action, seatLabel }) : null,
        h("div", { class: "rt-seats" }, seats.map((area) => h(Area, { key: area.seat, game, area, acting, action, seatLabel }))),
        model.emptyForEverySeat.length > 0 ? h("p", { class: "rt-empty" }, `Empty in front of every seat: ${model.emptyForEverySeat.join(", ")}`) : null,
      ),
      h(
        "aside",
        { class: "rt-side" },
        snapshot.result
          ? h(Result, { result: snapshot.result, told: told!, seatLabel })
          : h(
              "section",
              { class: "rt-decision", "aria-label": yourTurn ? "Your move" : "Waiting" },
              h("h2", {}, yourTurn ? "Your move" : "Waiting"),
              model.decision
                ? h(Decision, { key: snapshot.moveCount, decision: model.decision, send, refusal, title: (o: TableOption) => capitalise(words(o.type)), chosen, choose })
                : h("p", { class: "rt-waiting" }, acting.length > 0 ? `Waiting for ${acting.map(seatLabel).join(", ")}…` : ""),
            ),
        h(Log, { entries }),
      ),
    ),
  );
}

/** The result in words for the reader: the winners' line, each seat's score, and the parts as a sheet. */
interface ToldResult {
  readonly winners: string;
  readonly scores: readonly string[];
  readonly sheet: readonly ScoreSheetRow[];
}

function toldResult(game: AnyGame, result: GameResult, reader: Reader): ToldResult {
  const sheet = scoreSheet(game, result, reader);
  // The parts have a table of their own where there are any: the score column shows the score alone.
  return { winners: describeWinners(game, result, reader), scores: result.scores.map((_, seat) => describeScore(game, result, seat, reader, sheet.length === 0)), sheet };
}

function Result({ result, told, seatLabel }: { result: GameResult; told: ToldResult; seatLabel: (seat: Seat) => string }): ComponentChild {
  const order = result.ranking.flat();
  return h(
    "section",
    { class: "rt-result", "aria-label": "Result", "data-winners": result.winners.join(",") },
    h("h2", {}, "Game over"),
    h("p", { class: "rt-winners" }, told.winners),
    h(
      "table",
      { class: "rt-standings" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Seat"), h("th", { scope: "col" }, "Score"))),
      h(
        "tbody",
        {},
        order.map((seat) =>
          h(
            "tr",
            { key: seat, "data-seat": seat, "data-score": String(result.scores[seat]![0]), class: result.winners.includes(seat) ? "rt-winner" : undefined },
            h("th", { scope: "row" }, seatLabel(seat)),
            h("td", {}, told.scores[seat]),
          ),
        ),
      ),
    ),
    told.sheet.length > 0 ? h(ScoreSheet, { sheet: told.sheet, order, seatLabel }) : null,
  );
}

/** How the scores add up: a row per part the rules name, a column per seat in the ranking's order. */
function ScoreSheet({ sheet, order, seatLabel }: { sheet: readonly ScoreSheetRow[]; order: readonly Seat[]; seatLabel: (seat: Seat) => string }): ComponentChild {
  return h(
    "table",
    { class: "rt-sheet" },
    h("caption", {}, "How the scores add up"),
    h("thead", {}, h("tr", {}, h("td", {}), order.map((seat) => h("th", { key: seat, scope: "col", "data-seat": seat }, seatLabel(seat))))),
    h(
      "tbody",
      {},
      sheet.map((row) =>
        h("tr", { key: row.label }, h("th", { scope: "row" }, row.label), order.map((seat) => h("td", { key: seat, "data-seat": seat }, row.points[seat] === null ? "–" : String(row.points[seat])))),
      ),
    ),
  );
}

function Log({ entries }: { entries: readonly StoryEntry[] }): ComponentChild {
  // Newest first, so the latest move is where the eye is; numbered as they happened.
  return h(
    "section",
    { class: "rt-log", "aria-label": "What happened" },
    h("h2", {}, "What happened"),
    h(
      "ol",
      { reversed: true, "aria-live": "polite", "aria-relevant": "additions" },
      [...entries].reverse().map((entry) =>
        h(
          "li",
          { key: entry.index, "data-move": entry.index, style: entry.seat === null ? undefined : `--seat: var(--rt-seat-${entry.seat % 8})` },
          entry.lines.map((line, i) => h("p", { key: i }, line)),
        ),
      ),
    ),
  );
}
