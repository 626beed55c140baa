// For tests that need a real Redis (simulation fleets, multiplayer persistence): a redis-server of
// the test's own on a free loopback port and a temporary folder, nothing saved to disk, stopped after.
// Needs redis-server on the PATH (Debian: apt-get install -y redis-server; `.ci/run` installs it):
// without it the tests fail, saying so.

import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface RedisServer {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * A port nothing uses at the moment, on the loopback interface, below the kernel's ephemeral range:
 * a port the kernel hands out (to a listener on port 0, or to an outgoing connection such as another
 * test's client) could be taken between this check and a child server's listen, and that server then
 * refuses to start. Below the range only another caller of this function could take it.
 */
export async function freePort(): Promise<number> {
  const lowest = ephemeralPortsFrom();
  for (;;) {
    const port = 10_000 + Math.floor(Math.random() * (lowest - 10_000));
    if (await listensOn(port)) return port;
  }
}

/** The first port of the kernel's ephemeral range (Linux's default where it cannot be read). */
function ephemeralPortsFrom(): number {
  try {
    const first = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    return Number.isInteger(first) && first > 11_000 ? first : 32_768;
  } catch {
    return 32_768;
  }
}

/** Whether a server can listen on the loopback port (it stops listening at once). */
function listensOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** Starts redis-server; resolves once it accepts connections. */
export async function startRedis(): Promise<RedisServer> {
  if (spawnSync("redis-server", ["--version"]).error) {
    throw new Error("redis-server is not installed (Debian: apt-get install -y redis-server): the Redis tests need a real server");
  }
  const dir = mkdtempSync(join(tmpdir(), "rules-redis-test-"));
  const port = await freePort();
  const server = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", "--appendonly", "no"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start within 15 s:\n${log}`)), 15_000);
    server.stdout!.on("data", (data: Buffer) => {
      log += data.toString();
      if (log.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    });
    server.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}) before it was ready:\n${log}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once("exit", resolve));
        server.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
