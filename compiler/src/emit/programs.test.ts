// Soundness: what `rules check` accepts compiles to TypeScript that passes `tsc --strict`, and plays.
// Every rules file of the repo and a corpus of small programs (__fixtures__/programs) that use every
// construct with every type of value are compiled, type-checked on their own (the pipeline does it
// too, as `compiler/invalid-output`), loaded and played to the end by random bots at each player count,
// while an oracle checks that no view shows a card's place to a seat that may not know it, and every
// view is checked against the declarations (tests/properties/secrets.ts). Last, the committed
// generated/ is checked against what compiling rules/ gives, and against a formatted mangled copy.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { compileAll, formatDiagnostic } from "../index.js";
import { compileOnce } from "../testing/compiled-once.js";
import { formatRules } from "../format/layout.js";
import { mangle, seeded } from "../format/mangle.js";
import { evaluateFiles } from "../testing/load-game.js";
import { typeErrors } from "../verify/typecheck.js";
import { KnowledgeOracle } from "../../../tests/properties/knowledge.js";
import { secretDifferences, viewProblems } from "../../../tests/properties/secrets.js";

const repo = fileURLToPath(new URL("../../../", import.meta.url));
const corpus = fileURLToPath(new URL("../__fixtures__/programs/", import.meta.url));
const rulesFolder = fileURLToPath(new URL("../../../rules/", import.meta.url));
// The corpus games written from published rulebooks (examples/games/<game>/<game>.rules).
const examples = fileURLToPath(new URL("../../../examples/games/", import.meta.url));
const exampleGames = readdirSync(examples).filter((game) => existsSync(`${examples}${game}/${game}.rules`));
const files = [
  ...exampleGames.map((game) => `${examples}${game}/${game}.rules`),
  ...readdirSync(corpus).filter((f) => f.endsWith(".rules")).map((f) => corpus + f),
  ...readdirSync(rulesFolder).filter((f) => f.endsWith(".rules")).map((f) => rulesFolder + f),
];

/**
 * `expect(found, where()).toEqual([])`, asked only when something was found: the loop below checks
 * every seat after every move of hundreds of games, and building an assertion (and its message) for
 * each empty list cost more than the checks.
 */
function none(found: readonly unknown[], where: () => string): void {
  if (found.length > 0) expect(found, where()).toEqual([]);
}

describe.each(files)("%s", (file) => {
  const id = file.slice(file.lastIndexOf("/") + 1, -".rules".length);
  const text = readFileSync(file, "utf8");
  // Compiled strictly, as `rules compile` does, from the path it gives (the repo's games, as
  // `rules compile` and the formatter's test compile them, are then compiled once per process).
  const compile = () => compileOnce(id, [{ path: path.relative(repo, file), text }]);

  test("compiles without a diagnostic, and the emitted code type-checks under strict", async () => {
    const result = await compile();
    expect(result.diagnostics.map((d) => formatDiagnostic(d, text))).toEqual([]);
    expect(typeErrors(result.files)).toEqual([]);
  });

  test("random bots play it to the end at every player count and variant, and no view shows more than its seat may know", async () => {
    const result = await compile();
    const game = evaluateFiles(result.files, runtime).get("index.ts")!.game as Game;
    const variants = [[], ...game.variants.map((v) => [v.name])];
    for (let players = game.minPlayers; players <= game.maxPlayers; players++) {
      for (const chosen of variants) {
        for (let seed = 1; seed <= 3; seed++) {
          const state = game.setup({ players, variants: chosen, seed });
          const oracle = new KnowledgeOracle(game, runtime.cloneJson(state));
          game.advance(state);
          const rng = new runtime.Rng(seed);
          for (let moves = 0; game.activity(state).kind !== "over"; moves++) {
            oracle.observe(runtime.cloneJson(state));
            // Every seat, the rules' bots included (state.players counts them; `players` the people).
            for (let seat = 0; seat < state.players; seat++) none(oracle.leaks(seat), () => `${players} players, seed ${seed}, after ${moves} moves`);
            // Every view as the declarations say (per-card values only of the cards the seat can
            // identify), and, every few moves, the same whatever the seat's secrets are.
            for (const seat of [null, ...Array(state.players).keys()]) {
              const where = () => `${players} players, seed ${seed}, after ${moves} moves, seat ${seat}`;
              none(viewProblems(game.meta, state, game.view(state, seat), seat), where);
              if (moves % 7 === 0) none(secretDifferences(game, state, seat, rng), where);
            }
            if (!(moves < 100_000)) expect(moves).toBeLessThan(100_000);
            const seats = game.activity(state).players;
            none(seats.filter((seat) => runtime.isBotSeat(state, seat)), () => "bot seats asked");
            const seat = seats[rng.int(seats.length)]!;
            game.apply(state, seat, runtime.chooseRandomMove(game, state, seat, rng));
          }
        }
      }
    }
  });
});

// After the corpus, whose compiles of the repo's single-file games this worker has kept (compileOnce):
// the committed generated/ is what `rules compile` would write, the registry and exports included.
describe("rules/ and generated/", () => {
  test("the committed generated/ folder is exactly what compiling the rules gives", async () => {
    const report = await compileAll({ rulesDir: rulesFolder, outDir: path.join(repo, "generated"), check: true, compile: compileOnce });
    expect(report.diagnostics).toEqual([]);
    expect(report.games).toEqual(["for-sale", "foreclosed", "freak-shop", "keys-to-knowledge", "lady-richmond"]);
    expect(report.stale).toEqual([]);
    expect(report.written).toEqual([]);
  });
});

// The formatter's promise on the repo's games (compiler/src/format/repo-files.test.ts tests the
// layout itself): a copy with its whitespace mangled, formatted, is the same game. Here, beside the
// compiles of the same texts that it reuses.
describe.each(files.filter((file) => file.startsWith(rulesFolder)))("%s compiled after formatting", (file) => {
  test("a mangled copy, formatted, compiles to the committed generated/ byte for byte", async () => {
    const id = file.slice(rulesFolder.length, -".rules".length);
    const formatted = formatRules(mangle(readFileSync(file, "utf8"), seeded(14)));
    const result = await compileOnce(id, [{ path: path.relative(repo, file), text: formatted }]);
    expect(result.diagnostics).toEqual([]);
    expect(result.files.length).toBeGreaterThan(0);
    for (const emitted of result.files) expect(emitted.text, emitted.path).toBe(readFileSync(path.join(repo, "generated", id, emitted.path), "utf8"));
  });
});
