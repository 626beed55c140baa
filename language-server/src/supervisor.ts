// What `rules lsp --stdio` runs: a supervisor that speaks JSON-RPC to the editor and passes every
// message to the language server proper, which runs in a worker thread (worker.ts). The editor must
// never lose its server, whatever is typed, so the supervisor ends the worker and starts another,
// with the documents as they are now, when the worker
//   - dies (an uncaught exception, a stack overflow, running out of its memory limit),
//   - analyses one document longer than the time limit (a hang), or
//   - is still analysing a document when the next edit of it arrives (the old analysis is moot).
// The document whose analysis failed gets one diagnostic at 1:1 and is kept from the new worker until
// its next edit; the requests the old worker left unanswered are answered with null.
import { Worker } from "node:worker_threads";
import { MessageChannel } from "node:worker_threads";
import {
  DiagnosticSeverity,
  StreamMessageReader,
  StreamMessageWriter,
  type Message,
  type NotificationMessage,
  type RequestMessage,
  type ResponseMessage,
} from "vscode-languageserver/node";
import { TextDocument } from "vscode-languageserver-textdocument";
import { analysisFailed, describeThrown } from "./guard.js";
import type { AnalysingMessage } from "./worker.js";

export interface SupervisorLimits {
  /** Longest analysis of one document, in milliseconds. */
  readonly analysisMs: number;
  /** An analysis running this long when its document changes again is stopped for the new text. */
  readonly cancelAfterMs: number;
  /** Longest wait for any answer of the worker (a compile for a scenario file may take seconds). */
  readonly requestMs: number;
  /** The worker's heap limit, in megabytes. */
  readonly heapMb: number;
}

export const DEFAULT_LIMITS: SupervisorLimits = { analysisMs: 10_000, cancelAfterMs: 300, requestMs: 60_000, heapMb: 2048 };

/** Limits from the environment (tests lower them): RULES_LSP_ANALYSIS_MS, RULES_LSP_HEAP_MB. */
export function limitsFromEnvironment(env: NodeJS.ProcessEnv = process.env): SupervisorLimits {
  const number = (name: string, fallback: number): number => {
    const value = Number(env[name]);
    return Number.isFinite(value) && value > 0 ? value : fallback;
  };
  return {
    ...DEFAULT_LIMITS,
    analysisMs: number("RULES_LSP_ANALYSIS_MS", DEFAULT_LIMITS.analysisMs),
    heapMb: number("RULES_LSP_HEAP_MB", DEFAULT_LIMITS.heapMb),
  };
}

const isRequest = (m: Message): m is RequestMessage => "method" in m && "id" in m && m.id !== undefined && m.id !== null;
const isNotification = (m: Message): m is NotificationMessage => "method" in m && !("id" in m && m.id !== undefined && m.id !== null);
const uriOf = (m: RequestMessage | NotificationMessage): string | undefined =>
  (m.params as { textDocument?: { uri?: unknown } } | undefined)?.textDocument?.uri as string | undefined;

/** The id of the supervisor's own `initialize` to each new worker: its answer is not the editor's. */
const RESTART_ID = "rules-supervisor-initialize";

/**
 * The worker's module: RULES_LSP_WORKER replaces it, so that the supervisor's tests can give it a
 * worker that hangs, throws or runs out of memory on purpose (src/__fixtures__/faulty-worker.mjs).
 */
const workerModule = process.env.RULES_LSP_WORKER ?? new URL("./worker.js", import.meta.url);

