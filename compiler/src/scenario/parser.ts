// The scenario parser: a careful line parser over the lexer's tokens. Each statement is one line
// (continued while brackets are open or the line ends with a comma) whose first word says what it
// is, so a mistake costs one diagnostic for its line and parsing goes on with the next.
import type { IToken, TokenType } from "chevrotain";
import { didYouMean, error, joinSpans, type Diagnostic, type SourceSpan } from "../diagnostics.js";
import type {
  Argument,
  CardPattern,
  Expectation,
  Literal,
  MoveArgument,
  MoveCall,
  Name,
  Scenario,
  SeatLiteral,
  SeatRef,
  Step,
  Target,
  ZonePart,
} from "./ast.js";
import { isSetupStep } from "./ast.js";
import * as T from "./lexer.js";

const HEADERS = ["scenario", "game", "players", "variant", "seed"] as const;
const STEPS = ["stack", "put", "set", "random", "play", "expect"] as const;
const EXPECTATIONS = [
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
  "top",
  "bottom",
  "view",
] as const;

/** Stops parsing the current statement; its diagnostic is kept. */
class SyntaxFailure {
  constructor(readonly diagnostic: Diagnostic) {}
}

const describe = (token: IToken | undefined): string => (token ? `'${token.image}'` : "the end of the line");

/** One statement's tokens, read left to right. */
class Statement {
  private position = 0;

  constructor(
    readonly tokens: readonly IToken[],
    private readonly file: string,
    /** On a line the lexer already reported: not parsed, so one mistake gives one diagnostic. */
    readonly lexedBadly: boolean,
  ) {}

  get span(): SourceSpan {
    return joinSpans(T.tokenSpan(this.tokens[0]!), T.tokenSpan(this.tokens[this.tokens.length - 1]!));
  }

  peek(ahead = 0): IToken | undefined {
    return this.tokens[this.position + ahead];
  }

  is(type: TokenType, ahead = 0): boolean {
    return this.peek(ahead)?.tokenType === type;
  }

  isWord(text: string, ahead = 0): boolean {
    return this.is(T.Word, ahead) && this.peek(ahead)!.image === text;
  }

  atEnd(): boolean {
    return this.position >= this.tokens.length;
  }

  /** Where the next token is, or just past the last one at the end of the line. */
  private nextSpan(): SourceSpan {
    const token = this.peek();
    if (token) return T.tokenSpan(token);
    const last = T.tokenSpan(this.tokens[this.tokens.length - 1]!);
    return { line: last.endLine, column: last.endColumn, endLine: last.endLine, endColumn: last.endColumn + 1 };
  }

  fail(message: string, span: SourceSpan = this.nextSpan(), code = "scenario/syntax"): never {
    throw new SyntaxFailure(error(this.file, span, code, message));
  }

  /** "expected X but found Y", blaming the next token. */
  expected(what: string): never {
    return this.fail(`expected ${what} but found ${describe(this.peek())}`);
  }

  take(type: TokenType, what: string): IToken {
    if (!this.is(type)) this.expected(what);
    return this.tokens[this.position++]!;
  }

  takeWord(text: string): IToken {
    if (!this.isWord(text)) this.expected(`'${text}'`);
    return this.tokens[this.position++]!;
  }

  name(what: string): Name {
    const token = this.take(T.Word, what);
    return { text: token.image, span: T.tokenSpan(token) };
  }

  integer(what: string): { value: number; span: SourceSpan } {
    const token = this.take(T.Integer, what);
    const value = Number(token.image);
    if (!Number.isSafeInteger(value)) this.fail(`${token.image} is too large a number`, T.tokenSpan(token));
    return { value, span: T.tokenSpan(token) };
  }

  seat(): SeatLiteral {
    const { value, span } = this.integer("a seat number");
    if (value < 0) this.fail(`seats are numbered from 0, so ${value} is no seat`, span);
    return { seat: value, span };
  }

  /** Seats up to the end of the line, at least one. */
  seats(): SeatLiteral[] {
    const seats = [this.seat()];
    while (!this.atEnd()) seats.push(this.seat());
    return seats;
  }

