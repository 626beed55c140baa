// Reading the parts statements share: names, numbers, seats, values, zones and variables, cards
// and moves. Each reader takes the statement's cursor and fails it with a message that says what
// was expected.
import type { IToken } from "chevrotain";
import { joinSpans, type SourceSpan } from "../diagnostics.js";
import type {
  Argument,
  CardPattern,
  Literal,
  MoveArgument,
  MoveCall,
  Name,
  SeatLiteral,
  SeatRef,
  Target,
  ViewValue,
} from "./ast.js";
import * as T from "./lexer.js";
import { integer, isOperator, number, startsNumber, workOut, type SumPiece } from "./parse-numbers.js";
import type { Statement } from "./statement.js";

export { integer } from "./parse-numbers.js";

export function name(line: Statement, what: string): Name {
  const token = line.take(T.Word, what);
  return { text: token.image, span: T.tokenSpan(token) };
}

/** A whole number from 0, written without sign: a player count, `top 3`. */
export function count(line: Statement, what: string): { value: number; span: SourceSpan } {
  const result = integer(line, what);
  if (result.value < 0) line.fail(`expected ${what}, not ${result.value}`, result.span);
  return result;
}

export function seat(line: Statement): SeatLiteral {
  const { value, span } = integer(line, "a seat number", "a seat number");
  if (value < 0) line.fail(`seats are numbered from 0, so ${value} is no seat`, span);
  return { seat: value, span };
}

/** Seats up to the end of the line, at least one. */
export function seats(line: Statement): SeatLiteral[] {
  const result = [seat(line)];
  while (!line.atEnd()) result.push(seat(line));
  return result;
}

/** A seat by number, or by a player variable: `shop_keeper`, `shop_keeper + 1` (clockwise). */
export function seatRef(line: Statement): SeatRef {
  if (!line.is(T.Word)) return seat(line);
  const variable = name(line, "a seat number or a player variable");
  if (!line.is(T.Plus)) return { variable, offset: 0, span: variable.span };
  line.next();
  const offset = integer(line, "the number of seats clockwise after it", "a whole number of seats");
  if (offset.value < 0) line.fail("count seats clockwise: write '+ 1', '+ 2'...", offset.span);
  return { variable, offset: offset.value, span: joinSpans(variable.span, offset.span) };
}

/** Seats or player variables up to the end of the line, at least one. */
export function seatRefs(line: Statement): SeatRef[] {
  const result = [seatRef(line)];
  while (!line.atEnd()) result.push(seatRef(line));
  return result;
}

/** One value: a number (`-3`, `2.5`), a quoted text or a name. */
export function literal(line: Statement, what = "a value (a number, a name or a quoted text)"): Literal {
  const token = line.peek();
  if (startsNumber(line) || line.is(T.Minus)) return number(line, what);
  if (line.is(T.Text)) {
    line.next();
    return { kind: "text", value: T.unquote(token!), span: T.tokenSpan(token!) };
  }
  if (line.is(T.Word)) {
    line.next();
    return { kind: "word", value: token!.image, span: T.tokenSpan(token!) };
  }
  return line.expected(what);
}

/** What a list of values may hold besides numbers, names and texts. */
export interface ValueOptions {
  /** `?`: a value the seat's view hides (null). */
  readonly unknown?: boolean;
  /** A move, `sell(card: Property 28)`: a seat's own simultaneous choice. */
  readonly moves?: boolean;
  /** `-inf`: a tie-breaker key a seat lacks. */
  readonly infinity?: boolean;
}

/**
 * Values up to the end of the line, at least one: `16 14 18 18`, or one sum `18 - 3 + 1`. A sum in
 * a list of several values goes in parentheses, `(18 - 2) 16 18 18`: written bare, `18-2 16` could
 * mean two values or three, so it is refused.
 */
