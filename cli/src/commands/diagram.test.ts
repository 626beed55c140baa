// `rules diagram`: prints Mermaid by default, writes SVG with --out, refuses rules that do not check.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./cli.js";
import { recordingIo } from "./io.js";

let dir: string;
const STONES = `game "Stones" {
  players 2..3
}

var heap: int public = 5
var turn: player public = 0

flow {
  while heap > 0 {
    ask turn {
      take(n in 1..min(2, heap)) {
        heap -= n
      }
    }
    turn = next(turn)
  }
}

score p: 0
`;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "rules-diagram-"));
  await writeFile(join(dir, "stones.rules"), STONES);
  await writeFile(join(dir, "broken.rules"), STONES.replace("heap > 0", "heaps > 0"));
});
afterAll(() => rm(dir, { recursive: true }));

async function rules(...argv: string[]) {
  const io = recordingIo(Readable.from([]), dir);
  const status = await runCli(argv, io);
  return { status, out: io.stdout, err: io.stderr };
}

describe("rules diagram", () => {
  it("prints the flow as Mermaid: the test, the decision with its option, the way back and the end", async () => {
    const { status, out } = await rules("diagram", "stones.rules");
    expect(status).toBe(0);
    expect(out).toBe(
      [
        "flowchart TD",
        '  start(["start"])',
        '  finish(["end: scores"])',
        '  s1{"while heap #gt; 0"}',
        '  s2["ask turn<br/>• take(n in 1..min(2, heap))"]',
        "  start --> s1",
        '  s1 -->|"yes"| s2',
        '  s1 -->|"no"| finish',
        '  s2 -->|"take"| s1',
        "",
      ].join("\n"),
    );
  });

  it("writes an SVG with --out", async () => {
    const { status, out } = await rules("diagram", "stones.rules", "--format", "svg", "--out", "stones.svg");
    expect(status).toBe(0);
    expect(out).toBe("wrote stones.svg\n");
    const svg = await readFile(join(dir, "stones.svg"), "utf8");
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain(">• take(n in 1..min(2, heap))<");
  });

  it("gives the diagnostics of rules that do not check, with exit status 1", async () => {
    const { status, err } = await rules("diagram", "broken.rules");
    expect(status).toBe(1);
    expect(err).toContain("broken.rules:9:9: error check/unknown-name: unknown name 'heaps'");
  });
});
