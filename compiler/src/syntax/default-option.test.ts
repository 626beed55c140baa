// `default` before an option marks the move made for a seat that does not decide; an option may still be
// named `default` (the word is a soft keyword): what follows it tells which.
import { expect, test } from "vitest";
import type * as A from "./ast.js";
import { parseRules } from "./parser.js";

function options(body: string): { name: string; isDefault: boolean }[] {
  const { program, errors } = parseRules(`game "G" {\n  players 2..2\n}\nscore p: 0\nflow {\n  ask 0 {\n${body}\n  }\n}\n`, "g.rules");
  expect(errors).toEqual([]);
  const flow = program!.declarations.find((d): d is A.BlockDeclaration => d.kind === "flow")!;
  const ask = flow.body.statements[0] as A.AskStatement;
  return ask.options.map((o) => ({ name: o.name.name, isDefault: o.isDefault }));
}

test("`default NAME` marks that option; `default` followed by anything else is an option named default", () => {
  expect(options('default pass "pass" { }\nbid(amount in 1..3) { }')).toEqual([
    { name: "pass", isDefault: true },
    { name: "bid", isDefault: false },
  ]);
  expect(options("default { }")).toEqual([{ name: "default", isDefault: false }]);
  expect(options('default "take the default" { }')).toEqual([{ name: "default", isDefault: false }]);
  expect(options("default(amount in 1..2) { }")).toEqual([{ name: "default", isDefault: false }]);
  expect(options("default default { }")).toEqual([{ name: "default", isDefault: true }]);
});
