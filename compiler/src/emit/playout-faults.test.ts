// A kernel's faults are built out of line (playout-faults.ts): each `throw new GameFault(code,
// message)` the writer writes is a call of a function of its own at the module's level, passed the
// values its message shows. The drill's transfers fault in its `reckless` variant (a seat may pay
// what it does not have, or a negative amount): the kernel must still fault as the state machine
// does, with the same code and message; otherwise it plays the state machine's games.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";
import { traced, expectSameTrace } from "../../../tests/support/kernel-trace.js";

const DRILL = `
game "Fault Drill" {
  players 2..4
  variant reckless "a seat may pay what it does not have"
}
per player var coins: int public = 3
var bank: int public = 0
var turns: int public = 0

function broke(p: player): bool = coins[p] == 0

flow {
  while turns < 6 {
    turns += 1
    for p in players {
      ask p {
        pay(n in -1..4) "pay {n}"
          require variant(reckless) or (n >= 1 and coins[p] >= n) else "not that much"
        {
          transfer n from coins[p] to bank
        }
        earn "earn 1"
          require not broke(p) or bank > 0 else "nothing to earn"
        {
          coins[p] += 1
        }
      }
    }
  }
}

score p: coins[p]
`;

describe("the playout kernel's faults", () => {
  it("builds each fault by a function of its own at the module's level, passed its message's values", async () => {
    const { kernelText } = await loadRulesKernel("fault-drill", DRILL, runtime);
    const kernel = kernelText.replace(/\s+/g, "");
    // No fault is built in the kernel's closure: each site calls its function.
    expect(kernelText).not.toContain("throw new GameFault(");
    expect(kernel).toMatch(/if\(v_coins\[l_p\]!?<\$amount\)throw\$fault\d+\(v_coins\[l_p\]!?,\$amount\);/);
    expect(kernel).toMatch(/throw\$fault\d+\(\$amount\);/);
    // The functions follow the kernel, one per message; the values are parameters of the message.
    const end = kernel.lastIndexOf("};}");
    const functions = kernel.slice(end);
    expect(functions).toMatch(/^\};\}function\$fault\d+\(/);
    expect(functions).toContain('($0:unknown,$1:unknown):GameFault{returnnewGameFault("fault/insufficient",`coins[p]has${$0},notthe${$1}totransfer`);}');
    expect(functions).toContain('($0:unknown):GameFault{returnnewGameFault("fault/negative-transfer",`cannottransferanegativeamount(${$0})fromcoins[p]`);}');
    expect(functions).toMatch(/newGameFault\("fault\/endless-flow"|newGameFault\("fault\/decision-cap"/);
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await loadRulesKernel("fault-drill", DRILL, runtime);
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, { seed: 54, playerCounts: [2, 3, 4], gamesPerCount: 30, preferences: [false, true], onMove: (_seat, move) => typesSeen.add(move.type) });
    expect([...typesSeen].sort()).toEqual(["earn", "pay"]);
    expect(played.decisions / played.games).toBeGreaterThan(10);
  });

  it("faults where the state machine faults, with its code and message", async () => {
    const { game } = await loadRulesKernel("fault-drill", DRILL, runtime);
    const kernel = game.playout!();
    const seeds = new runtime.Rng(54);
    const codes = new Map<string, number>();
    for (let i = 0; i < 120; i++) {
      const [players, gameSeed, policySeed] = [2 + (i % 3), seeds.int(2 ** 31), seeds.int(2 ** 31)];
      const context = `${players} players, seeds ${gameSeed} ${policySeed}`;
      const expected: unknown[] = [];
      let fault: runtime.GameFault | null = null;
      try {
        runtime.playRandomGame(game, { players, seed: gameSeed, variants: ["reckless"] }, new runtime.Rng(policySeed), (seat, move) => expected.push(...traced(game, seat, move)));
      } catch (error) {
        if (!(error instanceof runtime.GameFault)) throw error;
        fault = error;
      }
      kernel.policy.set(new runtime.Rng(policySeed).words());
      const trace: unknown[] = [];
      let kernelFault: unknown = null;
      try {
        kernel.play(players, gameSeed, trace, ["reckless"]);
      } catch (error) {
        kernelFault = error;
      }
      // The kernel traces the move that faults; the state machine, only the moves that took effect.
      expectSameTrace(fault === null ? trace : trace.slice(0, expected.length), expected, context);
      if (fault === null) {
        expect(kernelFault, context).toBeNull();
        continue;
      }
      expect(kernelFault, context).toBeInstanceOf(runtime.GameFault);
      expect((kernelFault as runtime.GameFault).code, context).toBe(fault.code);
      expect((kernelFault as runtime.GameFault).message, context).toBe(fault.message);
      codes.set(fault.code, (codes.get(fault.code) ?? 0) + 1);
    }
    // Both of the transfer's faults, each with the values its message shows.
    expect(codes.get("fault/insufficient")).toBeGreaterThan(10);
    expect(codes.get("fault/negative-transfer")).toBeGreaterThan(10);
  });
});
