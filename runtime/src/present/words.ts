// English for the table: lists, plurals, verbs agreeing with their subject. No game in sight here;
// naming.ts says what things of a game are called.

/** "a", "a and b", "a, b and c". */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** "1 card", "3 cards". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
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

/**
 * Words that follow "you", agreeing with it: the first word when `first` ("wins" → "win"), and when
 * `joined` each word joined by "and" ("has the highest roll and starts" → "have the highest roll and
 * start"), up to the end of the clause (a punctuation mark). Gives the words and whether the clause
 * goes on after them. A word after "and" is read as a verb: the rules join nouns with an article or a
 * number ("the coins and the cards"), which is left as it is.
 */
function agreeWithYou(text: string, first: boolean, joined: boolean): { text: string; open: boolean } {
  const end = text.search(/[.,;:!?]/);
  const clause = end < 0 ? text : text.slice(0, end);
  let agreed = first ? clause.replace(/^ ([a-z]+)\b/, (_, word: string) => ` ${baseForm(word)}`) : clause;
  if (joined) agreed = agreed.replace(/ and ([a-z]+)\b/g, (_, word: string) => ` and ${baseForm(word)}`);
  return { text: agreed + text.slice(clause.length), open: end < 0 };
}

/**
 * What the words after "you" agree with it: "first", "you" opened its clause, so the next word and
 * words joined by "and" to the end of the clause agree ("you have the highest roll and start");
 * "next", "you" was said within a clause ("… pays you and takes …"), so only the next word does, as
 * "you" may be the second subject ("seat 1 and you make no deal"); "and", the clause's subject is
 * "you" and its first verb is behind.
 */
export type Agreeing = "first" | "next" | "and" | null;

export function agreeWords(text: string, agreeing: Agreeing): { text: string; agreeing: Agreeing } {
  if (agreeing === null) return { text, agreeing };
  if (agreeing === "next") return { text: agreeWithYou(text, true, false).text, agreeing: null };
  const agreed = agreeWithYou(text, agreeing === "first", true);
  return { text: agreed.text, agreeing: agreed.open ? "and" : null };
}

/** After a value that is not "you" (an amount, a card, another seat): the clause goes on. */
export function afterValue(agreeing: Agreeing): Agreeing {
  return agreeing === "first" ? "and" : agreeing === "next" ? null : agreeing;
}

/** Whether words said next open a clause: nothing before them, or a punctuation mark. */
export function startsClause(said: string): boolean {
  return /(^|[.,;:!?(])\s*$/.test(said);
}
