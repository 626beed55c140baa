// Seat sets (playout-seat-sets.ts): a pass over the seats reads its leading tests as masks worked out
// once, not seat by seat, where they are made of `and`, `or`, `not`, seats compared, flags kept as
// masks, a per-player `player` variable compared with a seat (`partner[q] == a`: the masks of the
// seats naming each seat, kept by playout-held-counts.ts), tests of no seat, and `any(t in Z[q]:
// t.F == E.m)` (the masks of the seats holding each member, kept beside the counts by
// playout-counts.ts), through the rules' functions; `any` and `all` over the seats by such tests are
// the masks tested once, with no pass. The drill's `paired` and `guarded` are such tests, in two
// options' shared pass, in `any(q in players: open_to(p, q))` and in an `all` with a `where`. Its partner variable is
// written at the deciding seat and at the target, from a seat and from a value worked out, and made
// afresh every round; its shields enter a seat's zone from the pool, leave it one by one and all
// at once (`move all`), so a mask wrong by a bit would offer other seats, or end a turn at another
// time, than the state machine.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Seat Set Drill" {
  players 2..5
}
enum Mark { plain, shield }
card Token {
  mark: Mark
  cards for i in 1..14 { mark: if i <= 5 then Mark.shield else Mark.plain }
}
per player var gold: int public = 3
per player var passed: bool public = false
per player var traded: bool public = false
per player var partner: player public = 0
per player var debt: int public = 0
var bank: int hidden = 500 "the bank"
zone pool: Token stack hidden = all Token
per player zone shown: Token pile public

// Either seat traded with the other this round.
function paired(a: player, b: player): bool = (traded[a] and partner[a] == b) or (traded[b] and partner[b] == a)
function guarded(p: player): bool = any(t in shown[p]: t.mark == Mark.shield)
function open_to(a: player, q: player): bool = q != a and not passed[q] and not paired(a, q) and not guarded(q)

flow {
  shuffle pool
  let rounds = 0
  while rounds < 8 {
    rounds += 1
    for q in players {
      traded[q] = false
      partner[q] = next(q)
      if debt[q] > 3 {
        debt[q] = debt[q] - 3
      }
    }
    for p in players {
      for q in players {
        passed[q] = false
      }
      let done = false
      while not done {
        ask p {
          trade(target in players)
            require target != p else "not yourself"
            require not passed[target] else "passed over"
            require not paired(p, target) else "paired this round"
            require not guarded(target) else "shielded"
            require gold[target] < 20 else "rich enough"
            require gold[p] >= 1 else "no gold"
          {
            transfer 1 from gold[p] to gold[target]
            traded[p] = true
            partner[p] = target
            passed[target] = true
          }
          rob(target in players)
            require target != p else "not yourself"
            require not passed[target] else "passed over"
            require not paired(p, target) else "paired this round"
            require not guarded(target) else "shielded"
            require gold[target] > gold[p] else "not richer"
          {
            transfer 1 from gold[target] to gold[p]
            partner[target] = if gold[p] > 4 then p else next(target)
            traded[target] = gold[target] > 1
            passed[target] = true
          }
          show "show a token"
            require count(pool) > 0 else "the pool is empty"
          {
            move top(pool) to shown[p]
          }
          drop "put a shield back"
            require guarded(p) else "no shield shown"
          {
            move first(t in shown[p] where t.mark == Mark.shield) to pool
          }
          // Every requirement a seat set: the seats passing them are a mask, the seat drawn its k-th.
          lend(target in players)
            require target != p else "not yourself"
            require debt[target] == 0 else "already in debt"
            require not paired(p, target) else "paired this round"
          {
            transfer 1 from bank to gold[target]
            debt[target] += 2
          }
          rest {
            transfer 1 from bank to gold[p]
            done = true
          }
        }
        if not any(q in players: open_to(p, q)) {
          done = true
        }
        if all(q in players where q != p: passed[q] or paired(p, q)) {
          transfer 1 from bank to gold[p]
        }
      }
      ask p {
        // Searched alone: its leading tests skip seats by masks, its last is tested seat by seat.
        collect(target in players)
          require target != p else "not yourself"
          require debt[target] > 0 else "owes nothing"
          require gold[target] >= debt[target] else "cannot pay"
        {
          transfer debt[target] from gold[target] to gold[p]
          debt[target] = 0
        }
        wait { }
      }
    }
    if rounds % 3 == 0 {
      for q in players {
        move all shown[q] to pool
      }
      shuffle pool
    }
  }
}

