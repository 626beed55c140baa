// Hostile rules files through the commands a designer runs: each answers with diagnostics and exit
// status 1, never a stack trace, whether it only checks, compiles into generated/, or compiles in
// memory to play.
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./cli.js";
import { recordingIo } from "./io.js";

let folder = "";
const cache = () => join(folder, "cache");

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "rules-hostile-"));
  await mkdir(join(folder, "rules"));
  const flow = (statement: string) =>
    `game "Deep" {\n  players 2..4\n}\nper player var points: int public = 0\nflow {\n  for p in players {\n    ${statement}\n  }\n}\nscore p: points[p]\n`;
  // 5000 parentheses: today's parser alone dies near 117.
  await writeFile(join(folder, "rules", "deep.rules"), flow(`points[p] += ${"(".repeat(5000)}1${")".repeat(5000)}`));
  // A sum of 3000 terms: the checker dies near 2,000.
  await writeFile(join(folder, "long.rules"), flow(`points[p] += ${Array<string>(3000).fill("1").join(" + ")}`));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function rules(...argv: string[]) {
  const io = recordingIo(Readable.from([]), folder);
  const previous = process.env.RULES_CACHE_DIR;
  process.env.RULES_CACHE_DIR = cache();
  try {
    const status = await runCli(argv, io);
    return { status, out: io.stdout, err: io.stderr };
  } finally {
    if (previous === undefined) delete process.env.RULES_CACHE_DIR;
    else process.env.RULES_CACHE_DIR = previous;
  }
}

const tooDeep =
  "rules/deep.rules:7:48: error syntax/too-deep: brackets and braces are nested more than 32 deep here: take this apart with 'let', a function, or fewer blocks inside one another";
const tooLong = "long.rules:7:18: error syntax/too-deep: this chain has more than 500 operators: split it up with 'let' or a function";

describe("hostile rules files through the CLI", () => {
  it("rules check reports the place, exit 1", async () => {
    const { status, out, err } = await rules("check", "rules/deep.rules", "long.rules");
    expect(status).toBe(1);
    expect(out).toContain(tooDeep);
    expect(out).toContain(tooLong);
    expect(out + err).not.toMatch(/^\s+at /m);
  });

  it("rules compile reports it and writes nothing, exit 1", async () => {
    const { status, err } = await rules("compile", "--rules", "rules", "--out", "generated");
    expect(status).toBe(1);
    expect(err).toContain(tooDeep);
    expect(err).not.toMatch(/^\s+at /m);
  });

  it("rules simulate of a rules file reports it, exit 1", async () => {
    const { status, out, err } = await rules("simulate", "long.rules", "--players", "2", "--games", "1");
    expect(status).toBe(1);
    expect(err).toContain(tooLong);
    expect(out + err).not.toMatch(/^\s+at /m);
  });
});
