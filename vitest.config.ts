import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import LongestFirst from "./tests/longest-first.js";

const include = ["runtime/src/**/*.test.ts", "table/src/**/*.test.ts", "compiler/src/**/*.test.ts", "language-server/src/**/*.test.ts", "cli/src/**/*.test.ts", "tests/**/*.test.ts", "bench/**/*.test.ts", "editors/vscode/test/**/*.test.ts", "examples/**/*.test.ts"];
const exclude = ["**/node_modules/**", "**/dist/**"];
/**
 * Files that need a process of their own: one replaces modules (`vi.mock`); the others host games with
 * @rules/server, whose registry (like Colyseus's matchmaker) is one per process.
 */
const ownProcess = ["compiler/src/safety-net.test.ts", "tests/multiplayer/**/*.test.ts", "examples/web/e2e/online.test.ts"];

// One Vitest run covers every project: unit tests beside the code, golden and property tests in tests/.
export default defineConfig({
  test: {
    exclude,
    // Many tests compile a game (and type-check it), some all five: seconds alone, minutes on a shared 2-core
    // machine under load. A limit only catches a hang, so it is generous.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    reporters: ["default", "./tests/summary-reporter.ts"],
    // A worker per core. Vitest's default in a run leaves one core free (one worker on two cores), so a
    // project's files ran one after another: the tests project, which Nx starts last (nothing depends
    // on it), then played its ~200 s of CPU on one core while the other idled. With the longest files
    // started first (tests/longest-first.ts), a run's workers end close together.
    maxWorkers: availableParallelism(),
    sequence: { sequencer: LongestFirst },
    // The workspace's built packages (runtime/dist, generated/dist, compiler/dist...) run as Node runs
    // them, as their users do, not through Vite's module runner: there every access to another
    // module's export went through a getter, which made the compiled games' state machines (whose
    // play most tests spend their time in) a third slower. Nothing mocks a built module.
    server: { deps: { external: [/\/(runtime|generated|compiler|language-server|cli|table|server|client|bench)\/dist\//] } },
    projects: [
      {
        extends: true,
        // Test files share a worker process and its loaded modules (`isolate: false`): a fresh process
        // per file paid, for each of the ~165 files, Vitest's start, the runtime's and compiler's modules,
        // and TypeScript and Prettier loaded and warmed (about 2 s of CPU before a file's first strict
        // compile), close to a third of `npm test`'s CPU. The other files replace no module and leave no
        // global state behind (environment variables are restored; temporary folders are their own).
        test: { name: "shared", include, exclude: [...exclude, ...ownProcess], isolate: false },
      },
      { extends: true, test: { name: "own-process", include: ownProcess } },
    ],
  },
});
