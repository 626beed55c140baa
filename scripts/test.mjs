// `npm test`: the whole suite through the Nx task graph, the one `nx run-many` runs for users, so
// that CI tests what they run. Two Nx runs, the second only if the first passes:
//   1. `rules compile --check` (generated:check-rules) before anything builds generated/: building runs
//      generated:compile-rules, which rewrites generated/ and would hide a stale commit. Beside it, on
//      the other core, the checks that need no compiled game (tests:checks-before-build): the
//      runtime's and the VS Code extension's type-checks and `rules format --check` of the rules files;
//   2. build, type-check and test every project in one run (the type-checks of step 1 are read from
//      Nx's cache), so that the first test tasks start while the last type-checks run: a run of its
//      own for the type-checks left a core idle while its last task ended. Each Vitest run prints its
//      `N passed, N failed` line (Nx replays it on a cache hit); the last line of the output is their
//      total, the form CI reads.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const nx = fileURLToPath(new URL("../node_modules/nx/dist/bin/nx.js", import.meta.url));
const env = { ...process.env, NX_DAEMON: "false", NX_NO_CLOUD: "true", NX_TUI: "false" };
const summaryLine = /^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/;

/** Runs Nx with its output passed through; resolves to its exit status and the lines it printed. */
function runNx(args) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [nx, ...args, "--output-style=static"], {
      cwd: root,
      env,
      stdio: ["inherit", "pipe", "inherit"],
    });
    let printed = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      process.stdout.write(chunk);
      printed += chunk;
    });
    child.on("close", (code, signal) => done({ status: code ?? (signal ? 1 : 0), printed }));
  });
}

const checks = await runNx(["run", "tests:checks-before-build"]);
if (checks.status !== 0) process.exit(checks.status);

const { status, printed } = await runNx(["run-many", "-t", "build", "typecheck", "test"]);
const total = { passed: 0, failed: 0, skipped: 0 };
for (const line of printed.replace(/\x1b\[[0-9;]*m/g, "").split(/\r?\n/)) {
  const counts = summaryLine.exec(line.trim());
  if (!counts) continue;
  total.passed += Number(counts[1]);
  total.failed += Number(counts[2]);
  total.skipped += Number(counts[3] ?? 0);
}
if (status !== 0 && total.failed === 0) {
  // A task failed without a failing test to show for it (a build or a type-check, or Vitest itself
  // broke): count it, so that the last line never reads `0 failed` for a failed run.
  process.stdout.write("\nNx reports a failed task that no test result accounts for: a build, a type-check or a test run (see above).\n");
  total.failed = 1;
}
process.stdout.write(`\n${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}\n`);
process.exit(status);
