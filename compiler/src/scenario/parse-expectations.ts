// The `expect` statements: what must hold at a point of a scenario. An expectation's first word
// says what it checks, unless a zone or variable of that name is compared (`expect count = 3`).
import { didYouMean, joinSpans } from "../diagnostics.js";
import type { Argument, CardPattern, Expectation, FunctionResult, Literal, SeatLiteral, Target, ZonePart } from "./ast.js";
import * as T from "./lexer.js";
import { EVENT_VERBS, eventPattern, eventVerb, isEventVerb } from "./parse-events.js";
import * as V from "./parse-values.js";
import type { Statement } from "./statement.js";

export const EXPECTATIONS = [
  "turn",
  "simultaneous",
  "race",
  "over",
  "illegal",
  "legal",
  "options",
  "count",
  "scores",
  "ranking",
  "winners",
  "score",
  "tiebreak",
  "keys",
  "top",
  "bottom",
  "view",
  "not",
  "seat",
  ...EVENT_VERBS,
] as const;

/** Number-only values of a line: every one a number, whole where `whole` says so. */
function numbers(line: Statement, what: string, whole: string | null, infinity = false): Literal[] {
  const result = V.literals(line, what, { infinity });
  for (const value of result) {
    if (value.kind !== "number") line.fail(`expected ${what}, not ${String(value.value)}`, value.span);
    if (whole !== null && !Number.isInteger(value.value) && value.value !== -Infinity) {
      line.fail(`${whole}, not ${String(value.value)}`, value.span);
    }
  }
  return result;
}

