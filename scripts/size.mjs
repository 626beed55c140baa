// `npm run size`: what an app's bundle pays for the runtime plus one game, per game, minified and
// gzipped, built as an app builds it (Vite, from the packages' entry points: `@rules/runtime` and
// `@rules/generated/<game>`); then the present entry (`@rules/runtime/present`, games in words) on its
// own, the web table (`@rules/table`, with preact), and a check that the bundles above, which do not
// import the present entry, hold none of its modules. `--json` prints the figures as JSON. `--modules <game>` prints where the bytes of runtime + that game go,
// module by module. Build first (`npm run build`).
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

const gzipped = (code) => gzipSync(code, { level: 9 }).length;

/** Bundles `source` as an app's production build does (not Vite's library mode, which keeps the
 *  whitespace of ES output): minified, the entry's exports kept so that nothing it names is dropped. */
async function bundle(name, source) {
  const entry = `${scratch}${name}.js`;
  await writeFile(entry, source);
  const built = await build({
    configFile: false,
    logLevel: "silent",
    root: scratch,
    build: {
      write: false,
      minify: true,
      sourcemap: true,
      modulePreload: false,
      rollupOptions: { input: entry, preserveEntrySignatures: "exports-only" },
    },
  });
  const chunks = (Array.isArray(built) ? built[0] : built).output.filter((chunk) => chunk.type === "chunk");
  if (chunks.length !== 1) throw new Error(`expected one chunk for ${name}, got ${chunks.length}`);
  return chunks[0];
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
/** The source index of each segment of a source map's mappings: [line, column, source] triples. */
function segments(mappings) {
  const found = [];
  let source = 0;
  mappings.split(";").forEach((line, lineIndex) => {
    let column = 0;
    for (const segment of line.split(",")) {
      if (segment === "") continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0];
      if (fields.length > 1) source += fields[1];
      found.push([lineIndex, column, fields.length > 1 ? source : -1]);
    }
  });
  return found;
}

/** Each source module's bytes of the minified chunk (every character goes to the module of the
 *  mapping before it), and what gzip saves when the module's bytes are cut out: its gzipped cost. */
function byModule(chunk) {
  const lines = chunk.code.split("\n");
  const owner = lines.map((line) => new Array(line.length + 1).fill(-1));
  const marks = segments(chunk.map.mappings);
  for (let i = 0; i < marks.length; i++) {
    const [line, column, source] = marks[i];
    const [nextLine, nextColumn] = marks[i + 1] ?? [line, owner[line].length];
    const end = nextLine === line ? nextColumn : owner[line].length;
    for (let c = column; c < end; c++) owner[line][c] = source;
  }
  const name = (index) =>
    index < 0 ? "(bundler glue)" : chunk.map.sources[index].replace(/^.*?\/(runtime|generated)\/dist\//, "$1/").replace(/\.js$/, "");
  const total = gzipped(chunk.code);
  const modules = new Map();
  for (const index of new Set(owner.flat())) {
    const pick = (keep) => lines.map((line, l) => line.split("").filter((_, c) => keep(owner[l][c])).join(""));
    const kept = pick((o) => o !== index).join("\n");
    const minified = Buffer.byteLength(pick((o) => o === index).join(""));
    const key = name(index);
    const before = modules.get(key) ?? { minified: 0, gzipped: 0 };
    modules.set(key, { minified: before.minified + minified, gzipped: before.gzipped + total - gzipped(kept) });
  }
  return { total: { minified: Buffer.byteLength(chunk.code), gzipped: total }, modules };
}

const runtime = await import("@rules/runtime");
const apis = {
  full: FULL_API.filter((name) => typeof runtime[name] === "function"),
  play: PLAY_API.filter((name) => typeof runtime[name] === "function"),
};
const manifest = JSON.parse(readFileSync(`${root}generated/package.json`, "utf8"));
// A game's entry is `./<game>`; `./<game>/search` is the same game for search bots.
const games = Object.keys(manifest.exports).filter((key) => /^\.\/[\w-]+$/.test(key)).map((key) => key.slice(2));
const entrySource = (api, game) =>
  `export { ${api.join(", ")} } from "@rules/runtime";\n${game === null ? "" : `export { game } from "@rules/generated/${game}";\n`}`;

await rm(scratch, { recursive: true, force: true });
await mkdir(scratch, { recursive: true });
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);
const modulesAt = process.argv.indexOf("--modules");
if (modulesAt >= 0) {
  const game = process.argv[modulesAt + 1];
  if (!games.includes(game)) throw new Error(`--modules needs a game: one of ${games.join(", ")}`);
  const split = {};
  for (const [name, api] of Object.entries(apis)) split[name] = byModule(await bundle(`${game}-${name}`, entrySource(api, game)));
  await rm(scratch, { recursive: true, force: true });
  const names = [...split.full.modules.keys()].sort((a, b) => split.full.modules.get(b).gzipped - split.full.modules.get(a).gzipped);
  for (const name of split.play.modules.keys()) if (!names.includes(name)) names.push(name);
  const width = Math.max(...names.map((n) => n.length), 6);
  const cell = (size) => (size ? `${kb(size.minified)}  ${kb(size.gzipped)}` : `${"-".padStart(9)}  ${"-".padStart(9)}`);
  process.stdout.write(`runtime + ${game}, by module: each module's bytes of the minified bundle, and what the gzipped\n`);
  process.stdout.write(`bundle loses without them (so the gzipped column sums to a little less than the total).\n\n`);
  process.stdout.write(`${"".padEnd(width)}  ${"full API".padStart(20)}  ${"play API".padStart(20)}\n`);
  process.stdout.write(`${"module".padEnd(width)}  ${"minified".padStart(9)}  ${"gzipped".padStart(9)}  ${"minified".padStart(9)}  ${"gzipped".padStart(9)}\n`);
  for (const name of names) {
    process.stdout.write(`${name.padEnd(width)}  ${cell(split.full.modules.get(name))}  ${cell(split.play.modules.get(name))}\n`);
  }
  process.stdout.write(`${"total".padEnd(width)}  ${cell(split.full.total)}  ${cell(split.play.total)}\n`);
  process.exit(0);
}

