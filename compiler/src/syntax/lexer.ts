// Tokens of the rules language. Keywords that only start declarations are "soft": they also
// count as identifiers, so a designer may still name a parameter `card` or a variable `score`.
import { createToken, Lexer, type TokenType } from "./chevrotain.js";
import { lazyLexer } from "./lazy-chevrotain.js";

export const Identifier = createToken({ name: "Identifier", pattern: /[A-Za-z_][A-Za-z0-9_]*/, label: "a name" });

// A keyword starts with its first letter and spans no line: told to Chevrotain, which otherwise works
// both out from each keyword's pattern whenever a lexer is built (a noticeable part of a start).
const literally = (word: string) => ({ start_chars_hint: [word.charCodeAt(0)], line_breaks: false });
const hard = (word: string): TokenType =>
  createToken({ name: `Kw_${word}`, pattern: new RegExp(word), longer_alt: Identifier, label: `'${word}'`, ...literally(word) });
const soft = (word: string): TokenType =>
  createToken({
    name: `Kw_${word}`,
    pattern: new RegExp(word),
    longer_alt: Identifier,
    categories: [Identifier],
    label: `'${word}'`,
    ...literally(word),
  });

// Hard keywords: statements and operators.
export const If = hard("if");
export const Else = hard("else");
export const Then = hard("then");
export const While = hard("while");
export const For = hard("for");
export const In = hard("in");
export const Where = hard("where");
export const Let = hard("let");
export const Move = hard("move");
export const Deal = hard("deal");
export const From = hard("from");
export const To = hard("to");
export const Shuffle = hard("shuffle");
export const Transfer = hard("transfer");
export const Ask = hard("ask");
export const Each = hard("each");
export const Race = hard("race");
export const Window = hard("window");
export const Negotiate = hard("negotiate");
export const Reveal = hard("reveal");
export const Conceal = hard("conceal");
export const Say = hard("say");
export const Require = hard("require");
export const End = hard("end");
export const True = hard("true");
export const False = hard("false");
export const And = hard("and");
export const Or = hard("or");
export const Not = hard("not");
export const Phase = hard("phase");
export const All = hard("all");

// Soft keywords: declarations.
export const Game = soft("game");
export const Players = soft("players");
export const Variant = soft("variant");
export const Bot = soft("bot");
export const Enum = soft("enum");
export const Card = soft("card");
export const Cards = soft("cards");
export const Var = soft("var");
export const Per = soft("per");
export const Player = soft("player");
export const Public = soft("public");
export const Owner = soft("owner");
export const Hidden = soft("hidden");
export const Conserve = soft("conserve");
export const Zone = soft("zone");
export const Stack = soft("stack");
export const Row = soft("row");
export const Pile = soft("pile");
export const Slot = soft("slot");
export const Limit = soft("limit");
export const Table = soft("table");
export const Setup = soft("setup");
export const Flow = soft("flow");
export const Score = soft("score");
export const Tiebreak = soft("tiebreak");
export const By = soft("by");
export const Ascending = soft("ascending");
export const Descending = soft("descending");
export const Function = soft("function");
export const Bottom = soft("bottom");
export const Of = soft("of");
export const Others = soft("others");
export const Open = soft("open");
export const Pause = soft("pause");
export const Procedure = soft("procedure");
export const Up = soft("up");
export const Otherwise = soft("otherwise");
export const Default = soft("default");
export const Prefer = soft("prefer");
// Presentation: how people are told the game (card names and texts, layouts, shown variables).
export const Name = soft("name");
export const Text = soft("text");
export const Layout = soft("layout");
export const Bookkeeping = soft("bookkeeping");
export const Unit = soft("unit");
export const Shown = soft("shown");
export const As = soft("as");
export const When = soft("when");
export const On = soft("on");
export const With = soft("with");

export const IntegerLiteral = createToken({ name: "IntegerLiteral", pattern: /\d+/, label: "a number" });
// A line ends at LF, CRLF or a lone CR (old Mac files), as Chevrotain's line count has it: strings
// and comments stop at either character, so positions after them stay on the right line.
export const StringLiteral = createToken({
  name: "StringLiteral",
  pattern: /"(?:[^"\\\n\r]|\\["\\n{}])*"/,
  label: "a string",
});
/** `'…'`: a piece of text inside a template's `{…}`, where a double quote would end the template
 *  (`{if marked then ' (marked down)' else ''}`). No escapes and no `{…}` of its own. */
