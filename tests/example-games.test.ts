// The corpus games written from published rulebooks (examples/games/<game>/): each compiled from its
// rules in this process, and each of its scenario files (worked examples from the rulebook) played
// against it, as `rules test examples/games/<game>` does.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import * as runtime from "@rules/runtime/internal";
import { formatDiagnostics, formatOutcome, parseScenarioFile, runScenario } from "@rules/compiler/scenario";
import { loadRulesGame } from "@rules/compiler/testing";

const root = fileURLToPath(new URL("../examples/games/", import.meta.url));
const games = readdirSync(root).filter((game) => existsSync(`${root}${game}/${game}.rules`));

test("the corpus games are found, each with scenarios", () => {
  expect(games).toEqual(expect.arrayContaining(["hanabi", "perudo"]));
  for (const game of games) expect(readdirSync(`${root}${game}`).filter((f) => f.endsWith(".scenario")).length, game).toBeGreaterThan(0);
});

describe.each(games)("%s", async (id) => {
  const game = await loadRulesGame(id, readFileSync(`${root}${id}/${id}.rules`, "utf8"), runtime);
  const files = readdirSync(`${root}${id}`).filter((f) => f.endsWith(".scenario")).sort();
  describe.each(files)("%s", (name) => {
    const file = `examples/games/${id}/${name}`;
    const text = readFileSync(`${root}${id}/${name}`, "utf8");
    const { scenarios, diagnostics } = parseScenarioFile(text, file);
    test("reads", () => expect(formatDiagnostics(diagnostics, text)).toBe(""));
    test.each(scenarios.map((s) => [s.title, s] as const))("%s", (_, scenario) => {
      const outcome = runScenario(scenario, { [id]: game });
      if (!outcome.passed) throw new Error(formatOutcome(outcome, text));
    });
  });
});

describe("how the table tells them", async () => {
  const { applyMove, createMatch, defaultMove, legalMoves, viewFor, whoMayAct, chooseRandomMove, Rng } = runtime;
  const { describeTurn, tableOf, tableText } = await import("@rules/runtime/present");
  type Match = ReturnType<typeof createMatch>;
  const play = (match: Match, seat: number, move: Record<string, unknown>): Match => {
    const outcome = applyMove(match, seat, move as never);
    if (!outcome.ok) throw new Error(outcome.error.reason);
    return outcome.match;
  };

  test("Hanabi: a reader's own hand is face down, with the clues told on it by position; the other hand face up", async () => {
    const game = await loadRulesGame("hanabi", readFileSync(`${root}hanabi/hanabi.rules`, "utf8"), runtime);
    let match = createMatch(game, { players: 2, seed: 5 });
    const giver = whoMayAct(match).players[0]!;
    const holder = 1 - giver;
    const state = match.state as unknown as { zones: { hand: number[][] } };
    const hand = [...state.zones.hand[holder]!];
    const colourOf = (card: number): string => String(game.meta.cards[card]!.fields.colour);
    const colour = colourOf(hand[0]!);
    match = play(match, giver, { type: "tell_colour", teammate: holder, colour });
    const positions = hand.flatMap((card, i) => (colourOf(card) === colour ? [i + 1] : []));
    const model = tableOf(game, viewFor(match, holder), holder);
    const own = model.areas.find((area) => area.seat === holder)!.zones.find((zone) => zone.name === "hand")!;
    expect(own.cards).toEqual([]);
    expect(own.hidden).toBe(hand.length);
    expect(own.marks!.map((mark) => mark.position)).toEqual(positions);
    expect(own.marks!.every((mark) => mark.values.map((v) => v.text).join() === `colour told ${colour}`)).toBe(true);
    expect(tableText(model)).toContain(`  Hand: 5 cards, face down (${positions.map((p) => `position ${p}: colour told ${colour}`).join("; ")})`);
    // The giver sees the holder's cards themselves, each clued one with its clue.
    const theirs = tableOf(game, viewFor(match, giver), giver).areas.find((area) => area.seat === holder)!.zones.find((zone) => zone.name === "hand")!;
    expect(theirs.cards.map((card) => card.id)).toEqual(hand);
    expect(theirs.marks).toBeUndefined();
    expect(theirs.cards.filter((card) => card.values.length > 0).length).toBe(positions.length);
  });

  test("Perudo: the pause after the cups are lifted is told as one, and its only move is the default", async () => {
    const game = await loadRulesGame("perudo", readFileSync(`${root}perudo/perudo.rules`, "utf8"), runtime);
    let match = createMatch(game, { players: 3, seed: 2 });
    const rng = new Rng(2);
    for (let moves = 0; !(whoMayAct(match) as { pause?: true }).pause; moves++) {
      expect(moves).toBeLessThan(500);
      const seat = rng.pick(whoMayAct(match).players);
      match = play(match, seat, chooseRandomMove(game, match.state, seat, rng) as never);
    }
    const activity = whoMayAct(match);
    expect(activity).toEqual({ kind: "simultaneous", players: [0, 1, 2], pause: true });
    expect(describeTurn(game, activity, 0)).toBe("you and seats 1 and 2 take a look, then continue");
    for (const seat of [0, 1, 2]) expect(legalMoves(match, seat).map((option) => option.type)).toEqual(["continue"]);
    // Every die is on the table for every seat while the game waits.
    const lifted = (viewFor(match, 1) as { zones: { lifted: { cards?: number[] }[] } }).zones.lifted;
    expect(lifted.every((zone) => Array.isArray(zone.cards))).toBe(true);
    // The move made for a seat that does not decide (the server's turn clock): each seat's continue,
    // and once every seat has, the game goes on to the next round.
    expect(Object.values(game.meta.defaults ?? {})).toContain("continue");
    for (const seat of [0, 1, 2]) {
      const move = defaultMove(match, seat);
      expect(move).toEqual({ type: "continue" });
      match = play(match, seat, move!);
    }
    expect(whoMayAct(match).kind).toBe("turn");
  });
});
