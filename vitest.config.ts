import { defineConfig } from "vitest/config";

// One Vitest run covers every project: unit tests beside the code, golden and property tests in tests/.
export default defineConfig({
  test: {
    include: ["runtime/src/**/*.test.ts", "compiler/src/**/*.test.ts", "tests/**/*.test.ts", "bench/**/*.test.ts", "editors/vscode/test/**/*.test.ts", "examples/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/dist/**"],
    // Many tests compile a game (and type-check it), some all five: seconds alone, minutes on a shared 2-core
    // machine under load. A limit only catches a hang, so it is generous.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    reporters: ["default", "./tests/summary-reporter.ts"],
  },
});
