// `rules serve` where it cannot start: a port another program holds (with and without Redis), a Redis
// nobody serves; and `rules play --web` on a port another program holds. Each says why in one line and
// exits 1, holding nothing open: before, `rules serve`'s Colyseus printed the listen error's stack and
// its matchmaker (and Redis connections) kept the process alive, and an unreachable Redis was retried
// forever, each failure printed, the server never listening.

import { spawn } from "node:child_process";
import { createServer, type Server } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startRedis, type RedisServer } from "./support.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const main = fileURLToPath(new URL("../../cli/dist/commands/main.js", import.meta.url));

/** `rules` with the arguments given, run to its end: its exit code and what it printed. */
function rulesUntilExit(...args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [main, ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (data: Buffer) => (output += data.toString()));
  child.stderr.on("data", (data: Buffer) => (output += data.toString()));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

let redisServer: RedisServer;
let holder: Server;
let held: number;

beforeAll(async () => {
  redisServer = await startRedis();
  held = await freePort();
  holder = createServer();
  await new Promise<void>((resolve) => holder.listen(held, "127.0.0.1", resolve));
});

afterAll(async () => {
  await new Promise((resolve) => holder?.close(resolve));
  await redisServer?.stop();
});

describe("rules serve on a port another program listens on", () => {
  for (const [what, extra] of [
    ["alone", []],
    ["with Redis", ["--redis", "(redis)"]],
  ] as const) {
    it(`${what}: says so in one line and exits 1`, async () => {
      const args = ["--port", String(held), ...extra.map((arg) => (arg === "(redis)" ? redisServer.url : arg))];
      const { code, output } = await rulesUntilExit("serve", "for-sale", ...args);
      expect(code, output).toBe(1);
      expect(output).toContain(`rules serve: cannot listen on 127.0.0.1:${held}: another program is listening there (choose another port; port 0 takes a free one)`);
      expect(output).not.toMatch(/^\s+at /m);
      expect(output).not.toContain("listening on ws://");
    });
  }
});

describe("rules serve with a Redis nobody serves", () => {
  it("says it cannot reach it, in one line, and exits 1", async () => {
    const nobody = await freePort();
    const { code, output } = await rulesUntilExit("serve", "for-sale", "--port", "0", "--redis", `redis://127.0.0.1:${nobody}`);
    expect(code, output).toBe(1);
    expect(output).toContain(`rules serve: cannot reach Redis at redis://127.0.0.1:${nobody}: connect ECONNREFUSED 127.0.0.1:${nobody}`);
    expect(output).not.toMatch(/^\s+at /m);
    expect(output).not.toContain("listening on ws://");
  });
});

describe("rules play --web on a port another program listens on", () => {
  it("says so in one line and exits 1", async () => {
    const { code, output } = await rulesUntilExit("play", "for-sale", "--web", "--port", String(held), "--players", "3");
    expect(code, output).toBe(1);
    expect(output).toContain(`rules play: cannot listen on 127.0.0.1:${held}: another program is listening there (choose another port with --port; 0 takes a free one)`);
    expect(output).not.toContain("Playing for-sale on the web table");
  });
});
