// A playout kernel resumed from a mid-game state of its state machine (`PlayoutKernel.resume`, and
// `playOnRandom`, which plays on with the state machine until the kernel can take the state) must
// play the state machine's continuation move for move: from states reached by random play (secret
// rounds half answered and races half declined among them), from states a search bot draws
// (`sample`), uniformly and by the rules' playout preferences; and a search must choose the same
// moves with its rollouts on the kernel as on the state machine.

import { describe, expect, it } from "vitest";
import {
  GameFault,
  Rng,
  choosePreferredMove,
  chooseRandomMove,
  cloneJson,
  countMoves,
  endingOf,
  playOnRandom,
  playRandomMoves,
  playRandomGame,
  type BaseState,
  type Game,
  type Move,
  type PlayedOn,
} from "@rules/runtime/internal";
import { searchMove } from "@rules/runtime/search";
import { games } from "@rules/generated";
import { expectSameTrace, traced } from "./support/kernel-trace.js";

const withKernel = Object.values(games).filter((game) => game.playout !== undefined);
/** Games from which mid-game states are taken, at most, per game and player count. */
const GAMES = 12;
/** States taken from each game, anywhere in it (each equally likely). */
const PER_GAME = 3;
/** Decisions of those games after which no new game starts (long games give fewer states). */
const PLAYED_BUDGET = 20_000;
/** Long games stop comparing after this many decisions of continuations (each test). */
const DECISION_BUDGET = 30_000;
/** Games played on stop here (Keys to Knowledge on its small board may never end). */
const CAP = 20_000;

/** States reached by random play of `game` (the state after a move, as a live game leaves it):
 *  PER_GAME of each game, drawn evenly over its length (a reservoir sample). */
function midGameStates(game: Game, players: number, variants: readonly string[], seeds: Rng, preferred: boolean): BaseState[] {
  const states: BaseState[] = [];
  let played = 0;
  for (let i = 0; i < GAMES && played < PLAYED_BUDGET; i++) {
    const seed = seeds.int(2 ** 31);
    const keep = new Rng(seeds.int(2 ** 31));
    const kept: BaseState[] = [];
    let seen = 0;
    try {
      playRandomGame(game, { players, seed, variants: [...variants] }, new Rng(seeds.int(2 ** 31)), (_seat, _move, state) => {
        seen++;
        if (kept.length < PER_GAME) kept.push(cloneJson(state));
        else {
          const at = keep.int(seen);
          if (at < PER_GAME) kept[at] = cloneJson(state);
        }
      }, CAP, preferred ? choosePreferredMove : chooseRandomMove);
    } catch (error) {
      if (!(error instanceof GameFault)) throw error;
    }
    played += seen;
    states.push(...kept);
  }
  return states;
}

interface Continuation {
  readonly moves: unknown[];
  readonly result: PlayedOn | { readonly fault: string };
  /** The policy generator's next draw after the continuation: it advanced as far. */
  readonly after: number;
}

/** `state` played on (a copy of it) by the state machine alone, or handed to the kernel. */
function continuation(game: Game, state: BaseState, policySeed: number, preferred: boolean, kernel: boolean): Continuation {
  const moves: unknown[] = [];
  const rng = new Rng(policySeed);
  // Each move the state machine makes, as it is chosen (a kernel traces a move before its effect,
  // which may fault).
  const recorded: Game = {
    ...game,
    apply: (s, seat, move: Move) => {
      moves.push(...traced(game, seat, move));
      game.apply(s, seat, move);
    },
  };
  let result: Continuation["result"];
  try {
    result = playOnRandom(recorded, cloneJson(state), rng, { preferred, kernel, trace: moves, maxDecisions: CAP });
  } catch (error) {
    if (!(error instanceof GameFault)) throw error;
    result = { fault: error.code };
  }
  return { moves, result, after: rng.int(2 ** 30) };
}

/** A continuation's result without the kernel's share of its moves (0 on the state machine alone). */
function withoutShare(result: Continuation["result"]): unknown {
  if ("fault" in result) return result;
  const { byKernel: _share, ...rest } = result;
  return rest;
}

