#!/usr/bin/env node
// Packages the extension as editors/vscode/rules-language.vsix: installs its locked dependencies
// (npm ci, from the npm registry), regenerates the grammars from the lexer (compiler built first),
// compiles the client with the repo's TypeScript, and runs vsce.
//   node editors/vscode/scripts/package.mjs
import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL("..", import.meta.url));
const root = fileURLToPath(new URL("../../..", import.meta.url));
const run = (file, args, cwd = here) => execFileSync(file, args, { cwd, stdio: "inherit" });

run("npm", ["ci", "--no-audit", "--no-fund"]);
run(process.execPath, [`${root}node_modules/typescript/bin/tsc`, "-b", "compiler"], root);
run(process.execPath, ["scripts/build-grammars.mjs"]);
run(process.execPath, [`${root}node_modules/typescript/bin/tsc`, "-p", "."]);
run(process.execPath, ["node_modules/@vscode/vsce/vsce", "package", "--out", "rules-language.vsix", "--allow-missing-repository", "--skip-license"]);
console.log(`editors/vscode/rules-language.vsix: ${(statSync(`${here}rules-language.vsix`).size / 1024).toFixed(0)} KiB`);
