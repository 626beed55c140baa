import { defineConfig } from "vitest/config";

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
