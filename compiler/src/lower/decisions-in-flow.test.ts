// Every flow construct with a decision inside asks the right seats, in the right order, with the
// right values. A game waits inside such a construct, so its loop positions, binders and filters
// must survive the wait: each case plays a small compiled game and compares the transcript of who
// was asked what, move by move, with one worked out by hand from the rules text.
import { describe, expect, test } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game, Move, MoveOption, ParameterDomain } from "../../../runtime/src/internal.js";
import { loadRulesGame } from "../testing/load-game.js";

const header = (players: number, declarations = ""): string => `
game "Flow" {
  players ${players}..${players}
}
card Token {
  value: int
  cards for v in 1..8 { value: v }
}
zone deck: Token stack hidden = all Token
zone row: Token row public
per player var got: int public = 0
per player var out: bool public = false
per player var bonus: int public = 0
${declarations}
score p: got[p]
`;

const domainText = (d: ParameterDomain): string => {
  switch (d.kind) {
    case "range":
      return `${d.min}..${d.max}`;
    case "player":
      return `[${d.players.join(" ")}]`;
    case "card":
    case "cards":
      return `cards[${d.cards.join(" ")}]`;
    case "choice":
      return `[${d.values.join(" ")}]`;
  }
};
const optionText = (o: MoveOption): string =>
  o.type + Object.entries(o.parameters).map(([name, d]) => ` ${name} ${domainText(d)}`).join("");

/** The first option, each parameter at the first value of its domain. */
function firstMove(options: readonly MoveOption[]): Move {
  const option = options[0]!;
  const move: Record<string, unknown> = { type: option.type };
  for (const [name, d] of Object.entries(option.parameters)) {
    move[name] = d.kind === "range" ? d.min : d.kind === "player" ? d.players[0] : d.kind === "choice" ? d.values[0] : d.kind === "card" ? d.cards[0] : [];
  }
  return move as Move;
}

/** Plays to the end: per decision, `kind seats: the options of the seat that moves`; then `over`. */
function transcript(game: Game, players: number, choose: (options: readonly MoveOption[], seat: number) => Move = firstMove): string[] {
  const state = game.setup({ players, seed: 1 });
  game.advance(state);
  const lines: string[] = [];
  for (let step = 0; step < 50; step++) {
    const activity = game.activity(state);
    if (activity.kind === "over") return [...lines, "over"];
    const seat = activity.players[0]!;
    const options = game.legalMoves(state, seat);
    lines.push(`${activity.kind} ${activity.players.join(" ")}: ${options.map(optionText).join(" | ")}`);
    game.apply(state, seat, choose(options, seat));
  }
  throw new Error(`still going after 50 decisions:\n${lines.join("\n")}`);
}

const play = async (players: number, body: string, choose?: (options: readonly MoveOption[], seat: number) => Move): Promise<string[]> =>
  transcript(await loadRulesGame("flow", header(players, body), runtime), players, choose);