describe("a playout kernel resumed from a state plays the state machine's continuation move for move", () => {
  it("every game of rules/ has a kernel that resumes", () => {
    expect(withKernel.map((game) => game.id).sort()).toEqual(["for-sale", "foreclosed", "freak-shop", "keys-to-knowledge", "lady-richmond"]);
    for (const game of withKernel) expect(game.playout!().resume, game.id).toBeTypeOf("function");
  });

  for (const game of withKernel) {
    const counts = [...new Set([game.minPlayers, game.maxPlayers])];
    const variantSets: readonly string[][] = [[], ...game.variants.map((v) => [v.name])];
    for (const preferred of [false, true]) {
      for (const variants of variantSets) {
        it(`${game.id} [${variants.join(", ")}], ${preferred ? "by the rules' preferences" : "uniformly"}`, () => {
          const seeds = new Rng(3100 + variants.length * 7 + (preferred ? 1 : 0));
          const kernel = game.playout!();
          let compared = 0;
          let states = 0;
          let direct = 0;
          let handedOver = 0;
          for (const players of counts) {
            for (const state of midGameStates(game, players, variants, seeds, preferred)) {
              if (compared > DECISION_BUDGET) break;
              // The kernel reads the state and leaves it as it was.
              const before = JSON.stringify(state);
              kernel.policy.set(new Rng(1).words());
              try {
                if (kernel.resume!(state, null, preferred, CAP) >= 0) direct++;
              } catch (error) {
                if (!(error instanceof GameFault)) throw error;
                direct++;
              }
              expect(JSON.stringify(state)).toBe(before);
              const policySeed = seeds.int(2 ** 31);
              const context = `${game.id}, ${players} players at ${state.pc}, policy seed ${policySeed}`;
              const expected = continuation(game, state, policySeed, preferred, false);
              const actual = continuation(game, state, policySeed, preferred, true);
              expectSameTrace(actual.moves, expected.moves, context);
              expect(actual.after, context).toBe(expected.after);
              if ("fault" in expected.result) {
                expect(actual.result, context).toEqual(expected.result);
              } else {
                const result = actual.result as PlayedOn;
                expect(result.scores, context).toEqual(expected.result.scores);
                expect(result.decisions, context).toBe(expected.result.decisions);
                expect(result.ending, context).toEqual(expected.result.ending);
                if (result.byKernel > 0) handedOver++;
              }
              compared += expected.moves.length / 2;
              states++;
            }
          }
          // Keys to Knowledge's long uniform games spend the budget in a few continuations.
          expect(states).toBeGreaterThanOrEqual(3);
          // Most states are taken at once; the kernel plays (part of) nearly every continuation.
          expect(direct / states).toBeGreaterThan(0.5);
          expect(handedOver / states).toBeGreaterThan(0.8);
        });
      }
    }

    if (game.sample) {
      it(`${game.id}: from states a search bot draws (sample)`, () => {
        const seeds = new Rng(3300);
        let compared = 0;
        for (const state of midGameStates(game, game.minPlayers, [], seeds, true)) {
          if (state.pc === "end" || compared > DECISION_BUDGET) continue;
          const seat = seeds.int(state.players);
          const drawn = game.sample!(state, seat, (n) => seeds.int(n));
          const policySeed = seeds.int(2 ** 31);
          const expected = continuation(game, drawn, policySeed, true, false);
          const actual = continuation(game, drawn, policySeed, true, true);
          const context = `${game.id} at ${state.pc} drawn for seat ${seat}`;
          expectSameTrace(actual.moves, expected.moves, context);
          expect(actual.after, context).toBe(expected.after);
          expect(withoutShare(actual.result), context).toEqual(withoutShare(expected.result));
          compared += expected.moves.length / 2;
        }
      });
    }
  }
});

