import { defineConfig } from "vitest/config";

// One Vitest run covers every project: unit tests beside the code, golden and property tests in tests/.
export default defineConfig({
  test: {
    include: ["runtime/src/**/*.test.ts", "compiler/src/**/*.test.ts", "tests/**/*.test.ts", "bench/**/*.test.ts", "editors/vscode/test/**/*.test.ts", "examples/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/dist/**"],
    // Many suites compile a game (and type-check it) in a hook: seconds alone, far more on a busy machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ["default", "./tests/summary-reporter.ts"],
  },
});
