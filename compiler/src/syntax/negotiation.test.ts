// `negotiate A with B [counters N] { terms(...) { deal }  [refuse { ... }] }` is written out as the asks
// it means: A proposes; the other side accepts (the deal), refuses, or counters with the same terms,
// the sides alternating, and after N counters the answer is accept or refuse only.
import { expect, test } from "vitest";
import type * as A from "./ast.js";
import { parseRules } from "./parser.js";

function negotiation(body: string): A.AskStatement {
  const { program, errors } = parseRules(`game "G" {\n  players 2..2\n}\nscore p: 0\nflow {\n${body}\n}\n`, "g.rules");
  expect(errors).toEqual([]);
  const flow = program.declarations.find((d): d is A.BlockDeclaration => d.kind === "flow")!;
  return flow.body.statements[0] as A.AskStatement;
}

/** Each level of the written-out negotiation: who is asked, and the options offered (the default marked). */
function levels(ask: A.AskStatement): { asked: string; options: string[] }[] {
  const out: { asked: string; options: string[] }[] = [];
  let current: A.AskStatement | undefined = ask;
  while (current) {
    const player = current.player as A.IntegerLiteral;
    out.push({ asked: String(player.value), options: current.options.map((o) => `${o.name.name}${o.isDefault ? "*" : ""}`) });
    const proposal = current.options.find((o) => o.name.name === "pay");
    current = proposal?.body.statements[0] as A.AskStatement | undefined;
  }
  return out;
}

test("an offer, then answers that alternate, the last without a counter", () => {
  const ask = negotiation("negotiate 0 with 1 counters 2 {\n  pay(n in 1..3) { }\n}");
  expect(levels(ask)).toEqual([
    { asked: "0", options: ["pay"] },
    { asked: "1", options: ["accept", "refuse*", "pay"] },
    { asked: "0", options: ["accept", "refuse*", "pay"] },
    { asked: "1", options: ["accept", "refuse*"] },
  ]);
});

test("three counters when the rules give no bound; none when they say 0", () => {
  expect(levels(negotiation("negotiate 0 with 1 {\n  pay(n in 1..3) { }\n}"))).toHaveLength(5);
  expect(levels(negotiation("negotiate 0 with 1 counters 0 {\n  pay(n in 1..3) { }\n}"))).toEqual([
    { asked: "0", options: ["pay"] },
    { asked: "1", options: ["accept", "refuse*"] },
  ]);
});

test("accept runs the terms' body, refuse the refusal's; every level has nodes of its own", () => {
  const ask = negotiation('negotiate 0 with 1 counters 1 {\n  pay(n in 1..3) require n > 1 else "more" { say "paid {n}" }\n  refuse { say "no deal" }\n}');
  const first = ask.options[0]!.body.statements[0] as A.AskStatement;
  const second = first.options.find((o) => o.name.name === "pay")!.body.statements[0] as A.AskStatement;
  const said = (option: A.MoveOptionDeclaration) => (option.body.statements[0] as A.SayStatement).text.parts;
  for (const answer of [first, second]) {
    expect(said(answer.options.find((o) => o.name.name === "accept")!)).toEqual(["paid ", expect.objectContaining({ kind: "name", name: "n" })]);
    expect(said(answer.options.find((o) => o.name.name === "refuse")!)).toEqual(["no deal"]);
  }
  // The checker keys what it learns by node: the copies share none.
  const counter = first.options.find((o) => o.name.name === "pay")!;
  expect(counter.requirements[0]!.condition).not.toBe(ask.options[0]!.requirements[0]!.condition);
  expect(counter.requirements[0]!.reason.parts).toEqual(["more"]);
});

test("a weight for the rules' random players goes with the terms to every counter, and with refuse", () => {
  const ask = negotiation("negotiate 0 with 1 counters 1 {\n  pay(n in 1..3) prefer 3 { }\n  refuse prefer 2 { }\n}");
  const answer = ask.options[0]!.body.statements[0] as A.AskStatement;
  const weight = (option: A.MoveOptionDeclaration | undefined) => (option?.preference as A.IntegerLiteral | null | undefined)?.value ?? null;
  expect(weight(ask.options[0])).toBe(3);
  expect(weight(answer.options.find((o) => o.name.name === "pay"))).toBe(3);
  expect(weight(answer.options.find((o) => o.name.name === "refuse"))).toBe(2);
  expect(weight(answer.options.find((o) => o.name.name === "accept"))).toBeNull();
});