/** After `expect`: the rest of the statement. */
export function parseExpectation(line: Statement): Expectation {
  const span = line.span;
  if (isFunctionCall(line)) return functionExpectation(line);
  // An expectation's keyword is only one when no `=`, `[` or `contains` follows: a zone or variable may share its name.
  const isKeyword =
    line.is(T.Word) &&
    (EXPECTATIONS as readonly string[]).includes(line.peek()!.image) &&
    !line.is(T.Equals, 1) &&
    !line.is(T.LBracket, 1) &&
    !line.isWord("contains", 1);
  if (!isKeyword) {
    if (!line.is(T.Word)) line.expected(`what to expect: ${EXPECTATIONS.join(", ")}, or a zone or variable`);
    const target = V.target(line, "a zone or a variable");
    if (line.isWord("contains")) return zoneExpectation(line, target, null);
    if (!line.is(T.Equals)) {
      if (target.seat === null && line.atEnd()) {
        line.fail(
          `'${target.name.text}' is not something to expect; expect one of ${EXPECTATIONS.join(", ")}, ` +
            `a zone or variable followed by '=', or a function of the rules, e.g. 'points(0) = 3'${didYouMean(target.name.text, EXPECTATIONS)}`,
          target.name.span,
          "scenario/unknown-expectation",
        );
      }
      line.expected("'=' or 'contains'");
    }
    if (line.is(T.LBracket, 1)) return zoneExpectation(line, target, null);
    line.take(T.Equals, "'='");
    return { kind: "expect-var", variable: target, values: V.literals(line, "a value"), span };
  }
  const keyword = V.name(line, "an expectation");
  switch (keyword.text as (typeof EXPECTATIONS)[number]) {
    case "turn": {
      const seat = V.seatRef(line);
      line.end("the seat");
      return { kind: "expect-activity", activity: "turn", seats: [seat], span };
    }
    case "simultaneous":
    case "race":
      return {
        kind: "expect-activity",
        activity: keyword.text as "simultaneous" | "race",
        seats: V.seatRefs(line),
        span,
      };
    case "over":
      line.end("'over'");
      return { kind: "expect-activity", activity: "over", seats: [], span };
    case "illegal": {
      const seat = V.seat(line);
      line.take(T.Colon, "':' and the move");
      const move = V.move(line);
      if (line.atEnd()) line.expected('a part of the reason in quotes, e.g. "must be between"');
      const reason = line.take(T.Text, "a part of the reason in quotes");
      line.end("the reason");
      return {
        kind: "expect-illegal",
        seat,
        move,
        reason: { text: T.unquote(reason), span: T.tokenSpan(reason) },
        span,
      };
    }
    case "legal": {
      const seat = V.seat(line);
      line.take(T.Colon, "':' and the move");
      const move = V.move(line);
      line.end("the move");
      return { kind: "expect-legal", seat, move, span };
    }
    case "options": {
      const seat = V.seat(line);
      line.take(T.Colon, "':' and the move types, e.g. 'raise, pass'");
      const types = [V.name(line, "a move type")];
      while (line.is(T.Comma)) {
        line.take(T.Comma, "','");
        types.push(V.name(line, "a move type"));
      }
      line.end("the move types");
      return { kind: "expect-options", seat, types, span };
    }
    case "count": {
      const zone = V.target(line, "a zone, e.g. 'properties[1]'");
      line.take(T.Equals, "'='");
      const counts = numbers(line, "a number of cards", "a count is a whole number from 0");
      for (const count of counts) {
        if ((count.value as number) < 0) line.fail("a count is a whole number from 0", count.span);
      }
      return { kind: "expect-count", zone, counts, span };
    }
    case "scores":
      return { kind: "expect-scores", scores: numbers(line, "a score", "a score is a whole number"), span };
    case "tiebreak": {
      const key = V.integer(line, "which tie-breaker, counting from 1, e.g. 'tiebreak 1 = 5 3 7'");
      if (key.value < 1) {
        line.fail("tie-breakers count from 1 (the first key after the score); the score is 'expect scores'", key.span);
      }
      line.take(T.Equals, "'=' and the tie-breaker of each seat");
      const values = numbers(line, "a tie-breaker", "a tie-breaker is a whole number or -inf", true);
      return { kind: "expect-tiebreak", key: { index: key.value, span: key.span }, values, span };
    }
    case "keys": {
      const seat = V.seat(line);
      line.take(T.Equals, "'=' and the seat's score, then each tie-breaker");
      const values = numbers(line, "a score key", "a score key is a whole number or -inf", true);
      return { kind: "expect-keys", seat, values, span };
    }
    case "not": {
      if (line.is(T.Word) && isEventVerb(line.peek()!.image)) {
        return { kind: "expect-event", viewer: null, happened: false, event: eventPattern(line, eventVerb(line), false), span };
      }
      if (line.isWord("seat")) line.fail("write 'expect seat 1 does not see …' for what one seat is not told");
      if (!line.isWord("over")) {
        line.expected("'over' ('expect not over': the game goes on) or what did not happen, e.g. 'expect not shuffled draw'");
      }
      line.next();
      line.end("'not over'");
      return { kind: "expect-not-over", span };
    }
    case "seat": {
      const viewer = V.seat(line);
      let happened = true;
      if (line.isWord("does")) {
        line.next();
        line.takeWord("not");
        line.takeWord("see");
        happened = false;
      } else if (!line.isWord("sees")) {
        line.expected("'sees' or 'does not see', then what the seat is told, e.g. 'expect seat 1 sees moved ? to hand[0]'");
      } else line.next();
      return { kind: "expect-event", viewer, happened, event: eventPattern(line, eventVerb(line), true), span };
    }
    case "moved":
    case "paid":
    case "transferred":
    case "shuffled":
    case "rolled":
    case "said":
    case "changed":
    case "revealed":
    case "began":
    case "ended":
      return { kind: "expect-event", viewer: null, happened: true, event: eventPattern(line, keyword, false), span };
    case "ranking": {
      const groups: SeatLiteral[][] = [[V.seat(line)]];
      while (!line.atEnd()) {
        if (line.is(T.Greater)) {
          line.take(T.Greater, "'>'");
          groups.push([]);
        } else {
          line.take(T.Equals, "'>' before a worse rank or '=' between tied seats");
        }
        groups[groups.length - 1]!.push(V.seat(line));
      }
      return { kind: "expect-ranking", groups, span };
    }
    case "winners":
      return { kind: "expect-winners", seats: V.seats(line), span };
    case "score": {
      const seat = V.seat(line);
      line.take(T.Equals, "'=' and the seat's score");
      const [score, extra] = numbers(line, "a score", "a score is a whole number");
      if (extra) line.fail("one seat has one score; its tie-breakers too are 'expect keys 0 = …'", extra.span);
      return { kind: "expect-score", seat, score: score!, span };
    }
    case "top":
    case "bottom": {
      const count = V.count(line, `how many cards from the ${keyword.text}, e.g. '${keyword.text} 3 of draw'`);
      line.takeWord("of");
      const zone = V.target(line, "an ordered zone, e.g. 'draw'");
      const part: ZonePart = {
        end: keyword.text as "top" | "bottom",
        count: count.value,
        span: joinSpans(keyword.span, zone.span),
      };
      return zoneExpectation(line, zone, part);
    }
    case "view":
      return viewExpectation(line);
  }
}

