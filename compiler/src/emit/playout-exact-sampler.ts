// The playout kernel's last resort for a constrained decision: after 10,000 random draws refused by
// the requirements, the legal moves counted exactly (runtime SetChoices) and one drawn by index, as
// the compiled sampler does (moves-file.ts `exactSampler`).
import type { CheckedGame } from "../check/checker.js";
import type { Decision } from "../lower/ir.js";
import type { DecisionCode } from "./decision-code.js";
import type { KernelDecisions, Then } from "./playout-decisions.js";
import type { KernelCode } from "./playout-statements.js";
import { localName } from "./playout-zones.js";
import { setChoicePlans, type CardTerm } from "./set-choice-shape.js";

/** After 10,000 refused draws, as moves-file.ts `exactSampler`: the legal moves counted by
 *  `SetChoices` where the rules' shape allows (none: a proven fault), one index drawn and decoded. */
export function exactSampler(decisions: KernelDecisions, code: KernelCode, game: CheckedGame, decisionCode: DecisionCode, decision: Decision, seat: string, then: Then): string[] {
  const options = decision.ask.options;
  const plans = setChoicePlans(game, decisionCode, options);
  if (plans === null) return [];
  const lines: string[] = ["{"];
  const counts: string[] = [];
  const term = (t: CardTerm | null): string => {
    if (t === null) return "null";
    const binding = game.names.get(t.binder);
    if (binding?.kind !== "local") throw new Error("internal: unresolved binder");
    return `(${localName(binding.slot)}: number) => ${code.inPlaceCode(() => code.expression(t.value))}`;
  };
  const choices: string[] = [];
  options.forEach((option, i) => {
    const plan = plans[i];
    const gate = (plan ? plan.situation : option.requirements).map((r) => `(${decisions.condition(r.condition, lines)})`);
    const count = code.temp("exact");
    counts.push(count);
    if (!plan) {
      lines.push(`const ${count}: number = ${gate.length ? `${gate.join(" && ")} ? 1 : 0` : "1"};`);
      choices.push("");
      return;
    }
    const domains = plan.sets.map((p) => decisions.domains.of(p, lines));
    const name = code.temp("choices");
    code.scratch.push({ name, init: `new SetChoices(${JSON.stringify(plan.shape)})` });
    choices.push(name);
    const call = `${name}.count([${domains.map((d) => d.cards).join(", ")}], [${plan.keys.map(term).join(", ")}], [${plan.weights.map(term).join(", ")}])`;
    lines.push(`const ${count}: number = ${gate.length ? `${gate.join(" && ")} ? ${call} : 0` : call};`);
  });
  const total = code.temp("total");
  const index = code.temp("index");
  lines.push(
    `if (${counts.map((c) => `${c} >= 0`).join(" && ")}) {`,
    `const ${total} = ${counts.join(" + ")};`,
    `if (${total} === 0) throw new GameFault("fault/no-legal-move", \`seat \${${seat}} must act but has no legal move\`);`,
    `let ${index} = drawIndexOn(P, ${total});`,
    "decisions++;",
    "steps = 0;",
  );
  options.forEach((option, i) => {
    const picked = code.temp("picked");
    const params = option.parameters.map((_, j) => `${picked}[${j}]!`);
    lines.push(
      `if (${index} < ${counts[i]}) {`,
      ...(choices[i] ? [`const ${picked} = ${choices[i]}.pick(${index});`] : []),
      decisions.traced(seat, option, params),
      ...then(i, params),
      "}",
      `${index} -= ${counts[i]};`,
    );
  });
  lines.push("}", "}");
  return lines;
}
