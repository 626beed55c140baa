// Lowering: a structured flow becomes a flat machine. Each decision is a labelled state named after
// its phase and options; the code after it is a resume step; decision-free code stays in one step.
import { describe, expect, test } from "vitest";
import { parseRules } from "../syntax/parser.js";
import { checkProgram, type CheckedGame } from "../check/checker.js";
import { lowerFlow } from "./lower.js";
import type { Effect, Exit, FlowMachine } from "./ir.js";

const declarations = `
game "Tiny" {
  players 2..4
}
card Token {
  value: int
  cards for v in 1..6 { value: v }
}
zone deck: Token stack hidden = all Token
per player zone hand: Token pile owner
per player var points: int public = 0
var leader: player public = 0
score p: points[p]
`;

function lower(flow: string): { machine: FlowMachine; game: CheckedGame } {
  const { program, errors } = parseRules(`${declarations}\nflow {\n${flow}\n}\n`, "tiny.rules");
  expect(errors).toEqual([]);
  const { game, diagnostics } = checkProgram(program);
  expect(diagnostics).toEqual([]);
  return { machine: lowerFlow(game!), game: game! };
}

function effect(e: Effect): string {
  switch (e.kind) {
    case "run":
      return `run ${e.statement.kind}`;
    case "enter-phase":
      return `enter-phase ${e.name}`;
    default:
      return `${e.kind} ${e.loop.binder.name}`;
  }
}

function exit(e: Exit): string {
  switch (e.kind) {
    case "goto":
      return `goto ${e.target}`;
    case "branch":
    case "loop-branch":
      return `${e.kind} ${e.then} ${e.otherwise}`;
    case "decide":
      return `decide ${e.decision.label}`;
    case "end":
      return "end";
  }
}

/** The machine as plain data: each step's label, effects and exit, in creation order. */
function steps(machine: FlowMachine): { label: string; effects: string[]; exit: string }[] {
  return machine.steps.map((s) => ({ label: s.label, effects: s.effects.map(effect), exit: exit(s.exit) }));
}