/**
 * Does a call of one of the rules' functions come next: a name, its arguments in parentheses, then
 * `=`? The `=` tells `expect scores (7 + 1) 6` (a sum in parentheses) from a function named like a keyword.
 */
function isFunctionCall(line: Statement): boolean {
  if (!line.is(T.Word) || !line.is(T.LParen, 1)) return false;
  if (!(EXPECTATIONS as readonly string[]).includes(line.peek()!.image)) return true;
  let depth = 0;
  for (let ahead = 1; line.peek(ahead); ahead++) {
    if (line.is(T.LParen, ahead)) depth++;
    if (line.is(T.RParen, ahead) && --depth === 0) return line.is(T.Equals, ahead + 1);
  }
  return false;
}

/** `objective_points(Objective collector, 0) = 21`: one of the rules' functions and what it gives. */
function functionExpectation(line: Statement): Expectation {
  const span = line.span;
  const name = V.name(line, "a function of the rules");
  line.take(T.LParen, "'('");
  const args: Argument[] = [];
  while (!line.is(T.RParen)) {
    if (line.atEnd()) line.expected("')' to close the arguments");
    if (args.length > 0) line.take(T.Comma, "',' or ')'");
    args.push(V.argument(line, true));
  }
  const close = line.take(T.RParen, "')'");
  const call = { name, arguments: args, span: joinSpans(name.span, T.tokenSpan(close)) };
  line.take(T.Equals, "'=' and what the function gives, e.g. 'objective_points(Objective collector, 0) = 21'");
  let expected: FunctionResult;
  if (line.is(T.LBracket)) {
    const list = V.argument(line, true);
    line.end("the list");
    expected = { kind: "list", items: list.kind === "list" ? list.items : [list], span: list.span };
  } else {
    const values = V.literals(line, "what the function gives: a number, a name, a card, or a list in [ ]");
    expected = { kind: "values", values, span: joinSpans(values[0]!.span, values[values.length - 1]!.span) };
  }
  return { kind: "expect-function", call, expected, span };
}

/**
 * After `expect view`: `1 face_down = [?, Card 5]`, `1 shows Card 5, Card 6`, `2 hides Card 5`, or
 * any other field of the view: `1 coins = ? 18 ? ?`, `0 mySubmission = sell(card: Property 28)`.
 */
function viewExpectation(line: Statement): Expectation {
  const span = line.span;
  const seat = V.seat(line);
  // `shows` and `hides` are words of the expectation unless a zone of that name is compared.
  if ((line.isWord("shows") || line.isWord("hides")) && !line.is(T.Equals, 1) && !line.is(T.LBracket, 1)) {
    const shown = V.name(line, "'shows' or 'hides'").text === "shows";
    const cards = V.cards(line);
    line.end("the cards");
    return { kind: "expect-view-cards", seat, shown, cards, span };
  }
  const field = V.target(line, "a zone or another field of the seat's view, e.g. 'face_down', or 'shows' or 'hides'");
  line.take(T.Equals, "'=' and what the seat sees, '?' for what it cannot see");
  if (!line.is(T.LBracket)) {
    const values = V.values(line, "a value the seat sees, or '?' for one it does not", { unknown: true, moves: true });
    return { kind: "expect-view-value", seat, field, values, span };
  }
  const zone = field;
  line.take(T.LBracket, "'[' and the cards ('?' for one the seat cannot see, or '[]' for none)");
  const cards: (CardPattern | null)[] = [];
  while (!line.is(T.RBracket)) {
    if (cards.length > 0) line.take(T.Comma, "',' or ']'");
    if (line.is(T.Question)) {
      line.take(T.Question, "'?'");
      cards.push(null);
    } else cards.push(V.card(line));
  }
  line.take(T.RBracket, "',' or ']'");
  line.end("the cards");
  return { kind: "expect-view-zone", seat, zone, cards, span };
}

/** `… = [cards]` (exactly these) or `… contains cards`, after a zone or a part of one. */
function zoneExpectation(line: Statement, zone: Target, part: ZonePart | null): Expectation {
  const span = line.span;
  if (line.isWord("contains")) {
    line.takeWord("contains");
    const cards = V.cards(line);
    line.end("the cards");
    return { kind: "expect-contains", zone, part, cards, span };
  }
  line.take(T.Equals, "'=' or 'contains'");
  const cards = V.cardList(line);
  line.end("the cards");
  return { kind: "expect-zone", zone, part, cards, span };
}