/** Whether a bundle holds any module of the present entry (runtime/dist/present/). */
const holdsPresent = (chunk) => chunk.map.sources.some((source) => /runtime\/dist\/present\//.test(source));

const rows = [];
/** Bundles that do not import the present entry yet hold some of it: must stay empty. */
const leaks = [];
for (const game of [null, ...games]) {
  const row = { bundle: game === null ? "runtime alone" : `runtime + ${game}` };
  for (const [name, api] of Object.entries(apis)) {
    const chunk = await bundle(`${game ?? "runtime"}-${name}`, entrySource(api, game));
    row[name] = { minified: Buffer.byteLength(chunk.code), gzipped: gzipped(chunk.code) };
    if (holdsPresent(chunk)) leaks.push(`${row.bundle} (${name} API)`);
  }
  rows.push(row);
}
// The present entry alone, every export kept: what an app that tells its games in words adds at most.
const presentChunk = await bundle("present", `export * from "@rules/runtime/present";\n`);
const present = { minified: Buffer.byteLength(presentChunk.code), gzipped: gzipped(presentChunk.code) };
// The web table (@rules/table: preact, the table, the local match, the playground) with the runtime
// and present it draws on, no game: what an app's page adds before the game it plays.
const tableChunk = await bundle("table", `export { mountTable, mountPlayground, LocalMatch } from "@rules/table";\n`);
const table = { minified: Buffer.byteLength(tableChunk.code), gzipped: gzipped(tableChunk.code) };
await rm(scratch, { recursive: true, force: true });
// The check must see the entry's modules where they are, or it proves nothing.
if (!holdsPresent(presentChunk)) throw new Error("the present entry's own bundle shows none of its modules: the leak check cannot see them");
if (leaks.length > 0) throw new Error(`bundles that do not import @rules/runtime/present hold some of it: ${leaks.join(", ")}`);

if (process.argv.includes("--json")) {
  process.stdout.write(`${JSON.stringify({ apis, rows, present, table, presentInOtherBundles: 0 }, null, 2)}\n`);
} else {
  const width = Math.max(...rows.map((r) => r.bundle.length));
  process.stdout.write("Minified by Vite as an app's build does, then gzipped (level 9), built from the packages' entry points.\n");
  process.stdout.write(`full API: ${apis.full.join(", ")}\nplay API: ${apis.play.join(", ")}\n\n`);
  process.stdout.write(`${"".padEnd(width)}  ${"full API".padStart(20)}  ${"play API".padStart(20)}\n`);
  process.stdout.write(`${"bundle".padEnd(width)}  ${"minified".padStart(9)}  ${"gzipped".padStart(9)}  ${"minified".padStart(9)}  ${"gzipped".padStart(9)}\n`);
  for (const r of rows) {
    process.stdout.write(`${r.bundle.padEnd(width)}  ${kb(r.full.minified)}  ${kb(r.full.gzipped)}  ${kb(r.play.minified)}  ${kb(r.play.gzipped)}\n`);
  }
  process.stdout.write(`\n@rules/runtime/present alone (every export): ${kb(present.minified).trim()} minified, ${kb(present.gzipped).trim()} gzipped\n`);
  process.stdout.write("The bundles above do not import it and hold none of its modules (checked from their source maps).\n");
  process.stdout.write(`@rules/table (mountTable, mountPlayground, LocalMatch; with preact, the runtime and present, no game): ${kb(table.minified).trim()} minified, ${kb(table.gzipped).trim()} gzipped\n`);
}
