// The order in which a Vitest run starts its test files: the longest first, so that a run's workers
// finish together instead of one of them playing a minute-long file alone at the end while the other
// core idles. Vitest orders by the durations it recorded in earlier runs; a fresh clone (CI) has none,
// and would start the files in the order it found them. The files below are the longest of their
// projects, measured (CPU seconds, children included, with `npm test` from an empty cache; see
// docs/tooling.md, "Where npm test's CPU time goes"); a file not listed keeps Vitest's order after them.
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Longest first; paths from the workspace root. Order from the wall time of each file in `npm test`
 * from an empty cache on 2026-12-05 under load 8-19 (Vitest's results; the compiler's files from the
 * earlier CPU measurement): roughly 120 s (the Chromium play test, under that load), then 75 s down to 12 s.
 * The time-budget property tests (hidden-information, illegal-moves) were missing and started last.
 * The multiplayer files come first: they are short, but mostly wait (a server and its clients on the
 * loopback, a process each). Unlisted, they started last, both workers waiting in them while the cores
 * idled (98% busy for 10 s near the end of npm test, 2026-12-05 evening); after the first few files,
 * they waited while the example app's project ended (89-128% for 20 s); first, the tests project's
 * other worker and the other Nx task work while they wait.
 */
export const LONGEST: readonly string[] = [
  "tests/multiplayer/play.test.ts",
  "tests/multiplayer/redis.test.ts",
  "tests/multiplayer/seats.test.ts",
  "tests/multiplayer/docs-snippets.test.ts",
  "tests/multiplayer/hostile.test.ts",
  "tests/multiplayer/hidden-information.test.ts",
  "examples/web/e2e/play.test.ts",
  "tests/nx/cache.test.ts",
  "cli/src/commands/bench.test.ts",
  "tests/packaging/tarballs.test.ts",
  "tests/properties/hidden-information.test.ts",
  "cli/src/commands/e2e.test.ts",
  "compiler/src/emit/programs.test.ts",
  "tests/kernel.test.ts",
  "tests/properties/illegal-moves.test.ts",
  "examples/web/e2e/hidden-information.test.ts",
  "tests/properties/untrusted.test.ts",
  "tests/kernel-resume.test.ts",
  "tests/properties/told-events.test.ts",
  "compiler/src/emit/emit.test.ts",
  "examples/web/e2e/online.test.ts",
  "cli/src/commands/designer-loop.test.ts",
  "examples/web/e2e/rules-play-web.test.ts",
  "cli/src/simulation/redis.test.ts",
  "cli/src/commands/bot-seats.test.ts",
  "tests/packaging/publish.test.ts",
  "language-server/src/analysis.test.ts",
  "tests/properties/search.test.ts",
  "tests/docs/tutorial.test.ts",
  "bench/hand-written/replay.test.ts",
  "compiler/src/check/broken-inputs.test.ts",
  "tests/properties/ending.test.ts",
  "cli/src/commands/compile.test.ts",
  "editors/vscode/test/vsix.test.ts",
  "language-server/src/hostile-documents.test.ts",
  "compiler/src/format/repo-files.test.ts",
  "compiler/src/emit/plain-source.test.ts",
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = `${this.ctx.config.root.replace(/\/$/, "")}/`;
    const rank = (spec: TestSpecification) => {
      const at = LONGEST.indexOf(spec.moduleId.startsWith(root) ? spec.moduleId.slice(root.length) : spec.moduleId);
      return at === -1 ? LONGEST.length : at;
    };
    // A stable sort: the unlisted files keep Vitest's order (recorded durations, when it has them).
    return sorted.map((spec, index) => ({ spec, index, rank: rank(spec) })).sort((a, b) => a.rank - b.rank || a.index - b.index).map(({ spec }) => spec);
  }
}
