// The concrete moves of a decision, for search: listed in full when there are few, else left to
// sampling (progressive widening in mcts.ts), as a bid over a wide range or a set of cards is.

import type { Move, MoveOption, ParameterDomain, Value } from "../contract.js";
import { domainSize, domainValue } from "../domains.js";

/** Above this many concrete moves a decision's moves are sampled, not listed. */
export const LIST_LIMIT = 40;

/** Every concrete move of these options, or null when there are more than `limit` or a parameter
 *  is a set of cards (its legal sets are known only by checking each one). In order: option by
 *  option, the first parameter's values outermost. `keys`, when given, receives each move's
 *  `moveKey`, written as the move is built (a search keys every legal move of every node it passes). */
export function listMoves(options: readonly MoveOption[], limit: number = LIST_LIMIT, keys?: string[]): Move[] | null {
  const moves: Move[] = [];
  for (const option of options) {
    const names: string[] = [];
    const domains: ListedDomain[] = [];
    const sizes: number[] = [];
    // Moves of this option listed so far with the parameters seen: refused past the limit, as soon
    // as a parameter takes it there.
    let product = 1;
    for (const name in option.parameters) {
      const domain = option.parameters[name]!;
      if (domain.kind === "cards") return null;
      const size = domainSize(domain);
      if (domain.kind === "range" && size > limit) return null;
      product *= size;
      if (moves.length + product > limit) return null;
      names.push(name);
      domains.push(domain);
      sizes.push(size);
    }
    // The key's fields in moveKey's order, each field's `"name":` written once per option.
    const keyOrder = keys ? sortedFields(option.type, names) : null;
    const typeCode = `"type":${JSON.stringify(option.type)}`;
    // Each move built field by field in one order (one object shape per option), the last
    // parameter's value changing fastest.
    for (let index = 0; index < product; index++) {
      const move: Record<string, Value> = { type: option.type };
      let rest = index;
      let stride = product;
      for (let j = 0; j < names.length; j++) {
        stride /= sizes[j]!;
        const digit = Math.floor(rest / stride);
        rest -= digit * stride;
        // A listed domain is never a set of cards: its value is one Value.
        move[names[j]!] = domainValue(domains[j]!, digit) as Value;
      }
      moves.push(move as unknown as Move);
      if (keyOrder) {
        let key = "{";
        for (const field of keyOrder) {
          if (key.length > 1) key += ",";
          key += field.name === "type" ? typeCode : `${field.code}${valueCode(move[field.name]!)}`;
        }
        keys!.push(`${key}}`);
      }
    }
    if (moves.length > limit) return null;
  }
  return moves;
}

/** A domain whose values are listed one by one (a set of cards is not). */
type ListedDomain = Exclude<ParameterDomain, { kind: "cards" }>;

/** A move's identity in a search tree: its JSON with the fields in a fixed order (as
 *  `JSON.stringify(move, sortedKeys)` writes it, without its cost: this runs for every legal move of
 *  every node an iteration passes). */
export function moveKey(move: Move): string {
  const keys = Object.keys(move).sort();
  let key = "{";
  for (const name of keys) {
    const value = move[name];
    if (value === undefined) continue;
    if (key.length > 1) key += ",";
    key += `${JSON.stringify(name)}:${valueCode(value)}`;
  }
  return `${key}}`;
}

/** A field's value as moveKey writes it. */
function valueCode(value: unknown): string {
  return typeof value === "number" && Number.isFinite(value) ? String(value) : JSON.stringify(value);
}

interface KeyField {
  readonly name: string;
  /** `"name":`, as moveKey writes the field's name. */
  readonly code: string;
}

/** The fields last sorted for each option type, with the parameters they were sorted for: an option
 *  has the same parameters at every listing, and a search lists the same options again and again. */
const sortedByType = new Map<string, { names: readonly string[]; fields: KeyField[] }>();

/** A listed move's fields (`type` and its parameters) in moveKey's order. */
function sortedFields(type: string, names: readonly string[]): KeyField[] {
  const known = sortedByType.get(type);
  if (known && known.names.length === names.length && known.names.every((name, i) => name === names[i])) return known.fields;
  const fields = ["type", ...names].sort().map((name) => ({ name, code: `${JSON.stringify(name)}:` }));
  sortedByType.set(type, { names: [...names], fields });
  return fields;
}
