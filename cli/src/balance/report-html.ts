// The balance report as one self-contained HTML page: tables of the figures, the plots inlined as
// SVG, and the report's JSON embedded (`#report-data`), so the page needs nothing else to open.
// Each figure's cell carries `data-figure` naming the JSON field it shows, for tests and tools.

import type { Plot } from "./plots.js";
import type { ReportData } from "./report-data.js";
import type { Proportion, Summary } from "./stats.js";

const escapeHtml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A rate as the page prints it: one decimal of a percent. */
export const percent = (x: number): string => `${(x * 100).toFixed(1)}%`;
/** A mean or a deviation as the page prints it. */
export const decimal = (x: number): string => x.toFixed(2);

const interval = (p: Proportion): string => `${percent(p.low)} – ${percent(p.high)}`;

function cell(figure: string, text: string): string {
  return `<td data-figure="${escapeHtml(figure)}">${escapeHtml(text)}</td>`;
}

function summaryRow(label: string, field: string, s: Summary): string {
  return `<tr><th>${escapeHtml(label)}</th>${cell(`${field}.mean`, decimal(s.mean))}${cell(`${field}.median`, decimal(s.median))}${cell(`${field}.min`, String(s.min))}${cell(`${field}.max`, String(s.max))}${cell(`${field}.sd`, decimal(s.sd))}</tr>`;
}

/** "seat 0 went first in 12 games, seat 1 in 13": how often each seat went first. */
function firstSeats(bySeat: readonly number[]): string {
  const went = bySeat.map((games, seat) => ({ games, seat })).filter((s) => s.games > 0);
  if (went.length === 0) return "no game asked a seat alone";
  return went.map((s, i) => `seat ${s.seat} ${i === 0 ? "went first in " : "in "}${s.games} game${s.games === 1 ? "" : "s"}`).join(", ");
}

export function reportHtml(data: ReportData, plots: readonly Plot[]): string {
  const variants = data.variants.length > 0 ? `, variants ${data.variants.join(", ")}` : "";
  const seatRows = data.bySeat.map(
    (s, i) =>
      `<tr><th>seat ${s.seat}</th>${cell(`bySeat.${i}.bot`, s.bot)}${cell(`bySeat.${i}.winRate.rate`, percent(s.winRate.rate))}${cell(`bySeat.${i}.winRate.interval`, interval(s.winRate))}${cell(`bySeat.${i}.score.mean`, decimal(s.score.mean))}${cell(`bySeat.${i}.score.sd`, decimal(s.score.sd))}${cell(`bySeat.${i}.score.min`, String(s.score.min))}${cell(`bySeat.${i}.score.max`, String(s.score.max))}</tr>`,
  );
  const first = data.firstPlayer;
  const lead = data.leaderAtTwoThirds;
  // `<` is escaped in the embedded JSON so no value can close the script element.
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(data.title)}: balance report</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { padding: 0.25em 0.8em; border-bottom: 1px solid #ddd; text-align: right; }
th:first-child { text-align: left; }
.plots { display: flex; flex-wrap: wrap; gap: 1.5em; }
figure { margin: 0; }
.note { color: #555; font-size: 0.9em; }
</style>
</head>
<body>
<h1>${escapeHtml(data.title)}: balance report</h1>
<p>${data.completed} of ${data.games} games of ${data.players} players (${data.seats} seats)${escapeHtml(variants)}, seed ${data.seed}; ${data.faults} broke.</p>

<h2>Wins and scores by seat</h2>
<table id="by-seat">
<tr><th>seat</th><th>bot</th><th>win rate</th><th>95% interval</th><th>mean score</th><th>sd</th><th>min</th><th>max</th></tr>
${seatRows.join("\n")}
</table>
<p class="note">A shared win counts 1/k to each of its k winners. Intervals are Wilson score intervals.</p>

<h2>Balance</h2>
<table id="balance">
<tr><th>first player (by turn order) win rate</th>${cell("firstPlayer.winRate.rate", percent(first.winRate.rate))}<td>${escapeHtml(interval(first.winRate))}</td></tr>
<tr><th>fair share (1 / seats)</th>${cell("firstPlayer.fairShare", percent(first.fairShare))}<td></td></tr>
<tr><th>first-player advantage</th>${cell("firstPlayer.advantage", `${first.advantage >= 0 ? "+" : ""}${(first.advantage * 100).toFixed(1)} points`)}<td></td></tr>
<tr><th>games with a sole leader at two thirds</th>${cell("leaderAtTwoThirds.games", String(lead.games))}<td></td></tr>
<tr><th>that leader wins</th>${cell("leaderAtTwoThirds.wins.rate", percent(lead.wins.rate))}${cell("leaderAtTwoThirds.wins.interval", interval(lead.wins))}</tr>
</table>
<p class="note" id="first-player-note">The first player is, game by game, the first seat to act (the first asked alone), not seat 0: ${escapeHtml(firstSeats(first.bySeat))}.</p>
<p class="note">The leader is the seat alone at the top by score after two thirds of a game's decisions (scores read mid-game by the rules' score).</p>

<h2>Game length and lead changes</h2>
<table id="flow">
<tr><th></th><th>mean</th><th>median</th><th>min</th><th>max</th><th>sd</th></tr>
${summaryRow("decisions per game", "length", data.length)}
${summaryRow("lead changes per game", "leadChanges", data.leadChanges)}
</table>

<h2>Plots</h2>
<div class="plots">
${plots.map((p) => `<figure id="plot-${p.id}">${p.svg}</figure>`).join("\n")}
</div>

<script type="application/json" id="report-data">${json}</script>
</body>
</html>
`;
}
