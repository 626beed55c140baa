// Plays random games of keys-to-knowledge and prints turns, decisions and how each game ended.
import { games } from "@rules/generated";
import { playRandomGame, Rng } from "@rules/runtime/internal";
const game = games["keys-to-knowledge"];
const [players, count, variant] = [Number(process.argv[2] ?? 2), Number(process.argv[3] ?? 50), process.argv[4]];
const turns = [], decisions = [], ends = {};
let errors = 0;
for (let i = 0; i < count; i++) {
  try {
    const { state, decisions: d } = playRandomGame(game, { players, variants: variant ? [variant] : [], seed: i + 1 }, new Rng(1000 + i));
    turns.push(state.vars.turns_played); decisions.push(d);
    const left = state.vars.eliminated.filter((r) => r === 0).length;
    const why = left === 1 ? "one player left" : "round limit (short)";
    ends[why] = (ends[why] ?? 0) + 1;
  } catch (e) {
    // A game still going after the runtime's DECISION_CAP decisions is unfinished, not an error.
    if (e?.code === "fault/decision-cap") ends["unfinished at the decision cap"] = (ends["unfinished at the decision cap"] ?? 0) + 1;
    else { errors++; console.error(String(e).slice(0, 200)); }
  }
}
const q = (a, p) => { const s = [...a].sort((x, y) => x - y); return s[Math.min(s.length - 1, Math.floor(p * s.length))]; };
console.log(JSON.stringify({ players, variant: variant ?? null, games: count, errors, ends,
  turns: { min: q(turns, 0), p25: q(turns, .25), median: q(turns, .5), p75: q(turns, .75), p90: q(turns, .9), max: q(turns, 1) },
  decisions: { median: q(decisions, .5), p90: q(decisions, .9), max: q(decisions, 1) } }));
