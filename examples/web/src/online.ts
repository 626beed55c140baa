// The page's online mode (`?server=ws://host:port`): a lobby of the chosen game's matches on a
// `rules serve` host (listed as they come and go), creating one, joining one or watching it; once
// seated, the same `mountTable` as the local page draws the seat's remote SeatConnection. The seat
// (room and token) is kept in sessionStorage, so a reload of the page rejoins it; the page also shows
// a link that rejoins it from another tab or device. Nothing here knows a game.
import type { AnyGame } from "@rules/runtime";
import { createMatch, joinMatch, watchLobby, type ListedMatch, type RemoteSeat } from "@rules/client";
import { mountTable, type TableHandle } from "@rules/table";

/** Where the page sits in a match: a seat with its token, or a spectator's chair. */
interface Sitting {
  readonly roomId: string;
  readonly token: string | null;
  readonly players: number | null;
}

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> & Record<string, unknown> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] => {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key.startsWith("data-") || key.startsWith("aria-")) element.setAttribute(key, String(value));
    else (element as unknown as Record<string, unknown>)[key] = value;
  }
  element.append(...children);
  return element;
};

export async function openOnline(app: HTMLElement, server: string, gameId: string, game: AnyGame, params: URLSearchParams): Promise<void> {
  const storageKey = `rules-seat:${server}:${gameId}`;
  const remember = (sitting: Sitting | null): void => {
    if (sitting === null) sessionStorage.removeItem(storageKey);
    else sessionStorage.setItem(storageKey, JSON.stringify(sitting));
  };
  const remembered = (): Sitting | null => {
    // A rejoin link (`&room=…&token=…`) first, then what this tab kept.
    const room = params.get("room");
    if (room !== null) return { roomId: room, token: params.get("token"), players: null };
    const kept = sessionStorage.getItem(storageKey);
    return kept === null ? null : (JSON.parse(kept) as Sitting);
  };

  let stopLobby: (() => void) | null = null;
  let seat: RemoteSeat<AnyGame> | null = null;
  let table: TableHandle | null = null;

  const leave = (): void => {
    table?.unmount();
    table = null;
    seat?.close();
    seat = null;
    stopLobby?.();
    stopLobby = null;
  };

  /** The lobby: the game's open and running matches, a form to create one. */
  async function lobby(notice = ""): Promise<void> {
    leave();
    app.replaceChildren();
    const list = el("ul", { className: "lobby-list", "aria-label": "Matches" });
    const players = el("input", { type: "number", name: "players", min: String(game.minPlayers), max: String(game.maxPlayers), value: String(game.minPlayers) });
    const create = el("button", { type: "submit", name: "create" }, "Create a match");
    const form = el("form", { className: "lobby-create" }, el("label", {}, "Players ", players), " ", create);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      void sit(() => createMatch(server, game, { players: Number(players.value), gameId }), Number(players.value));
    });
    app.append(
      el("section", { className: "lobby", "aria-label": "Lobby" },
        el("h2", {}, `${game.title} on ${server}`),
        ...(notice === "" ? [] : [el("p", { className: "lobby-notice", role: "alert" }, notice)]),
        form,
        el("h3", {}, "Matches"),
        list,
      ),
    );
    const show = (matches: readonly ListedMatch[]): void => {
      if (matches.length === 0) return list.replaceChildren(el("li", { className: "lobby-empty" }, "No match yet: create one."));
      list.replaceChildren(
        ...matches.map((match) => {
          const join = el("button", { type: "button", name: "join", disabled: match.open === 0 }, "Join");
          join.addEventListener("click", () => void sit(() => joinMatch(server, game, { roomId: match.roomId }), match.players));
          const watch = el("button", { type: "button", name: "watch" }, "Watch");
          watch.addEventListener("click", () => void sit(() => joinMatch(server, game, { roomId: match.roomId, spectate: true }), match.players));
          const seats = match.open > 0 ? `${match.open} of ${match.players} seats open` : `${match.players} players, playing`;
          return el("li", { className: "lobby-match", "data-room": match.roomId, "data-open": match.open }, el("code", {}, match.roomId), ` ${seats} `, join, " ", watch);
        }),
      );
    };
    try {
      stopLobby = await watchLobby(server, show, gameId);
    } catch (error) {
      app.prepend(el("p", { className: "lobby-notice", role: "alert" }, `No lobby at ${server}: ${(error as Error).message}`));
    }
  }

  /** Takes a seat (or a spectator's chair) and draws its table. */
  async function sit(join: () => Promise<RemoteSeat<AnyGame>>, players: number | null, token: string | null = null): Promise<void> {
    stopLobby?.();
    stopLobby = null;
    let joined: RemoteSeat<AnyGame>;
    try {
      joined = await join();
    } catch (error) {
      return lobby(`Could not join: ${(error as Error).message}`);
    }
    seat = joined;
    // The server hands a token out once, when the seat is first taken; coming back, it is the one kept.
    const sitting: Sitting = { roomId: joined.roomId, token: joined.token ?? (joined.seat === null ? null : token), players };
    remember(sitting);
    const rejoin = new URL(location.href);
    rejoin.searchParams.set("room", sitting.roomId);
    if (sitting.token !== null) rejoin.searchParams.set("token", sitting.token);
    const status = el("span", { className: "online-status", "aria-live": "polite" });
    const back = el("button", { type: "button", name: "leave" }, "Back to the lobby");
    back.addEventListener("click", () => {
      remember(null);
      void lobby();
    });
    const who = joined.seat === null ? "watching" : `seat ${joined.seat}`;
    const bar = el(
      "p",
      { className: "online-seat", "data-room": sitting.roomId, "data-seat": joined.seat ?? "spectator" },
      `Match `, el("code", { className: "online-room" }, sitting.roomId), `, ${who}. `,
      ...(sitting.token === null ? [] : ["Your token: ", el("code", { className: "online-token" }, sitting.token), " ("]),
      el("a", { className: "online-rejoin", href: rejoin.href }, sitting.token === null ? "link to watch again" : "link to come back to this seat"),
      sitting.token === null ? ". " : "). ",
      status, " ", back,
    );
    const tableElement = el("div", { className: "online-table" });
    app.replaceChildren(bar, tableElement);
    const showStatus = (): void => {
      const now = joined.status();
      const away = now?.absent ?? [];
      status.textContent = away.length === 0 ? "" : `Waiting for ${away.map((s) => `seat ${s}`).join(", ")}${now?.paused ? " (paused)" : ""}.`;
      status.dataset["absent"] = away.join(",");
    };
    joined.onStatus(showStatus);
    showStatus();
    joined.onClose(() => {
      if (seat === joined) void lobby("The link to the match was lost: open the link above, or pick a match again.");
    });
    table = mountTable(tableElement, joined, players === null ? {} : { humans: players });
  }

  const kept = remembered();
  if (kept === null) return lobby();
  // Coming back: the seat's token (a reload closes the old link; the server may still hold it for a
  // moment, so a refusal is tried again a few times), or a spectator's chair.
  const back = (): Promise<RemoteSeat<AnyGame>> =>
    kept.token === null ? joinMatch(server, game, { roomId: kept.roomId, spectate: true }) : joinMatch(server, game, { roomId: kept.roomId, token: kept.token });
  await sit(async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await back();
      } catch (error) {
        if (attempt >= 8 || !/already connected/.test((error as Error).message)) {
          remember(null);
          const clean = new URL(location.href);
          clean.searchParams.delete("room");
          clean.searchParams.delete("token");
          history.replaceState(null, "", clean.href);
          throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
      }
    }
  }, kept.players, kept.token);
}
