#!/usr/bin/env node
// The nightly-size run of the compiler's hostile-input property (compiler/src/check/hostile-mutants.test.ts
// runs a few hundred in CI): N hostile rules files (compiler/src/testing/hostile-rules.ts: mutants of the
// five games, token soups, deep or long shapes planted in a game) through `checkGame`, each file in a
// child process watched from here, so that a hang or a process out of memory is counted, not fatal.
// Prints how many files, crashes (a `compiler/internal` diagnostic, an exception, a dead or hung
// child), the slowest check and the most memory a child held, with the seed and index of each crash.
//   node scripts/fuzz-compiler.mjs [--count N] [--seed S] [--hang-ms MS]      (built copy: npm ci or npm run build)
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";

const dist = new URL("../compiler/dist/", import.meta.url);

if (process.argv[2] === "--child") await child(Number(process.argv[3]), Number(process.argv[4]), Number(process.argv[5]));
else await parent();

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
}

/** Checks files [from, to) of the run and reports each as one message to the parent. */
async function child(seed, from, to) {
  const { checkGame } = await import(new URL("index.js", dist).href);
  const { gameTexts, hostileRules } = await import(new URL("testing/hostile-rules.js", dist).href);
  const games = gameTexts();
  for (let index = from; index < to; index++) {
    let text;
    try {
      text = hostileRules(games, seed, index);
    } catch (error) {
      // A bug of this harness, not of the compiler: counted and named apart.
      process.send({ index, ms: 0, rss: process.memoryUsage().rss, chars: 0, problem: `the generator failed: ${String(error).slice(0, 200)}` });
      continue;
    }
    process.send({ starting: index });
    const started = performance.now();
    let problem = null;
    try {
      const { diagnostics } = checkGame("fuzz", [{ path: "fuzz.rules", text }]);
      const internal = diagnostics.find((d) => d.code === "compiler/internal");
      if (internal) problem = internal.message.split("\n")[0].slice(0, 200);
    } catch (error) {
      problem = `threw ${String(error).slice(0, 200)}`;
    }
    const ms = performance.now() - started;
    process.send({ index, ms, rss: process.memoryUsage().rss, chars: text.length, problem });
  }
  process.exit(0);
}

async function parent() {
  const count = option("count", 100_000);
  const seed = option("seed", 1);
  const hangMs = option("hang-ms", 60_000);
  /** Files per child: a fresh process now and then keeps one file's garbage from another's figures. */
  const perChild = 2_000;
  const figures = { files: 0, crashes: [], maxMs: 0, slowest: -1, maxRssMb: 0, totalMs: 0 };
  const started = Date.now();
  let next = 0;
  while (next < count) {
    const to = Math.min(count, next + perChild);
    next = await runChild(seed, next, to, hangMs, figures);
    if (figures.files % 10_000 < perChild || next >= count) report(figures, count, seed, started, false);
  }
  report(figures, count, seed, started, true);
  process.exit(figures.crashes.length === 0 ? 0 : 1);
}

/** Runs a child over [from, to); resolves with the index to go on from (past a file that killed it). */
function runChild(seed, from, to, hangMs, figures) {
  return new Promise((resolve) => {
    const worker = fork(fileURLToPath(import.meta.url), ["--child", String(seed), String(from), String(to)], {
      execArgv: ["--max-old-space-size=4096"],
      stdio: ["ignore", "ignore", "pipe", "ipc"],
    });
    let current = from;
    let stderr = "";
    worker.stderr.on("data", (chunk) => (stderr = (stderr + chunk).slice(-2000)));
    let watchdog = setTimeout(hang, hangMs);
    function hang() {
      figures.crashes.push({ index: current, problem: `no answer in ${hangMs / 1000} s (hung)` });
      console.log(`  file ${current}: no answer in ${hangMs / 1000} s (hung)`);
      worker.kill("SIGKILL");
    }
    worker.on("message", (m) => {
      if (m.starting !== undefined) {
        current = m.starting;
        clearTimeout(watchdog);
        watchdog = setTimeout(hang, hangMs);
        return;
      }
      figures.files++;
      figures.totalMs += m.ms;
      if (m.ms > figures.maxMs) [figures.maxMs, figures.slowest] = [m.ms, m.index];
      figures.maxRssMb = Math.max(figures.maxRssMb, m.rss / 2 ** 20);
      if (m.problem) {
        figures.crashes.push({ index: m.index, problem: m.problem });
        console.log(`  file ${m.index}: ${m.problem}`);
      }
      current = m.index + 1;
    });
    worker.on("exit", (code, signal) => {
      clearTimeout(watchdog);
      if (current >= to) return resolve(to);
      // Died on file `current` (out of memory, a crash of the process, or killed as hung).
      if (!figures.crashes.some((c) => c.index === current)) {
        const why = /heap out of memory/.test(stderr) ? "the process ran out of memory" : `the process ended (${signal ?? `exit ${code}`})`;
        figures.crashes.push({ index: current, problem: why });
        console.log(`  file ${current}: ${why}`);
      }
      figures.files++;
      resolve(current + 1);
    });
  });
}

function report(figures, count, seed, started, final) {
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(
    `${final ? "done" : "so far"}: ${figures.files} of ${count} files (seed ${seed}) in ${minutes} min; ` +
      `crashes ${figures.crashes.length}; slowest check ${figures.maxMs.toFixed(0)} ms (file ${figures.slowest}); ` +
      `mean ${(figures.totalMs / Math.max(1, figures.files)).toFixed(1)} ms; most memory held by a checking process ${figures.maxRssMb.toFixed(0)} MB`,
  );
  if (final) for (const crash of figures.crashes.slice(0, 20)) console.log(`  file ${crash.index}: ${crash.problem}`);
}
