// Expectations on what the last play did, as a designer would say it: `moved Property 30 from
// auction to properties[2]`, `paid 2 from coins[0] to bank`, `shuffled won[1]`, `rolled 3`,
// `said "…"`. Every part after the verb may be left out, so `expect not moved to properties`
// says that no card went to anyone's Properties.
import type { CardPattern, EventPattern, Literal, Name, Target } from "./ast.js";
import * as T from "./lexer.js";
import * as V from "./parse-values.js";
import type { Statement } from "./statement.js";

/** The verbs of event expectations; `transferred` is another word for `paid`. */
export const EVENT_VERBS = [
  "moved",
  "paid",
  "transferred",
  "shuffled",
  "rolled",
  "said",
  "changed",
  "revealed",
  "began",
  "ended",
] as const;

/** Words that end a card or a value inside an event (`into` is no part of one, but ends a card everywhere). */
const PARTS = ["from", "to", "into"];

export function isEventVerb(word: string): boolean {
  return (EVENT_VERBS as readonly string[]).includes(word);
}

/** The verb of an event expectation, where one must come. */
export function eventVerb(line: Statement): Name {
  if (!line.is(T.Word) || !isEventVerb(line.peek()!.image)) line.expected(`what happened: ${EVENT_VERBS.join(", ")}`);
  return V.name(line, "what happened");
}

/** A `?` for what a seat is not told: only in what one seat sees. */
function unknown(line: Statement, seen: boolean, what: string): void {
  const token = line.take(T.Question, "'?'");
  if (!seen) {
    line.fail(
      `'?' stands for ${what} a seat is not told: write 'expect seat 1 sees …' to check what one seat is told`,
      T.tokenSpan(token),
    );
  }
}

/** `from <zone or variable>`, if written here. */
function part(line: Statement, word: string, what: string): Target | null {
  if (!line.isWord(word)) return null;
  line.next();
  return V.target(line, what);
}

/** What happened, after `expect`, `expect not` or `expect seat N sees`: the verb's parts. `seen`: as one seat is told. */
export function eventPattern(line: Statement, verb: Name, seen: boolean): EventPattern {
  const atEnd = (): boolean => line.atEnd() || line.isWord("from") || line.isWord("to");
  let event: EventPattern;
  switch (verb.text) {
    case "moved": {
      let cards: (CardPattern | null)[] | null = null;
      if (!atEnd()) {
        cards = [];
        do {
          if (cards.length > 0) line.next();
          if (line.is(T.Question)) {
            unknown(line, seen, "a card");
            cards.push(null);
          } else cards.push(V.card(line, PARTS));
        } while (line.is(T.Comma));
      }
      const from = part(line, "from", "the zone the cards left, e.g. 'from auction'");
      const to = part(line, "to", "the zone the cards went to, e.g. 'to properties[2]'");
      event = { kind: "moved", cards, from, to };
      break;
    }
    case "paid":
    case "transferred": {
      let amount: Literal | "unknown" | null = null;
      if (line.is(T.Question)) {
        unknown(line, seen, "an amount");
        amount = "unknown";
      } else if (!atEnd()) {
        amount = V.value(line, "the amount paid, e.g. 'paid 2 from coins[0] to bank'");
        if (amount.kind !== "number") line.fail(`an amount is a number, not ${String(amount.value)}`, amount.span);
      }
      const from = part(line, "from", "the variable paid from, e.g. 'from coins[0]'");
      const to = part(line, "to", "the variable paid to, e.g. 'to bank'");
      event = { kind: "paid", amount, from, to };
      break;
    }
    case "shuffled":
      event = { kind: "shuffled", zone: line.atEnd() ? null : V.target(line, "the zone shuffled, e.g. 'won[1]'") };
      break;
    case "rolled": {
      const faces: Literal[] = [];
      while (!line.atEnd()) {
        const face = V.value(line, "the face a die showed, e.g. 'rolled 3'");
        if (face.kind !== "number" || !Number.isInteger(face.value)) {
          line.fail(`a die shows a whole number, not ${String(face.value)}`, face.span);
        }
        faces.push(face);
      }
      event = { kind: "rolled", faces };
      break;
    }
    case "said": {
      const text = line.is(T.Text) ? line.next() : null;
      const to = line.isWord("to") ? (line.next(), V.seatRef(line)) : null;
      event = { kind: "said", text: text && { text: T.unquote(text), span: T.tokenSpan(text) }, to };
      break;
    }
    case "changed": {
      const variable = atEnd() ? null : V.target(line, "the variable that changed, e.g. 'bid[0]'");
      const value = line.isWord("to") ? (line.next(), V.value(line, "the value it took, e.g. 'to 3'")) : null;
      event = { kind: "changed", variable, value };
      break;
    }
    case "revealed": {
      const card = atEnd() ? null : V.card(line, PARTS);
      const to = line.isWord("to") ? (line.next(), V.seatRef(line)) : null;
      event = { kind: "revealed", card, to };
      break;
    }
    case "began":
      event = { kind: "began", phase: line.atEnd() ? null : V.name(line, "the phase, e.g. 'began selling'") };
      break;
    case "ended":
      event = { kind: "ended" };
      break;
    default:
      return line.fail(`expected what happened (${EVENT_VERBS.join(", ")}), not '${verb.text}'`, verb.span);
  }
  line.end(`'${verb.text}' and its parts`);
  return event;
}
