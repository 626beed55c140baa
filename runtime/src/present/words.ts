// English for the table: lists, plurals, verbs agreeing with their subject. No game in sight here;
// naming.ts says what things of a game are called.

/** "a", "a and b", "a, b and c" (or "a, b or c"). */
export function joinList(items: readonly string[], conjunction = "and"): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} ${conjunction} ${items[items.length - 1]}`;
}

/** "1 card", "3 cards". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** "two", "three", … up to ten in words, then figures: how many dice or cards, said. */
export function countWord(n: number): string {
  return ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"][n] ?? String(n);
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "play_card" and "playCard" → "play card": a name of the rules in words. */
export function words(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase();
}

/** "pass" → "passes", "raise" → "raises", "carry" → "carries" (the verb only). */
export function thirdPerson(verb: string): string {
  if (verb === "be") return "is";
  if (verb === "have") return "has";
  if (/(s|sh|ch|x|z|o)$/.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

/** The verb as its subject takes it: "you take", "seat 2 takes". */
export function verbFor(subject: string, verb: string): string {
  return subject === "you" ? verb : thirdPerson(verb);
}

/** A label without its leading article, to follow a possessive: "the bank" → "bank". */
export function bare(label: string): string {
  return label.replace(/^(the|a|an) /i, "");
}

const IRREGULAR: Readonly<Record<string, string>> = { is: "are", has: "have", was: "were", does: "do", goes: "go" };
/** Words ending in s that may follow a subject and are no verb. */
const NOT_VERBS = new Set(["always", "perhaps", "thus", "plus", "as"]);

/** A verb agreeing with "you": "wins" → "win", "passes" → "pass", "carries" → "carry"; other words as they are. */
export function baseForm(word: string): string {
  if (word in IRREGULAR) return IRREGULAR[word]!;
  if (NOT_VERBS.has(word)) return word;
  if (/[^aeiou]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|sh|ch|x|z|o)es$/.test(word)) return word.slice(0, -2);
  if (/[^su]s$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Places cards lie on rather than in, by the last word of their label. */
const SURFACES = new Set(["board", "pile", "deck", "table", "stack", "track", "mat", "tableau"]);

/**
 * The word that puts cards in a place, by its label: "into" (the game box, your hand) or, for a
 * surface, "onto" (the game board, the discard pile); with `moving` false, "in" or "on".
 */
export function placeWord(label: string, moving: boolean): string {
  const head = label.toLowerCase().match(/[a-z]+(?=[^a-z]*$)/)?.[0] ?? "";
  const surface = SURFACES.has(head) || SURFACES.has(head.replace(/s$/, ""));
  if (moving) return surface ? "onto" : "into";
  return surface ? "on" : "in";
}

/** Whether a unit is a symbol ("$"), said before the number, rather than a word ("coin"). */
export function isSymbolUnit(unit: string): boolean {
  return !/\p{L}/u.test(unit);
}

/** An amount in its unit: a symbol before it ("$34"), a word after it ("1 coin", "2 coins"); no unit, the number. */
export function amountIn(amount: number, unit: string | undefined): string {
  if (unit === undefined) return String(amount);
  return isSymbolUnit(unit) ? `${amount < 0 ? "-" : ""}${unit}${Math.abs(amount)}` : plural(amount, unit);
}
