// The language server on a scenario file, driven over JSON-RPC as an editor drives it (the built
// copy: `npm run build` first). The game is tiny-rules.ts, written as tiny.rules beside the scenario
// in a folder of its own, so the server compiles it as `rules test` would; the scenario below is
// counted by eye (lines and characters 0-based, as in LSP).
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LspClient } from "./client.js";
import { TINY } from "./tiny-rules.js";

const SCENARIO = `# Tiny: two players; seat 0 starts (random_player() draws 0).
game tiny
players 2

scenario "Drawing the top gem scores its value"
random 0
stack bag: Gem 2, Gem 1, Gem 3
play 0: draw
# Gem 2 was on top: seat 0 scores 2, and seat 1 is next.
expect points[0] = 2
expect hand[0] = [Gem 2]
expect turn 1

scenario "Starting at the draw with seat 1 to play"
start at draw
set turn = 1
play 1: draw
# The bag is in manifest order, Gem 1 on top: seat 1 scores 1.
expect points[1] = 1
`;

interface Diagnostics {
  uri: string;
  version?: number;
  diagnostics: { range: Range; code: string; message: string }[];
}
type Range = { start: { line: number; character: number }; end: { line: number; character: number } };
const range = (line: number, from: number, to: number): Range => ({ start: { line, character: from }, end: { line, character: to } });

let dir: string;
let client: LspClient;
let uri: string;
let rulesUri: string;
let version = 1;
const doc = () => ({ textDocument: { uri } });
const at = (line: number, character: number) => ({ ...doc(), position: { line, character } });

/** Sends a new text and waits for its diagnostics (which wait for the scenarios to run). */
async function change(text: string): Promise<Diagnostics> {
  version++;
  const published = client.waitFor<Diagnostics>("textDocument/publishDiagnostics", (p) => p.uri === uri && p.version === version);
  client.notify("textDocument/didChange", { textDocument: { uri, version }, contentChanges: [{ text }] });
  return published;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "rules-lsp-scenario-"));
  await writeFile(join(dir, "tiny.rules"), TINY);
  await writeFile(join(dir, "tiny.scenario"), SCENARIO);
  uri = pathToFileURL(join(dir, "tiny.scenario")).href;
  rulesUri = pathToFileURL(join(dir, "tiny.rules")).href;
  client = new LspClient();
  await client.initialize();
}, 120_000);

afterAll(async () => {
  expect(await client.close()).toBe(0);
  expect(client.stderr).toBe("");
  await rm(dir, { recursive: true });
});