describe("a playout kernel plays by the rules' preferences", () => {
  const preferring = withKernel.filter((game) => game.preferences !== undefined);

  it("some game states preferences", () => {
    expect(preferring.map((game) => game.id)).toContain("keys-to-knowledge");
  });

  for (const game of preferring) {
    it(`${game.id}: whole games as choosePreferredMove plays them`, () => {
      const seeds = new Rng(41);
      const kernel = game.playout!();
      for (const variants of [[], ...game.variants.map((v) => [v.name])]) {
        for (let i = 0; i < 4; i++) {
          const players = i % 2 === 0 ? game.minPlayers : game.maxPlayers;
          const seed = seeds.int(2 ** 31);
          const policySeed = seeds.int(2 ** 31);
          const expected: unknown[] = [];
          const context = `${game.id} [${variants.join(", ")}], ${players} players, seed ${seed}, policy seed ${policySeed}`;
          const trace: unknown[] = [];
          kernel.policy.set(new Rng(policySeed).words());
          let played: ReturnType<typeof playRandomGame>;
          try {
            played = playRandomGame(game, { players, seed, variants }, new Rng(policySeed), (seat, move) => expected.push(...traced(game, seat, move)), undefined, choosePreferredMove);
          } catch (error) {
            // A game that does not end (on the small board, some do not): the kernel plays the same
            // moves up to the same cap.
            if (!(error instanceof GameFault)) throw error;
            expect(() => kernel.play(players, seed, trace, variants, true), context).toThrow(expect.objectContaining({ code: error.code }));
            expect(trace.length, context).toBe(expected.length);
            expectSameTrace(trace, expected, context);
            continue;
          }
          const decisions = kernel.play(players, seed, trace, variants, true);
          expectSameTrace(trace, expected, context);
          expect(decisions, context).toBe(played.decisions);
          expect(kernel.scores(), context).toEqual(game.scores(played.state));
          expect(kernel.ending(), context).toEqual(endingOf(played.state));
        }
      }
    });
  }
});

describe("search rollouts on the kernel", () => {
  for (const game of withKernel) {
    it(`${game.id}: ISMCTS chooses as it does with rollouts on the state machine`, () => {
      const seeds = new Rng(59);
      // Positions where the seat to move has a choice (a forced move is not searched).
      const choosing = (s: BaseState) => s.pc !== "end" && countMoves(game.legalMoves(s, game.activity(s).players[0]!)) > 1;
      const states = midGameStates(game, game.minPlayers, [], seeds, true).filter(choosing).slice(0, 2);
      expect(states.length).toBeGreaterThan(0);
      for (const state of states) {
        const activity = game.activity(state);
        const seat = activity.players[0]!;
        // The rollouts do reach the kernel: count the states it takes.
        let taken = 0;
        const counted: Game = {
          ...game,
          playout: () => {
            const kernel = game.playout!();
            return {
              ...kernel,
              resume: (...args: Parameters<NonNullable<typeof kernel.resume>>) => {
                const decisions = kernel.resume!(...args);
                if (decisions >= 0) taken++;
                return decisions;
              },
            };
          },
        };
        const onKernel = searchMove(counted, state, seat, new Rng(7), { iterations: 40 });
        expect(taken, `${game.id} at ${state.pc}`).toBeGreaterThan(0);
        const onMachine = searchMove(game, state, seat, new Rng(7), { iterations: 40, kernel: false });
        expect(onKernel, `${game.id} at ${state.pc}`).toEqual(onMachine);
      }
    });
  }
});

describe("a random game's moves through the kernel (playRandomMoves)", () => {
  for (const game of withKernel) {
    it(`${game.id}: the moves, scores and generator of playRandomGame`, () => {
      const seeds = new Rng(71);
      let compared = 0;
      for (const preferred of [false, true]) {
        for (let i = 0; i < 6; i++) {
          const options = { players: i % 2 === 0 ? game.minPlayers : game.maxPlayers, seed: seeds.int(2 ** 31), variants: game.variants.length && i >= 4 ? [game.variants[0]!.name] : [] };
          const policySeed = seeds.int(2 ** 31);
          const expected: { seat: number; move: Move }[] = [];
          const viaMachine = new Rng(policySeed);
          let played: ReturnType<typeof playRandomGame>;
          try {
            played = playRandomGame(game, options, viaMachine, (seat, move) => expected.push({ seat, move: cloneJson(move) }), CAP, preferred ? choosePreferredMove : chooseRandomMove);
          } catch (error) {
            if (error instanceof GameFault) continue; // a game that does not end within CAP: compared above
            throw error;
          }
          const told: { seat: number; move: Move }[] = [];
          const viaKernel = new Rng(policySeed);
          const result = playRandomMoves(game, options, viaKernel, (seat, move) => told.push({ seat, move }), preferred);
          const context = `${game.id}, seed ${options.seed}, policy seed ${policySeed}, ${preferred ? "preferred" : "uniform"}`;
          expect(told, context).toEqual(expected);
          expect(result.scores, context).toEqual(game.scores(played.state));
          expect(result.decisions, context).toBe(played.decisions);
          expect(viaKernel.int(2 ** 30), context).toBe(viaMachine.int(2 ** 30));
          compared++;
        }
      }
      expect(compared).toBeGreaterThanOrEqual(6);
    });
  }
});
