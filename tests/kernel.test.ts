// Every game with an emitted playout kernel (generated/<game>/playout.ts) must play, from the same
// game seed and policy seed, exactly the games the state machine plays under the runtime's random bot
// (`playRandomGame`): the same seat and move at every decision, the same number of decisions, the
// same final scores. Hundreds of seeds at each player count, so that a rule played differently in a
// rare situation shows.

import { describe, expect, it } from "vitest";
import { GameFault, Rng, endingOf, playRandomGame, playRandomScores, type Game, type Move } from "@rules/runtime/internal";
import { games } from "@rules/generated";
import { expectSameTrace, traced } from "./support/kernel-trace.js";

const GAMES_PER_COUNT = 200;
/** Long games (thousands of decisions each) stop at this many decisions compared per test, after
 *  at least MIN_GAMES games: the machine-shared CI would otherwise spend minutes on one game. */
const DECISION_BUDGET = 120_000;
const MIN_GAMES = 12;

const withKernel = Object.values(games).filter((game) => game.playout !== undefined);

describe("playout kernels play the state machine's games move for move", () => {
  it("every game of rules/ has a kernel", () => {
    expect(withKernel.map((game) => game.id).sort()).toEqual(["for-sale", "foreclosed", "freak-shop", "keys-to-knowledge", "lady-richmond"]);
  });

  /** `count` games of `game` at `players` seats with these variants, each compared move for move. */
  function sameGames(game: Game, players: number, variants: readonly string[], seeds: Rng, count: number): void {
    const kernel = game.playout!();
    let compared = 0;
    for (let i = 0; i < count && (i < MIN_GAMES || compared < DECISION_BUDGET); i++) {
      const gameSeed = seeds.int(2 ** 31);
      const policySeed = seeds.int(2 ** 31);
      const expected: unknown[] = [];
      const context = `${game.id}, ${players} players, variants [${variants.join(", ")}], game seed ${gameSeed}, policy seed ${policySeed}`;
      const record = (seat: number, move: Move) => expected.push(...traced(game, seat, move));
      let played: ReturnType<typeof playRandomGame> | null = null;
      let fault: GameFault | null = null;
      try {
        played = playRandomGame(game, { players, seed: gameSeed, variants }, new Rng(policySeed), record);
      } catch (error) {
        if (!(error instanceof GameFault)) throw error;
        fault = error;
      }
      kernel.policy.set(new Rng(policySeed).words());
      const trace: unknown[] = [];
      if (fault) {
        // A random game the state machine cannot finish (a flow that never ends under random play):
        // the kernel plays the same moves and faults the same way.
        expect(() => kernel.play(players, gameSeed, trace, variants), context).toThrow(expect.objectContaining({ code: fault.code }));
        expectSameTrace(trace, expected, context);
        compared += expected.length;
        continue;
      }
      const decisions = kernel.play(players, gameSeed, trace, variants);
      expectSameTrace(trace, expected, context);
      expect(decisions, context).toBe(played!.decisions);
      expect(kernel.scores(), context).toEqual(game.scores(played!.state));
      expect(kernel.ending(), context).toEqual(endingOf(played!.state));
      compared += decisions;
    }
  }

  for (const game of withKernel) {
    const counts = [...new Set([game.minPlayers, Math.min(game.minPlayers + 1, game.maxPlayers), game.maxPlayers])];
    it.each(counts)(`${game.id}, %i players`, (players) => {
      sameGames(game, players, [], new Rng(1000 + players), GAMES_PER_COUNT);
    });
    // Each variant on its own, then all of them together, at the fewest and the most seats.
    const choices = game.variants.length > 1 ? [...game.variants.map((v) => [v.name]), game.variants.map((v) => v.name)] : game.variants.map((v) => [v.name]);
    for (const variants of choices) {
      it(`${game.id} with variants [${variants.join(", ")}]`, () => {
        for (const players of new Set([game.minPlayers, game.maxPlayers])) sameGames(game, players, variants, new Rng(2000 + players), GAMES_PER_COUNT / 2);
      });
    }
  }
});

describe("simulations play through the kernel (playRandomScores)", () => {
  const forSale = games["for-sale"]!;

  it("gives the state machine's scores and decisions, and leaves the policy's generator where it would", () => {
    const seeds = new Rng(5);
    for (let i = 0; i < 100; i++) {
      const options = { players: 3 + (i % 4), seed: seeds.int(2 ** 31) };
      const policySeed = seeds.int(2 ** 31);
      const viaMachine = new Rng(policySeed);
      const played = playRandomGame(forSale, options, viaMachine);
      const viaKernel = new Rng(policySeed);
      const result = playRandomScores(forSale, options, viaKernel);
      expect(result.scores).toEqual(forSale.scores(played.state));
      expect(result.decisions).toBe(played.decisions);
      expect(viaKernel.int(1_000_000)).toBe(viaMachine.int(1_000_000));
    }
  });

  it("plays a match's variants through the kernel, as the state machine plays them", () => {
    const withVariants = withKernel.filter((game) => game.variants.length > 0);
    expect(withVariants.length).toBeGreaterThan(0);
    const seeds = new Rng(7);
    for (const game of withVariants) {
      for (let i = 0; i < 6; i++) {
        const options = { players: game.minPlayers, seed: seeds.int(2 ** 31), variants: [game.variants[i % game.variants.length]!.name] };
        const policySeed = seeds.int(2 ** 31);
        let played: ReturnType<typeof playRandomGame>;
        try {
          played = playRandomGame(game, options, new Rng(policySeed));
        } catch (error) {
          if (error instanceof GameFault) continue; // a game random play cannot finish: compared in sameGames
          throw error;
        }
        const result = playRandomScores(game, options, new Rng(policySeed));
        expect(result.scores, `${game.id} ${options.variants}`).toEqual(game.scores(played.state));
        expect(result.decisions).toBe(played.decisions);
      }
    }
  });

  it("refuses a kernel that faults where the state machine does not", () => {
    const kernel = forSale.playout!();
    const broken: Game = {
      ...forSale,
      playout: () => ({
        policy: kernel.policy,
        play: () => {
          throw new GameFault("fault/insufficient", "a broken kernel");
        },
        scores: () => kernel.scores(),
        ending: () => kernel.ending(),
      }),
    } as Game;
    expect(() => playRandomScores(broken, { players: 4, seed: 1 }, new Rng(2))).toThrow(/kernel of for-sale faulted \(a broken kernel\) where its state machine did not/);
  });
});
