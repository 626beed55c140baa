// `rules play <game> --web`: the game on the web table (@rules/table's playground, the page apps get),
// served from this machine. The rules are compiled to JavaScript modules in memory and served with
// the runtime's, the table's and preact's own ES modules under an import map: no bundler, the files
// the packages ship. With rules (not a built game) each save compiles them again, and the open page
// gets the new game by server-sent events and replays the moves so far.

import { spawn } from "node:child_process";
import { promises as fs } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { dirname, extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { CompileFailed, findGameRef, sourcePaths, type GameRef } from "./game-lookup.js";
import { formatDiagnosticList } from "@rules/compiler";
import { transpile } from "@rules/compiler/loading";
import type { Io } from "./io.js";
import { changedNames, watchFolders } from "./watch.js";
import { EXIT_OK } from "./command.js";

export interface WebPlayOptions {
  readonly port: number;
  readonly players?: number;
  readonly seed: number;
  readonly variants: readonly string[];
  readonly botDelayMs: number;
}

/** One compiled game as the browser loads it: module files by their path. */
interface Served {
  readonly version: number;
  readonly files: ReadonlyMap<string, string>;
}

const TYPES: Record<string, string> = { ".js": "text/javascript", ".mjs": "text/javascript", ".json": "application/json" };
/** Versions of the game kept for pages still loading an older one. */
const KEPT_VERSIONS = 4;

/** Serves the table until Ctrl-C (or SIGTERM); returns the exit status. */
export async function playOnTheWeb(arg: string, io: Io, options: WebPlayOptions): Promise<number> {
  let ref = await findGameRef(arg, io.cwd, "play");
  const versions: Served[] = [{ version: 1, files: await compiledFiles(ref, io) }];
  const listeners = new Set<ServerResponse>();
  const packages = packageFolders();

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain" });
      response.end(error instanceof Error ? error.message : String(error));
    });
  });
  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
    if (path === "/") return send(response, 200, "text/html; charset=utf-8", page(options, versions.at(-1)!.version));
    if (path === "/events") {
      response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-store", connection: "keep-alive" });
      response.write(": watching the rules\n\n");
      listeners.add(response);
      request.on("close", () => listeners.delete(response));
      return;
    }
    const game = /^\/game\/(\d+)\/(.+)$/.exec(path);
    if (game) {
      const text = versions.find((v) => v.version === Number(game[1]))?.files.get(game[2]!);
      return text === undefined ? send(response, 404, "text/plain", "no such file") : send(response, 200, "text/javascript", text);
    }
    const module = /^\/m\/(runtime|table|preact)\/(.+)$/.exec(path);
    if (module) {
      const file = inside(packages[module[1] as keyof typeof packages], module[2]!);
      const text = file && TYPES[extname(file)] ? await fs.readFile(file, "utf8").catch(() => undefined) : undefined;
      return text === undefined ? send(response, 404, "text/plain", "no such file") : send(response, 200, TYPES[extname(file!)]!, text);
    }
    send(response, 404, "text/plain", "not found");
  };

  await new Promise<void>((listening, failed) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      failed(error.code === "EADDRINUSE" ? new Error(`cannot listen on 127.0.0.1:${options.port}: another program is listening there (choose another port with --port; 0 takes a free one)`) : error),
    );
    server.listen(options.port, "127.0.0.1", listening);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  io.print(`Playing ${ref.id} on the web table at ${url}`);
  if (ref.kind === "rules") io.print("Watching the rules: save them and the open page goes on with the new rules.");
  io.print("Press Ctrl-C to stop.");
  openBrowser(url);

  let compiling = Promise.resolve();
  const watcher =
    ref.kind === "rules"
      ? watchFolders(foldersOf(ref, io.cwd), (file) => file.endsWith(".rules"), (files) => {
          compiling = compiling.then(async () => {
            try {
              ref = await findGameRef(arg, io.cwd, "play");
              const version = versions.at(-1)!.version + 1;
              versions.push({ version, files: await compiledFiles(ref, io) });
              if (versions.length > KEPT_VERSIONS) versions.shift();
              for (const listener of listeners) listener.write(`event: game\ndata: ${JSON.stringify({ version })}\n\n`);
              io.print(`${changedNames(files)} saved: compiled again, sent to ${listeners.size} open ${listeners.size === 1 ? "page" : "pages"}.`);
            } catch (error) {
              if (error instanceof CompileFailed) for (const line of error.format(io.cwd)) io.warn(line);
              else io.warn(`rules play: ${error instanceof Error ? error.message : String(error)}`);
              io.warn(`${changedNames(files)}: the saved rules do not compile; the page keeps the previous ones (fix and save again).`);
            }
          });
        })
      : undefined;

  await new Promise<void>((stop) => {
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  watcher?.close();
  for (const listener of listeners) listener.end();
  await closeServer(server);
  return EXIT_OK;
}

/** The game's modules for the browser: its rules compiled and transpiled (importing the runtime by
 *  its package name, which the page's import map resolves), or a built game's files. */
async function compiledFiles(ref: GameRef, io: Io): Promise<Map<string, string>> {
  if (ref.kind === "compiled") {
    const folder = dirname(fileURLToPath(import.meta.resolve(`@rules/generated/${ref.id}`)));
    const names = (await fs.readdir(folder)).filter((name) => name.endsWith(".js"));
    return new Map(await Promise.all(names.map(async (name) => [name, await fs.readFile(join(folder, name), "utf8")] as const)));
  }
  const { compileGame } = await import("@rules/compiler");
  const result = await compileGame(ref.id, ref.sources);
  const texts = new Map(ref.sources.map((s) => [s.path, s.text]));
  if (result.files.length === 0 || result.diagnostics.some((d) => d.severity === "error")) throw new CompileFailed(ref.id, result.diagnostics, texts);
  for (const line of formatDiagnosticList(result.diagnostics, (file) => texts.get(file) ?? "", io.cwd)) io.warn(line);
  const files = await transpile(result.files, "@rules/runtime/internal");
  return new Map(files.map((file) => [file.path, file.text]));
}

/** Where the served packages' ES modules are: the runtime's and the table's `dist`, preact's `dist`s. */
function packageFolders(): { runtime: string; table: string; preact: string } {
  const runtime = dirname(fileURLToPath(import.meta.resolve("@rules/runtime")));
  const tableEntry = fileURLToPath(import.meta.resolve("@rules/table"));
  // preact as the table resolves it (its `dist` for the core, `hooks/dist` for the hooks): served side by side.
  const preact = dirname(dirname(createRequire(tableEntry).resolve("preact")));
  return { runtime, table: dirname(tableEntry), preact };
}

/** A file under `root`, or undefined for a path that would leave it. */
function inside(root: string, relative: string): string | undefined {
  const full = normalize(join(root, relative));
  return full.startsWith(root + sep) ? full : undefined;
}

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, { "content-type": type, "cache-control": "no-store" }).end(body);
}

