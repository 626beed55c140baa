// `rules worker --redis URL`: one machine of a simulation fleet. Plays the chunks that
// `rules simulate … --redis URL` queues, until stopped (Ctrl-C or SIGTERM: it finishes the chunks
// it holds first). See docs/simulate.md.

import { defineCommand, EXIT_OK } from "./command.js";
import type { CommandSpec } from "./args.js";
import { defaultWorkers } from "../simulation/pool.js";
import { DEFAULT_LOCK_MS, DEFAULT_QUEUE } from "../simulation/queue-options.js";
import { importOptional, REDIS_PACKAGES } from "../optional-dependency.js";

const spec = {
  name: "worker",
  summary: "play the games that `rules simulate --redis` queues, until stopped",
  positionals: [],
  options: [
    { name: "redis", kind: "string", placeholder: "URL", required: true, description: "the Redis server, e.g. redis://host:6379" },
    { name: "queue", kind: "string", placeholder: "NAME", description: `the queue to take chunks from (default ${DEFAULT_QUEUE})` },
    { name: "workers", kind: "int", min: 1, placeholder: "N", description: "chunks played at once, a thread each (default: one per core)" },
    {
      name: "lock-ms",
      kind: "int",
      min: 100,
      placeholder: "MS",
      description: `how long a chunk stays with this worker if it stops answering, before another worker takes it (default ${DEFAULT_LOCK_MS})`,
    },
  ],
  notes: [
    "Start one on each machine (any number, at any time, before or during a run). A worker compiles the " +
      "rules each run sends, so it needs this checkout (the same version as the coordinator's), not the rules. " +
      "A worker that dies mid-chunk loses nothing: once its lock runs out another worker plays the chunk again, " +
      "and the coordinator keeps one result per chunk.",
  ],
} as const satisfies CommandSpec;

export const workerCommand = defineCommand(spec, async (args, io) => {
  const { runQueueWorker } = await importOptional(() => import("../simulation/queue.js"), REDIS_PACKAGES, "`rules worker`");
  const stop = new Promise((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await runQueueWorker(
    {
      url: args.options.redis,
      queue: args.options.queue ?? DEFAULT_QUEUE,
      threads: args.options.workers ?? defaultWorkers(),
      lockMs: args.options["lock-ms"] ?? DEFAULT_LOCK_MS,
    },
    stop,
    io.warn,
  );
  io.warn("rules worker: stopped");
  return EXIT_OK;
});
