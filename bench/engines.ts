// The engines `npm run bench` measures, by game: the compiled one (its emitted playout kernel,
// generated/<game>/playout.ts, when the game has one), the compiled state machine driven by the
// runtime's random bot (`playRandomGame`), and, where there is one, a reference written by hand for
// speed. All get the same two seeds per playout (game, policy) and play the same random policy, so
// each playout is the same game in all (checked move for move by hand-written/replay.test.ts and
// tests/kernel.test.ts).

import { Rng, playRandomGame, seedWords, type Game } from "@rules/runtime/internal";
import { FastForSale } from "./hand-written/for-sale-fast.js";
import { FastLadyRichmond } from "./hand-written/lady-richmond-fast.js";
import { FastFreakShop } from "./hand-written/freak-shop-fast.js";
import { FastForeclosed } from "./hand-written/foreclosed-fast.js";
import { FastKeysToKnowledge } from "./hand-written/keys-to-knowledge-fast.js";

/** Playouts every measurement plays at least, whose decisions the harness compares across engines. */
export const CHECKED_PLAYOUTS = 256;

/** `generated`: the compiled game as simulations play it (its playout kernel, else its state
 *  machine); `state-machine`: always the state machine, so the kernel's gain shows. */
export type EngineKind = "reference" | "generated" | "state-machine";

/** Plays one whole game from its seeds and returns the decisions taken. */
export type Playout = (gameSeed: number, policySeed: number) => number;

/** CPU seconds this process has used (user and system): on a machine shared with other work it
 *  grows only while this process runs, where the wall clock also counts the others' turns. */
export function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** The warm-up, in seconds of CPU time, that a measurement of `seconds` gets unless told otherwise:
 *  twice it, at most 2 s. Half of it, at most a second, measured Keys to Knowledge's kernel at
 *  `npm run bench`'s 1 s while V8 was still compiling it (its first half second of play spends 0.4 s
 *  of CPU in the compiler, npm run bench:warm-up); by 2 s every engine has its hot paths optimized,
 *  though one with rare paths may take longer to settle. */
export function defaultWarmUp(seconds: number): number {
  return Math.min(2, 2 * seconds);
}

/** The warm-up a command's settings ask for: `--warm-up`'s seconds, or the default for its `--seconds`. */
export function warmUpOf(settings: { readonly warmUp: number | null; readonly seconds: number }): number {
  return settings.warmUp ?? defaultWarmUp(settings.seconds);
}

/** Playouts, 16 at a time, their seeds drawn from `seeds`, until the process has spent `seconds` of
 *  CPU time on them: how many, and their decisions. */
export function playFor(playout: Playout, seconds: number, seeds: Rng): { games: number; decisions: number } {
  const start = cpuSeconds();
  let [games, decisions] = [0, 0];
  do for (let i = 0; i < 16; i++, games++) decisions += playout(seeds.int(2 ** 31), seeds.int(2 ** 31));
  while (cpuSeconds() - start < seconds);
  return { games, decisions };
}

export interface BenchCase {
  readonly game: string;
  readonly title: string;
  readonly players: number;
  /** Variants played (none: the game as printed). */
  readonly variants?: readonly string[];
}

/** What `npm run bench` measures by default, in order. */
export const CASES: readonly BenchCase[] = [
  { game: "for-sale", title: "For Sale", players: 3 },
  { game: "for-sale", title: "For Sale", players: 4 },
  { game: "for-sale", title: "For Sale", players: 6 },
  { game: "lady-richmond", title: "Lady Richmond", players: 4 },
  { game: "freak-shop", title: "Freak Shop", players: 4 },
  { game: "foreclosed", title: "Foreclosed!", players: 4 },
  // The short game (20 rounds): random players take thousands of decisions to end the full one.
  { game: "keys-to-knowledge", title: "Keys to Knowledge, short", players: 4, variants: ["short"] },
];

/** The cases `--only` names (a game, or a game and a player count, e.g. for-sale:4); all of them
 *  without it. */
export function selectCases(only: readonly string[] | null): BenchCase[] {
  return CASES.filter((c) => only === null || only.some((o) => o === c.game || o === `${c.game}:${c.players}`));
}

/** The speed-written references, by game, for a player count and the variants played. */
const REFERENCES: Readonly<Record<string, (players: number, variants: readonly string[]) => Playout>> = {
  "for-sale": (players) => {
    const engine = new FastForSale();
    return (gameSeed, policySeed) => {
      engine.setup(players, gameSeed, policySeed);
      return engine.play();
    };
  },
  "lady-richmond": (players) => {
    const engine = new FastLadyRichmond();
    return (gameSeed, policySeed) => {
      engine.setup(players, gameSeed, policySeed);
      return engine.play();
    };
  },
  "freak-shop": (players) => {
    const engine = new FastFreakShop();
    return (gameSeed, policySeed) => {
      engine.setup(players, gameSeed, policySeed);
      return engine.play();
    };
  },
  foreclosed: (players) => {
    const engine = new FastForeclosed();
    return (gameSeed, policySeed) => {
      engine.setup(players, gameSeed, policySeed);
      return engine.play();
    };
  },
  "keys-to-knowledge": (players, variants) => {
    const engine = new FastKeysToKnowledge();
    return (gameSeed, policySeed) => {
      engine.setup(players, gameSeed, policySeed, variants);
      return engine.play();
    };
  },
};

export function hasReference(game: string): boolean {
  return game in REFERENCES;
}

/** Whether the compiled game has a playout kernel (then `generated` and `state-machine` differ). */
export async function hasKernel(game: string): Promise<boolean> {
  try {
    const module = (await import("@rules/generated")) as { games?: Record<string, Game> };
    return module.games?.[game]?.playout !== undefined;
  } catch {
    return false;
  }
}

/** The engine's playout, or why there is none (no reference; the compiled game missing). */
export async function loadEngine(kind: EngineKind, game: string, players: number, variants: readonly string[] = []): Promise<Playout | string> {
  if (kind === "reference") {
    const make = REFERENCES[game];
    return make ? make(players, variants) : `no speed-written reference for ${game} yet`;
  }
  const specifier = "@rules/generated";
  let compiled: Game | undefined;
  try {
    const module = (await import(specifier)) as {
      games?: Record<string, Game>;
    };
    compiled = module.games?.[game];
  } catch (error) {
    return `${specifier} could not be loaded (${error instanceof Error ? error.message.split("\n")[0] : String(error)}): run \`npm run compile\``;
  }
  if (!compiled) return `${specifier} has no game "${game}": run \`npm run compile\``;
  if (kind === "generated" && compiled.playout) {
    const kernel = compiled.playout();
    return (gameSeed, policySeed) => {
      seedWords(kernel.policy, policySeed);
      return kernel.play(players, gameSeed, null, variants);
    };
  }
  const options = { players, variants, seed: 0 };
  return (gameSeed, policySeed) => {
    options.seed = gameSeed;
    return playRandomGame(compiled, options, new Rng(policySeed)).decisions;
  };
}