export function values(line: Statement, what: string, options: ValueOptions = {}): ViewValue[] {
  const pieces: SumPiece[] = [];
  while (!line.atEnd()) {
    if (isOperator(line)) pieces.push({ kind: "operator", token: line.next() });
    else pieces.push({ kind: "value", value: term(line, what, options) });
  }
  if (pieces.length === 0) line.expected(what);
  if (!pieces.some((piece) => piece.kind === "operator"))
    return pieces.map((piece) => (piece as { value: ViewValue }).value);
  const alternates = pieces.every((piece, i) => (piece.kind === "operator") === (i % 2 === 1));
  const misplaced = pieces.findIndex((piece, i) => piece.kind === "operator" && pieces[i + 1]?.kind !== "value");
  const opening = pieces[0]!;
  if (opening.kind === "operator" && opening.token.tokenType === T.Minus) {
    line.fail("write a minus sign right before its number, as in -3", T.tokenSpan(opening.token));
  }
  if (misplaced >= 0) {
    const operator = (pieces[misplaced] as { token: IToken }).token;
    line.fail(`expected a number after '${operator.image}'`, T.tokenSpan(operator));
  }
  if (alternates || pieces[0]!.kind === "operator") return [workOut(line, pieces)];
  // A sum among several values: show it back in the parentheses it needs.
  const start = pieces.findIndex((piece) => piece.kind === "operator") - 1;
  let end = start + 2;
  while (pieces[end + 1]?.kind === "operator") end += 2;
  const sum = workOut(line, pieces.slice(start, end + 1));
  return line.fail(
    `several values on a line take a sum only in parentheses: write (${sum.sum}) to make it one value`,
    sum.span,
  );
}

/** Literal values up to the end of the line (no `?` and no moves): see `values`. */
export function literals(line: Statement, what: string, options: { infinity?: boolean } = {}): Literal[] {
  return values(line, what, options) as Literal[];
}

/** One operand of a list or a sum: a number, a name, a text, a sum in parentheses, or what the options allow. */
function term(line: Statement, what: string, options: ValueOptions): ViewValue {
  if (line.is(T.LParen)) return parenthesized(line);
  if (options.unknown && line.is(T.Question)) return { kind: "unknown", span: T.tokenSpan(line.next()) };
  if (options.moves && line.is(T.Word) && line.is(T.LParen, 1)) {
    const call = move(line);
    return { kind: "move", move: call, span: call.span };
  }
  if (startsNumber(line)) return number(line, what, options.infinity);
  return literal(line, what);
}

/** One value where more may follow on the line: a number, a name, a text, or a sum in parentheses. */
export function value(line: Statement, what: string): Literal {
  return line.is(T.LParen) ? parenthesized(line) : literal(line, what);
}

/** `(18 - 2)`: a sum in parentheses, worked out. */
function parenthesized(line: Statement): Literal {
  const open = line.take(T.LParen, "'('");
  const pieces: SumPiece[] = [];
  while (!line.is(T.RParen)) {
    if (line.atEnd()) line.expected("')' to close the sum");
    if (isOperator(line)) pieces.push({ kind: "operator", token: line.next() });
    else pieces.push({ kind: "value", value: term(line, "a number", {}) });
  }
  const close = line.take(T.RParen, "')'");
  if (pieces.length === 0) line.fail("expected a sum between the parentheses", T.tokenSpan(open));
  const result = workOut(line, pieces);
  return { ...result, span: joinSpans(T.tokenSpan(open), T.tokenSpan(close)) };
}

/** `properties[1]`, `mansion[shop_keeper + 1]`, `property_deck`, or one card's `houses[Deed 3]`. */
export function target(line: Statement, what: string): Target {
  const zone = name(line, what);
  if (!line.is(T.LBracket)) return { name: zone, seat: null, span: zone.span };
  line.next();
  // A name followed by more than '+ n' is a card (`Deed 3`), as a seat variable never is.
  if (line.is(T.Word) && !line.is(T.RBracket, 1) && !line.is(T.Plus, 1)) {
    const pattern = card(line, []);
    const close = line.take(T.RBracket, "']' after the card");
    return { name: zone, seat: null, card: pattern, span: joinSpans(zone.span, T.tokenSpan(close)) };
  }
  const which = seatRef(line);
  // `owned[0, third]`: a variable per player per enum member (or per player) names both.
  let key: Literal | undefined;
  if (line.is(T.Comma)) {
    line.next();
    key = literal(line, "the member (or seat) after the seat, as in owned[0, third]");
  }
  const close = line.take(T.RBracket, key ? "']' after the member" : "']' after the seat");
  return { name: zone, seat: which, ...(key ? { key } : {}), span: joinSpans(zone.span, T.tokenSpan(close)) };
}

