// For Sale against bots, on the published packages alone: `@rules/runtime` plays the match,
// `@rules/generated/for-sale` is the game and `@rules/runtime/present` tells the log. The human is
// seat 0; every other seat is a random bot. URL parameters: `players`, `seed`, and `delay` (ms between
// bot moves; 0 for tests).
import { applyMove, botMove, createMatch, eventsFor, isOver, legalMoves, resultOf, serializeMatch, viewFor, whoMayAct, type Match } from "@rules/runtime";
import { describePlay, type Reader } from "@rules/runtime/present";
import { game, type Move } from "@rules/generated/for-sale";
import { seededRandom } from "./random.js";
import { renderBoard, renderControls, renderResult, seatName, showRefusal, YOU } from "./render.js";

const params = new URLSearchParams(location.search);
const delay = Number(params.get("delay") ?? 400);
const section = (id: string): HTMLElement => document.getElementById(id)!;

let match: Match<typeof game>;
let random: () => number;
/** Bumped by each new game, so that a running bot loop of the old game stops. */
let generation = 0;
const log: string[] = [];

function newGame(players: number, seed: number): void {
  generation++;
  match = createMatch(game, { players, seed });
  random = seededRandom(seed);
  log.length = 0;
  section("result").hidden = true;
  void runBots(generation);
}

function draw(): void {
  const view = viewFor(match, YOU);
  const acting = whoMayAct(match).players;
  renderBoard(section("board"), view, acting);
  const mine = !isOver(match) && acting.includes(YOU) ? legalMoves(match, YOU) : [];
  const waiting = isOver(match) ? "The game is over." : `Waiting for ${acting.map(seatName).join(", ")}…`;
  renderControls(section("controls"), mine, waiting, play);
  section("log").replaceChildren(Object.assign(document.createElement("ol"), { innerHTML: "" }));
  // Latest first, numbered as they happened.
  const list = section("log").firstElementChild as HTMLOListElement;
  list.reversed = true;
  list.append(...log.map((line) => Object.assign(document.createElement("li"), { textContent: line })).reverse());
  section("view-json").querySelector("pre")!.textContent = JSON.stringify(view, null, 1);
  const result = resultOf(match);
  if (result) renderResult(section("result"), result, serializeMatch(match));
}

function apply(seat: number, move: Move): boolean {
  // What the log needs from before the move: the option it was chosen from (to name its card), and
  // whether it was a secret choice (told without its content until every seat has chosen).
  const option = legalMoves(match, seat).find((o) => o.type === move.type);
  const secret = whoMayAct(match).kind === "simultaneous";
  const outcome = applyMove(match, seat, move);
  if (!outcome.ok) {
    showRefusal(section("controls"), outcome.error.reason);
    return false;
  }
  match = outcome.match;
  // Told to seat 0 as it may know it: "Bot 2 passes and takes Property 3 from the Properties on auction".
  const reader: Reader = { seat: YOU, names: Array.from({ length: match.state.players }, (_, s) => seatName(s)) };
  log.push(...describePlay(game, { seat, move, option }, eventsFor(match, YOU), reader, secret));
  return true;
}

function play(move: Move): void {
  if (apply(YOU, move)) void runBots(generation);
}

/** Plays bot moves, one at a time, until the human must act or the game is over. */
async function runBots(started: number): Promise<void> {
  for (;;) {
    draw();
    const activity = whoMayAct(match);
    const bots = activity.players.filter((seat) => seat !== YOU);
    if (activity.kind === "over" || bots.length === 0) return;
    // Turn by turn a bot acts only on its turn; in a simultaneous choice bots choose at once.
    if (activity.kind !== "simultaneous" && activity.players[0] === YOU) return;
    if (delay > 0) await new Promise((done) => setTimeout(done, delay));
    if (started !== generation) return;
    const seat = bots[0]!;
    apply(seat, botMove(match, seat, random));
  }
}

section("setup").addEventListener("submit", (event) => {
  event.preventDefault();
  const form = new FormData(event.target as HTMLFormElement);
  newGame(Number(form.get("players")), Math.trunc(Number(form.get("seed"))));
});
const players = Number(params.get("players") ?? 4);
const seed = Number(params.get("seed") ?? Math.floor(Math.random() * 1e9));
(document.querySelector("[name=players]") as HTMLSelectElement).value = String(players);
(document.querySelector("[name=seed]") as HTMLInputElement).value = String(seed);
newGame(players, seed);
