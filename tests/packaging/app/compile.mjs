// A tool on the compiler library: checks and compiles the rules file it is given, and prints what it got.
import { readFileSync } from "node:fs";
import { checkGame, compileGame } from "@rules/compiler";

const file = process.argv[2];
const sources = [{ path: file, text: readFileSync(file, "utf8") }];
const checked = checkGame("last-stone", sources);
const compiled = await compileGame("last-stone", sources);
const errors = (diagnostics) => diagnostics.filter((d) => d.severity === "error").length;
console.log(JSON.stringify({ checkErrors: errors(checked.diagnostics), compileErrors: errors(compiled.diagnostics), files: compiled.files.map((f) => f.path) }));
