// For tests that need a real Redis (simulation fleets, multiplayer persistence): a redis-server of
// the test's own on a free loopback port and a temporary folder, nothing saved to disk, stopped after.
// Needs redis-server on the PATH (Debian: apt-get install -y redis-server; `.ci/run` installs it):
// without it the tests fail, saying so.

import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface RedisServer {
  readonly url: string;
  stop(): Promise<void>;
}

/** A port nothing listens on at the moment, on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
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
