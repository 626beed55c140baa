// Every game with an emitted playout kernel (generated/<game>/playout.ts) must play, from the same
// game seed and policy seed, exactly the games the state machine plays under the runtime's random bot
// (`playRandomGame`): the same seat and move at every decision, the same number of decisions, the
// same final scores. Hundreds of seeds at each player count, so that a rule played differently in a
// rare situation shows.

import { describe, expect, it } from "vitest";
import { GameFault, Rng, endingOf, playRandomGame, playRandomScores, type Game, type Move } from "@rules/runtime/internal";
import { games } from "@rules/generated";

const GAMES_PER_COUNT = 200;

/** A move as a kernel traces it: seat, move type's index in `game.moves`, parameters in schema order. */
function traced(game: Game, seat: number, move: Move): number[] {
  const types = Object.keys(game.moves!);
  const parameters = Object.keys(game.moves![move.type]!);
  return [seat, types.indexOf(move.type), ...parameters.map((name) => move[name] as number)];
}

const withKernel = Object.values(games).filter((game) => game.playout !== undefined);

describe("playout kernels play the state machine's games move for move", () => {
  it("For Sale has a kernel", () => {
    expect(withKernel.map((game) => game.id)).toContain("for-sale");
  });

  for (const game of withKernel) {
    const counts = [...new Set([game.minPlayers, Math.min(game.minPlayers + 1, game.maxPlayers), game.maxPlayers])];
    it.each(counts)(`${game.id}, %i players`, (players) => {
      const kernel = game.playout!();
      const seeds = new Rng(1000 + players);
      for (let i = 0; i < GAMES_PER_COUNT; i++) {
        const gameSeed = seeds.int(2 ** 31);
        const policySeed = seeds.int(2 ** 31);
        const expected: number[] = [];
        const played = playRandomGame(game, { players, seed: gameSeed }, new Rng(policySeed), (seat, move) =>
          expected.push(...traced(game, seat, move)),
        );
        kernel.policy.set(new Rng(policySeed).words());
        const trace: number[] = [];
        const decisions = kernel.play(players, gameSeed, trace);
        const context = `${game.id}, ${players} players, game seed ${gameSeed}, policy seed ${policySeed}`;
        expect(trace, context).toEqual(expected);
        expect(decisions, context).toBe(played.decisions);
        expect(kernel.scores(), context).toEqual(game.scores(played.state));
        expect(kernel.ending(), context).toEqual(endingOf(played.state));
      }
    });
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
