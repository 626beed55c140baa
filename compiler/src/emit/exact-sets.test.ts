// The random policy of sets of cards (docs/language.md 2.5). Its distribution is the documented one,
// not uniform over the legal moves; and where 10,000 draws find no legal move, the legal moves are
// counted exactly (set-choice-shape.ts, the runtime's SetChoices) and one drawn uniformly (or, with
// none, a fault that says so), by the state machine's `randomMove` and by the kernel alike.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { loadRulesGame } from "../testing/load-game.js";
import { traced } from "../../../tests/support/kernel-trace.js";

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

describe("the random policy where draws miss every legal set", () => {
  it("counts the one legal payment and draws it, the kernel as the state machine, move for move", async () => {
    const game = await loadRulesGame("exact-change", rules(20), runtime);
    const kernel = game.playout!();
    for (let seed = 0; seed < 4; seed++) {
      const expected: unknown[] = [];
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

  it("keeps the plain fault for a requirement it cannot count (a total equal to a number)", async () => {
    const source = `
game "Exact Sum" {
  players 2..2
}
card Coin {
  value: int
  cards for copy in 1..20 { value: 1 }
}
zone bank: Coin pile public = all Coin
zone till: Coin row public
per player zone purse: Coin pile public

flow {
  let buyer = random_player()
  move all bank to purse[buyer]
  ask buyer {
    pay(give in subset(purse[buyer])) "pay {give}"
      require sum(c in give: c.value) == 20 else "pay 20"
    {
      for c in give {
        move c to till
      }
    }
  }
  end game
}

score p: count(purse[p])
`;
    const game = await loadRulesGame("exact-change-sum", source, runtime);
    const state = game.setup({ players: 2, seed: 1 });
    game.advance(state);
    const seat = game.activity(state).players[0]!;
    const rng = new runtime.Rng(7);
    expect(() => game.randomMove!(state, seat, (n) => rng.int(n))).toThrow(/in 10,000 random draws/);
    const kernel = game.playout!();
    kernel.policy.set(new runtime.Rng(7).words());
    expect(() => kernel.play(2, 1, null)).toThrow(/in 10,000 random draws/);
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

/** Two trading options over three coins in a purse and three in the till (values 1, 1, 2, 2, 3, 3
 *  shuffled): Freak Shop's good deal and fair price, small enough to list every drawn sequence. */
const TRADES = `
game "Coin Trades" {
  players 2..2
}
card Coin {
  value: int
  cards for v in 1..3, copy in 1..2 { value: v }
}
zone bank: Coin pile hidden = all Coin
zone till: Coin row public
per player zone purse: Coin pile public

flow {
  shuffle bank
  let buyer = random_player()
  deal 3 from bank to purse[buyer]
  deal 3 from bank to till
  ask buyer {
    swap(give in subset(purse[buyer]), take in subset(till))
      require count(give) > 0 else "give a coin"
      require count(take) > 0 else "take a coin"
      require count(distinct(c in give: c.value)) == 1 else "one value"
      require count(distinct(c in take: c.value)) == 1 else "one value"
      require count(give) == count(take) else "as many"
      require top(give).value != top(take).value else "another value"
    {
      end game
    }
    pay(give in subset(purse[buyer]), take in subset(till))
      require count(give) > 0 else "give a coin"
      require count(take) > 0 else "take a coin"
      require sum(c in give: c.value) == sum(c in take: c.value) else "the same value"
    {
      end game
    }
  }
  end game
}

score p: count(purse[p])
`;

/** Every sequence of distinct cards of `cards`, from 1 card to all (what `randomSubset` can draw). */
function sequences(cards: readonly number[]): number[][] {
  const out: number[][] = [];
  const grow = (prefix: number[]): void => {
    for (const c of cards) {
      if (prefix.includes(c)) continue;
      out.push([...prefix, c]);
      grow([...prefix, c]);
    }
  };
  grow([]);
  return out;
}

/** The documented weight of one drawn sequence of k of n cards: size k with weight 2^(b-k) / (2^b - 1),
 *  then each order of k distinct cards (n - k)! / n!. */
function sequenceWeight(k: number, n: number): number {
  const b = Math.min(n, 30);
  let orders = 1;
  for (let i = 0; i < k; i++) orders *= n - i;
  return 2 ** (b - k) / (2 ** b - 1) / orders;
}

/** Pearson's statistic of observed counts against expected probabilities. */
function chiSquare(observed: Map<string, number>, expected: Map<string, number>, draws: number): number {
  let chi = 0;
  for (const [key, p] of expected) chi += ((observed.get(key) ?? 0) - p * draws) ** 2 / (p * draws);
  return chi;
}

describe("the redrawing policy's distribution", () => {
  it("is the documented one (option, then sizes 2^-k, then ordered cards, restricted to the legal moves), not uniform", async () => {
    const game = await loadRulesGame("coin-trades", TRADES, runtime);
    let notUniform = 0;
    for (let seed = 0; seed < 3; seed++) {
      const state = game.setup({ players: 2, seed });
      game.advance(state);
      const seat = game.activity(state).players[0]!;
      const zones = state.zones as Record<string, number[] & number[][]>;
      const purse = zones["purse"]![seat]!;
      const till = zones["till"]!;
      // Every move the draw can make, kept when `check` accepts it, weighted as documented.
      const documented = new Map<string, number>();
      for (const type of ["swap", "pay"]) {
        for (const give of sequences(purse)) {
          for (const take of sequences(till)) {
            const move = { type, give, take };
            if (game.check(state, seat, move) !== null) continue;
            documented.set(JSON.stringify(move), 0.5 * sequenceWeight(give.length, purse.length) * sequenceWeight(take.length, till.length));
          }
        }
      }
      const sum = [...documented.values()].reduce((a, b) => a + b, 0);
      for (const [key, w] of documented) documented.set(key, w / sum);
      const uniform = new Map([...documented.keys()].map((key) => [key, 1 / documented.size]));
      const draws = 60_000;
      const rng = new runtime.Rng(40 + seed);
      const observed = new Map<string, number>();
      for (let i = 0; i < draws; i++) {
        const key = JSON.stringify(game.randomMove!(state, seat, (n) => rng.int(n)));
        expect(documented.has(key), key).toBe(true);
        observed.set(key, (observed.get(key) ?? 0) + 1);
      }
      // 99.9 % quantile of chi-square with df degrees of freedom (Wilson-Hilferty).
      const df = documented.size - 1;
      const critical = df * (1 - 2 / (9 * df) + 3.09 * Math.sqrt(2 / (9 * df))) ** 3;
      expect(chiSquare(observed, documented, draws), `seed ${seed}: ${documented.size} legal moves`).toBeLessThan(critical);
      if (chiSquare(observed, uniform, draws) > 10 * critical) notUniform++;
    }
    expect(notUniform).toBe(3);
  });
});
