// The language server's body, run in a worker thread by the supervisor (supervisor.ts): JSON-RPC on
// the port it is given, and on its parent port a word each time the analysis of a document starts or
// ends, so that the supervisor can time it, and stop it.
import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import { createConnection, PortMessageReader, PortMessageWriter, ProposedFeatures } from "vscode-languageserver/node";
import { startServer } from "./server.js";

export interface WorkerData {
  readonly port: MessagePort;
}

/** What the worker tells the supervisor: the document it is analysing, or null when it is done. */
export interface AnalysingMessage {
  readonly analysing: string | null;
}

const { port } = workerData as WorkerData;
const connection = createConnection(ProposedFeatures.all, new PortMessageReader(port), new PortMessageWriter(port));
startServer(connection, (uri) => parentPort?.postMessage({ analysing: uri } satisfies AnalysingMessage));