describe("loops whose body asks", () => {
  test("`for ... where` asks only the elements that pass, each with its own values", async () => {
    const rules = `
flow {
  out[1] = true
  bonus[1] = 1
  bonus[2] = 2
  bonus[3] = 3
  for p in players where not out[p] {
    ask p {
      take(n in bonus[p] * 10 .. bonus[p] * 10 + 2) { got[p] = n }
    }
  }
}`;
    // Seat 1 is out: seats 0, 2 and 3 are asked, each offered its own tens.
    expect(await play(4, rules)).toEqual([
      "turn 0: take n 0..2",
      "turn 2: take n 20..22",
      "turn 3: take n 30..32",
      "over",
    ]);
  });

  test("`for ... by ... descending` asks in the order of the key, ties in seat order", async () => {
    const rules = `
setup {
  bonus[0] = 1
  bonus[1] = 5
  bonus[2] = 3
  bonus[3] = 3
}
flow {
  for p in players by bonus[p] descending {
    ask p {
      take(n in bonus[p] .. bonus[p]) { got[p] = n }
    }
  }
}`;
    // Keys 1, 5, 3, 3: seat 1 (5), then seats 2 and 3 (3, seat order), then seat 0 (1).
    expect(await play(4, rules)).toEqual(["turn 1: take n 5..5", "turn 2: take n 3..3", "turn 3: take n 3..3", "turn 0: take n 1..1", "over"]);
  });

  test("`for ... where ... by` over a zone filters and sorts on each card, and the cards stay bound across the wait", async () => {
    const rules = `
table owner_of: int -> player { 2: 1, 4: 2, 6: 0 }
setup {
  deal 6 from deck to row
}
flow {
  // Cards 1..6 are in the row, top first: the even ones, highest first, go to their owner.
  for c in row where c.value % 2 == 0 by c.value descending {
    ask owner_of[c.value] {
      keep(n in c.value .. c.value) { got[owner_of[c.value]] += n }
    }
    ask 0 {
      note(n in c.value .. c.value) { }
    }
  }
}`;
    // Even cards 6, 4, 2: 6 → seat 0, 4 → seat 2, 2 → seat 1; after each, seat 0 notes the same card.
    expect(await play(3, rules)).toEqual([
      "turn 0: keep n 6..6",
      "turn 0: note n 6..6",
      "turn 2: keep n 4..4",
      "turn 0: note n 4..4",
      "turn 1: keep n 2..2",
      "turn 0: note n 2..2",
      "over",
    ]);
  });

  test("nested loops with filters that read both binders", async () => {
    const rules = `
flow {
  out[1] = true
  for p in players where not out[p] {
    for q in players where q != p and not out[q] {
      ask p {
        pair(x in [q]) { got[x] += 1 }
      }
    }
  }
}`;
    // Seats 0, 2, 3 remain: each asks about the two others, in seat order.
    expect(await play(4, rules)).toEqual([
      "turn 0: pair x [2]",
      "turn 0: pair x [3]",
      "turn 2: pair x [0]",
      "turn 2: pair x [3]",
      "turn 3: pair x [0]",
      "turn 3: pair x [2]",
      "over",
    ]);
  });

  test("a `while` loop re-tests its condition after every decision", async () => {
    const rules = `
var turn: player public = 0
flow {
  let k = 0
  while k < 3 and not out[turn] {
    ask turn {
      step(n in k .. k + 1) {
        k += 1
        turn = next(turn)
      }
    }
  }
}`;
    expect(await play(4, rules)).toEqual(["turn 0: step n 0..1", "turn 1: step n 1..2", "turn 2: step n 2..3", "over"]);
  });

  test("a function in a loop's filter and in a domain reads the element being visited", async () => {
    const rules = `
function eligible(p: player): bool = not out[p] and p != 0
function offer(p: player): int = 100 + bonus[p]
setup {
  bonus[1] = 1
  bonus[3] = 3
}
flow {
  out[2] = true
  for p in players where eligible(p) {
    ask p {
      take(n in offer(p) .. offer(p)) { got[p] = n }
    }
  }
}`;
    expect(await play(4, rules)).toEqual(["turn 1: take n 101..101", "turn 3: take n 103..103", "over"]);
  });

  test("a decision nested in an option's body, inside a filtered loop, comes back to the loop", async () => {
    const rules = `
setup {
  bonus[1] = 1
  bonus[3] = 3
}
flow {
  out[2] = true
  for p in players where p != 0 and not out[p] {
    ask p {
      offer(n in bonus[p] .. bonus[p]) {
        ask 0 {
          accept(m in n .. n) { got[0] += m }
          refuse { }
        }
      }
      pass { }
    }
  }
}`;
    // Seats 1 and 3 offer; seat 0 answers each offer with the offered value.
    expect(await play(4, rules)).toEqual([
      "turn 1: offer n 1..1 | pass",
      "turn 0: accept m 1..1 | refuse",
      "turn 3: offer n 3..3 | pass",
      "turn 0: accept m 3..3 | refuse",
      "over",
    ]);
  });

  test("a race and a simultaneous choice inside a filtered loop", async () => {
    const rules = `
flow {
  out[0] = true
  for p in players where not out[p] {
    race r in players {
      claim(n in [p]) { got[r] += 1 }
    }
    ask each q in players {
      show(n in [p]) { got[q] += 1 }
    }
  }
}`;
    // Rounds for seats 1 and 2. The first racer claims (seat 0 is listed first); then all three choose.
    expect(await play(3, rules)).toEqual([
      "race 0 1 2: claim n [1] | decline",
      "simultaneous 0 1 2: show n [1]",
      "simultaneous 1 2: show n [1]",
      "simultaneous 2: show n [1]",
      "race 0 1 2: claim n [2] | decline",
      "simultaneous 0 1 2: show n [2]",
      "simultaneous 1 2: show n [2]",
      "simultaneous 2: show n [2]",
      "over",
    ]);
  });
});

describe("windows: decisions out of turn", () => {
  // Seat 0 may take twice, seat 2 once, seat 1 nothing; seat 3 is out. The window opens at seat 2.
  const rules = (where: string): string => `
setup {
  bonus[0] = 2
  bonus[2] = 1
  bonus[3] = 1
  out[3] = true
}
flow {
  window p in players_from(2) ${where} {
    take require got[p] < bonus[p] else "you have taken your share" { got[p] += 1 }
  }
  ask 1 {
    close { }
  }
}`;

  test("each listed player in order, again and again until done; one with nothing but done is passed by", async () => {
    // Order 2, 3, 0, 1 less seat 3. Seat 2 takes once, then has only done: passed by, not asked.
    // Seat 0 takes twice, likewise. Seat 1 is never offered take: passed by. Then the turn after.
    expect(await play(4, rules("where not out[p]"))).toEqual([
      "turn 2: take | done",
      "turn 0: take | done",
      "turn 0: take | done",
      "turn 1: close",
      "over",
    ]);
  });

  test("entered at a window (a scenario's start), the player's part is open: they may act twice", async () => {
    const game = await loadRulesGame("flow", header(4, rules("where not out[p]")), runtime);
    const state = game.setup({ players: 4, seed: 1 });
    (state as unknown as { locals: { p: number } }).locals.p = 0;
    game.enter!(state, "take_or_done");
    game.apply(state, 0, { type: "take" } as Move);
    // Seat 0 (bonus 2) is asked again after one take, then passed by; seat 1 has nothing: the turn after.
    expect(game.legalMoves(state, 0).map((o) => o.type)).toEqual(["take", "done"]);
    game.apply(state, 0, { type: "take" } as Move);
    expect(game.activity(state)).toEqual({ kind: "turn", players: [1] });
  });

  test("choosing done ends a player's part at once, the rest of the list still comes", async () => {
    // Without the filter seat 3 (bonus 1) is asked too. Every seat says done at once.
    const done = (options: readonly MoveOption[]): Move => ({ type: options.some((o) => o.type === "done") ? "done" : options[0]!.type } as Move);
    expect(await play(4, rules(""), done)).toEqual(["turn 2: take | done", "turn 3: take | done", "turn 0: take | done", "turn 1: close", "over"]);
  });
});