  /** A seat by number, or by a player variable: `shop_keeper`, `shop_keeper + 1` (clockwise). */
  seatRef(): SeatRef {
    if (!this.is(T.Word)) return this.seat();
    const variable = this.name("a seat number or a player variable");
    if (!this.is(T.Plus)) return { variable, offset: 0, span: variable.span };
    this.position++;
    const offset = this.integer("the number of seats clockwise after it");
    if (offset.value < 0) this.fail("count seats clockwise: write '+ 1', '+ 2'...", offset.span);
    return { variable, offset: offset.value, span: joinSpans(variable.span, offset.span) };
  }

  /** Seats or player variables up to the end of the line, at least one. */
  seatRefs(): SeatRef[] {
    const seats = [this.seatRef()];
    while (!this.atEnd()) seats.push(this.seatRef());
    return seats;
  }

  literal(what = "a value (a number, a name or a quoted text)"): Literal {
    const token = this.peek();
    if (this.is(T.Integer)) {
      const { value, span } = this.integer(what);
      return { kind: "int", value, span };
    }
    if (this.is(T.Text)) {
      this.position++;
      return { kind: "text", value: T.unquote(token!), span: T.tokenSpan(token!) };
    }
    if (this.is(T.Word)) {
      this.position++;
      return { kind: "word", value: token!.image, span: T.tokenSpan(token!) };
    }
    return this.expected(what);
  }

  /** Values up to the end of the line, at least one. */
  literals(what?: string): Literal[] {
    const values = [this.literal(what)];
    while (!this.atEnd()) values.push(this.literal(what));
    return values;
  }

  /** `properties[1]`, `mansion[shop_keeper + 1]` or `property_deck`. */
  target(what: string): Target {
    const name = this.name(what);
    if (!this.is(T.LBracket)) return { name, seat: null, span: name.span };
    this.position++;
    const seat = this.seatRef();
    const close = this.take(T.RBracket, "']' after the seat");
    return { name, seat, span: joinSpans(name.span, T.tokenSpan(close)) };
  }

  /** `Property 30`: a card type, then field values up to a comma, a closing bracket, `into` or the line's end. */
  card(): CardPattern {
    const type = this.name("a card, such as 'Property 30'");
    const fields: Literal[] = [];
    while (!this.atEnd() && !this.is(T.Comma) && !this.is(T.RBracket) && !this.is(T.RParen) && !this.isWord("into")) {
      fields.push(this.literal("a field value of the card"));
    }
    const last = fields[fields.length - 1];
    return { type, fields, span: last ? joinSpans(type.span, last.span) : type.span };
  }

  /** Cards separated by commas, at least one. */
  cards(): CardPattern[] {
    const cards = [this.card()];
    while (this.is(T.Comma)) {
      this.position++;
      cards.push(this.card());
    }
    return cards;
  }

  /** `[Property 3, Property 17]`, or `[]` for none. */
  cardList(): CardPattern[] {
    this.take(T.LBracket, "'[' and the cards (or '[]' for none)");
    const cards = this.is(T.RBracket) ? [] : this.cards();
    this.take(T.RBracket, "',' or ']'");
    return cards;
  }

  /** `raise(amount: 3)` or `pass`. */
  move(): MoveCall {
    const type = this.name("a move, such as 'pass' or 'raise(amount: 3)'");
    const args: MoveArgument[] = [];
    if (!this.is(T.LParen)) return { type, arguments: args, span: type.span };
    this.position++;
    while (!this.is(T.RParen)) {
      if (args.length > 0) this.take(T.Comma, "',' or ')'");
      const name = this.name("a parameter name");
      this.take(T.Colon, `':' after the parameter name '${name.text}'`);
      const value = this.argument(true);
      const seen = args.find((a) => a.name.text === name.text);
      if (seen) this.fail(`the parameter '${name.text}' is given twice`, name.span);
      args.push({ name, value, span: joinSpans(name.span, value.span) });
    }
    const close = this.take(T.RParen, "')'");
    return { type, arguments: args, span: joinSpans(type.span, T.tokenSpan(close)) };
  }