/** The page: the playground on the served game, reloaded in place when the server says the rules changed. */
function page(options: WebPlayOptions, version: number): string {
  const imports = {
    preact: "/m/preact/dist/preact.mjs",
    "preact/hooks": "/m/preact/hooks/dist/hooks.mjs",
    "@rules/runtime": "/m/runtime/index.js",
    "@rules/runtime/internal": "/m/runtime/internal.js",
    "@rules/runtime/present": "/m/runtime/present/index.js",
    "@rules/table": "/m/table/index.js",
  };
  const settings = { players: options.players, seed: options.seed, variants: options.variants, botDelayMs: options.botDelayMs, version };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<title>rules play --web</title>
<script type="importmap">${JSON.stringify({ imports })}</script>
<style>
body{margin:0;background:#e9e4d8;font:15px/1.4 system-ui,sans-serif}#app{padding:.5rem;max-width:1400px;margin:0 auto}
.rt-panel{margin-top:.6rem;font-size:.9rem}.rt-panel-row{display:flex;flex-wrap:wrap;gap:.4rem .8rem;align-items:center;margin:.3rem 0}
.rt-bots{display:inline-flex;gap:.4rem;border:1px solid #ccc;border-radius:6px;padding:.1rem .5rem}
.rt-inspector pre{max-height:20rem;overflow:auto;background:#fff;padding:.5rem;font-size:.75rem}
#reloaded:empty{display:none}#reloaded{position:fixed;bottom:.5rem;right:.5rem;background:#2b2118;color:#fff;padding:.4rem .7rem;border-radius:6px}
</style>
</head>
<body>
<div id="app"></div>
<p id="reloaded" role="status" aria-live="polite"></p>
<script type="module">
import { mountPlayground } from "@rules/table";
const settings = ${JSON.stringify(settings)};
const load = async (version) => (await import(\`/game/\${version}/index.js\`)).game;
const first = await load(settings.version);
const options = { seed: settings.seed, variants: settings.variants, botDelayMs: settings.botDelayMs };
if (settings.players !== undefined) options.players = settings.players;
const playground = mountPlayground(document.getElementById("app"), first, options);
document.title = first.title + " — rules play --web";
window.rulesPlayground = playground;
const events = new EventSource("/events");
events.addEventListener("game", async (event) => {
  const { version } = JSON.parse(event.data);
  const game = await load(version);
  const report = playground.reload(game);
  document.title = game.title + " — rules play --web";
  document.getElementById("reloaded").textContent =
    \`New rules (version \${version}): \${report.replayed} moves replayed\${report.dropped ? \`, \${report.dropped} dropped (\${report.reason})\` : ""}.\`;
});
</script>
</body>
</html>
`;
}

/** Opens the page in the desktop's browser, only when there is a desktop. */
function openBrowser(url: string): void {
  if (!process.env["DISPLAY"] && !process.env["WAYLAND_DISPLAY"] && process.platform === "linux") return;
  const command = process.platform === "darwin" ? "open" : process.platform === "win32" ? "explorer" : "xdg-open";
  try {
    const child = spawn(command, [url], { stdio: "ignore", detached: true });
    child.on("error", () => undefined);
    child.unref();
  } catch {
    // No opener: the URL printed above is enough.
  }
}

function foldersOf(ref: GameRef, cwd: string): string[] {
  return [...new Set(sourcePaths(ref).map((path) => dirname(resolve(cwd, path))))].sort();
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections?.();
  return new Promise((closed) => server.close(() => closed()));
}
