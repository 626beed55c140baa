import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./cli.js";
import { findRulesDir } from "@rules/compiler";
import { recordingIo } from "./io.js";

const forSaleRules = fileURLToPath(new URL("../../../rules/for-sale.rules", import.meta.url));
// Lady Richmond uses nth(), which the playout kernel writer does not handle: compiling it has a note.
// A game the kernel writer does not write a kernel for yet (Perudo pauses after each Dudo).
const perudoRules = fileURLToPath(new URL("../../../examples/games/perudo/perudo.rules", import.meta.url));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "rules-cli-compile-"));
  await mkdir(join(dir, "good", "rules"), { recursive: true });
  await copyFile(forSaleRules, join(dir, "good", "rules", "for-sale.rules"));
  await mkdir(join(dir, "noted", "rules"), { recursive: true });
  await copyFile(perudoRules, join(dir, "noted", "rules", "perudo.rules"));
  await mkdir(join(dir, "bad", "rules"), { recursive: true });
  await writeFile(
    join(dir, "bad", "rules", "broken.rules"),
    'game "Broken" {\n  players 2..4\n}\n\nzone deck: Nothing stack hidden\n',
  );
});
afterAll(() => rm(dir, { recursive: true }));

async function rules(cwd: string, ...argv: string[]) {
  const io = recordingIo(Readable.from([]), cwd);
  const status = await runCli(argv, io);
  return { status, out: io.stdout, err: io.stderr };
}

describe("rules compile", () => {
  it("with --check, names the stale files, says to run `rules compile`, and exits 1", async () => {
    const { status, err } = await rules(join(dir, "good"), "compile", "--check");
    expect(status).toBe(1);
    expect(err).toContain("generated is out of date");
    expect(err).toContain("  generated/for-sale/index.ts");
    expect(err).toContain("  generated/index.ts");
    expect(err).toContain("Run `rules compile` to regenerate them.");
  });

  it("writes generated/ and then finds it up to date", async () => {
    const written = await rules(join(dir, "good"), "compile");
    expect(written.status).toBe(0);
    expect(written.out).toMatch(/^compiled 1 game \(for-sale\): \d+ files written to generated$/m);
    const checked = await rules(join(dir, "good"), "compile", "--check");
    expect(checked.status).toBe(0);
    expect(checked.out).toBe("generated is up to date: 1 game (for-sale)\n");
  });

  it("prints the compiler's notes (a game without a playout kernel) only with --verbose", async () => {
    const quiet = await rules(join(dir, "noted"), "compile");
    expect(quiet.status).toBe(0);
    expect(quiet.out + quiet.err).not.toContain("playout kernel");
    const verbose = await rules(join(dir, "noted"), "compile", "--verbose");
    expect(verbose.status).toBe(0);
    expect(verbose.out).toMatch(/^perudo: no playout kernel \(simulations use the state machine\): .* is not supported by the kernel writer yet$/m);
  });

  it("prints each error with its source line and exits 1", async () => {
    const { status, err } = await rules(join(dir, "bad"), "compile");
    expect(status).toBe(1);
    expect(err).toMatch(/^rules\/broken\.rules:5:\d+: error /m);
    expect(err).toContain("5 | zone deck: Nothing stack hidden");
    expect(err).toMatch(/^\d+ errors?, \d+ warnings?$/m);
  });
});

describe("rules check", () => {
  it("prints the diagnostics of a broken file and exits 1", async () => {
    const { status, out } = await rules(join(dir, "bad"), "check", "rules/broken.rules");
    expect(status).toBe(1);
    expect(out).toMatch(/^rules\/broken\.rules:5:\d+: error /m);
    expect(out).not.toContain("no problems");
  });

  it("says 'no problems' for a good file and exits 0", async () => {
    const { status, out } = await rules(join(dir, "good"), "check", "rules/for-sale.rules");
    expect(status).toBe(0);
    expect(out).toBe("rules/for-sale.rules: no problems\n");
  });
});

describe("findRulesDir", () => {
  it("finds rules/ in the folder or the nearest one above", () => {
    expect(findRulesDir(join(dir, "good"))).toBe(join(dir, "good", "rules"));
    expect(findRulesDir(join(dir, "good", "rules"))).toBe(join(dir, "good", "rules"));
    expect(findRulesDir(join(dir, "good", "generated", "for-sale"))).toBe(join(dir, "good", "rules"));
  });
});
