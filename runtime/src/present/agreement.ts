// Verbs agreeing with "you" to the end of its clause, as the rules' words are told to their reader
// ("seat 1 is bankrupt and retires" → "you are bankrupt and retire"), and a label's verbs agreeing
// with another seat (moves.ts). Used by naming.ts and moves.ts; not part of the present entry point.
import { baseForm } from "./words.js";

/**
 * The first clause of `text` (up to its first punctuation mark) with each word joined by "and" put in
 * `form` ("has the highest roll and starts" → "… and start"), and whether the clause goes on after
 * it. A word after "and" is read as a verb: the rules join nouns with an article or a number ("the
 * coins and the cards"), which is left as it is.
 */
export function joinedVerbs(text: string, form: (verb: string) => string): { text: string; open: boolean } {
  const end = text.search(/[.,;:!?]/);
  const clause = end < 0 ? text : text.slice(0, end);
  return { text: clause.replace(/ and ([a-z]+)\b/g, (_, word: string) => ` and ${form(word)}`) + text.slice(clause.length), open: end < 0 };
}

/** Words that follow "you", agreeing with it: the first word when `first` ("wins" → "win"), and when `joined` the verbs joined to it. */
function agreeWithYou(text: string, first: boolean, joined: boolean): { text: string; open: boolean } {
  const agreed = first ? text.replace(/^ ([a-z]+)\b/, (_, word: string) => ` ${baseForm(word)}`) : text;
  return joined ? joinedVerbs(agreed, baseForm) : { text: agreed, open: false };
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

/** How the words after "you" agree, `said` being what was said before it: as its clause's subject
 *  when it opens the clause (nothing before it, or a punctuation mark), else only the next word. */
export function afterYou(said: string): Agreeing {
  return /(^|[.,;:!?(])\s*$/.test(said) ? "first" : "next";
}
