// `node scripts/lookahead-table.mjs`: works out every decision's lookahead paths of the parser's
// grammars and writes them to compiler/src/syntax/lookahead-table.ts, which a new process reads instead
// of working them out (stored-lookahead.ts). Run it, then `npx tsc -b`, after changing the grammar:
// stored-lookahead.test.ts fails while the table is not the grammar's. Needs a build (`npx tsc -b`).
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const { lookaheadTable } = await import("../compiler/dist/syntax/parser.js");
const target = fileURLToPath(new URL("../compiler/src/syntax/lookahead-table.ts", import.meta.url));

const lines = [
  "// Written by `node scripts/lookahead-table.mjs` from the parser's grammars: do not edit. Each",
  "// decision's lookahead paths, per alternative, each path its tokens' places in `tokens`",
  "// (stored-lookahead.ts reads it).",
  'import type { StoredGrammar } from "./stored-lookahead.js";',
  "",
  "export const LOOKAHEAD_TABLE: readonly StoredGrammar[] = [",
];
for (const grammar of lookaheadTable()) {
  lines.push("  {", `    grammar: ${JSON.stringify(grammar.grammar)},`, `    tokens: ${JSON.stringify(grammar.tokens)},`, "    decisions: {");
  for (const [key, paths] of Object.entries(grammar.decisions)) lines.push(`      ${JSON.stringify(key)}: ${JSON.stringify(paths)},`);
  lines.push("    },", "  },");
}
lines.push("];", "");
writeFileSync(target, lines.join("\n"));
console.log(`wrote ${target}`);
