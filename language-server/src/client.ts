// A minimal JSON-RPC client that drives the language server on stdio as an editor does: the LSP tests and the
// response-time command (language-server/scripts/lsp-timings.mjs) use it.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { fileURLToPath } from "node:url";

const SERVER = fileURLToPath(new URL("../bin/rules-language-server.js", import.meta.url));

interface Message {
  id?: number;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { message: string };
}

/** A language server to start with Node: a script, its arguments and the folder it runs in. */
export interface ServerScript {
  readonly script: string;
  readonly args: readonly string[];
  readonly cwd?: string;
}

export class LspClient {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private readonly listeners: ((m: Message) => void)[] = [];
  /** What the server wrote on stderr (it should write nothing). */
  stderr = "";

  /**
   * `env` is added to this process's environment (the supervisor's limits, its worker); `server` is
   * the script Node starts and its arguments (by default this package's bin, on stdio).
   */
  constructor(env: Record<string, string> = {}, server: ServerScript = { script: SERVER, args: ["--stdio"] }) {
    this.child = spawn(process.execPath, [server.script, ...server.args], {
      stdio: ["pipe", "pipe", "pipe"],
      env: { ...process.env, ...env },
      ...(server.cwd ? { cwd: server.cwd } : {}),
    });
    this.child.stdout.on("data", (chunk: Buffer) => this.receive(chunk));
    this.child.stderr.on("data", (chunk: Buffer) => (this.stderr += chunk.toString()));
  }

  private receive(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf("\r\n\r\n");
      if (headerEnd < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(this.buffer.subarray(0, headerEnd).toString())?.[1]);
      if (this.buffer.length < headerEnd + 4 + length) return;
      const message = JSON.parse(this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString("utf8")) as Message;
      this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      if (message.id !== undefined && message.method === undefined) {
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) waiting?.reject(new Error(message.error.message));
        else waiting?.resolve(message.result);
      } else if (message.id !== undefined && message.method !== undefined) {
        // A request from the server (workspace/configuration, ...): answered with nothing.
        this.send({ id: message.id, result: null });
      } else {
        for (const listener of [...this.listeners]) listener(message);
      }
    }
  }

  private send(message: object): void {
    const body = Buffer.from(JSON.stringify({ jsonrpc: "2.0", ...message }), "utf8");
    this.child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.child.stdin.write(body);
  }

  request<T = unknown>(method: string, params: unknown): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.send({ id, method, params });
    });
  }

  notify(method: string, params: unknown): void {
    this.send({ method, params });
  }

  /** The next notification of this method for which `accept` holds. */
  waitFor<T = unknown>(method: string, accept: (params: T) => boolean = () => true): Promise<T> {
    return new Promise((resolve) => {
      const listener = (m: Message) => {
        if (m.method === method && accept(m.params as T)) {
          this.listeners.splice(this.listeners.indexOf(listener), 1);
          resolve(m.params as T);
        }
      };
      this.listeners.push(listener);
    });
  }

  async initialize(): Promise<{ capabilities: Record<string, unknown> }> {
    const result = await this.request<{ capabilities: Record<string, unknown> }>("initialize", { processId: process.pid, rootUri: null, capabilities: {} });
    this.notify("initialized", {});
    return result;
  }

  /** Whether the server process is still running. */
  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Shuts the server down as an editor does; resolves with its exit status. */
  async close(): Promise<number | null> {
    const exited = new Promise<number | null>((resolve) => this.child.on("exit", (code) => resolve(code)));
    await this.request("shutdown", null);
    this.notify("exit", null);
    return exited;
  }
}