  /** A parameter's value: a number, a range (`4..18`), a text, a name, a card, or a list of those. */
  argument(listAllowed: boolean): Argument {
    if (listAllowed && this.is(T.LBracket)) {
      const open = T.tokenSpan(this.take(T.LBracket, "'['"));
      const items: Argument[] = [];
      while (!this.is(T.RBracket)) {
        if (items.length > 0) this.take(T.Comma, "',' or ']'");
        items.push(this.argument(false));
      }
      const close = T.tokenSpan(this.take(T.RBracket, "']'"));
      return { kind: "list", items, span: joinSpans(open, close) };
    }
    if (this.is(T.Integer) && this.is(T.DotDot, 1)) {
      const min = this.integer("a number");
      this.position++;
      const max = this.integer("the number that ends the range");
      if (max.value < min.value)
        this.fail(`the range ${min.value}..${max.value} is empty`, joinSpans(min.span, max.span));
      return { kind: "range", min: min.value, max: max.value, span: joinSpans(min.span, max.span) };
    }
    if (this.is(T.Word) && !this.is(T.Comma, 1) && !this.is(T.RParen, 1) && !this.is(T.RBracket, 1) && this.peek(1)) {
      const card = this.card();
      return { kind: "card", card, span: card.span };
    }
    const value = this.literal("a value: a number, a range such as 4..18, a name, a card or a list in [ ]");
    return { kind: "value", value, span: value.span };
  }

  /** Fails unless the whole line was read. */
  end(after: string): void {
    if (!this.atEnd()) this.fail(`unexpected ${describe(this.peek())} after ${after}`);
  }
}

/** A file's statements: newlines end them, except inside brackets or after a comma. */
function statements(tokens: readonly IToken[], file: string, badLines: ReadonlySet<number>): Statement[] {
  const result: Statement[] = [];
  let current: IToken[] = [];
  let depth = 0;
  const close = (): void => {
    result.push(
      new Statement(
        current,
        file,
        current.some((token) => badLines.has(token.startLine ?? 0)),
      ),
    );
    current = [];
  };
  for (const token of tokens) {
    const type = token.tokenType;
    if (type === T.Newline) {
      const last = current[current.length - 1];
      if (current.length > 0 && depth === 0 && last?.tokenType !== T.Comma) close();
      continue;
    }
    if (type === T.LBracket || type === T.LParen) depth++;
    if ((type === T.RBracket || type === T.RParen) && depth > 0) depth--;
    current.push(token);
  }
  if (current.length > 0) close();
  return result;
}

/** What one statement said: a header or a step. */
type Parsed =
  | { readonly kind: "scenario"; readonly title: string; readonly span: SourceSpan }
  | { readonly kind: "game"; readonly game: Name; readonly span: SourceSpan }
  | { readonly kind: "players"; readonly count: number; readonly span: SourceSpan }
  | { readonly kind: "variant"; readonly variants: readonly Name[]; readonly span: SourceSpan }
  | { readonly kind: "seed"; readonly seed: number; readonly span: SourceSpan }
  | { readonly kind: "step"; readonly step: Step };

function parseStatement(line: Statement): Parsed {
  const first = line.peek()!;
  if (first.tokenType !== T.Word) {
    line.fail(`a line starts with a word such as 'play' or 'expect', not ${describe(first)}`);
  }
  const keyword = line.name("a statement");
  const span = line.span;
  switch (keyword.text) {
    case "scenario": {
      const title = line.take(T.Text, 'the scenario\'s title in quotes, e.g. scenario "The last bidder pays"');
      line.end("the title");
      const text = T.unquote(title).trim();
      if (text === "") line.fail("a scenario's title must say what it shows", T.tokenSpan(title));
      return { kind: "scenario", title: text, span };
    }
    case "game": {
      const game = line.name("the game's id, e.g. 'for-sale'");
      line.end("the game's id");
      return { kind: "game", game, span };
    }
    case "players": {
      const count = line.integer("the number of players");
      line.end("the number of players");
      return { kind: "players", count: count.value, span };
    }
    case "variant": {
      const variants = [line.name("a variant's name")];
      while (!line.atEnd()) variants.push(line.name("a variant's name"));
      return { kind: "variant", variants, span };
    }
    case "seed": {
      const seed = line.integer("a whole number");
      line.end("the seed");
      return { kind: "seed", seed: seed.value, span };
    }
    case "stack": {
      const zone = line.target("the zone to stack, e.g. 'property_deck'");
      line.take(T.Colon, "':' and the cards, top first");
      const cards = line.cards();
      line.end("the cards");
      return { kind: "step", step: { kind: "stack", zone, cards, span } };
    }
    case "put": {
      const cards = line.cards();
      line.takeWord("into");
      const zone = line.target("the zone the cards go into");
      line.end("the zone");
      return { kind: "step", step: { kind: "put", cards, zone, span } };
    }
    case "set": {
      const variable = line.target("a variable, e.g. 'coins[2]', or a zone, e.g. 'hand[0]'");
      line.take(T.Equals, "'='");
      if (line.is(T.LBracket)) {
        const cards = line.cardList();
        let rest: Target | null = null;
        if (!line.atEnd()) {
          line.take(T.Comma, "', rest into' and the zone for the cards this one no longer holds");
          line.takeWord("rest");
          line.takeWord("into");
          rest = line.target("the zone the displaced cards go into");
        }
        line.end(rest ? "the zone" : "the cards");
        return { kind: "step", step: { kind: "set-cards", zone: variable, cards, rest, span } };
      }
      const values = line.literals();
      return { kind: "step", step: { kind: "set", variable, values, span } };
    }
    case "random": {
      const numbers = line.literals("a number");
      for (const n of numbers) {
        if (n.kind !== "int" || (n.value as number) < 0) {
          line.fail("random numbers are whole numbers from 0 (a draw among n gives 0..n-1)", n.span);
        }
      }
      return { kind: "step", step: { kind: "random", numbers, span } };
    }
    case "play": {
      const seat = line.seat();
      line.take(T.Colon, "':' and the move");
      const move = line.move();
      line.end("the move");
      return { kind: "step", step: { kind: "play", seat, move, span } };
    }
    case "expect":
      return { kind: "step", step: parseExpectation(line) };
    default:
      return line.fail(
        `'${keyword.text}' is not a statement; a line starts with one of ${[...HEADERS, ...STEPS].join(", ")}` +
          didYouMean(keyword.text, [...HEADERS, ...STEPS]),
        keyword.span,
        "scenario/unknown-statement",
      );
  }
}

