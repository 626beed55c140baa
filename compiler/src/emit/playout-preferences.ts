// The playout kernel's draw by the rules' playout preferences (`prefer N`): a kernel asked to follow
// them (`play(…, preferred)`, `resume(…, preferred)`) draws a move as choosePreferredMove
// (runtime/src/preferences.ts) draws it, from the same generator in the same order, so that it plays
// the state machine's preferred games move for move: an option on offer drawn in proportion to its
// weight, then one of its moves uniformly over its listed domains, drawn again (up to 10,000 times)
// until the requirements that read several parameters hold; where no option on offer weighs
// anything, or every draw failed, the uniform draw that follows this code decides.
import type * as A from "../syntax/ast.js";
import type { Decision } from "../lower/ir.js";
import type { KernelDecisions, Then } from "./playout-decisions.js";
import type { KernelDomain } from "./playout-domains.js";
import { subsetAt } from "./playout-lists.js";
import type { KernelCode } from "./playout-statements.js";

/** Draws of a move within the option drawn before the uniform draw decides (preferences.ts ATTEMPTS). */
const ATTEMPTS = "10_000";

/** Code run before the uniform draw of a decision: empty where the rules state no preference. */
export function preferredDraw(decisions: KernelDecisions, code: KernelCode, decision: Decision, seat: string, then: Then): string[] {
  const options = decision.ask.options;
  if (!options.some((o) => o.preference)) return [];
  const block = code.temp("preferred").slice(1);
  const lines: string[] = [`${block}: if ($preferred) {`];
  // Which options are on offer (as legalMoves lists them, with their narrowed domains); a window's
  // decision passes by a seat offered nothing but `done` before the cap is checked.
  const offers = decisions.offeredAll(options, lines);
  lines.push(...decisions.passByIdle(offers.map((o) => o.flag)), ...decisions.capCheck());
  // The weight of each: read only for an option on offer, as choosePreferredMove reads them.
  const drawn = options.map((option, i) => {
    const offer = offers[i]!;
    const weight = code.temp("weight");
    lines.push(`let ${weight} = 0;`, `if (${offer.flag}) {`);
    if (option.preference) {
      const { pre, code: value } = code.hoisted(() => code.expression(option.preference!));
      lines.push(
        ...pre,
        `${weight} = ${value};`,
        `if (!Number.isSafeInteger(${weight}) || ${weight} < 0) throw new GameFault("fault/bad-preference", \`the preference of '${option.name.name}' is \${${weight}}: a preference is a whole number from 0 up\`);`,
      );
    } else lines.push(`${weight} = 1;`);
    lines.push("}");
    return { option, offer, weight };
  });
  const total = code.temp("weights");
  const pick = code.temp("pick");
  lines.push(
    `const ${total} = ${drawn.map((d) => d.weight).join(" + ")};`,
    // Every option on offer weighs nothing: the uniform draw decides.
    `if (${total} === 0) break ${block};`,
    `if (${total} > 4294967296) throw new GameFault("fault/random-range", "a kernel draws among 1 to 2^32 values");`,
    `let ${pick} = drawInt(P, ${total});`,
  );
  drawn.forEach(({ option, offer, weight }, i) => {
    lines.push(`if (${offer.flag}) {`, `${pick} -= ${weight};`, `if (${pick} < 0) {`, ...optionDraw(decisions, code, option, i, offer, seat, then, block), "}", "}");
  });
  lines.push("}");
  return lines;
}

/** One move of the option drawn, as `randomMove([option])` draws it, until `check` would take it. */
function optionDraw(
  decisions: KernelDecisions,
  code: KernelCode,
  option: A.MoveOptionDeclaration,
  i: number,
  offer: { listed: KernelDomain[]; fill: string[]; rest: A.Requirement[] },
  seat: string,
  then: Then,
  block: string,
): string[] {
  const lines = [...offer.fill];
  // A set's zone copied once, for the draws below; each parameter's domain size (a set of cards
  // has 2^n: every subset, the empty one too).
  const valueAt = offer.listed.map((domain) => {
    if (!domain.cards) return domain.valueAt;
    const cards = code.temp("cards");
    lines.push(`const ${cards} = ${domain.cards};`);
    return (digit: string) => subsetAt(cards, digit);
  });
  const sizes = offer.listed.map((domain) => {
    const size = code.temp("size");
    lines.push(`const ${size} = ${domain.size};`);
    return size;
  });
  const product = code.temp("moves");
  const attempt = code.temp("attempt").slice(1);
  const index = code.temp("index");
  lines.push(
    `const ${product} = ${sizes.length ? sizes.join(" * ") : "1"};`,
    `if (${product} > 4294967296) throw new GameFault("fault/random-range", "a kernel draws among 1 to 2^32 values");`,
    `${attempt}: for (let $attempt = 0; $attempt < ${ATTEMPTS}; $attempt++) {`,
    `let ${index} = drawInt(P, ${product});`,
  );
  // Mixed radix, the first parameter the least significant digit (bots.ts randomMove).
  const params = offer.listed.map((domain, j) => {
    const digit = code.temp("digit");
    const value = code.temp("value");
    lines.push(`const ${digit} = ${index} % ${sizes[j]};`, `${index} = Math.floor(${index} / ${sizes[j]});`, `const ${value} = ${valueAt[j]!(digit)};`);
    return value;
  });
  const tests = offer.rest.flatMap((r) => {
    const { pre, code: test } = code.hoisted(() => code.expression(r.condition));
    return [...pre, `if (!(${test})) continue ${attempt};`];
  });
  lines.push(
    "{",
    ...option.parameters.map((p, j) => decisions.bindParameter(p, params[j]!)),
    ...tests,
    "}",
    "decisions++;",
    "steps = 0;",
    decisions.traced(seat, option, params),
    ...then(i, params),
    "}",
    // No move of the option met its requirements in every draw: the uniform draw decides.
    `break ${block};`,
  );
  return lines;
}
