// `npm run apply-cost`: what one `applyMove` costs at move 10 and at move 10,000 of a match. No
// compiled game lasts 10,000 moves, so the match is of Tally, a hand-written game that goes on as
// long as asked: two players take turns adding 1 to 3 to a total. Its state stays small, so any
// growth with the move number is the runtime's (the log), not the game's.

import { parseArgs } from "node:util";
import { applyMove, createMatch, type Activity, type BaseState, type Game, type Match } from "@rules/runtime/internal";

interface TallyState extends BaseState {
  zones: Record<string, never>;
  vars: { total: number; turn: number };
}

type TallyMove = { type: "add"; amount: number };

const tally: Game<TallyState, TallyMove, { total: number }> = {
  id: "tally",
  title: "Tally",
  minPlayers: 2,
  maxPlayers: 2,
  variants: [],
  meta: { cardTypes: [], cards: [], zones: [], vars: [], conserved: [] },
  moves: { add: { amount: "int" } },
  setup: ({ players, seed }) => ({
    players,
    variants: [],
    pc: "add",
    random: { s: [seed, 0, 0, 0], script: [] },
    zones: {},
    vars: { total: 0, turn: 0 },
    locals: {},
    pending: null,
  }),
  advance: () => {},
  activity: (s): Activity => ({ kind: "turn", players: [s.vars.turn] }),
  legalMoves: (s, seat) => (seat === s.vars.turn ? [{ type: "add", parameters: { amount: { kind: "range", min: 1, max: 3 } } }] : []),
  check: (s, seat, move) =>
    seat !== s.vars.turn
      ? { code: "move/not-your-turn", reason: "not your turn" }
      : move.amount < 1 || move.amount > 3
        ? { code: "move/out-of-domain", reason: "amount is 1 to 3" }
        : null,
  apply: (s, seat, move) => {
    s.vars.total += move.amount;
    s.vars.turn = 1 - seat;
  },
  view: (s) => ({ total: s.vars.total }),
  scores: (s) => [[s.vars.total], [0]],
};

const { values } = parseArgs({ options: { reps: { type: "string", default: "20000" }, far: { type: "string", default: "10000" } } });
const reps = Number(values.reps);
const far = Number(values.far);

function playTo(moves: number): Match<typeof tally> {
  let match = createMatch(tally, { players: 2, seed: 1 });
  for (let i = 0; i < moves; i++) {
    const next = applyMove(match, match.state.vars.turn, { type: "add", amount: 1 + (i % 3) });
    if (!next.ok) throw new Error(next.error.reason);
    match = next.match;
  }
  return match;
}

/** Microseconds per applyMove on `match` (a Match is a value: the same one is moved from each time). */
function costAt(match: Match<typeof tally>): number {
  const seat = match.state.vars.turn;
  const started = process.hrtime.bigint();
  for (let i = 0; i < reps; i++) {
    const next = applyMove(match, seat, { type: "add", amount: 2 });
    if (!next.ok) throw new Error(next.error.reason);
  }
  return Number(process.hrtime.bigint() - started) / 1000 / reps;
}

const near = playTo(10);
const distant = playTo(far);
// Warm up both, then alternate so that drift in the machine's speed falls on both alike.
costAt(near);
costAt(distant);
const nearTimes: number[] = [];
const farTimes: number[] = [];
for (let round = 0; round < 5; round++) {
  nearTimes.push(costAt(near));
  farTimes.push(costAt(distant));
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
console.log(`applyMove on Tally, median of 5 rounds of ${reps} moves each:`);
console.log(`  at move 10:     ${median(nearTimes).toFixed(2)} µs per move`);
console.log(`  at move ${far}: ${median(farTimes).toFixed(2)} µs per move (log of ${distant.moveCount} moves)`);
console.log(`  ratio: ${(median(farTimes) / median(nearTimes)).toFixed(2)}`);
