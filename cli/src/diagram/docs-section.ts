// The picture's section of a game's page in docs/games/: written by cli/scripts/update-diagrams.mjs,
// compared by pictures.test.ts. Everything between the markers is generated.
export const BEGIN = "<!-- diagram: drawn by `node cli/scripts/update-diagrams.mjs` from the rules; do not edit by hand -->";
export const END_MARK = "<!-- /diagram -->";

export function diagramSection(id: string, mermaid: string): string {
  return [
    BEGIN,
    "",
    `![The flow of ${id} as a state machine](${id}.flow.svg)`,
    "",
    "The same, as a Mermaid flowchart (`npx rules diagram " + id + "`):",
    "",
    "```mermaid",
    mermaid.trimEnd(),
    "```",
    "",
    END_MARK,
  ].join("\n");
}

/** The page with its diagram section replaced, or added at the end under a heading. */
export function replaceDiagramSection(page: string, id: string, mermaid: string): string {
  const section = diagramSection(id, mermaid);
  const start = page.indexOf(BEGIN);
  const end = page.indexOf(END_MARK);
  if (start >= 0 && end > start) return page.slice(0, start) + section + page.slice(end + END_MARK.length);
  return `${page.trimEnd()}\n\n## The flow as a picture\n\nDecisions (boxes, with their options), tests (hexagons) and phases, as the compiler lowers the flow\n(\`rules diagram ${id} --format svg\`; see [docs/tooling.md](../tooling.md)).\n\n${section}\n`;
}

/** The generated section of a page, or null when it has none. */
export function currentDiagramSection(page: string): string | null {
  const start = page.indexOf(BEGIN);
  const end = page.indexOf(END_MARK);
  return start >= 0 && end > start ? page.slice(start, end + END_MARK.length) : null;
}
