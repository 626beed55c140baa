// What a seat reads of another seat's move whose label shows the state it was offered in: the view
// of a move made elsewhere has the move, not the option, so only the move's own parameters can be said.
import type * as A from "../syntax/ast.js";
import { parameterPart } from "../check/presentation.js";

/** What a label's start may not end on: a "$" before a value cut away, a linking word, a possessive. */
const HANGING_END = /(\s*(\$|\b(for|to|from|on|of|in|into|with|by|at|the|a|an|and|or|as)\b|\S+'s))+\s*$/i;

/**
 * The start of a label that the move's parameters say (`"ask ${amount} for {d}"` → `"ask ${amount}"`),
 * cut before its first other value and without the words that would hang there ("for", "Merc's"): "seat
 * 1 asks $50", not "seat 1 chooses ask price: amount 50". A start of one word says no more than the
 * move's name; then a label that opens with the name's first word, its verb, gives the name in words
 * (`request_rent "request ${claim_amount} rent from …"` → "request rent"). Null when neither is so.
 */
export function leadingLabel(template: A.ReasonText, parameters: ReadonlySet<string>, moveName: string): A.ReasonText | null {
  const first = template.parts.findIndex((part) => typeof part !== "string" && parameterPart(part, parameters) === null);
  if (first < 0) return null;
  const kept = template.parts.slice(0, first);
  const last = kept.at(-1);
  if (typeof last === "string") {
    const trimmed = last.replace(HANGING_END, "");
    if (trimmed === "") kept.pop();
    else kept[kept.length - 1] = trimmed;
  }
  const words = kept.flatMap((part) => (typeof part === "string" ? part.split(/\s+/).filter((word) => /\w/.test(word)) : ["value"]));
  if (words.length >= 2) return { ...template, parts: kept };
  const opening = typeof template.parts[0] === "string" ? /^[A-Za-z]+/.exec(template.parts[0])?.[0] : undefined;
  const name = moveName.split("_").filter(Boolean);
  return name.length >= 2 && opening === name[0] ? { ...template, parts: [name.join(" ")] } : null;
}
