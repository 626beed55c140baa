// `npm run size`: what an app's bundle pays for the runtime plus one game, per game, minified and
// gzipped, built as an app builds it (Vite, from the packages' entry points: `@rules/runtime` and
// `@rules/generated/<game>`). `--json` prints the figures as JSON. Build first (`npm run build`).
import { mkdir, rm, writeFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "vite";

const root = fileURLToPath(new URL("..", import.meta.url));
// Inside the workspace, so that the entries resolve the packages as an app in it would.
const scratch = fileURLToPath(new URL(`../node_modules/.cache/rules-size-${process.pid}/`, import.meta.url));

/** The app-facing calls of the runtime, those of them this runtime has (older and newer APIs): all of
 *  them (a server: saves, reading untrusted moves, per-seat logs), and what a client playing locally
 *  calls (the example app's set). */
const FULL_API = [
  "createMatch", "applyMove", "readMove", "legalMoves", "whoMayAct", "viewFor", "logFor", "isOver", "resultOf",
  "serializeMatch", "deserializeMatch", "botMove",
];
const PLAY_API = ["createMatch", "applyMove", "legalMoves", "whoMayAct", "viewFor", "isOver", "resultOf", "botMove"];

async function bundleSize(name, source) {
  const entry = `${scratch}${name}.js`;
  await writeFile(entry, source);
  const built = await build({
    configFile: false,
    logLevel: "silent",
    root: scratch,
    build: { write: false, minify: true, lib: { entry, formats: ["es"], fileName: name } },
  });
  const code = (Array.isArray(built) ? built[0] : built).output.map((chunk) => chunk.code ?? "").join("");
  return { minified: Buffer.byteLength(code), gzipped: gzipSync(code, { level: 9 }).length };
}

const runtime = await import("@rules/runtime");
const apis = {
  full: FULL_API.filter((name) => typeof runtime[name] === "function"),
  play: PLAY_API.filter((name) => typeof runtime[name] === "function"),
};
const manifest = JSON.parse(readFileSync(`${root}generated/package.json`, "utf8"));
const games = Object.keys(manifest.exports).filter((key) => key !== "." && key !== "./package.json").map((key) => key.slice(2));

await rm(scratch, { recursive: true, force: true });
await mkdir(scratch, { recursive: true });
const rows = [];
for (const game of [null, ...games]) {
  const row = { bundle: game === null ? "runtime alone" : `runtime + ${game}` };
  for (const [name, api] of Object.entries(apis)) {
    const source = `export { ${api.join(", ")} } from "@rules/runtime";\n${game === null ? "" : `export { game } from "@rules/generated/${game}";\n`}`;
    row[name] = await bundleSize(`${game ?? "runtime"}-${name}`, source);
  }
  rows.push(row);
}
await rm(scratch, { recursive: true, force: true });

if (process.argv.includes("--json")) {
  process.stdout.write(`${JSON.stringify({ apis, rows }, null, 2)}\n`);
} else {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);
  const width = Math.max(...rows.map((r) => r.bundle.length));
  process.stdout.write("Minified by Vite, then gzipped (level 9), built from the packages' entry points.\n");
  process.stdout.write(`full API: ${apis.full.join(", ")}\nplay API: ${apis.play.join(", ")}\n\n`);
  process.stdout.write(`${"".padEnd(width)}  ${"full API".padStart(20)}  ${"play API".padStart(20)}\n`);
  process.stdout.write(`${"bundle".padEnd(width)}  ${"minified".padStart(9)}  ${"gzipped".padStart(9)}  ${"minified".padStart(9)}  ${"gzipped".padStart(9)}\n`);
  for (const r of rows) {
    process.stdout.write(`${r.bundle.padEnd(width)}  ${kb(r.full.minified)}  ${kb(r.full.gzipped)}  ${kb(r.play.minified)}  ${kb(r.play.gzipped)}\n`);
  }
}
