// docs/tutorial.md, run as a designer would follow it: in an empty folder, every file block is written
// (```rules file=pig.rules) and every command of a console block (`$ rules check pig.rules`) is run in
// order by bash, with `rules` the CLI of this checkout; what the page shows below a command is what it
// must print (stdout and stderr together), a line `...` standing for any lines. A block
// ```console serve``` starts a server that goes on running: its first line printed must be the one shown,
// the page it serves is fetched, and the server is stopped.
import { spawn } from "node:child_process";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
const page = await readFile(join(root, "docs/tutorial.md"), "utf8");

type Step =
  | { kind: "file"; line: number; name: string; text: string }
  | { kind: "command"; line: number; command: string; expected: string[] }
  | { kind: "serve"; line: number; command: string; expected: string };

/** The page's steps in order: its file blocks and the commands of its console blocks. */
function stepsOf(markdown: string): Step[] {
  const steps: Step[] = [];
  for (const block of markdown.matchAll(/^```(\w+)(?: (\S+))?\n([\s\S]*?)^```$/gm)) {
    const [, language, info, body] = block;
    const line = markdown.slice(0, block.index).split("\n").length;
    const file = /^file=(.+)$/.exec(info ?? "");
    if (file) steps.push({ kind: "file", line, name: file[1]!, text: body! });
    else if (language === "console") {
      const lines = body!.replace(/\n$/, "").split("\n");
      if (info === "serve") {
        steps.push({ kind: "serve", line, command: lines[0]!.replace(/^\$ /, ""), expected: lines[1] ?? "" });
        continue;
      }
      for (const [i, text] of lines.entries()) {
        if (!text.startsWith("$ ")) continue;
        const next = lines.findIndex((l, j) => j > i && l.startsWith("$ "));
        steps.push({ kind: "command", line: line + 1 + i, command: text.slice(2), expected: lines.slice(i + 1, next < 0 ? undefined : next) });
      }
    }
  }
  return steps;
}

/** Whether printed lines match the page's: equal, where `...` on the page stands for any lines. */
function matches(printed: readonly string[], shown: readonly string[]): boolean {
  if (shown.length === 0) return printed.length === 0;
  if (shown[0] === "...") return printed.some((_, i) => matches(printed.slice(i), shown.slice(1))) || matches([], shown.slice(1));
  return printed.length > 0 && printed[0] === shown[0] && matches(printed.slice(1), shown.slice(1));
}

let folder = "";
let env: NodeJS.ProcessEnv = {};

beforeAll(async () => {
  const scratch = await mkdtemp(join(tmpdir(), "rules-tutorial-"));
  folder = join(scratch, "pig");
  const bin = join(scratch, "bin");
  await mkdir(folder);
  await mkdir(bin);
  // `rules` on the PATH, as `npm link` in cli/ would put it.
  await writeFile(join(bin, "rules"), `#!/bin/sh\nexec "${process.execPath}" "${join(root, "cli/bin/rules.js")}" "$@"\n`);
  await chmod(join(bin, "rules"), 0o755);
  env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, RULES_CACHE_DIR: join(scratch, "cache"), NO_COLOR: "1" };
});

afterAll(async () => {
  if (folder) await rm(dirname(folder), { recursive: true, force: true });
});

function runCommand(command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", `${command} 2>&1`], { cwd: folder, env });
    let printed = "";
    child.stdout.on("data", (chunk: Buffer) => (printed += chunk.toString()));
    child.on("error", reject);
    child.on("close", () => resolve(printed));
  });
}

/** Starts a server command, waits for its first line, fetches the URL it prints, and stops it. */
function serve(command: string): Promise<{ first: string; status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", `exec ${command}`], { cwd: folder, env });
    let printed = "";
    const stop = (error?: Error) => {
      child.kill();
      if (error) reject(error);
    };
    child.on("error", reject);
    child.stderr.on("data", (chunk: Buffer) => (printed += chunk.toString()));
    child.stdout.on("data", async (chunk: Buffer) => {
      printed += chunk.toString();
      const first = printed.split("\n")[0]!;
      const url = /(http:\/\/\S+)/.exec(first)?.[1];
      if (!printed.includes("\n") || !url) return;
      child.stdout.removeAllListeners("data");
      try {
        const response = await fetch(url);
        resolve({ first, status: response.status, body: await response.text() });
        stop();
      } catch (error) {
        stop(error as Error);
      }
    });
  });
}

describe("docs/tutorial.md, step by step", () => {
  const steps = stepsOf(page);

  test("is a tutorial: files to write and commands to run, the game checked, simulated, tested, played and served", () => {
    const commands = steps.flatMap((s) => (s.kind === "file" ? [] : [s.command]));
    for (const used of ["rules check", "rules simulate", "rules test", "rules play", "rules format"]) {
      expect(commands.some((c) => c.includes(used)), used).toBe(true);
    }
    expect(steps.some((s) => s.kind === "serve" && s.command.includes("--web"))).toBe(true);
  });

  test.each(steps.map((step) => [`line ${step.line}: ${step.kind === "file" ? `write ${step.name}` : step.command}`, step] as const))(
    "%s",
    async (_title, step) => {
      if (step.kind === "file") {
        await writeFile(join(folder, step.name), step.text);
      } else if (step.kind === "command") {
        const output = (await runCommand(step.command)).replace(/\n$/, "");
        const printed = output === "" ? [] : output.split("\n");
        expect(matches(printed, step.expected), `printed:\n${printed.join("\n")}\n\nthe page shows:\n${step.expected.join("\n")}`).toBe(true);
      } else {
        const served = await serve(step.command);
        expect(served.first).toBe(step.expected);
        expect(served.status).toBe(200);
        expect(served.body).toMatch(/<html/i);
      }
    },
    120_000,
  );
});
