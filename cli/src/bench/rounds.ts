// `rules bench`'s rounds: each engine measured once per round in a child process of its own
// (engine-process.ts), the engines' order alternating from one round to the next so that drift in the
// machine's speed falls on both; rates are playouts per CPU second, and a figure is the median of the
// rounds'.

import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { EngineRequest } from "./engine-process.js";
import type { EngineKind, EngineMeasure } from "./playouts.js";

const CHILD = fileURLToPath(new URL("./engine-process.js", import.meta.url));

/** What a child could not do: the game broke, or the process failed. */
export class EngineFailed extends Error {}

export interface EngineFigures {
  /** Median over the rounds of playouts ÷ CPU seconds. */
  readonly playoutsPerSec: number;
  readonly roundPlayoutsPerSec: readonly number[];
  readonly playouts: number;
  readonly meanDecisions: number;
  /** Per round, the decisions of its first playouts (the same seeds in every engine). */
  readonly checkedDecisions: readonly number[];
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Runs one measurement in a fresh Node process. */
export function measureInChild(request: EngineRequest): Promise<EngineMeasure> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD], { stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => (out += String(chunk)));
    child.stderr.on("data", (chunk) => (err += String(chunk)));
    child.on("error", (error) => reject(new EngineFailed(`could not start a measuring process: ${error.message}`)));
    child.on("close", (code) => {
      const line = out.trim().split("\n").at(-1) ?? "";
      let result: (EngineMeasure & { error?: undefined }) | { error: string } | undefined;
      try {
        result = JSON.parse(line) as typeof result;
      } catch {
        result = undefined;
      }
      if (result && result.error === undefined && code === 0) resolve(result);
      else reject(new EngineFailed(result?.error ?? `the measuring process ended with status ${code}: ${err.trim().split("\n")[0] ?? ""}`));
    });
    child.stdin.end(JSON.stringify(request));
  });
}

/** Measures each engine `rounds` times, alternating their order; `progress` is told each measurement. */
export async function measureRounds(
  base: Omit<EngineRequest, "kind" | "seed">,
  kinds: readonly EngineKind[],
  rounds: number,
  seed: number,
  progress?: (text: string) => void,
): Promise<Map<EngineKind, EngineFigures>> {
  const measures = new Map<EngineKind, EngineMeasure[]>(kinds.map((kind) => [kind, []]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? kinds : [...kinds].reverse();
    for (const kind of order) {
      progress?.(`round ${round + 1} of ${rounds}: ${kind}`);
      // Every engine of a round gets the same seed, so they play the same games.
      measures.get(kind)!.push(await measureInChild({ ...base, kind, seed: seed + round }));
    }
  }
  progress?.("");
  const figures = new Map<EngineKind, EngineFigures>();
  for (const [kind, list] of measures) {
    const rates = list.map((m) => m.playouts / m.cpuSeconds);
    const playouts = list.reduce((sum, m) => sum + m.playouts, 0);
    figures.set(kind, {
      playoutsPerSec: median(rates),
      roundPlayoutsPerSec: rates,
      playouts,
      meanDecisions: list.reduce((sum, m) => sum + m.decisions, 0) / playouts,
      checkedDecisions: list.map((m) => m.checkedDecisions),
    });
  }
  return figures;
}
