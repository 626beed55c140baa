// A worker thread of compile-parallel.ts: strict compiles of the games it is sent, one at a time,
// with the compiler loaded once.
import { parentPort } from "node:worker_threads";
import { compileGame } from "./compile.js";
import type { WorkerReply, WorkerRequest } from "./compile-parallel.js";

const port = parentPort;
if (!port) throw new Error("compile-worker.js runs as a worker thread of compile-parallel.js");
port.on("message", (request: WorkerRequest) => {
  compileGame(request.job.gameId, request.job.files).then(
    (result) => port.postMessage({ index: request.index, result } satisfies WorkerReply),
    (error: unknown) => port.postMessage({ index: request.index, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies WorkerReply),
  );
});