/**
 * `Property 30`: a card type, then field values up to a comma, a closing bracket, the line's end or
 * one of the words that end a card where it stands (`into`; `from` and `to` in an event).
 */
export function card(line: Statement, stops: readonly string[] = ["into"]): CardPattern {
  const type = name(line, "a card, such as 'Property 30'");
  const fields: Literal[] = [];
  const ends = (): boolean => stops.some((word) => line.isWord(word));
  let copy: CardPattern["copy"];
  while (!line.atEnd() && !line.is(T.Comma) && !line.is(T.RBracket) && !line.is(T.RParen) && !ends()) {
    // `copy N` ends the card: which of several identical cards (their manifest order).
    if (line.isWord("copy") && line.is(T.NumberLiteral, 1)) {
      const word = line.next();
      const number = literal(line, "which copy, such as 'copy 2'");
      copy = { number: number.value as number, span: joinSpans(T.tokenSpan(word), number.span) };
      break;
    }
    fields.push(literal(line, "a field value of the card"));
  }
  const last = copy ?? fields[fields.length - 1];
  return { type, fields, ...(copy ? { copy } : {}), span: last ? joinSpans(type.span, last.span) : type.span };
}

/** Cards separated by commas, at least one. */
export function cards(line: Statement, stops?: readonly string[]): CardPattern[] {
  const result = [card(line, stops)];
  while (line.is(T.Comma)) {
    line.next();
    result.push(card(line, stops));
  }
  return result;
}

/** `[Property 3, Property 17]`, or `[]` for none. */
export function cardList(line: Statement): CardPattern[] {
  line.take(T.LBracket, "'[' and the cards (or '[]' for none)");
  const result = line.is(T.RBracket) ? [] : cards(line);
  line.take(T.RBracket, "',' or ']'");
  return result;
}

/** `raise(amount: 3)` or `pass`. */
export function move(line: Statement): MoveCall {
  const type = name(line, "a move, such as 'pass' or 'raise(amount: 3)'");
  const args: MoveArgument[] = [];
  if (!line.is(T.LParen)) return { type, arguments: args, span: type.span };
  line.next();
  while (!line.is(T.RParen)) {
    if (args.length > 0) line.take(T.Comma, "',' or ')'");
    const parameter = name(line, "a parameter name");
    line.take(T.Colon, `':' after the parameter name '${parameter.text}'`);
    const value = argument(line, true);
    const seen = args.find((a) => a.name.text === parameter.text);
    if (seen) line.fail(`the parameter '${parameter.text}' is given twice`, parameter.span);
    args.push({ name: parameter, value, span: joinSpans(parameter.span, value.span) });
  }
  const close = line.take(T.RParen, "')'");
  return { type, arguments: args, span: joinSpans(type.span, T.tokenSpan(close)) };
}

/** A parameter's value: a number, a range (`4..18`), a text, a name, a card, or a list of those. */
export function argument(line: Statement, listAllowed: boolean): Argument {
  if (listAllowed && line.is(T.LBracket)) {
    const open = T.tokenSpan(line.take(T.LBracket, "'['"));
    const items: Argument[] = [];
    while (!line.is(T.RBracket)) {
      if (items.length > 0) line.take(T.Comma, "',' or ']'");
      items.push(argument(line, false));
    }
    const close = T.tokenSpan(line.take(T.RBracket, "']'"));
    return { kind: "list", items, span: joinSpans(open, close) };
  }
  if (startsNumber(line) && line.is(T.DotDot, line.is(T.Minus) ? 2 : 1)) {
    const min = integer(line, "a number", "a whole number to start the range");
    line.next();
    const max = integer(line, "the number that ends the range", "a whole number to end the range");
    if (max.value < min.value)
      line.fail(`the range ${min.value}..${max.value} is empty`, joinSpans(min.span, max.span));
    return { kind: "range", min: min.value, max: max.value, span: joinSpans(min.span, max.span) };
  }
  if (line.is(T.Word) && !line.is(T.Comma, 1) && !line.is(T.RParen, 1) && !line.is(T.RBracket, 1) && line.peek(1)) {
    const pattern = card(line);
    return { kind: "card", card: pattern, span: pattern.span };
  }
  const value = literal(line, "a value: a number, a range such as 4..18, a name, a card or a list in [ ]");
  return { kind: "value", value, span: value.span };
}