describe("rules lsp on a scenario file", () => {
  test("on opening, runs the scenarios against the game compiled from the rules beside it: they pass, so nothing to report", async () => {
    const opened = client.waitFor<Diagnostics>("textDocument/publishDiagnostics", (p) => p.uri === uri);
    client.notify("textDocument/didOpen", { textDocument: { uri, languageId: "rules-scenario", version, text: SCENARIO } });
    // The first open compiles the game (seconds on a busy machine).
    expect((await opened).diagnostics).toEqual([]);
  }, 120_000);

  test("reports a parse mistake at once, and what `rules test` reports with its range: an unknown zone, card or seat, a failed expectation", async () => {
    // Line 7 is `play 0: draw`: misspelt, it is not a statement.
    expect((await change(SCENARIO.replace("play 0: draw", "plya 0: draw"))).diagnostics).toMatchObject([{ code: "scenario/unknown-statement", range: range(7, 0, 4) }]);
    // Line 6 is `stack bag: Gem 2, Gem 1, Gem 3`: `bg` at 6..8; `Gem 7` at 11..16 once `bag` is right.
    expect((await change(SCENARIO.replace("stack bag:", "stack bg:"))).diagnostics).toMatchObject([{ code: "scenario/unknown-zone", range: range(6, 6, 8) }]);
    expect((await change(SCENARIO.replace("Gem 2, Gem 1", "Gem 7, Gem 1"))).diagnostics).toMatchObject([{ code: "scenario/unknown-card", range: range(6, 11, 16) }]);
    // Seat 2 of a two-player game, in `expect turn 1` (line 11).
    const seat = (await change(SCENARIO.replace("expect turn 1", "expect turn 2"))).diagnostics;
    expect(seat).toHaveLength(1);
    expect(seat[0]!.range.start.line).toBe(11);
    // Gem 2 scores 2, not 3: the expectation of line 9 fails, and only it.
    const failed = (await change(SCENARIO.replace("expect points[0] = 2", "expect points[0] = 3"))).diagnostics;
    expect(failed).toMatchObject([{ code: "scenario/expectation-failed", range: { start: { line: 9 } } }]);
    expect(failed[0]!.message).toContain("2");
    expect((await change(SCENARIO)).diagnostics).toEqual([]);
  }, 120_000);

  test("hover on a card names the cards it matches and its type's fields; on a zone, a move and its parameter, their declarations", async () => {
    const value = async (line: number, character: number) =>
      ((await client.request<{ contents: { value: string } } | null>("textDocument/hover", at(line, character)))?.contents.value ?? "");
    // `Gem 2` on line 6 (characters 11..16).
    const gem = await value(6, 12);
    expect(gem).toContain("1 card matches: Gem 2 red");
    expect(gem).toContain("Fields: `value`: int, `colour`: Colour");
    expect(await value(6, 7)).toContain("zone bag: Gem stack hidden = all Gem");
    // `draw` in `play 0: draw` (line 7, characters 8..12).
    expect(await value(7, 9)).toContain('draw\n  require points[turn] < 10 else "you have enough"');
    // The decision of `start at draw` (line 14): its options.
    expect(await value(14, 10)).toContain("Options: `draw`");
    expect(await value(3, 0)).toBe("");
  });

  test("go to definition: a card to its manifest line, a zone, a variable, a move, a decision and a local to their declarations, the game to its header", async () => {
    const definition = (line: number, character: number) => client.request<{ uri: string; range: Range } | null>("textDocument/definition", at(line, character));
    // `Gem 2` → `  cards for v in 1..3 { value: v, colour: Colour.red }` (tiny-rules line 9, 52 characters from 2).
    expect(await definition(6, 12)).toEqual({ uri: rulesUri, range: range(9, 2, 54) });
    // `bag` → `zone bag` (line 12, characters 5..8); `points` in `expect points[0] = 2` → line 14, 15..21.
    expect(await definition(6, 7)).toEqual({ uri: rulesUri, range: range(12, 5, 8) });
    expect(await definition(9, 8)).toEqual({ uri: rulesUri, range: range(14, 15, 21) });
    // `draw` → the option (line 20, 6..10); `start at draw` → the `ask` of line 19 (characters 4..7).
    expect(await definition(7, 9)).toEqual({ uri: rulesUri, range: range(20, 6, 10) });
    expect(await definition(14, 10)).toEqual({ uri: rulesUri, range: range(19, 4, 7) });
    // `turn` of `set turn = 1` → `let turn` (line 17, 6..10).
    expect(await definition(15, 5)).toEqual({ uri: rulesUri, range: range(17, 6, 10) });
    // `tiny` of `game tiny` → the header `game "Tiny" {` … `}` (lines 0 to 2).
    expect(await definition(1, 6)).toMatchObject({ uri: rulesUri, range: { start: { line: 0, character: 0 }, end: { line: 2 } } });
  });

  test("completion: seats after `play`, decisions after `start at`, else statement words, the game's names and its cards by name", async () => {
    const labels = async (text: string, line: number, character: number) => {
      await change(text);
      return (await client.request<{ label: string }[]>("textDocument/completion", at(line, character))).map((i) => i.label);
    };
    // A two-player game: seats 0 and 1.
    expect(await labels(SCENARIO.replace("play 0: draw", "play "), 7, 5)).toEqual(["0", "1"]);
    expect(await labels(SCENARIO.replace("start at draw", "start at "), 14, 9)).toEqual(["draw"]);
    const all = await labels(SCENARIO, 3, 0);
    for (const expected of ["play", "expect", "bag", "hand", "points", "Gem", "draw", "red", "Gem 1 red", "Gem 2 red", "Gem 3 red"]) expect(all).toContain(expected);
    expect(all).not.toContain("gem");
  }, 120_000);

  test("formatting returns the file in the canonical layout as one edit", async () => {
    await change(SCENARIO.replace("play 0: draw", "play 0 :draw").replace("expect points[0] = 2", "   expect points[0]=2"));
    const edits = await client.request<{ newText: string }[]>("textDocument/formatting", { ...doc(), options: { tabSize: 2, insertSpaces: true } });
    expect(edits).toHaveLength(1);
    expect(edits[0]!.newText).toBe(SCENARIO);
  }, 120_000);

  test("rename and references of a zone or a variable in the rules reach the game's scenario files", async () => {
    client.notify("textDocument/didOpen", { textDocument: { uri: rulesUri, languageId: "rules", version: 1, text: TINY } });
    // `bag` of `zone bag` (tiny-rules line 12, characters 5..8); in the scenario, `stack bag:` (line 6, 6..9).
    const edit = await client.request<{ changes: Record<string, { range: Range; newText: string }[]> }>("textDocument/rename", {
      textDocument: { uri: rulesUri },
      position: { line: 12, character: 6 },
      newName: "sack",
    });
    expect(edit.changes[uri]).toEqual([{ range: range(6, 6, 9), newText: "sack" }]);
    expect(edit.changes[rulesUri]!.length).toBeGreaterThan(1);
    // `points` (line 14, 15..21): `expect points[0] = 2` (line 9) and `expect points[1] = 1` (line 18), 7..13.
    const found = await client.request<{ uri: string; range: Range }[]>("textDocument/references", {
      textDocument: { uri: rulesUri },
      position: { line: 14, character: 16 },
      context: { includeDeclaration: true },
    });
    expect(found.filter((l) => l.uri === uri).map((l) => l.range)).toEqual([range(9, 7, 13), range(18, 7, 13)]);
    expect(found.some((l) => l.uri === rulesUri)).toBe(true);
    // A local is not named by a scenario's zones and variables: `turn` (line 17) stays in the rules.
    const local = await client.request<{ changes: Record<string, unknown[]> }>("textDocument/rename", {
      textDocument: { uri: rulesUri },
      position: { line: 17, character: 7 },
      newName: "seat",
    });
    expect(Object.keys(local.changes)).toEqual([rulesUri]);
  }, 120_000);

  test("a game no rules have is reported at its name", async () => {
    // `game tiny` is line 1: `tine` at 5..9.
    const diagnostics = (await change(SCENARIO.replace("game tiny", "game tine"))).diagnostics;
    expect(diagnostics).toMatchObject([{ code: "scenario/unknown-game", range: range(1, 5, 9) }]);
    await change(SCENARIO);
  }, 120_000);
});
