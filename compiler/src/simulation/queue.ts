// Runs past one machine, on BullMQ over Redis: a coordinator (`rules simulate --redis`) queues a
// run's chunks as jobs and merges their tallies; workers (`rules worker --redis`) play them on a
// thread pool. A worker that dies holding a job stops renewing its lock, and BullMQ's stalled-job
// check hands the job to another worker; ChunkResults keeps one result per chunk, so whatever
// happens nothing is counted twice, and the merge in the games' order gives a local run's figures.

import { randomUUID } from "node:crypto";
import { Queue, QueueEvents, Worker, type Job } from "bullmq";
import { Redis } from "ioredis";
import { Piscina } from "piscina";
import { ChunkResults } from "./chunk-results.js";
import { chunksOf, type Chunk } from "./chunks.js";
import { workerFile } from "./pool.js";
import type { ChunkTask, RunSpec } from "./run-spec.js";
import type { Tally } from "./tally.js";

export interface QueuePlace {
  /** `redis://host:port` (ioredis's URL form: user, password, database number). */
  readonly url: string;
  readonly queue: string;
}

/** BullMQ's workers block on Redis, so their commands must not give up after a few retries. */
const connectionOf = (url: string) => ({ url, maxRetriesPerRequest: null });

/**
 * Fails at once, with the reason, when Redis cannot be reached: BullMQ itself would retry forever
 * and a mistyped URL would look like a run waiting for workers.
 */
export async function checkRedis(url: string): Promise<void> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 5000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw new Error(`cannot reach Redis at ${url}: ${(error as Error).message}`);
  } finally {
    client.disconnect();
  }
}

/**
 * Queues a run's chunks, waits for the workers and merges their tallies in the games' order.
 * `onChunk` hears of each chunk done; `warn` of chunks handed to another worker.
 */
export async function runOnQueue(
  spec: RunSpec,
  seats: number,
  place: QueuePlace,
  onChunk?: (chunk: Chunk) => void,
  warn?: (line: string) => void,
): Promise<Tally> {
  await checkRedis(place.url);
  const connection = connectionOf(place.url);
  const queue = new Queue<ChunkTask, Tally>(place.queue, { connection });
  const events = new QueueEvents(place.queue, { connection });
  const chunks = chunksOf(spec.games);
  const results = new ChunkResults(chunks.length, seats);
  // Job ids name the run and the chunk: a chunk is one job, whatever retries it.
  const run = randomUUID();
  const jobIdOf = (chunk: Chunk) => `${run}-${chunk.index}`;
  const byJobId = new Map(chunks.map((chunk) => [jobIdOf(chunk), chunk]));
  events.on("stalled", ({ jobId }) => {
    const chunk = byJobId.get(jobId);
    if (chunk) warn?.(`chunk ${chunk.index + 1} of ${chunks.length} (games ${chunk.start + 1}-${chunk.end}): its worker stopped answering; another worker plays it again`);
  });
  let jobs: Job<ChunkTask, Tally>[] = [];
  try {
    await events.waitUntilReady();
    jobs = await queue.addBulk(
      chunks.map((chunk) => ({
        name: "chunk",
        data: { spec, chunk },
        // A job that throws is a bug or a broken worker: retrying it would not help. (A job whose
        // worker vanished is not a failure: the stalled check retries it.) Finished jobs are
        // removed below; the age limits clean up after a coordinator that was stopped.
        opts: { jobId: jobIdOf(chunk), attempts: 1, removeOnComplete: { age: 24 * 3600 }, removeOnFail: { age: 7 * 24 * 3600 } },
      })),
    );
    await Promise.all(
      jobs.map(async (job, i) => {
        const chunk = chunks[i]!;
        let tally: Tally;
        try {
          tally = await job.waitUntilFinished(events);
        } catch (error) {
          throw new Error(`chunk ${chunk.index + 1} (games ${chunk.start + 1}-${chunk.end}) failed on a worker: ${(error as Error).message}`);
        }
        if (results.add(chunk.index, tally)) onChunk?.(chunk);
      }),
    );
    return results.merged();
  } finally {
    await Promise.all(jobs.map((job) => job.remove().catch(() => undefined)));
    await events.close();
    await queue.close();
  }
}

export interface WorkerSettings extends QueuePlace {
  /** Chunks played at once, each on a thread of its own. */
  readonly threads: number;
  /** How long a job stays locked to this worker if it stops answering. */
  readonly lockMs: number;
}

/**
 * A worker of the fleet until `stop` resolves: takes chunks from the queue and plays them on a
 * thread pool, so the event loop stays free to renew the jobs' locks however long a chunk takes.
 */
export async function runQueueWorker(settings: WorkerSettings, stop: Promise<unknown>, warn: (line: string) => void): Promise<void> {
  await checkRedis(settings.url);
  const pool = new Piscina<ChunkTask, Tally>({ filename: workerFile(), minThreads: settings.threads, maxThreads: settings.threads });
  const worker = new Worker<ChunkTask, Tally>(settings.queue, (job) => pool.run(job.data), {
    connection: connectionOf(settings.url),
    concurrency: settings.threads,
    lockDuration: settings.lockMs,
    // Look for stalled jobs as often as a lock may run out; a job may stall twice (two workers
    // lost with it) before it counts as failed.
    stalledInterval: settings.lockMs,
    maxStalledCount: 2,
  });
  worker.on("failed", (job, error) => warn(`job ${job?.id ?? "?"} failed: ${error.message}`));
  worker.on("error", (error) => warn(`worker error: ${error.message}`));
  try {
    await worker.waitUntilReady();
    warn(`rules worker: ${settings.threads} thread${settings.threads === 1 ? "" : "s"} on queue ${settings.queue} at ${settings.url}; ready`);
    await stop;
  } finally {
    await worker.close();
    await pool.destroy();
  }
}
