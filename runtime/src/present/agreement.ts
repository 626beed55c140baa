// Verbs agreeing with "you" to the end of its clause, as the rules' words are told to their reader
// ("seat 1 is bankrupt and retires" → "you are bankrupt and retire"). Used by naming.ts; not part of
// the present entry point.
import { baseForm } from "./words.js";

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

/** A string part of the words, agreeing as `agreeing` says; with what the part after it agrees in. */
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
