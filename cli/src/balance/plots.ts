// The report's plots: Vega-Lite specifications rendered to SVG by Vega in Node (no browser, no
// canvas: Vega's SVG renderer writes markup as text). Loaded only when a report is drawn.

import { quantile, type Histogram } from "../simulation/histogram.js";
import type { ReportData } from "./report-data.js";
import { importOptional, PLOT_PACKAGES } from "../optional-dependency.js";

type Spec = Record<string, unknown>;

const WIDTH = 420;
const HEIGHT = 220;

/** Win rate by seat with its 95% interval, against the fair share. */
function winRates(data: ReportData): Spec {
  const values = data.bySeat.map((s) => ({ seat: `seat ${s.seat} (${s.bot})`, rate: s.winRate.rate, low: s.winRate.low, high: s.winRate.high }));
  return {
    title: "Win rate by seat (95% interval)",
    width: WIDTH,
    height: HEIGHT,
    data: { values },
    layer: [
      { mark: { type: "bar", color: "#4c78a8" }, encoding: { x: { field: "seat", type: "nominal", title: null, axis: { labelAngle: 0 } }, y: { field: "rate", type: "quantitative", title: "win rate", axis: { format: "%" }, scale: { domain: [0, 1] } } } },
      { mark: { type: "rule", color: "black" }, encoding: { x: { field: "seat", type: "nominal" }, y: { field: "low", type: "quantitative" }, y2: { field: "high" } } },
      { data: { values: [{ fair: data.firstPlayer.fairShare }] }, mark: { type: "rule", strokeDash: [4, 4], color: "#e45756" }, encoding: { y: { field: "fair", type: "quantitative" } } },
    ],
  };
}

/** Each seat's final scores as box plots (quartiles, whiskers to the extremes), drawn from the histograms. */
function scores(data: ReportData): Spec {
  const values = data.distributions.scores.map((h, seat) => ({
    seat: `seat ${seat}`,
    min: quantile(h, 0),
    q1: quantile(h, 0.25),
    median: quantile(h, 0.5),
    q3: quantile(h, 0.75),
    max: quantile(h, 1),
  }));
  const x = { field: "seat", type: "nominal", title: null, axis: { labelAngle: 0 } };
  return {
    title: "Final scores by seat",
    width: WIDTH,
    height: HEIGHT,
    data: { values },
    layer: [
      { mark: { type: "rule" }, encoding: { x, y: { field: "min", type: "quantitative", title: "score" }, y2: { field: "max" } } },
      { mark: { type: "bar", size: 24, color: "#4c78a8" }, encoding: { x, y: { field: "q1", type: "quantitative" }, y2: { field: "q3" } } },
      { mark: { type: "tick", size: 24, color: "white", thickness: 2 }, encoding: { x, y: { field: "median", type: "quantitative" } } },
    ],
  };
}

/** A histogram of one per-game count. */
function histogram(counts: Histogram, title: string, axis: string): Spec {
  return {
    title,
    width: WIDTH,
    height: HEIGHT,
    data: { values: counts.map(([value, games]) => ({ value, games })) },
    mark: { type: "bar", color: "#72b7b2" },
    encoding: {
      x: { field: "value", type: "quantitative", bin: { maxbins: 30 }, title: axis },
      y: { aggregate: "sum", field: "games", type: "quantitative", title: "games" },
    },
  };
}

export interface Plot {
  readonly id: string;
  readonly svg: string;
}

/** Every plot of the report as SVG markup. */
export async function drawPlots(data: ReportData): Promise<Plot[]> {
  const [vega, { compile }] = await importOptional(
    () => Promise.all([import("vega"), import("vega-lite")]),
    PLOT_PACKAGES,
    "a balance report's plots",
  );
  const specs: [string, Spec][] = [
    ["win-rates", winRates(data)],
    ["scores", scores(data)],
    ["length", histogram(data.distributions.length, "Game length", "decisions per game")],
    ["lead-changes", histogram(data.distributions.leadChanges, "Lead changes per game", "lead changes")],
  ];
  const plots: Plot[] = [];
  for (const [id, spec] of specs) {
    const compiled = compile({ $schema: "https://vega.github.io/schema/vega-lite/v6.json", ...spec } as never).spec;
    const view = new vega.View(vega.parse(compiled), { renderer: "none" });
    plots.push({ id, svg: await view.toSVG() });
    view.finalize();
  }
  return plots;
}
