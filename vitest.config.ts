import { defineConfig } from "vitest/config";

// One Vitest run covers every project: unit tests beside the code, golden and property tests in tests/.
export default defineConfig({
  test: {
    include: ["runtime/src/**/*.test.ts", "compiler/src/**/*.test.ts", "tests/**/*.test.ts", "bench/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/dist/**"],
    testTimeout: 60_000,
    // A beforeAll that compiles and type-checks a game takes as long as a test on a busy machine.
    hookTimeout: 60_000,
    reporters: ["default", "./tests/summary-reporter.ts"],
  },
});
