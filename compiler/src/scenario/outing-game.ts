// A small compiled game for the scenario runner's tests of what only compiled games offer: a decision
// inside a loop inside a `while` (to start at, with its locals set), a shuffle and a die (to script),
// events seen differently by each seat, and functions of the rules. Two rounds: each seat in turn
// takes a gem (the bag is shuffled, the top gem goes to its pouch, it pays 1 to the pot and 1 of tax,
// and is shown the bag's next gem), or gambles (rolls a die, told to it alone).
import * as runtime from "@rules/runtime/internal";
import type { Game } from "@rules/runtime/internal";
import { loadRulesGame } from "../testing/load-game.js";
import { formatDiagnostics } from "../diagnostics.js";
import { parseScenarioFile } from "./parser.js";
import { runScenario, type ScenarioOutcome } from "./runner.js";

export const OUTING_RULES = `
game "Outing" {
  players 2..3
}

enum Colour { red, blue }

card Gem {
  value: int
  colour: Colour
  cards for v in 1..4, c in [Colour.red, Colour.blue] { value: v, colour: c }
}

zone bag: Gem stack hidden = all Gem
zone market: Gem row public
per player zone pouch: Gem pile owner
per player var gold: int owner = 5
var pot: int public = 0
var tax: int hidden = 0
per player var rolled: int public = 0
conserve money: gold, pot, tax

function worth(g: Gem, p: player): int = g.value + count(pouch[p])
function reds(gems: Gem[]): int = count(c in gems where c.colour == Colour.red)
function colour_of(g: Gem): Colour = g.colour
function values(p: player): int[] = distinct(c in pouch[p]: c.value)
function rich(p: player): bool = gold[p] > 4

setup {
  deal 1 from bag to market
}

flow {
  phase trading {
    let round = 1
    while round <= 2 {
      for p in players {
        ask p {
          take {
            shuffle bag
            move top(bag) to pouch[p]
            transfer 1 from gold[p] to pot
            transfer 1 from gold[p] to tax
            reveal top(bag) to p
            say "{p} took a gem in round {round}"
          }
          gamble {
            rolled[p] = roll(6)
            say "you rolled {rolled[p]}" to p
          }
        }
      }
      round += 1
    }
  }
}

score p: sum(c in pouch[p]: c.value) + gold[p]
`;

/** The game compiled from OUTING_RULES, against the runtime the scenario code uses. */
export async function loadOuting(): Promise<Record<string, Game>> {
  return { outing: await loadRulesGame("outing", OUTING_RULES, runtime) };
}

/** Runs the first scenario of `text` against the games; a text that does not parse is a broken test. */
export function runFirstScenario(games: Record<string, Game>, text: string): ScenarioOutcome {
  const { scenarios, diagnostics } = parseScenarioFile(text, "outing.scenario");
  if (diagnostics.length > 0) throw new Error(`the test's scenario does not parse:\n${formatDiagnostics(diagnostics, text)}`);
  return runScenario(scenarios[0]!, games);
}

/** An outcome's diagnostics as [line, code, message], for comparing with the expected ones. */
export const problems = (outcome: ScenarioOutcome): (string | number)[][] => outcome.diagnostics.map((d) => [d.line, d.code, d.message]);