describe("lowering the flow", () => {
  test("a while loop around a decision, inside a phase", () => {
    const { machine, game } = lower(`
  phase drawing {
    let rounds = 0
    while count(deck) > 0 {
      ask leader {
        draw { move top(deck) to hand[leader] }
        pass { }
      }
      leader = next(leader)
      rounds += 1
    }
  }`);
    expect(machine.start).toBe("start");
    expect(steps(machine)).toEqual([
      { label: "start", effects: [], exit: "goto drawing.begin" },
      { label: "drawing.begin", effects: ["enter-phase drawing", "run let"], exit: "goto drawing.while" },
      { label: "drawing.while", effects: [], exit: "branch drawing.loop drawing.endwhile" },
      { label: "drawing.loop", effects: [], exit: "decide drawing.draw_or_pass" },
      { label: "drawing.endwhile", effects: [], exit: "goto after_drawing" },
      // After the decision: the rest of the loop body, then back to the test.
      { label: "drawing.resume", effects: ["run assign", "run assign"], exit: "goto drawing.while" },
      { label: "after_drawing", effects: [], exit: "end" },
    ]);
    expect(machine.decisions).toHaveLength(1);
    expect(machine.decisions[0]).toMatchObject({ label: "drawing.draw_or_pass", phase: "drawing", resume: "drawing.resume" });
    expect([...machine.decisions[0]!.optionEntries]).toEqual([]);
    expect(machine.loops).toEqual([]);
    // `rounds` lives across a decision, so it is kept in the state.
    expect(game.stateLocals.map((l) => [l.name, l.storage])).toEqual([["rounds", "state"]]);
  });

  test("a for loop around a decision keeps its list and position in the state", () => {
    const { machine, game } = lower(`
  for p in players {
    ask p {
      take(n in 1..3) { points[p] += n }
      pass { }
    }
  }
  points[0] += 1`);
    expect(steps(machine)).toEqual([
      { label: "start", effects: ["loop-start p"], exit: "goto for_p" },
      { label: "for_p", effects: [], exit: "loop-branch each_p endfor_p" },
      { label: "each_p", effects: ["loop-bind p"], exit: "decide take_or_pass" },
      { label: "endfor_p", effects: ["run assign"], exit: "end" },
      { label: "resume", effects: ["loop-step p"], exit: "goto for_p" },
    ]);
    expect(machine.loops).toHaveLength(1);
    expect(machine.loops[0]).toMatchObject({ list: "p_list", index: "p_index", binder: { name: "p", storage: "state" } });
    expect(machine.decisions.map((d) => [d.label, d.phase, d.resume])).toEqual([["take_or_pass", null, "resume"]]);
    // The loop binder lives in the state; the parameter `n` is only used inside its option.
    expect(game.stateLocals.map((l) => l.name)).toEqual(["p"]);
  });

  test("an if with a decision in one branch", () => {
    const { machine } = lower(`
  if count(deck) > 3 {
    ask leader { skip { } }
  } else {
    points[leader] += 1
  }
  points[0] += 2`);
    expect(steps(machine)).toEqual([
      { label: "start", effects: [], exit: "branch then else" },
      { label: "then", effects: [], exit: "decide skip" },
      { label: "else", effects: ["run assign"], exit: "goto endif" },
      { label: "endif", effects: ["run assign"], exit: "end" },
      { label: "resume", effects: [], exit: "goto endif" },
    ]);
  });

  test("an option whose body asks again gets an entry step, and labels stay unique", () => {
    const { machine } = lower(`
  ask leader {
    offer {
      ask next(leader) {
        accept { points[leader] += 1 }
        refuse { }
      }
    }
    pass { }
  }`);
    expect(steps(machine)).toEqual([
      { label: "start", effects: [], exit: "decide offer_or_pass" },
      { label: "resume", effects: [], exit: "end" },
      { label: "offer_body", effects: [], exit: "decide accept_or_refuse" },
      { label: "resume2", effects: [], exit: "goto resume" },
    ]);
    expect(machine.decisions.map((d) => ({ label: d.label, resume: d.resume, entries: Object.fromEntries(d.optionEntries) }))).toEqual([
      { label: "accept_or_refuse", resume: "resume2", entries: {} },
      { label: "offer_or_pass", resume: "resume", entries: { offer: "offer_body" } },
    ]);
  });

  test("two decisions with the same options in one phase get distinct labels", () => {
    const { machine } = lower(`
  phase bidding {
    ask leader { raise { } pass { } }
    ask next(leader) { raise { } pass { } }
  }`);
    expect(machine.decisions.map((d) => d.label)).toEqual(["bidding.raise_or_pass", "bidding.raise_or_pass2"]);
    expect(new Set(machine.steps.map((s) => s.label)).size).toBe(machine.steps.length);
  });

  test("statements without decisions, loops and ifs included, stay inside one step", () => {
    const { machine } = lower(`
  for p in players {
    if points[p] > 0 { points[p] -= 1 } else { points[p] = 2 }
  }
  while count(deck) > 0 {
    move top(deck) to hand[leader]
    leader = next(leader)
  }
  let last = leader
  points[last] += 5`);
    expect(steps(machine)).toEqual([{ label: "start", effects: ["run for", "run while", "run let", "run assign"], exit: "end" }]);
    expect(machine.decisions).toEqual([]);
    expect(machine.loops).toEqual([]);
  });

  test("a race lowers to one decision whose options are the claims and then decline", () => {
    const { machine, game } = lower(`
  phase auction {
    race q in players {
      grab { points[q] += 1 }
      bid(n in 1..3) { points[q] += n }
    }
    points[0] += 1
  }`);
    expect(steps(machine)).toEqual([
      { label: "start", effects: [], exit: "goto auction.begin" },
      { label: "auction.begin", effects: ["enter-phase auction"], exit: "decide auction.grab_or_bid_or_decline" },
      { label: "auction.resume", effects: ["run assign"], exit: "goto after_auction" },
      { label: "after_auction", effects: [], exit: "end" },
    ]);
    expect(machine.decisions).toHaveLength(1);
    const race = machine.decisions[0]!;
    expect(race.ask.race).toBe(true);
    expect(race.ask.each?.binder.name).toBe("q");
    expect(race.ask.options.map((o) => o.name.name)).toEqual(["grab", "bid", "decline"]);
    // The supplied decline takes nothing and does nothing.
    const decline = race.ask.options[2]!;
    expect(decline.parameters).toEqual([]);
    expect(decline.requirements).toEqual([]);
    expect(decline.body.statements).toEqual([]);
    expect(race.resume).toBe("auction.resume");
    // Nothing is asked after the claim, so the racer is an ordinary local.
    expect(game.stateLocals).toEqual([]);
  });

  test("a race whose claim asks again keeps the winner in the state for after that decision", () => {
    const { machine, game } = lower(`
  race q in players {
    grab {
      ask q { keep { points[q] += 2 } give { points[next(q)] += 2 } }
    }
  }`);
    expect(machine.decisions.map((d) => ({ label: d.label, race: d.ask.race, entries: Object.fromEntries(d.optionEntries) }))).toEqual([
      { label: "keep_or_give", race: false, entries: {} },
      { label: "grab_or_decline", race: true, entries: { grab: "grab_body" } },
    ]);
    expect(steps(machine)).toEqual([
      { label: "start", effects: [], exit: "decide grab_or_decline" },
      { label: "resume", effects: [], exit: "end" },
      { label: "grab_body", effects: [], exit: "decide keep_or_give" },
      { label: "resume2", effects: [], exit: "goto resume" },
    ]);
    expect(game.stateLocals.map((l) => [l.name, l.storage])).toEqual([["q", "state"]]);
  });
});
