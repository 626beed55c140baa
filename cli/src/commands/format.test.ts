// `rules format`: writes the canonical layout, --check only reports, an unreadable file is named.
import { mkdtemp, readFile, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./cli.js";
import { recordingIo } from "./io.js";

let dir: string;
const messy = 'flow {\nx=1\n}\n';
const messyScenario = 'game g\nplayers 2\nscenario "x"\n\n\n   play 0 :take( n:-1 )\nexpect coins = 3-1 -2\n';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "rules-format-"));
  await mkdir(join(dir, "games"));
  await writeFile(join(dir, "games", "messy.rules"), messy);
  await writeFile(join(dir, "games", "tidy.rules"), "flow {\n  x = 1\n}\n");
  await writeFile(join(dir, "broken.rules"), 'flow {\n  say "open\n}\n');
  await mkdir(join(dir, "tests"));
  await writeFile(join(dir, "tests", "messy.scenario"), messyScenario);
  await writeFile(join(dir, "tests", "notes.txt"), "not a scenario\n");
});
afterAll(() => rm(dir, { recursive: true }));

async function rules(...argv: string[]) {
  const io = recordingIo(Readable.from([]), dir);
  const status = await runCli(argv, io);
  return { status, out: io.stdout, err: io.stderr };
}

describe("rules format", () => {
  it("with --check names the file not formatted, writes nothing and exits 1", async () => {
    const { status, out } = await rules("format", "--check", "games");
    expect(status).toBe(1);
    expect(out).toBe("games/messy.rules: not formatted\n1 of 2 files not formatted (run `rules format` on them)\n");
    expect(await readFile(join(dir, "games", "messy.rules"), "utf8")).toBe(messy);
  });

  it("writes the canonical layout, then --check passes", async () => {
    const { status, out } = await rules("format", "games");
    expect(status).toBe(0);
    expect(out).toBe("games/messy.rules: formatted\n2 files, 1 changed\n");
    expect(await readFile(join(dir, "games", "messy.rules"), "utf8")).toBe("flow {\n  x = 1\n}\n");
    expect((await rules("format", "--check", "games")).status).toBe(0);
  });

  it("names a file it cannot read with line and column, leaves it as it was and exits 1", async () => {
    const { status, err } = await rules("format", "broken.rules");
    expect(status).toBe(1);
    expect(err).toBe("broken.rules:2:7: unterminated string\n");
    expect(await readFile(join(dir, "broken.rules"), "utf8")).toBe('flow {\n  say "open\n}\n');
  });

  it("lays out the scenario files of a folder too, and only them", async () => {
    expect(await rules("format", "--check", "tests")).toMatchObject({ status: 1, out: "tests/messy.scenario: not formatted\n1 of 1 file not formatted (run `rules format` on them)\n" });
    expect((await rules("format", "tests")).status).toBe(0);
    // One blank line kept of three; `3-1` subtracts (spaced), `-2` and `-1` are signs (kept glued).
    expect(await readFile(join(dir, "tests", "messy.scenario"), "utf8")).toBe('game g\nplayers 2\nscenario "x"\n\nplay 0: take(n: -1)\nexpect coins = 3 - 1 -2\n');
    expect((await rules("format", "--check", "tests")).status).toBe(0);
  });

  it("refuses a path that does not exist as bad usage", async () => {
    expect((await rules("format", "nowhere")).status).toBe(2);
  });
});
