// The Redis fleet for real: a redis-server of its own (on the loopback interface, a free port, a
// temporary folder, stopped after), `rules worker` processes and `rules simulate --redis`, all
// built (cli/dist). Needs redis-server on the PATH (Debian: apt-get install -y redis-server):
// without it these tests fail, saying so.

import { execFile, spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startRedis, type RedisServer } from "../../../tests/support/redis-server.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const main = fileURLToPath(new URL("../../dist/commands/main.js", import.meta.url));

function rules(...args: string[]): Promise<{ status: number; out: string; err: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [main, ...args], { cwd: root, timeout: 120_000 }, (error, out, err) => {
      done({ status: error ? (typeof error.code === "number" ? error.code : -1) : 0, out, err });
    });
  });
}

interface WorkerProcess {
  readonly child: ChildProcess;
  stderr(): string;
}

/** Starts `rules worker` and resolves once it says it is ready. */
async function startWorker(...args: string[]): Promise<WorkerProcess> {
  const child = spawn(process.execPath, [main, "worker", ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  let err = "";
  child.stderr!.on("data", (data: Buffer) => (err += data.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`rules worker did not get ready within 30 s:\n${err}`)), 30_000);
    const check = () => {
      if (!err.includes("; ready")) return;
      clearTimeout(timer);
      child.stderr!.off("data", check);
      resolve();
    };
    child.stderr!.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`rules worker exited (${code}):\n${err}`));
    });
  });
  return { child, stderr: () => err };
}

/** Stops a worker as Ctrl-C would; resolves to its exit status. */
function stopWorker(worker: WorkerProcess): Promise<number | null> {
  if (worker.child.exitCode !== null || worker.child.signalCode !== null) return Promise.resolve(worker.child.exitCode);
  const exited = new Promise<number | null>((resolve) => worker.child.once("exit", (code) => resolve(code)));
  worker.child.kill("SIGTERM");
  return exited;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let started: RedisServer | Error;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  started = await startRedis().catch((error: Error) => error);
});

/** The server; without one, every test fails with the reason (a skip would hide it). */
function server(): RedisServer {
  if (started instanceof Error) throw started;
  return started;
}

afterAll(async () => {
  for (const worker of workers) {
    if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill("SIGKILL");
  }
  if (started && !(started instanceof Error)) await started.stop();
});