export const QuotedText = createToken({
  name: "QuotedText",
  pattern: /'[^'\\\n\r{}]*'/,
  categories: [StringLiteral],
  label: "a string",
});
/** A string that reaches the end of its line: reported as unterminated, never parsed. */
export const UnterminatedString = createToken({ name: "UnterminatedString", pattern: /"(?:[^"\\\n\r]|\\["\\n{}])*/, label: "a string" });
export const DotDot = createToken({ name: "DotDot", pattern: /\.\./, label: "'..'" });
export const Dot = createToken({ name: "Dot", pattern: /\./, label: "'.'" });
export const Arrow = createToken({ name: "Arrow", pattern: /->/, label: "'->'" });
export const PlusAssign = createToken({ name: "PlusAssign", pattern: /\+=/, label: "'+='" });
export const MinusAssign = createToken({ name: "MinusAssign", pattern: /-=/, label: "'-='" });
export const Equals = createToken({ name: "Equals", pattern: /==/, label: "'=='" });
export const NotEquals = createToken({ name: "NotEquals", pattern: /!=/, label: "'!='" });
export const LessEqual = createToken({ name: "LessEqual", pattern: /<=/, label: "'<='" });
export const GreaterEqual = createToken({ name: "GreaterEqual", pattern: /\>=/, label: "'>='" });
export const Less = createToken({ name: "Less", pattern: /</, label: "'<'" });
export const Greater = createToken({ name: "Greater", pattern: />/, label: "'>'" });
export const Assign = createToken({ name: "Assign", pattern: /=/, label: "'='" });
export const Plus = createToken({ name: "Plus", pattern: /\+/, label: "'+'" });
export const Minus = createToken({ name: "Minus", pattern: /-/, label: "'-'" });
export const Star = createToken({ name: "Star", pattern: /\*/, label: "'*'" });
export const Slash = createToken({ name: "Slash", pattern: /\//, label: "'/'" });
export const Percent = createToken({ name: "Percent", pattern: /%/, label: "'%'" });
export const LBrace = createToken({ name: "LBrace", pattern: /\{/, label: "'{'" });
export const RBrace = createToken({ name: "RBrace", pattern: /\}/, label: "'}'" });
export const LParen = createToken({ name: "LParen", pattern: /\(/, label: "'('" });
export const RParen = createToken({ name: "RParen", pattern: /\)/, label: "')'" });
export const LBracket = createToken({ name: "LBracket", pattern: /\[/, label: "'['" });
export const RBracket = createToken({ name: "RBracket", pattern: /\]/, label: "']'" });
export const Comma = createToken({ name: "Comma", pattern: /,/, label: "','" });
export const Colon = createToken({ name: "Colon", pattern: /:/, label: "':'" });

const WhiteSpace = createToken({ name: "WhiteSpace", pattern: /\s+/, group: Lexer.SKIPPED });
const Comment = createToken({ name: "Comment", pattern: /\/\/[^\n\r]*/, group: Lexer.SKIPPED });

const keywords = [
  If, Else, Then, While, For, In, Where, Let, Move, Deal, From, To, Shuffle, Transfer, Ask, Each, Race, Window, Negotiate, Reveal, Conceal, Say, Require, End,
  True, False, And, Or, Not, Phase, All, Game, Players, Variant, Bot, Enum, Card, Cards, Var, Per, Player, Public, Owner,
  Hidden, Conserve, Zone, Stack, Row, Pile, Slot, Limit, Table, Setup, Flow, Score, Tiebreak, By, Ascending,
  Descending, Function, Bottom, Of, Others, Open, Pause, Otherwise, Default, Prefer, Procedure, Up, Name, Text, Layout, Bookkeeping, Shown, As, When,
  On, With, Unit,
];
// Longer words first, so that `cards` is not lexed as `card` + `s` and `players` not as `player`.
keywords.sort((a, b) => String(b.PATTERN).length - String(a.PATTERN).length);

export const allTokens: TokenType[] = [
  WhiteSpace,
  Comment,
  ...keywords,
  Identifier,
  IntegerLiteral,
  QuotedText,
  StringLiteral,
  UnterminatedString,
  DotDot,
  Dot,
  Arrow,
  PlusAssign,
  MinusAssign,
  Equals,
  NotEquals,
  LessEqual,
  GreaterEqual,
  Less,
  Greater,
  Assign,
  Plus,
  Minus,
  Star,
  Slash,
  Percent,
  LBrace,
  RBrace,
  LParen,
  RParen,
  LBracket,
  RBracket,
  Comma,
  Colon,
];

const LEXER_OPTIONS = { positionTracking: "full", ensureOptimizations: false } as const;

// The token definitions are checked by `validateLexer` in the grammar test, not at every start.
export const rulesLexer = lazyLexer(allTokens, { ...LEXER_OPTIONS, skipValidations: true });

/** Builds the lexer with Chevrotain's checks of the token definitions: throws on a broken one. */
export function validateLexer(): void {
  new Lexer(allTokens, LEXER_OPTIONS);
}