function parseExpectation(line: Statement): Expectation {
  const span = line.span;
  // An expectation's keyword is only one when no `=`, `[` or `contains` follows: a zone or variable may share its name.
  const isKeyword =
    line.is(T.Word) &&
    (EXPECTATIONS as readonly string[]).includes(line.peek()!.image) &&
    !line.is(T.Equals, 1) &&
    !line.is(T.LBracket, 1) &&
    !line.isWord("contains", 1);
  if (!isKeyword) {
    if (!line.is(T.Word)) line.expected(`what to expect: ${EXPECTATIONS.join(", ")}, or a zone or variable`);
    const target = line.target("a zone or a variable");
    if (line.isWord("contains")) return zoneExpectation(line, target, null);
    if (!line.is(T.Equals)) {
      if (target.seat === null && line.atEnd()) {
        line.fail(
          `'${target.name.text}' is not something to expect; expect one of ${EXPECTATIONS.join(", ")}, ` +
            `or a zone or variable followed by '='${didYouMean(target.name.text, EXPECTATIONS)}`,
          target.name.span,
          "scenario/unknown-expectation",
        );
      }
      line.expected("'=' or 'contains'");
    }
    if (line.is(T.LBracket, 1)) return zoneExpectation(line, target, null);
    line.take(T.Equals, "'='");
    return { kind: "expect-var", variable: target, values: line.literals(), span };
  }
  const keyword = line.name("an expectation");
  switch (keyword.text as (typeof EXPECTATIONS)[number]) {
    case "turn": {
      const seat = line.seatRef();
      line.end("the seat");
      return { kind: "expect-activity", activity: "turn", seats: [seat], span };
    }
    case "simultaneous":
    case "race":
      return {
        kind: "expect-activity",
        activity: keyword.text as "simultaneous" | "race",
        seats: line.seatRefs(),
        span,
      };
    case "over":
      line.end("'over'");
      return { kind: "expect-activity", activity: "over", seats: [], span };
    case "illegal": {
      const seat = line.seat();
      line.take(T.Colon, "':' and the move");
      const move = line.move();
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
      const seat = line.seat();
      line.take(T.Colon, "':' and the move");
      const move = line.move();
      line.end("the move");
      return { kind: "expect-legal", seat, move, span };
    }
    case "options": {
      const seat = line.seat();
      line.take(T.Colon, "':' and the move types, e.g. 'raise, pass'");
      const types = [line.name("a move type")];
      while (line.is(T.Comma)) {
        line.take(T.Comma, "','");
        types.push(line.name("a move type"));
      }
      line.end("the move types");
      return { kind: "expect-options", seat, types, span };
    }
    case "count": {
      const zone = line.target("a zone, e.g. 'properties[1]'");
      line.take(T.Equals, "'='");
      const counts = line.literals("a number of cards");
      for (const count of counts) {
        if (count.kind !== "int" || (count.value as number) < 0)
          line.fail("a count is a whole number from 0", count.span);
      }
      return { kind: "expect-count", zone, counts, span };
    }
    case "scores": {
      const scores = line.literals("a score");
      for (const score of scores) if (score.kind !== "int") line.fail("a score is a whole number", score.span);
      return { kind: "expect-scores", scores, span };
    }
    case "ranking": {
      const groups: SeatLiteral[][] = [[line.seat()]];
      while (!line.atEnd()) {
        if (line.is(T.Greater)) {
          line.take(T.Greater, "'>'");
          groups.push([]);
        } else {
          line.take(T.Equals, "'>' before a worse rank or '=' between tied seats");
        }
        groups[groups.length - 1]!.push(line.seat());
      }
      return { kind: "expect-ranking", groups, span };
    }
    case "winners":
      return { kind: "expect-winners", seats: line.seats(), span };
    case "score": {
      const seat = line.seat();
      line.take(T.Equals, "'=' and the seat's score");
      const score = line.literal("a score");
      if (score.kind !== "int") line.fail("a score is a whole number", score.span);
      line.end("the score");
      return { kind: "expect-score", seat, score, span };
    }
    case "top":
    case "bottom": {
      const count = line.integer(`how many cards from the ${keyword.text}, e.g. '${keyword.text} 3 of draw'`);
      if (count.value < 0) line.fail("a number of cards is a whole number from 0", count.span);
      line.takeWord("of");
      const zone = line.target("an ordered zone, e.g. 'draw'");
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

/** After `expect view`: `1 face_down = [?, Card 5]`, `1 shows Card 5, Card 6` or `2 hides Card 5`. */
function viewExpectation(line: Statement): Expectation {
  const span = line.span;
  const seat = line.seat();
  // `shows` and `hides` are words of the expectation unless a zone of that name is compared.
  if ((line.isWord("shows") || line.isWord("hides")) && !line.is(T.Equals, 1) && !line.is(T.LBracket, 1)) {
    const shown = line.name("'shows' or 'hides'").text === "shows";
    const cards = line.cards();
    line.end("the cards");
    return { kind: "expect-view-cards", seat, shown, cards, span };
  }
  const zone = line.target("a zone as the seat sees it, e.g. 'face_down', or 'shows' or 'hides'");
  line.take(T.Equals, "'=' and the cards the seat sees, '?' for one it cannot see");
  line.take(T.LBracket, "'[' and the cards ('?' for one the seat cannot see, or '[]' for none)");
  const cards: (CardPattern | null)[] = [];
  while (!line.is(T.RBracket)) {
    if (cards.length > 0) line.take(T.Comma, "',' or ']'");
    if (line.is(T.Question)) {
      line.take(T.Question, "'?'");
      cards.push(null);
    } else cards.push(line.card());
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
    const cards = line.cards();
    line.end("the cards");
    return { kind: "expect-contains", zone, part, cards, span };
  }
  line.take(T.Equals, "'=' or 'contains'");
  const cards = line.cardList();
  line.end("the cards");
  return { kind: "expect-zone", zone, part, cards, span };
}

/** Headers of one section of the file (the part before the first scenario, or one scenario). */
interface Section {
  title?: { text: string; span: SourceSpan };
  game?: Name;
  players?: { count: number; span: SourceSpan };
  variants?: Name[];
  seed?: number;
  steps: Step[];
  /** A statement of it could not be read: checks of the whole (a missing header) would only repeat that. */
  broken?: boolean;
}

/** Has play begun: is there a `play` or an `expect` among these steps? */
const startsPlay = (steps: readonly Step[]): boolean => steps.some((step) => !isSetupStep(step));

/**
 * Every scenario of a file. Statements before the first `scenario` line are shared: their
 * headers are defaults and their steps come first in each scenario. Any error leaves `scenarios` empty.
 */
export function parseScenarioFile(text: string, file: string): { scenarios: Scenario[]; diagnostics: Diagnostic[] } {
  const { tokens, diagnostics } = T.tokenize(text, file);
  const report = (span: SourceSpan, code: string, message: string): void => {
    diagnostics.push(error(file, span, code, message));
  };
  const preamble: Section = { steps: [] };
  const sections: Section[] = [];
  let section = preamble;
  const headerSeen = new Map<string, SourceSpan>();
  const badLines = new Set(diagnostics.map((d) => d.line));
  for (const line of statements(tokens, file, badLines)) {
    if (line.lexedBadly) {
      section.broken = true;
      continue;
    }
    let parsed: Parsed;
    try {
      parsed = parseStatement(line);
    } catch (failure) {
      if (!(failure instanceof SyntaxFailure)) throw failure;
      diagnostics.push(failure.diagnostic);
      section.broken = true;
      continue;
    }
    if (parsed.kind === "step") {
      const step = parsed.step;
      const started = startsPlay(section.steps) || (section !== preamble && startsPlay(preamble.steps));
      if (isSetupStep(step) && started) {
        report(
          step.span,
          "scenario/setup-after-start",
          `'${step.kind === "set-cards" ? "set" : step.kind}' prepares the position before play, so it must come before the first 'play' or 'expect'`,
        );
      }
      section.steps.push(step);
      continue;
    }
    if (parsed.kind === "scenario") {
      section = { title: { text: parsed.title, span: parsed.span }, steps: [] };
      sections.push(section);
      headerSeen.clear();
      continue;
    }
    if (section.steps.length > 0) {
      report(parsed.span, "scenario/misplaced-header", `'${parsed.kind}' must come before the scenario's first step`);
    }
    const previous = headerSeen.get(parsed.kind);
    if (previous && parsed.kind !== "variant") {
      report(parsed.span, "scenario/duplicate-header", `'${parsed.kind}' is already given on line ${previous.line}`);
    }
    headerSeen.set(parsed.kind, parsed.span);
    if (parsed.kind === "game") section.game = parsed.game;
    if (parsed.kind === "players") section.players = { count: parsed.count, span: parsed.span };
    if (parsed.kind === "seed") section.seed = parsed.seed;
    if (parsed.kind === "variant") section.variants = [...(section.variants ?? []), ...parsed.variants];
  }

  if (sections.length === 0) {
    report(
      { line: 1, column: 1, endLine: 1, endColumn: 2 },
      "scenario/no-scenario",
      'this file has no scenario: each one starts with a line such as scenario "The last bidder pays"',
    );
  }
  const scenarios: Scenario[] = [];
  const titles = new Map<string, SourceSpan>();
  for (const s of sections) {
    const title = s.title!;
    const earlier = titles.get(title.text);
    if (earlier)
      report(title.span, "scenario/duplicate-title", `another scenario on line ${earlier.line} has this title`);
    titles.set(title.text, title.span);
    const game = s.game ?? preamble.game;
    const players = s.players ?? preamble.players;
    const steps = [...preamble.steps, ...s.steps];
    if (s.broken || preamble.broken) continue;
    if (!game) {
      report(title.span, "scenario/missing-game", "say which game this scenario plays, e.g. 'game for-sale'");
    }
    if (!players) {
      report(title.span, "scenario/missing-players", "say how many play, e.g. 'players 4'");
    }
    if (!startsPlay(steps)) {
      report(title.span, "scenario/nothing-checked", "this scenario neither plays a move nor expects anything");
    }
    if (!game || !players) continue;
    scenarios.push({
      file,
      title: title.text,
      span: title.span,
      game,
      players,
      variants: s.variants ?? preamble.variants ?? [],
      seed: s.seed ?? preamble.seed ?? 0,
      steps,
    });
  }
  diagnostics.sort((a, b) => a.line - b.line || a.column - b.column);
  return { scenarios: diagnostics.length > 0 ? [] : scenarios, diagnostics };
}

/** The one scenario of a file; a file with several is an error here (use `parseScenarioFile`). */
export function parseScenario(text: string, file: string): { scenario?: Scenario; diagnostics: Diagnostic[] } {
  const { scenarios, diagnostics } = parseScenarioFile(text, file);
  if (diagnostics.length > 0) return { diagnostics };
  if (scenarios.length > 1) {
    const second = scenarios[1]!;
    return {
      diagnostics: [
        error(
          file,
          second.span,
          "scenario/several-scenarios",
          `expected one scenario in this file but found ${scenarios.length}`,
        ),
      ],
    };
  }
  return { scenario: scenarios[0]!, diagnostics };
}
