// The picture of a flow: a small game whose graph is worked out by hand, and the pictures on the
// games' pages in docs/games/, which must be those the rules draw now (CI runs this).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { findGames } from "@rules/compiler";
import { diagramOf } from "./diagram.js";
import { currentDiagramSection, diagramSection } from "./docs-section.js";

const TINY = `game "Tiny" {
  players 2..3
}

card Gem {
  value: int
  cards for v in 1..3 { value: v }
}

zone bag: Gem stack hidden = all Gem
per player zone hand: Gem pile owner

flow {
  let turn = random_player()
  phase drawing {
    while count(bag) > 0 {
      ask turn {
        draw(gem in bag) {
          move gem to hand[turn]
        }
        stop {
          end game
        }
      }
      turn = next(turn)
    }
  }
}

score p: count(hand[p])
`;

describe("rules diagram", () => {
  test("a loop around one decision: start, the phase with its test and decision, the end; the options' edges", () => {
    const result = diagramOf("tiny", [{ path: "tiny.rules", text: TINY }], "mermaid");
    // By hand: the flow enters phase drawing and tests `count(bag) > 0` (s1); yes → ask turn (s2): draw
    // leads back to the test (after `turn = next(turn)`), stop's `end game` to the end; no → the end.
    expect(result).toEqual({
      text: [
        "flowchart TD",
        '  start(["start"])',
        '  finish(["end: scores"])',
        '  subgraph phase_drawing ["phase drawing"]',
        '    s1{"while count(bag) #gt; 0"}',
        '    s2["ask turn<br/>• draw(gem in bag)<br/>• stop"]',
        "  end",
        '  start -->|"phase drawing"| s1',
        '  s1 -->|"yes"| s2',
        '  s1 -->|"no"| finish',
        '  s2 -->|"stop"| finish',
        '  s2 -->|"draw"| s1',
        "",
      ].join("\n"),
    });
  });

  test("the SVG is laid out (every node drawn, arrows between them) and the same on every run", () => {
    const sources = [{ path: "tiny.rules", text: TINY }];
    const svg = diagramOf("tiny", sources, "svg");
    expect("text" in svg).toBe(true);
    const text = (svg as { text: string }).text;
    expect(text.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    for (const label of ["start", "end: scores", "while count(bag) &gt; 0", "ask turn", "• draw(gem in bag)", "phase drawing"]) expect(text).toContain(`>${label}<`);
    expect(text.match(/marker-end/g)).toHaveLength(5);
    expect((diagramOf("tiny", sources, "svg") as { text: string }).text).toBe(text);
  });

  test("rules that do not check give their diagnostics, no picture", () => {
    const result = diagramOf("tiny", [{ path: "tiny.rules", text: TINY.replace("count(bag)", "count(bags)") }], "mermaid");
    expect("diagnostics" in result && result.diagnostics.map((d) => d.code)).toEqual(["check/unknown-name"]);
  });
});

const root = new URL("../../../", import.meta.url);
// Each game of rules/: a <game>.rules file or a <game>/ folder of them.
const games = [...(await findGames(fileURLToPath(new URL("rules/", root))))];

describe("the pictures on the games' pages", () => {
  test.each(games)("%s: docs/games/<game>.md and <game>.flow.svg are what the rules draw now (else: node cli/scripts/update-diagrams.mjs)", (id, sources) => {
    const mermaid = diagramOf(id, sources, "mermaid") as { text: string };
    const svg = diagramOf(id, sources, "svg") as { text: string };
    expect(currentDiagramSection(readFileSync(new URL(`docs/games/${id}.md`, root), "utf8"))).toBe(diagramSection(id, mermaid.text));
    expect(readFileSync(new URL(`docs/games/${id}.flow.svg`, root), "utf8")).toBe(svg.text);
  });
});