describe("rules simulate --redis", () => {
  it("plays a run on two workers and prints a local run's JSON, byte for byte", async () => {
    const redis = server();
    const queue = ["--redis", redis.url, "--queue", "two-workers"];
    const run = ["simulate", "for-sale", "--players", "4", "--games", "300", "--seed", "21", "--json"];
    // First, as it compiles the game into the cache (after a build it is not there yet) for the rest.
    const local = await rules(...run, "--workers", "1");
    workers.push(await startWorker(...queue, "--workers", "1"), await startWorker(...queue, "--workers", "1"));
    const remote = await rules(...run, ...queue);
    expect(local.status).toBe(0);
    expect(JSON.parse(local.out)).toMatchObject({ games: 300, completed: 300 });
    expect(remote.err).toBe("");
    expect(remote.status).toBe(0);
    expect(remote.out).toBe(local.out);
    expect(await stopWorker(workers[0]!)).toBe(0);
    expect(await stopWorker(workers[1]!)).toBe(0);
  }, 180_000);

  it("hands the chunks of a worker killed mid-run to another, and counts every game once", async () => {
    const redis = server();
    const queueName = "killed-worker";
    const place = ["--redis", redis.url, "--queue", queueName];
    // Short locks, so that the killed worker's chunks go back to the queue within a second or two.
    const doomed = await startWorker(...place, "--workers", "2", "--lock-ms", "1000");
    workers.push(doomed);
    const run = ["simulate", "for-sale", "--players", "4", "--games", "1200", "--seed", "5", "--json"];
    const remote = rules(...run, ...place);
    // Kill the only worker as soon as it holds a chunk: the run cannot be over then.
    const queue = new Queue(queueName, { connection: { url: redis.url } });
    try {
      const deadline = Date.now() + 60_000;
      let held: string[] = [];
      while (held.length === 0 && Date.now() < deadline) {
        held = (await queue.getActive()).map((job) => job.id!);
        if (held.length === 0) await sleep(20);
      }
      expect(held.length).toBeGreaterThan(0);
      doomed.child.kill("SIGKILL");
      const survivor = await startWorker(...place, "--workers", "2", "--lock-ms", "1000");
      workers.push(survivor);
      const [local, result] = await Promise.all([rules(...run, "--workers", "1"), remote]);
      expect(result.status).toBe(0);
      // The killed worker's chunks were played again (BullMQ's stalled-job check) ...
      expect(result.err).toMatch(/its worker stopped answering; another worker plays it again/);
      // ... and each game counted once: the figures are the local run's, to the byte.
      expect(JSON.parse(result.out)).toMatchObject({ games: 1200, completed: 1200, errors: 0 });
      expect(result.out).toBe(local.out);
      expect(await stopWorker(survivor)).toBe(0);
    } finally {
      await queue.close();
    }
  }, 180_000);

  it("refuses, saying why, a chunk queued by other code than the worker's", async () => {
    const redis = server();
    const queueName = "other-code";
    const worker = await startWorker("--redis", redis.url, "--queue", queueName, "--workers", "1");
    workers.push(worker);
    const queue = new Queue(queueName, { connection: { url: redis.url } });
    try {
      const spec = { game: { kind: "compiled", id: "for-sale" }, options: { players: 4, variants: [], seed: 1 }, games: 1 };
      const job = await queue.add("chunk", { spec, chunk: { index: 0, start: 0, end: 1 }, code: "0123456789abcdef" });
      const deadline = Date.now() + 60_000;
      while ((await job.getState()) !== "failed" && Date.now() < deadline) await sleep(50);
      const failed = await queue.getJob(job.id!);
      expect(failed?.failedReason).toMatch(/^this worker runs other code \(version [0-9a-f]{16}\) than the coordinator \(0123456789abcdef\)/);
      expect(failed?.returnvalue ?? null).toBe(null);
    } finally {
      await queue.close();
      await stopWorker(worker);
    }
  }, 120_000);

  it("takes a run's waiting chunks off the queue when it is stopped with Ctrl-C", async () => {
    const redis = server();
    const queueName = "stopped-run";
    const queue = new Queue(queueName, { connection: { url: redis.url } });
    try {
      // No worker serves this queue: the 100 chunks (one game each) wait.
      const args = ["simulate", "for-sale", "--players", "4", "--games", "100", "--json", "--redis", redis.url, "--queue", queueName];
      const child = spawn(process.execPath, [main, ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
      let err = "";
      child.stderr!.on("data", (data: Buffer) => (err += data.toString()));
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      const deadline = Date.now() + 60_000;
      while ((await queue.getWaitingCount()) < 100 && Date.now() < deadline) await sleep(50);
      expect(await queue.getWaitingCount()).toBe(100);
      child.kill("SIGINT");
      expect(await exited).toBe(1);
      expect(err).toContain("rules simulate: stopped before the run was done: its chunks still waiting were taken off the queue");
      expect(await queue.getWaitingCount()).toBe(0);
    } finally {
      await queue.close();
    }
  }, 120_000);

  it("fails at once, saying why, when Redis cannot be reached", async () => {
    server();
    const port = await freePort();
    const { status, err } = await rules("simulate", "for-sale", "--players", "4", "--games", "10", "--redis", `redis://127.0.0.1:${port}`);
    expect(status).not.toBe(0);
    expect(err).toContain(`cannot reach Redis at redis://127.0.0.1:${port}: connect ECONNREFUSED`);
  });
});
