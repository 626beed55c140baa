// The random policy's exact count (set-choice-shape.ts, the runtime's SetChoices): where 10,000
// draws of sets of cards find no legal move, the legal moves are counted, and one drawn uniformly
// (or, with none, a fault that says so), by the state machine's `randomMove` and by the kernel alike.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game, Move } from "../../../runtime/src/internal.js";
import { loadRulesGame } from "../testing/load-game.js";

/** A purse of twenty 1-coins and a till holding one coin of `price`: paying it takes every coin when
 *  the price is 20 (one legal move, which a random draw of sets finds about once in a million), and
 *  no payment exists above 20. */
const rules = (price: number): string => `
game "Exact Change" {
  players 2..2
}
card Coin {
  value: int
  cards for copy in 1..20 { value: 1 }
  cards { value: ${price} }
}
zone bank: Coin pile public = all Coin
zone till: Coin row public
per player zone purse: Coin pile public

flow {
  let buyer = random_player()
  move first(c in bank where c.value == ${price}) to till
  move all bank to purse[buyer]
  ask buyer {
    pay(give in subset(purse[buyer]), take in subset(till)) "pay {give} for {take}"
      require count(give) > 0 else "give a coin"
      require count(take) > 0 else "take a coin"
      require sum(c in give: c.value) == sum(c in take: c.value) else "pay the same value"
    {
      for c in give {
        move c to till
      }
      for c in take {
        move c to purse[buyer]
      }
    }
  }
  end game
}

score p: sum(c in purse[p]: c.value)
`;

/** The move's trace as the kernel writes it: seat, move type, each set's size then its cards. */
function traced(game: Game, seat: number, move: Move): number[] {
  const types = Object.keys(game.moves!);
  const sets = Object.keys(game.moves![move.type]!).flatMap((name) => [(move[name] as number[]).length, ...(move[name] as number[])]);
  return [seat, types.indexOf(move.type), ...sets];
}

describe("the random policy where draws miss every legal set", () => {
  it("counts the one legal payment and draws it, the kernel as the state machine, move for move", async () => {
    const game = await loadRulesGame("exact-change", rules(20), runtime);
    const kernel = game.playout!();
    for (let seed = 0; seed < 4; seed++) {
      const expected: number[] = [];
      const played = runtime.playRandomGame(game, { players: 2, seed }, new runtime.Rng(100 + seed), (seat, move) => expected.push(...traced(game, seat, move)));
      // The whole purse (20 coins) for the till's 20-coin: the only legal move.
      expect(expected.slice(2, 3)).toEqual([20]);
      expect(expected.slice(23)).toEqual([1, 20]);
      expect(game.scores(played.state).map((row) => row[0]).sort((a, b) => a! - b!)).toEqual([0, 20]);
      kernel.policy.set(new runtime.Rng(100 + seed).words());
      const trace: number[] = [];
      expect(kernel.play(2, seed, trace)).toBe(played.decisions);
      expect(trace).toEqual(expected);
    }
  });

  it("says there is no legal move when the count is 0, in both engines", async () => {
    const game = await loadRulesGame("exact-change-21", rules(21), runtime);
    const state = game.setup({ players: 2, seed: 1 });
    game.advance(state);
    const seat = game.activity(state).players[0]!;
    const rng = new runtime.Rng(7);
    expect(() => game.randomMove!(state, seat, (n) => rng.int(n))).toThrow(/must act at .* but has no legal move/);
    const kernel = game.playout!();
    kernel.policy.set(new runtime.Rng(7).words());
    expect(() => kernel.play(2, 1, null)).toThrow(/must act but has no legal move/);
  });
});
