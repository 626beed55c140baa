// `mountPlayground`: a match in the page on the table, with a designer's panel: a new game (players,
// seed, variants), the seat you play (or the seat to act, for a hot seat), which seats the bots play
// and how fast, stepping back through the match and branching, save and load, and the state
// inspector (the viewer's view as the runtime gives it). `reload` takes new rules mid-match.

import { h, render, type ComponentChild } from "preact";
import type { AnyGame, Seat } from "@rules/runtime";
import { LocalMatch, type LocalMatchOptions, type ReplayReport } from "./local-match.js";
import { installStyles } from "./style.js";
import { mountTable, type TableHandle } from "./table.js";

export interface PlaygroundOptions {
  readonly players?: number;
  readonly seed?: number;
  readonly variants?: readonly string[];
  /** The seat shown first (default 0). */
  readonly seat?: Seat;
  /** Seats the bots play (default: every seat but the one shown). */
  readonly bots?: readonly Seat[];
  readonly botDelayMs?: number;
  /** Show the seat whose turn it is, for people passing one screen round (default false). */
  readonly followTurn?: boolean;
}

export interface PlaygroundHandle {
  readonly local: () => LocalMatch;
  /** New rules: the match goes on with them, the moves so far replayed while they are legal. */
  reload(game: AnyGame): ReplayReport;
  unmount(): void;
}

export function mountPlayground(element: HTMLElement, game: AnyGame, options: PlaygroundOptions = {}): PlaygroundHandle {
  installStyles(element.ownerDocument);
  const doc = element.ownerDocument;
  const panel = doc.createElement("div");
  const tableElement = doc.createElement("div");
  panel.className = "rt-panel-host";
  element.replaceChildren(tableElement, panel);

  let currentGame = game;
  let seat: Seat = options.seat ?? 0;
  let follow = options.followTurn ?? false;
  let message = "";
  let saveText = "";
  let inspecting = false;
  let local: LocalMatch;
  let table: TableHandle | undefined;
  let connection: ReturnType<LocalMatch["connect"]> | undefined;
  let stopWatching: (() => void) | undefined;

  const start = (settings: LocalMatchOptions): void => {
    stopWatching?.();
    connection?.close();
    local?.close();
    local = new LocalMatch(currentGame, settings);
    stopWatching = local.onChange(onChange);
    seat = Math.min(seat, local.state.seats - 1);
    attach();
  };
  /** (Re)draws the table for the seat shown, with the whole story so far. */
  const attach = (): void => {
    table?.unmount();
    connection?.close();
    connection = local.connect(seat);
    table = mountTable(tableElement, connection, { humans: local.match.options.players, catchUp: connection.catchUp() });
    drawPanel();
  };
  const onChange = (): void => {
    if (follow) {
      const acting = local.match && local.state.over ? [] : whoActs();
      const next = acting.find((s) => !local.isBot(s));
      if (next !== undefined && next !== seat) {
        seat = next;
        attach();
        return;
      }
    }
    drawPanel();
  };
  const whoActs = (): readonly Seat[] => connection?.current().activity.players ?? [];

  const drawPanel = (): void => render(
      h(Panel, {
        state: local.state,
        seat,
        follow,
        message,
        saveText,
        inspected: inspecting && connection ? JSON.stringify(connection.current().view, null, 1) : null,
        game: currentGame,
        options: local.match.options,
        actions,
      }),
      panel,
    );
  const actions: PanelActions = {
    newGame: (players, seed, variants) => {
      try {
        start({ players, seed, variants, bots: range(players).filter((s) => s !== seat), botDelayMs: local.state.botDelayMs });
        message = "";
      } catch (error) {
        message = error instanceof Error ? error.message : String(error);
      }
      drawPanel();
    },
    showSeat: (next) => {
      seat = next;
      attach();
    },
    follow: (on) => {
      follow = on;
      onChange();
    },
    bots: (seats) => local.setBots(seats),
    delay: (ms) => local.setBotDelay(ms),
    goTo: (moves) => local.goTo(moves),
    resume: () => local.resume(),
    save: () => {
      saveText = local.save();
      drawPanel();
    },
    inspect: (open) => {
      if (open === inspecting) return;
      inspecting = open;
      drawPanel();
    },
    load: (text) => {
      try {
        local.load(text);
        message = `Loaded: ${local.state.length} moves.`;
        attach();
      } catch (error) {
        message = `Not loaded: ${error instanceof Error ? error.message : String(error)}`;
        drawPanel();
      }
    },
  };

  const players = options.players ?? Math.min(Math.max(game.minPlayers, 3), game.maxPlayers);
  start({
    players,
    seed: options.seed ?? Math.floor(Math.random() * 1_000_000),
    variants: options.variants ?? [],
    bots: options.bots ?? range(players).filter((s) => s !== seat),
    botDelayMs: options.botDelayMs ?? 600,
  });
  return {
    local: () => local,
    reload(next) {
      const report = local.reload(next as never);
      // Rules that refuse the match's options (a player count they no longer allow) leave the old game.
      currentGame = local.game;
      message =
        currentGame !== next
          ? `The new rules cannot set this match up (${report.reason}): still playing the previous ones.`
          : report.dropped === 0
          ? `New rules: ${report.replayed} moves replayed.`
          : `New rules: ${report.replayed} moves replayed; the next was refused (${report.reason}), the ${report.dropped} after it dropped.`;
      attach();
      return report;
    },
    unmount() {
      stopWatching?.();
      table?.unmount();
      connection?.close();
      local.close();
      render(null, panel);
      element.replaceChildren();
    },
  };
}

