// A language server worker that fails on purpose, for the supervisor's tests (supervisor.test.ts):
// the real server (the built copy), except that a document whose text holds `FAULT:<kind>` makes it
//   hang   - start analysing and never finish,
//   slow   - analyse for 5 seconds,
//   throw  - start analysing and throw outside any handler (the worker dies),
//   oom    - allocate until its heap limit ends it.
import { MessageChannel, parentPort, workerData } from "node:worker_threads";
import { createConnection, PortMessageReader, PortMessageWriter, ProposedFeatures } from "vscode-languageserver/node";
import { startServer } from "../../dist/server.js";

const { port } = workerData;
const inner = new MessageChannel();
const analysing = (uri) => parentPort.postMessage({ analysing: uri });

port.on("message", (message) => {
  const params = message.params ?? {};
  const uri = params.textDocument?.uri;
  const text = params.textDocument?.text ?? params.contentChanges?.at(-1)?.text ?? "";
  const fault = /FAULT:(\w+)/.exec(text)?.[1];
  if (fault === "hang") {
    analysing(uri);
    for (;;);
  }
  if (fault === "slow") {
    analysing(uri);
    const until = Date.now() + 5000;
    while (Date.now() < until);
    analysing(null);
  }
  if (fault === "throw") {
    analysing(uri);
    throw new Error("injected failure");
  }
  if (fault === "oom") {
    analysing(uri);
    const hoard = [];
    for (;;) hoard.push(new Array(100_000).fill(hoard.length));
  }
  inner.port1.postMessage(message);
});

const connection = createConnection(ProposedFeatures.all, new PortMessageReader(inner.port2), new PortMessageWriter(port));
startServer(connection, analysing);