export function startSupervisor(input: NodeJS.ReadableStream, output: NodeJS.WritableStream, limits = limitsFromEnvironment()): void {
  const reader = new StreamMessageReader(input);
  const writer = new StreamMessageWriter(output);
  const documents = new Map<string, TextDocument>();
  /** Documents kept from the worker until their next edit: their analysis failed. */
  const failed = new Set<string>();
  /** The editor's requests the worker has not answered yet, with when each was sent. */
  const pending = new Map<string | number, number>();
  let initializeParams: unknown = null;
  let shutdownAsked = false;
  let worker: Worker;
  let port: import("node:worker_threads").MessagePort;
  /** The document the worker is analysing, and since when. */
  let analysing: { uri: string; since: number } | null = null;
  /** Workers ended in a row without finishing anything: past 3, every document is held back. */
  let failuresInRow = 0;

  const toEditor = (message: Message): void => void writer.write(message);
  const toWorker = (message: Message): void => port.postMessage(message);

  function start(): void {
    const channel = new MessageChannel();
    port = channel.port1;
    analysing = null;
    const current = new Worker(workerModule, {
      workerData: { port: channel.port2 },
      transferList: [channel.port2],
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
      stderr: true,
    });
    worker = current;
    // The worker writes nothing an editor should see: stderr is read and dropped.
    current.stderr.resume();
    current.on("message", (m: AnalysingMessage) => {
      if (current !== worker) return;
      if (m.analysing === null) failuresInRow = 0;
      analysing = m.analysing === null ? null : { uri: m.analysing, since: Date.now() };
    });
    current.on("error", (thrown) => {
      if (current === worker) restart(describe(thrown));
    });
    current.on("exit", () => {
      if (current === worker && !shutdownAsked) restart("the analysis stopped");
    });
    port.on("message", (message: Message) => {
      if (current !== worker) return;
      if ("id" in message && message.id === RESTART_ID && !("method" in message)) return;
      if (!("method" in message) && "id" in message && message.id !== null) {
        pending.delete(message.id as string | number);
        failuresInRow = 0;
      }
      toEditor(message);
    });
    if (initializeParams !== null) replay();
  }

  /** The new worker is told what the editor told the old one: initialize, then each document. */
  function replay(): void {
    toWorker({ jsonrpc: "2.0", id: RESTART_ID, method: "initialize", params: initializeParams } as RequestMessage);
    toWorker({ jsonrpc: "2.0", method: "initialized", params: {} } as NotificationMessage);
    for (const document of documents.values()) {
      if (!failed.has(document.uri)) open(document);
    }
  }

  function open(document: TextDocument): void {
    const textDocument = { uri: document.uri, languageId: document.languageId, version: document.version, text: document.getText() };
    toWorker({ jsonrpc: "2.0", method: "textDocument/didOpen", params: { textDocument } } as NotificationMessage);
  }

  /** Ends the worker and starts another; the document it was analysing is reported as failed. */
  function restart(why: string, blamed = analysing?.uri): void {
    const old = worker;
    worker = undefined as unknown as Worker;
    void old.terminate();
    port.close();
    for (const id of pending.keys()) toEditor({ jsonrpc: "2.0", id, result: null } as ResponseMessage);
    pending.clear();
    // A worker that dies outside any analysis, again and again, is kept from every document.
    const everything = why !== "" && ++failuresInRow > 3 ? [...documents.keys()] : [];
    for (const uri of blamed !== undefined && why !== "" ? [blamed, ...everything] : everything) {
      if (failed.has(uri)) continue;
      failed.add(uri);
      const version = documents.get(uri)?.version;
      const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
      const { code, message } = analysisFailed(uri, why);
      const diagnostic = { range, severity: DiagnosticSeverity.Error, code, source: "rules", message };
      toEditor({ jsonrpc: "2.0", method: "textDocument/publishDiagnostics", params: { uri, version, diagnostics: [diagnostic] } } as NotificationMessage);
    }
    start();
  }

  /** Keeps the supervisor's copy of each document as the editor edits it. */
  function track(message: NotificationMessage): void {
    const params = message.params as Record<string, never>;
    if (message.method === "textDocument/didOpen") {
      const { uri, languageId, version, text } = params.textDocument as { uri: string; languageId: string; version: number; text: string };
      documents.set(uri, TextDocument.create(uri, languageId, version, text));
      failed.delete(uri);
    } else if (message.method === "textDocument/didChange") {
      const { uri, version } = params.textDocument as { uri: string; version: number };
      const document = documents.get(uri);
      if (document) documents.set(uri, TextDocument.update(document, params.contentChanges, version));
    } else if (message.method === "textDocument/didClose") {
      const { uri } = params.textDocument as { uri: string };
      documents.delete(uri);
      failed.delete(uri);
    }
  }

  reader.listen((message) => {
    if (isRequest(message)) {
      if (message.method === "initialize") initializeParams = message.params;
      if (message.method === "shutdown") shutdownAsked = true;
      const uri = uriOf(message);
      // A document whose analysis failed has nothing to offer until it is edited.
      if (uri !== undefined && failed.has(uri)) return toEditor({ jsonrpc: "2.0", id: message.id, result: null } as ResponseMessage);
      pending.set(message.id!, Date.now());
      return toWorker(message);
    }
    if (isNotification(message)) {
      if (message.method === "exit") {
        void worker?.terminate();
        process.exit(shutdownAsked ? 0 : 1);
      }
      track(message);
      const uri = uriOf(message);
      if (message.method === "textDocument/didChange" && uri !== undefined) {
        if (analysing?.uri === uri && Date.now() - analysing.since >= limits.cancelAfterMs) {
          // The worker is busy with a text that is already stale: a fresh one gets the new text.
          return restart("", uri);
        }
        if (failed.delete(uri)) {
          const document = documents.get(uri);
          if (document) open(document);
          return;
        }
      }
      return toWorker(message);
    }
    toWorker(message); // the editor's answers to the worker's own requests
  });

  reader.onClose(() => {
    void worker?.terminate();
    process.exit(shutdownAsked ? 0 : 1);
  });

  const watchdog = setInterval(() => {
    const now = Date.now();
    if (analysing && now - analysing.since > limits.analysisMs) {
      restart(`it took longer than ${limits.analysisMs / 1000} s`);
    } else if ([...pending.values()].some((since) => now - since > limits.requestMs)) {
      restart(`an answer took longer than ${limits.requestMs / 1000} s`);
    }
  }, Math.min(250, limits.analysisMs / 4));
  watchdog.unref();

  start();
}

function describe(thrown: unknown): string {
  if (thrown instanceof Error && (thrown as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY") return "it ran out of memory";
  return describeThrown(thrown);
}