interface PanelActions {
  newGame(players: number, seed: number, variants: string[]): void;
  showSeat(seat: Seat): void;
  follow(on: boolean): void;
  bots(seats: Seat[]): void;
  delay(ms: number): void;
  goTo(moves: number): void;
  resume(): void;
  save(): void;
  load(text: string): void;
  inspect(open: boolean): void;
}

interface PanelProps {
  readonly state: LocalMatch["state"];
  readonly seat: Seat;
  readonly follow: boolean;
  readonly message: string;
  readonly saveText: string;
  readonly inspected: string | null;
  readonly game: AnyGame;
  readonly options: LocalMatch["match"]["options"];
  readonly actions: PanelActions;
}

function Panel({ state, seat, follow, message, saveText, inspected, game, options, actions }: PanelProps): ComponentChild {
  const seats = range(state.seats);
  const humans = options.players;
  const variants = game.variants ?? [];
  const numberOf = (form: HTMLFormElement, name: string): number => Number((form.elements.namedItem(name) as HTMLInputElement).value);
  return h(
    "div",
    { class: "rt-table rt-panel" },
    h(
      "form",
      {
        class: "rt-panel-row",
        "aria-label": "New game",
        onSubmit: (event: Event) => {
          event.preventDefault();
          const form = event.target as HTMLFormElement;
          const chosen = variants.filter((v) => (form.elements.namedItem(`variant-${v.name}`) as HTMLInputElement | null)?.checked).map((v) => v.name);
          actions.newGame(numberOf(form, "players"), Math.trunc(numberOf(form, "seed")), chosen);
        },
      },
      h("label", {}, "Players ", h("input", { name: "players", type: "number", min: game.minPlayers, max: game.maxPlayers, value: humans, style: "width:4rem" })),
      h("label", {}, "Seed ", h("input", { name: "seed", type: "number", step: 1, value: options.seed, style: "width:7rem" })),
      variants.map((v) =>
        h("label", { key: v.name, title: v.description }, h("input", { type: "checkbox", name: `variant-${v.name}`, checked: options.variants.includes(v.name) }), ` ${v.name.replace(/_/g, " ")}`),
      ),
      h("button", { type: "submit", class: "rt-choice" }, "New game"),
    ),
    h(
      "div",
      { class: "rt-panel-row", role: "group", "aria-label": "Seats" },
      h(
        "label",
        {},
        "You play ",
        h(
          "select",
          { name: "seat", value: seat, onChange: (e: Event) => actions.showSeat(Number((e.target as HTMLSelectElement).value)) },
          seats.map((s) => h("option", { key: s, value: s }, s < humans ? `seat ${s}` : `seat ${s} (the rules' bot)`)),
        ),
      ),
      h("label", {}, h("input", { type: "checkbox", name: "follow", checked: follow, onChange: (e: Event) => actions.follow((e.target as HTMLInputElement).checked) }), " hot seat: show the seat to play"),
      h(
        "fieldset",
        { class: "rt-bots" },
        h("legend", {}, "Bots play"),
        seats.map((s) =>
          h(
            "label",
            { key: s },
            h("input", {
              type: "checkbox",
              name: `bot-${s}`,
              checked: state.bots.includes(s),
              disabled: s >= humans,
              onChange: (e: Event) => actions.bots((e.target as HTMLInputElement).checked ? [...state.bots, s] : state.bots.filter((b) => b !== s)),
            }),
            ` ${s}`,
          ),
        ),
      ),
      h(
        "label",
        {},
        "Bot delay ",
        h("input", { type: "range", name: "delay", min: 0, max: 2000, step: 100, value: state.botDelayMs, onInput: (e: Event) => actions.delay(Number((e.target as HTMLInputElement).value)) }),
        ` ${state.botDelayMs} ms`,
      ),
    ),
    h(
      "div",
      { class: "rt-panel-row", role: "group", "aria-label": "History" },
      h("button", { type: "button", class: "rt-choice", name: "back", disabled: state.at === 0, onClick: () => actions.goTo(state.at - 1) }, "◀ Back"),
      h("input", { type: "range", name: "history", "aria-label": "Move shown", min: 0, max: state.length, value: state.at, onInput: (e: Event) => actions.goTo(Number((e.target as HTMLInputElement).value)) }),
      h("button", { type: "button", class: "rt-choice", name: "forward", disabled: state.at === state.length, onClick: () => actions.goTo(state.at + 1) }, "Forward ▶"),
      h("span", { "aria-live": "polite" }, `move ${state.at} of ${state.length}${state.paused ? " (the past: a move here starts a new branch)" : ""}`),
      state.paused ? h("button", { type: "button", class: "rt-choice", name: "resume", onClick: () => actions.resume() }, "Play on from here") : null,
    ),
    h(
      "div",
      { class: "rt-panel-row" },
      h("button", { type: "button", class: "rt-choice", name: "save", onClick: () => actions.save() }, "Save"),
      h("textarea", { name: "save", rows: 2, readonly: true, "aria-label": "The save", value: saveText, style: "flex:1;min-width:10rem" }),
      h(
        "form",
        {
          class: "rt-panel-row",
          "aria-label": "Load a save",
          onSubmit: (event: Event) => {
            event.preventDefault();
            actions.load(((event.target as HTMLFormElement).elements.namedItem("load") as HTMLTextAreaElement).value);
          },
        },
        h("textarea", { name: "load", rows: 2, "aria-label": "A save to load", style: "min-width:10rem" }),
        h("button", { type: "submit", class: "rt-choice" }, "Load"),
      ),
    ),
    message ? h("p", { class: "rt-message", role: "status" }, message) : null,
    h(Inspector, { seat, view: inspected, inspect: actions.inspect }),
  );
}

/** The state inspector: the view of the seat shown, as the runtime gives it (written only while open). */
function Inspector({ seat, view, inspect }: { seat: Seat; view: string | null; inspect: (open: boolean) => void }): ComponentChild {
  return h(
    "details",
    { class: "rt-inspector", open: view !== null, onToggle: (e: Event) => inspect((e.target as HTMLDetailsElement).open) },
    h("summary", {}, `State inspector: what seat ${seat} may know (its view, as the runtime gives it)`),
    h("pre", { class: "rt-view" }, view ?? ""),
  );
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}
