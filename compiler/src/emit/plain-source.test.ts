// The plain builder (a game compiled to be run) writes byte for byte what ts-morph writes for
// `rules compile` before Prettier: for every game and test program of the repository, and for
// sequences of additions drawn at random from the kinds of statement the emitter adds.
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { checkGame } from "../check-game.js";
import { lowerFlow } from "../lower/lower.js";
import { gamesAt, type SourceFile } from "../sources.js";
import { emitGame } from "./emit.js";
import { morphSources } from "./morph-source.js";
import { plainSources } from "./plain-source.js";
import type { SourceBuilder } from "./source-builder.js";

const place = (relative: string): string => fileURLToPath(new URL(relative, import.meta.url));

async function allGames(): Promise<[string, SourceFile[]][]> {
  const found: [string, SourceFile[]][] = [];
  for (const folder of ["../../../rules", "../../../examples/games", "../__fixtures__/programs", "../__fixtures__/last-stone"]) {
    for (const [id, sources] of await gamesAt(place(folder))) found.push([id, sources]);
  }
  return found;
}

describe("the plain builder and ts-morph write the same code", async () => {
  const games = await allGames();

  test("the corpus holds the repository's games and test programs", () => {
    expect(games.map(([id]) => id)).toEqual(expect.arrayContaining(["for-sale", "keys-to-knowledge", "hanabi", "enums", "windows", "last-stone"]));
    expect(games.length).toBeGreaterThanOrEqual(23);
  });

  test.each(games)("%s: every emitted file, with its kernel and without", async (id, sources) => {
    const checked = checkGame(id, sources);
    expect(checked.game, id).not.toBeNull();
    const machine = lowerFlow(checked.game!);
    for (const withKernel of [true, false]) {
      const morph = await emitGame(checked.game!, machine, id, sources, [], withKernel, false, "ts-morph");
      const plain = await emitGame(checked.game!, machine, id, sources, [], withKernel, false, "plain");
      expect(plain.map((f) => f.path)).toEqual(morph.map((f) => f.path));
      for (const [i, file] of plain.entries()) expect(file.text, `${id}/${file.path}`).toBe(morph[i]!.text);
    }
  }, 120_000);
});

/** One addition, applied alike to both builders (as data, so that a failing case prints it). */
type Step = { readonly [M in keyof SourceBuilder]: { method: M; argument: Parameters<SourceBuilder[M]>[0] } }[keyof SourceBuilder];

/** Applies a step; `n` (its place) keeps function names apart, as in code that compiles. */
function apply(file: SourceBuilder, step: Step, n: number): void {
  if (step.method === "addFunctions") file.addFunctions(step.argument.map((f, i) => ({ ...f, name: `${f.name}_${n}_${i}` })));
  else if (step.method === "addTypeImports") file.addTypeImports("./types.js", step.argument as unknown as string[]);
  else (file[step.method] as (argument: unknown) => void)(step.argument);
}

const NAMES = ["a", "State", "Enum_Colour", "CARDS", "x1"];
const name = fc.constantFrom(...NAMES);
const names = fc.uniqueArray(name, { minLength: 1, maxLength: 3 });
const docs = fc.option(fc.array(fc.constantFrom("One line.", "Two\nlines.", "\nStarts on a new line.", "Uses `code` and ${x}."), { maxLength: 2 }), { nil: undefined });
// Statements as the emitter writes them: one-liners, blocks, a block's lines given one by one,
// multi-line text (a template literal's lines are never indented), comments.
const statements = fc
  .array(
    fc.constantFrom(
      ["return s;"],
      ["if (x) {\nreturn 1;\n}"],
      ["for (const c of cards) {", "s.vars.coins[0]! += 2;", "}"],
      ["const t = `a\nb`;"],
      ["// note\nlet y = 1;"],
    ),
    { maxLength: 4 },
  )
  .map((units) => units.flat());
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ moduleSpecifier: fc.constantFrom("@rules/runtime/internal", "./types.js", "./cards.js"), namedImports: names, isTypeOnly: fc.boolean() })
    .map((argument): Step => ({ method: "addImportDeclaration", argument })),
  fc.constant<Step>({ method: "addImportDeclaration", argument: { moduleSpecifier: "./index.js", namedImports: [{ name: "game", alias: "played" }] } }),
  fc.constant<Step>({ method: "addImportDeclaration", argument: { moduleSpecifier: "./cards.js", namedImports: [], namespaceImport: "cardData" } }),
  names.map((argument): Step => ({ method: "addTypeImports", argument: argument as never })),
  names.map((namedExports): Step => ({ method: "addExportDeclaration", argument: { isTypeOnly: true, moduleSpecifier: "./types.js", namedExports } })),
  fc.record({ name, docs, initializer: fc.constantFrom("[1, 2]", "{ a: 1 }", "[\n{ id: 0 },\n{ id: 1 }\n]", "new Map([[1, 2]])") }).map(
    ({ name, docs, initializer }): Step => ({
      method: "addVariableStatement",
      argument: { isExported: true, declarationKind: "const", docs, declarations: [{ name, type: "readonly number[]", initializer }] },
    }),
  ),
  fc.record({ name, docs }).map(({ name, docs }): Step => ({ method: "addTypeAlias", argument: { isExported: true, name, docs, type: `"a" | "b"` } })),
  fc.record({ name, docs, optional: fc.boolean() }).map(
    ({ name, docs, optional }): Step => ({
      method: "addInterface",
      argument: {
        isExported: true,
        name,
        docs,
        extends: ["BaseState"],
        properties: [{ name: "zones", type: "{ deck: CardId[]; }" }, { name: "cards", type: "CardId[]", hasQuestionToken: optional, docs: docs?.slice(0, 1) }],
      },
    }),
  ),
  fc.array(fc.record({ name, docs, statements, isExported: fc.boolean() }), { minLength: 1, maxLength: 3 }).map(
    (functions): Step => ({
      method: "addFunctions",
      argument: functions.map((f) => ({ ...f, parameters: [{ name: "s", type: "State" }, { name: "draw", type: "(n: number) => number" }], returnType: "number" })),
    }),
  ),
  statements.filter((lines) => lines.length > 0).map((argument): Step => ({ method: "addStatements", argument })),
  fc.constantFrom(
    "/** Table t. */\nexport const TABLE_t: ReadonlyMap<number, number> = new Map([[1, 2]]);",
    "/** Doc. */\nexport function playout(): number {\nconst a = 1;\nreturn a;\n}",
    "const totals = new Map<string, number>();\nfunction conservedTotals(): number {\nreturn 1;\n}",
  ).map((argument): Step => ({ method: "addStatements", argument })),
);

test("random sequences of additions give the same text from both builders", () => {
  fc.assert(
    fc.property(fc.array(step, { minLength: 1, maxLength: 10 }), (steps) => {
      const morph = morphSources()("a.ts");
      const plain = plainSources()("a.ts");
      steps.forEach((s, n) => {
        apply(morph, s, n);
        apply(plain, s, n);
      });
      expect(plain.getFullText()).toBe(morph.getFullText());
      // What the emitter asks of the code beside the imports: which names it uses.
      const used = (code: string): string[] => NAMES.filter((n) => new RegExp(`\\b${n}\\b`).test(code));
      expect(used(plain.codeBesideImports())).toEqual(used(morph.codeBesideImports()));
    }),
    { numRuns: 500 },
  );
});