score p: gold[p]
`;

describe("the playout kernel's seat sets", () => {
  it("reads a relation between seats and a zone's held member as masks, kept by every write and move", async () => {
    // A decision's held locals (playout-decide-locals.ts) read as the flow's own.
    const kernelText = (await loadRulesKernel("seat-set-drill", DRILL, runtime)).kernelText.replace(/\$(l_\w+)/g, "$1");
    // The text without its layout (the formatter breaks long lines where it likes).
    const flat = (text: string): string => text.replace(/\s+/g, "");
    const kernel = flat(kernelText);
    const paired = "(((v_traded[l_p]! === 1 ? -1 : 0) & (1 << v_partner[l_p]!)) | ($mask_traded & $naming_partner[l_p]!))";
    const walk = flat(`((1 << players) - 1) & ~((1 << l_p) | $mask_passed | ${paired} | $holding_count_shown_mark[1]!);`);
    // The shared pass of trade and rob: every leading test a mask.
    expect(kernel.split(walk).length - 1).toBe(1);
    // any(open_to) and all(... where q != p: ...): no pass, the masks tested once.
    expect(kernel).toContain(flat(`((((1 << players) - 1) & (~(1 << l_p) & ~$mask_passed & ~${paired} & ~$holding_count_shown_mark[1]!)) !== 0)`));
    expect(kernel).toContain(flat(`((((1 << players) - 1) & ~(1 << l_p) & ~($mask_passed | ${paired})) === 0)`));
    expect(kernel).not.toContain("fn_open_to(l_p,l_q)");
    expect(kernel).not.toContain("v_partner[l_target]!===l_p");
    expect(kernel).not.toContain("$count_shown_mark[(Z_shown+l_target-Z_shown)");
    // The seats naming each seat follow every write of partner: at a seat, from a value, afresh.
    expect(kernel).toContain(flat("$naming_partner[v_partner[l_p]!] &= ~(1 << l_p); v_partner[l_p] = l_target; $naming_partner[v_partner[l_p]!] |= 1 << l_p;"));
    expect(kernel).toContain(flat("$naming_partner[v_partner[l_target]!] &= ~(1 << l_target); v_partner[l_target] = v_gold[l_p]! > 4"));
    expect(kernel).toContain(flat("$naming_partner[v_partner[l_q]!] &= ~(1 << l_q);"));
    expect(kernel).toContain(flat("$naming_partner.fill(0); for (let $p = 0; $p < players; $p++) $naming_partner[v_partner[$p]!] |= 1 << $p;"));
    // The seats holding a shield follow the counts: in, out, emptied, made afresh.
    expect(kernel).toMatch(/if\(\$count_shown_mark\[\(\$seg\d+-Z_shown\)\*2\+\$member\]!\+\+===0\)\$holding_count_shown_mark\[\$member\]!\|=1<<\(\$seg\d+-Z_shown\);/);
    expect(kernel).toMatch(/if\(--\$count_shown_mark\[\(\$seg\d+-Z_shown\)\*2\+\$member\]!===0\)\$holding_count_shown_mark\[\$member\]!&=~\(1<<\(\$seg\d+-Z_shown\)\);/);
    expect(kernel).toContain(flat("for (let $m = 0; $m < 2; $m++) $holding_count_shown_mark[$m]! &= ~(1 << ($from - Z_shown));"));
    expect(kernel).toContain(flat("$count_shown_mark.fill(0); $holding_count_shown_mark.fill(0);"));
    expect(kernel).toContain(flat("if ($member >= 0 && $count_shown_mark[$s * 2 + $member]!++ === 0) $holding_count_shown_mark[$member]! |= 1 << $s;"));
  });

  it("lists a seat parameter whose requirements are seat sets as a mask, and searches one alone by masks", async () => {
    // A decision's held locals (playout-decide-locals.ts) read as the flow's own.
    const kernelText = (await loadRulesKernel("seat-set-drill", DRILL, runtime)).kernelText.replace(/\$(l_\w+)/g, "$1");
    const kernel = kernelText.replace(/\s+/g, "");
    const paired = "(((v_traded[l_p]!===1?-1:0)&(1<<v_partner[l_p]!))|($mask_traded&$naming_partner[l_p]!))";
    // lend: the mask of its seats, drawn by count and position.
    const lend = new RegExp(`(\\$seats\\d+)=\\(\\(1<<players\\)-1\\)&~\\(1<<l_p\\)&\\$zero_debt&~${paired.replace(/[$()[\]!?|&]/g, "\\$&")};if\\(\\1===0\\)break`).exec(kernel);
    expect(lend).not.toBeNull();
    expect(kernel).toContain(`maskSeats(${lend![1]})`);
    expect(kernel).toMatch(new RegExp(`nthMaskSeat\\(\\${lend![1]},\\$\\w+\\)`));
    // collect: alone, the seats not in debt left out by the mask of the seats above 0.
    expect(kernel).toContain("letl_target$left=((1<<players)-1)&~((1<<l_p)|~$above_debt);");
    expect(kernel).toContain("if(!(v_gold[l_target]!>=v_debt[l_target]!))continue;");
    // The masks of the seats above 0 and at 0 follow every write of debt, and are made afresh.
    expect(kernel).toContain("$above_debt=v_debt[l_target]!>0?$above_debt|(1<<l_target):$above_debt&~(1<<l_target);");
    expect(kernel).toContain("$zero_debt=v_debt[l_target]!===0?$zero_debt|(1<<l_target):$zero_debt&~(1<<l_target);");
    expect(kernel).toContain("$zero_debt=v_debt[l_q]!===0?$zero_debt|(1<<l_q):$zero_debt&~(1<<l_q);");
    expect(kernel).toContain("$above_debt=0;$zero_debt=0;for(let$p=0;$p<players;$p++){if(v_debt[$p]!>0)$above_debt|=1<<$p;if(v_debt[$p]!===0)$zero_debt|=1<<$p;}");
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await loadRulesKernel("seat-set-drill", DRILL, runtime);
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, { seed: 61, playerCounts: [2, 3, 5], gamesPerCount: 40, preferences: [false, true], onMove: (_seat, move) => typesSeen.add(move.type) });
    expect([...typesSeen].sort()).toEqual(["collect", "drop", "lend", "rest", "rob", "show", "trade", "wait"]);
    expect(played.decisions / played.games).toBeGreaterThan(40);
  });
});
