// A throwaway copy of the workspace with its own Nx cache, for tests that run Nx on it.
import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";

/** Caches and installed packages, which the copy gets its own of, and `.git`. */
const notCopied = new Set([".git", ".nx", "node_modules", "coverage", ".devout"]);

/**
 * Copies the workspace to a new temporary folder without its caches, so that a first Nx run there
 * finds its cache empty. Build output comes along with its timestamps, so that `tsc -b` there
 * rebuilds only what is out of date, as it would here. Installed packages are linked from the
 * workspace to save an install, except the workspace's own `@rules/*` packages, which must resolve
 * to the copy's folders (or its tests would import the original's compiled games), and tools' caches.
 */
export async function copyWorkspace(root: string): Promise<string> {
  const scratch = await mkdtemp(join(tmpdir(), "rules-nx-"));
  await cp(root, scratch, { recursive: true, preserveTimestamps: true, filter: (path) => !notCopied.has(basename(path)) });
  const modules = join(scratch, "node_modules");
  await mkdir(join(modules, "@rules"), { recursive: true });
  for (const name of await readdir(join(root, "node_modules"))) {
    if (name !== "@rules" && !toolCaches(name)) await symlink(join(root, "node_modules", name), join(modules, name));
  }
  for (const name of await readdir(join(root, "node_modules", "@rules"))) {
    await symlink(join("..", "..", name), join(modules, "@rules", name));
  }
  return scratch;
}

/** Folders such as `.vite` that tools write to as they run: linked, the copy's runs would write here. */
function toolCaches(name: string): boolean {
  return name.startsWith(".") && name !== ".bin" && name !== ".package-lock.json";
}

export async function removeWorkspace(scratch: string): Promise<void> {
  await rm(scratch, { recursive: true, force: true });
}

export interface NxRun {
  status: number;
  /** Everything Nx printed, colours removed. */
  output: string;
  /** Each task Nx ran or replayed, by id (`tests:test:scenarios`), and whether the cache supplied it. */
  tasks: Map<string, "cache" | "ran">;
}

/**
 * Runs Nx in `dir`: no daemon, no cloud, and the cache in `dir/.nx`, with none of the calling
 * Nx's or Vitest's variables, so a run nested in `npm test` behaves as it would from a terminal.
 */
export function runNx(dir: string, args: string[]): Promise<NxRun> {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith("NX_") && !key.startsWith("VITEST")) env[key] = value;
  }
  Object.assign(env, {
    NX_DAEMON: "false",
    NX_NO_CLOUD: "true",
    NX_TUI: "false",
    NX_CACHE_DIRECTORY: join(dir, ".nx", "cache"),
    NX_WORKSPACE_DATA_DIRECTORY: join(dir, ".nx", "workspace-data"),
    // Else Nx leaves an empty folder per workspace path under the system's temporary folder.
    NX_SOCKET_DIR: join(dir, ".nx", "sockets"),
    NO_COLOR: "1",
    FORCE_COLOR: "0",
    RULES_NX_INNER_RUN: "1",
  });
  const nx = join(dir, "node_modules", "nx", "dist", "bin", "nx.js");
  return new Promise((done) => {
    execFile(
      process.execPath,
      [nx, ...args, "--output-style=static"],
      { cwd: dir, env, maxBuffer: 64 * 1024 * 1024, timeout: 300_000 },
      (error, stdout, stderr) => {
        const output = `${stdout}\n${stderr}`.replace(/\x1b\[[0-9;]*m/g, "");
        const status = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        done({ status, output, tasks: tasksOf(output) });
      },
    );
  });
}

/** Nx's static output opens each task with `> nx run <task> [args]`, tagged when read from the cache. */
function tasksOf(output: string): Map<string, "cache" | "ran"> {
  const tasks = new Map<string, "cache" | "ran">();
  for (const line of output.split("\n")) {
    const opened = /^> nx run (\S+)(.*)$/.exec(line.trim());
    if (!opened) continue;
    const fromCache = /\[local cache\]|\[existing outputs match the cache/.test(opened[2]!);
    tasks.set(opened[1]!, fromCache ? "cache" : "ran");
  }
  return tasks;
}

/** The `N passed, N failed` line of tests/summary-reporter.ts, as numbers. */
export function summaryOf(output: string): { passed: number; failed: number } | null {
  const found = /^(\d+) passed, (\d+) failed/m.exec(output);
  return found ? { passed: Number(found[1]), failed: Number(found[2]) } : null;
}
