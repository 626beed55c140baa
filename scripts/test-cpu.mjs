// `node scripts/test-cpu.mjs [-- <command…>]` (as root): how much CPU `npm test` (or the command given)
// really takes and how well it keeps two cores busy, on a machine that other work shares
// (docs/tooling.md, "What npm test's wall time is made of").
//
// The command runs in a control group of its own, for two reasons:
// - Its CPU is counted whole. `/usr/bin/time` counts only the children a process waited for, so it
//   misses Chromium's processes and the other grandchildren whose parents exited first: about 80 s of
//   `npm test`'s CPU.
// - It gets the CPU first (a CPU weight far above the default), so other work on the machine takes
//   only what it leaves idle, and its wall time comes close to that of a quiet machine.
// Prints the wall time, the group's CPU time, their ratio (cores busy on average), and the cores busy
// in each 10 s of the run, where an idle core shows as a dip below 200%.
// Needs Linux control groups: v1 (`cpu` and `cpuacct` hierarchies) or v2 (the `cpu` controller).
import { spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readFileSync,
  rmdirSync,
  writeFileSync,
} from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const separator = process.argv.indexOf("--");
const command =
  separator >= 0 ? process.argv.slice(separator + 1) : ["npm", "test"];
const SAMPLE_MS = 1000;
const BUCKET_S = 10;

/** A control group for the command: where to write its pid, and how to read its CPU time in ns. */
function makeGroup(name) {
  const v1 = "/sys/fs/cgroup/cpuacct";
  if (existsSync(v1)) {
    const dirs = [`/sys/fs/cgroup/cpu/${name}`, `${v1}/${name}`];
    for (const dir of dirs) mkdirSync(dir, { recursive: true });
    writeFileSync(`${dirs[0]}/cpu.shares`, "200000");
    return {
      join: dirs.map((dir) => `${dir}/tasks`),
      usageNs: () => Number(readFileSync(`${dirs[1]}/cpuacct.usage`, "utf8")),
      remove: () => dirs.forEach((dir) => rmdirSync(dir)),
    };
  }
  const dir = `/sys/fs/cgroup/${name}`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/cpu.weight`, "10000");
  return {
    join: [`${dir}/cgroup.procs`],
    usageNs: () =>
      Number(
        /usage_usec (\d+)/.exec(readFileSync(`${dir}/cpu.stat`, "utf8"))[1],
      ) * 1000,
    remove: () => rmdirSync(dir),
  };
}

let group;
try {
  group = makeGroup(`rules-test-cpu-${process.pid}`);
} catch (error) {
  console.error(
    `test-cpu: cannot make a control group (${error.message}); run it as root on Linux.`,
  );
  process.exit(2);
}

const loadBefore = loadavg()[0];
const started = performance.now();
const startNs = group.usageNs();
// The shell joins the group, then becomes the command: everything it starts is counted.
const joins = group.join.map((file) => `echo $$ > ${file}`).join("; ");
const child = spawn("sh", ["-c", `${joins}; exec "$@"`, "sh", ...command], {
  cwd: root,
  stdio: "inherit",
});

const samples = [{ at: 0, ns: 0 }];
const timer = setInterval(
  () =>
    samples.push({
      at: (performance.now() - started) / 1000,
      ns: group.usageNs() - startNs,
    }),
  SAMPLE_MS,
);

child.on("close", (code, signal) => {
  clearInterval(timer);
  const wall = (performance.now() - started) / 1000;
  const cpu = (group.usageNs() - startNs) / 1e9;
  samples.push({ at: wall, ns: cpu * 1e9 });
  try {
    group.remove();
  } catch {
    // A process the command left running (it should not) keeps the group; it goes with a reboot.
  }
  const buckets = [];
  for (let i = 1; i < samples.length; i++) {
    const bucket = Math.floor(samples[i - 1].at / BUCKET_S);
    buckets[bucket] ??= { ns: 0, s: 0 };
    buckets[bucket].ns += samples[i].ns - samples[i - 1].ns;
    buckets[bucket].s += samples[i].at - samples[i - 1].at;
  }
  const busy = buckets
    .map((b, i) =>
      b ? `${i * BUCKET_S}s ${Math.round((b.ns / 1e9 / b.s) * 100)}%` : "",
    )
    .filter(Boolean);
  console.log(`\ntest-cpu: ${command.join(" ")} exited ${code ?? signal}`);
  console.log(
    `test-cpu: wall ${wall.toFixed(1)} s, CPU ${cpu.toFixed(1)} s (the whole group), ${((cpu / wall) * 100).toFixed(0)}% of a core on average`,
  );
  console.log(
    `test-cpu: load average ${loadBefore.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after`,
  );
  console.log(`test-cpu: cores busy per ${BUCKET_S} s: ${busy.join(", ")}`);
  process.exit(code ?? 1);
});
