// Any of the five compiled games against bots, on the published packages alone: `@rules/generated/<game>`
// is the game, `@rules/table` the table and the match in the page (`@rules/runtime` underneath). You
// play seat 0; the other seats are bots. URL parameters: `game`, `players`, `seed`, `variants`
// (comma-separated), `delay` (ms between bot moves; 0 for tests).
// With `server=ws://host:port` (a `rules serve` host) the page plays online instead: a lobby of the
// game's matches, then the same table on the seat's remote connection (src/online.ts, loaded only then).
import type { AnyGame } from "@rules/runtime";
import { mountPlayground, type PlaygroundHandle } from "@rules/table";

/** Each game loads when chosen: the page carries only the game played. */
const GAMES: Record<string, () => Promise<{ game: AnyGame }>> = {
  "for-sale": () => import("@rules/generated/for-sale"),
  "freak-shop": () => import("@rules/generated/freak-shop"),
  "lady-richmond": () => import("@rules/generated/lady-richmond"),
  foreclosed: () => import("@rules/generated/foreclosed"),
  "keys-to-knowledge": () => import("@rules/generated/keys-to-knowledge"),
};

const params = new URLSearchParams(location.search);
const picker = document.getElementById("game") as HTMLSelectElement;
const app = document.getElementById("app")!;
let playing: PlaygroundHandle | undefined;

async function open(id: string, first: boolean): Promise<void> {
  const load = GAMES[id] ?? GAMES["for-sale"]!;
  const { game } = await load();
  playing?.unmount();
  const number = (name: string): number | undefined => (first && params.has(name) ? Number(params.get(name)) : undefined);
  const players = number("players");
  const seed = number("seed");
  const delay = number("delay");
  playing = mountPlayground(app, game, {
    ...(players !== undefined ? { players } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(delay !== undefined ? { botDelayMs: delay } : {}),
    variants: first ? (params.get("variants") ?? "").split(",").filter((v) => v !== "") : [],
  });
  document.title = `${game.title} — rules compiler example`;
}

picker.value = params.get("game") ?? "for-sale";
const server = params.get("server");
if (server === null) {
  picker.addEventListener("change", () => void open(picker.value, false));
  void open(picker.value, true);
} else {
  // Online: another game is another lobby (the page again, on the same server).
  picker.addEventListener("change", () => location.assign(`?${new URLSearchParams({ server, game: picker.value })}`));
  document.querySelector(".site h1")!.textContent = "Rules compiler: any compiled game, online";
  const id = GAMES[picker.value] ? picker.value : "for-sale";
  void Promise.all([GAMES[id]!(), import("./online.js")]).then(([{ game }, online]) => {
    document.title = `${game.title} online — rules compiler example`;
    return online.openOnline(app, server, id, game, params);
  });
}
