#!/usr/bin/env node
// Packages the extension as editors/vscode/rules-language.vsix: installs its locked dependencies
// (npm ci, from the npm registry), regenerates the grammars from the lexer (compiler built first),
// compiles the client with the repo's TypeScript, checks that the package will hold what the
// manifest names (both grammars, both language configurations, the client), and runs vsce.
//   node editors/vscode/scripts/package.mjs
import { execFileSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL("..", import.meta.url));
const root = fileURLToPath(new URL("../../..", import.meta.url));
const run = (file, args, cwd = here) => execFileSync(file, args, { cwd, stdio: "inherit" });
const vsce = ["node_modules/@vscode/vsce/vsce"];

run("npm", ["ci", "--no-audit", "--no-fund"]);
run(process.execPath, [`${root}node_modules/typescript/bin/tsc`, "-b", "compiler"], root);
run(process.execPath, ["scripts/build-grammars.mjs"]);
run(process.execPath, [`${root}node_modules/typescript/bin/tsc`, "-p", "."]);

// `vsce ls` lists the files the package will hold (after .vscodeignore): every file the manifest
// points to must be among them, or the extension would install without colours or brackets.
const listed = new Set(
  execFileSync(process.execPath, [...vsce, "ls"], { cwd: here, encoding: "utf8" })
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/\\/g, "/"))
    .filter(Boolean),
);
const manifest = JSON.parse(readFileSync(`${here}package.json`, "utf8"));
const needed = [
  manifest.main,
  ...manifest.contributes.languages.map((l) => l.configuration),
  ...manifest.contributes.grammars.map((g) => g.path),
].map((p) => p.replace(/^\.\//, "").replace(/^(out\/extension)$/, "$1.js"));
const missing = needed.filter((p) => !listed.has(p));
if (missing.length > 0) {
  console.error(`the package would miss ${missing.join(", ")} (see .vscodeignore)`);
  process.exit(1);
}
console.log(`the package holds ${needed.join(", ")}`);

run(process.execPath, [...vsce, "package", "--out", "rules-language.vsix", "--allow-missing-repository", "--skip-license"]);
console.log(`editors/vscode/rules-language.vsix: ${(statSync(`${here}rules-language.vsix`).size / 1024).toFixed(0)} KiB`);
