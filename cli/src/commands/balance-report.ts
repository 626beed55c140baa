// `rules report <game>`: a balance report of many games between bots: win rate by seat with 95%
// intervals, first-player advantage, scores, length, lead changes and whether the leader at two
// thirds wins, as a self-contained HTML page with SVG plots and the same figures as JSON.

import { promises as fs } from "node:fs";
import { resolve } from "node:path";
import { seatPlan } from "@rules/runtime/internal";
import { botName, botsForSeats, parseBotSpec } from "@rules/runtime/search";
import { reportData, type ReportData } from "../balance/report-data.js";
import { commaList, type CommandSpec } from "./args.js";
import { BOTS_OPTION, parseBotList } from "./bot-specs.js";
import { defineCommand, EXIT_OK, EXIT_PROBLEMS } from "./command.js";
import { findGameRef, GAME_ARGUMENT, GAME_NOTE, loadGame } from "./game-lookup.js";
import { PLACEMENT_OPTIONS, playRunFor } from "./run-placement.js";

const spec = {
  name: "report",
  summary: "a balance report (HTML with plots, and JSON) of many games between bots",
  positionals: [{ name: "game", description: GAME_ARGUMENT }],
  options: [
    { name: "players", kind: "int", min: 1, required: true, description: "players in each game" },
    { name: "games", kind: "int", min: 1, required: true, description: "how many games to play" },
    BOTS_OPTION,
    { name: "seed", kind: "int", placeholder: "S", description: "seed of the whole run (default 1)" },
    { name: "variant", kind: "string", placeholder: "V", description: "variants to play, comma-separated" },
    { name: "out", kind: "string", placeholder: "FILE", description: "write the page here (default report.html); the JSON goes beside it (report.json)" },
    { name: "json", kind: "flag", description: "print the JSON on stdout as well" },
    ...PLACEMENT_OPTIONS,
  ],
  notes: [
    "The first player is, in each game, the first seat to act (the first seat asked alone), whichever seat the game " +
      "gives the start to (For Sale draws it): its win rate is the first-player figure. The leader at two thirds is the seat alone at the top by the rules' score after two " +
      "thirds of a game's decisions; a lead change is a new sole leader. The page embeds its JSON (#report-data) and " +
      "marks each figure's cell with data-figure, the JSON field it shows. Plots are drawn by Vega-Lite (SVG).",
    GAME_NOTE,
  ],
} as const satisfies CommandSpec;

export const reportCommand = defineCommand(spec, async (args, io) => {
  const ref = await findGameRef(args.positionals[0]!, io.cwd, spec.name);
  const game = await loadGame(ref, io);
  const { players, games, workers, redis, queue } = args.options;
  const specs = args.options.bots === undefined
    ? new Array(players).fill(parseBotSpec("random"))
    : parseBotList(args.options.bots, game, players, spec.name);
  const bots = botsForSeats(specs, game.meta, players);
  const variants = commaList(args.options.variant);
  const seed = args.options.seed ?? 1;
  const tally = await playRunFor(game, ref, { players, variants, seed, bots, leads: true }, games, { workers, redis, queue }, io);
  const seats = seatPlan(game.meta, players).seats;
  const data = reportData({ game: game.id, title: game.title, players, seats, bots: bots.map(botName), variants, seed, games }, tally);
  const out = resolve(io.cwd, args.options.out ?? "report.html");
  const written = await writeReport(data, out);
  if (args.options.json) io.print(JSON.stringify(data));
  else io.print(`${written.html} (${written.htmlBytes} bytes, 4 plots) and ${written.json}`);
  for (const message of tally.errorMessages.slice(0, 3)) io.warn(`${message}`);
  return tally.errors > 0 ? EXIT_PROBLEMS : EXIT_OK;
});

/** Writes the page and its JSON beside it (`x.html` and `x.json`). */
export async function writeReport(data: ReportData, htmlPath: string): Promise<{ html: string; json: string; htmlBytes: number }> {
  const { drawPlots } = await import("../balance/plots.js");
  const { reportHtml } = await import("../balance/report-html.js");
  const html = reportHtml(data, await drawPlots(data));
  const json = htmlPath.replace(/\.html?$/i, "") + ".json";
  await fs.writeFile(htmlPath, html);
  await fs.writeFile(json, JSON.stringify(data, null, 2) + "\n");
  return { html: htmlPath, json, htmlBytes: Buffer.byteLength(html) };
}


