#!/usr/bin/env node
// Redraws the picture of each game of rules/ on its page in docs/games/: the Mermaid block between the
// diagram markers of docs/games/<game>.md and the SVG docs/games/<game>.flow.svg (built copy of the
// compiler: `npm run build` first). cli/src/diagram/diagram.test.ts fails when one is stale.
//   node cli/scripts/update-diagrams.mjs
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { diagramOf } from "../dist/diagram/diagram.js";
import { replaceDiagramSection } from "../dist/diagram/docs-section.js";
import { findGames } from "@rules/compiler";

const root = fileURLToPath(new URL("../../", import.meta.url));
// Each game of rules/: a <game>.rules file or a <game>/ folder of them.
for (const [id, sources] of await findGames(`${root}rules`)) {
  const file = sources[0].path;
  const mermaid = diagramOf(id, sources, "mermaid");
  const svg = diagramOf(id, sources, "svg");
  if (!("text" in mermaid) || !("text" in svg)) throw new Error(`${file} does not check: run rules check ${file}`);
  const page = `${root}docs/games/${id}.md`;
  writeFileSync(page, replaceDiagramSection(readFileSync(page, "utf8"), id, mermaid.text));
  writeFileSync(`${root}docs/games/${id}.flow.svg`, svg.text);
  console.log(`docs/games/${id}.md, docs/games/${id}.flow.svg`);
}
