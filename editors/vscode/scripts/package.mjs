#!/usr/bin/env node
// Packages the extension as one .vsix that works with nothing else installed: regenerates the grammars
// from the lexer, bundles the client and the language server (scripts/bundle.mjs), checks that the
// package will hold what the manifest names (both grammars, both language configurations, the client,
// the server), and runs vsce (no node_modules: everything is in the bundle).
//   node editors/vscode/scripts/package.mjs [out.vsix]   (after `npm run build`)
import { execFileSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL("..", import.meta.url));
const root = fileURLToPath(new URL("../../..", import.meta.url));
const vsix = resolve(process.argv[2] ?? `${here}rules-language.vsix`);
const vsce = [`${root}node_modules/@vscode/vsce/vsce`];
const run = (args) => execFileSync(process.execPath, args, { cwd: here, stdio: ["ignore", "inherit", "inherit"] });

run(["scripts/build-grammars.mjs"]);
run(["scripts/bundle.mjs"]);

// `vsce ls` lists the files the package will hold (after .vscodeignore): every file the manifest
// points to must be among them, or the extension would install without colours, brackets or server.
const listed = new Set(
  execFileSync(process.execPath, [...vsce, "ls", "--no-dependencies"], { cwd: here, encoding: "utf8" })
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/\\/g, "/"))
    .filter(Boolean),
);
const manifest = JSON.parse(readFileSync(`${here}package.json`, "utf8"));
const needed = [
  manifest.main,
  "out/server/stdio.js",
  "out/server/worker.js",
  "out/server/runtime/internal.js",
  ...manifest.contributes.languages.map((l) => l.configuration),
  ...manifest.contributes.grammars.map((g) => g.path),
].map((p) => p.replace(/^\.\//, ""));
const missing = needed.filter((p) => !listed.has(p));
if (missing.length > 0) {
  console.error(`the package would miss ${missing.join(", ")} (see .vscodeignore)`);
  process.exit(1);
}
console.log(`the package holds ${listed.size} files, among them ${needed.join(", ")}`);

run([...vsce, "package", "--no-dependencies", "--out", vsix, "--allow-missing-repository"]);
console.log(`${vsix}: ${(statSync(vsix).size / 1024).toFixed(0)} KiB, ${listed.size} files`);
