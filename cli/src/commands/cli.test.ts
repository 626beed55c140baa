import { readFile } from "node:fs/promises";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { COMMANDS, runCli } from "./cli.js";
import { recordingIo } from "./io.js";

async function rules(...argv: string[]) {
  const io = recordingIo(Readable.from([]));
  const status = await runCli(argv, io);
  return { status, out: io.stdout, err: io.stderr };
}

describe("runCli", () => {
  it("lists every command with --help, and exits 0", async () => {
    const { status, out } = await rules("--help");
    expect(status).toBe(0);
    for (const name of ["compile", "check", "test", "play", "simulate", "strength", "report", "worker", "bench", "demo", "format", "lsp", "diagram", "serve", "bots"])
      expect(out).toMatch(new RegExp(`^  ${name} +\\S`, "m"));
    expect(COMMANDS).toHaveLength(15);
  });

  it("loads each command under the name it is listed by", async () => {
    for (const entry of COMMANDS) expect((await entry.load()).spec.name).toBe(entry.name);
  });

  it("shows the overall help on stderr with exit 2 when no command is given", async () => {
    const { status, out, err } = await rules();
    expect(status).toBe(2);
    expect(out).toBe("");
    expect(err).toContain("Usage: rules <command>");
  });

  it("gives each command's help with --help or `help <command>`", async () => {
    const direct = await rules("simulate", "--help");
    expect(direct.status).toBe(0);
    expect(direct.out).toContain("Usage: rules simulate <game> --players N --games N [options]");
    // The tie rule is documented (notes are wrapped, so spaces are compared loosely).
    expect(direct.out.replace(/\s+/g, " ")).toContain("count a shared win as 1/k to each of its k winners");
    expect((await rules("help", "simulate")).out).toBe(direct.out);
  });

  it("prints the compiler package's version with --version", async () => {
    const { version } = JSON.parse(await readFile(new URL("../../package.json", import.meta.url), "utf8"));
    const { status, out } = await rules("--version");
    expect(status).toBe(0);
    expect(out).toBe(`rules ${version}\n`);
  });

  it("refuses an unknown command with exit 2, suggesting a near one", async () => {
    const { status, err } = await rules("simulat");
    expect(status).toBe(2);
    expect(err).toContain("rules: unknown command 'simulat' (did you mean 'simulate'?)");
  });

  it("refuses bad arguments with exit 2 and points to the command's help, before loading any game", async () => {
    const missing = await rules("simulate", "for-sale", "--games", "3");
    expect(missing.status).toBe(2);
    expect(missing.err).toBe(
      "rules simulate: --players is required (players in each game)\nRun `rules simulate --help` for usage.\n",
    );
    const bad = await rules("play", "for-sale", "--players", "many");
    expect(bad.status).toBe(2);
    expect(bad.err).toContain("rules play: --players must be a whole number, not 'many'");
  });

  it("refuses a worker without a Redis server, and a run on no worker thread, with exit 2", async () => {
    const worker = await rules("worker");
    expect(worker.status).toBe(2);
    expect(worker.err).toContain("rules worker: --redis is required");
    const none = await rules("simulate", "for-sale", "--players", "4", "--games", "3", "--workers", "0");
    expect(none.status).toBe(2);
    expect(none.err).toContain("rules simulate: --workers must be at least 1");
  });

  it("refuses bot clients for a server address that is not one, or a player count the game does not have, with exit 2 and before connecting", async () => {
    const address = await rules("bots", "--server", "127.0.0.1:2567", "--game", "for-sale", "--players", "3", "--matches", "1");
    expect(address.status).toBe(2);
    expect(address.err).toContain("rules bots: --server: '127.0.0.1:2567' is not a server's address: give one such as ws://127.0.0.1:2567");
    // Port 1: nothing listens there, so a bots run that connected would end in a connection error (exit 1).
    const players = await rules("bots", "--server", "ws://127.0.0.1:1", "--game", "for-sale", "--players", "9", "--matches", "1");
    expect(players.status).toBe(2);
    expect(players.err).toContain("rules bots: For Sale is for 3 to 6 players, not 9");
  });

  it("refuses a scenario file where rules are wanted, with exit 2, naming the command that runs it", async () => {
    for (const [command, ...options] of [["check"], ["simulate", "--players", "3", "--games", "1"]] as const) {
      const { status, err } = await rules(command, "tests/for-sale/bidding.scenario", ...options);
      expect(status).toBe(2);
      expect(err).toContain(`rules ${command}: tests/for-sale/bidding.scenario is a scenario file: \`rules test tests/for-sale/bidding.scenario\` runs it; \`rules ${command}\` takes rules`);
    }
  });

  it("refuses a check of a file that does not exist with exit 2", async () => {
    const { status, err } = await rules("check", "no/such/game.rules");
    expect(status).toBe(2);
    expect(err).toContain("rules check: cannot read no/such/game.rules: no such file or folder");
  });
});
