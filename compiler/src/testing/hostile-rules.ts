// Hostile rules files for the compiler's and the language server's property tests and for the
// nightly fuzz run (scripts/fuzz-compiler.mjs): token soups, grammar-aware mutants of the real games
// (tokens deleted, repeated, swapped, replaced by others of the language, lines moved) and deep or
// long shapes planted inside them. Each is a pure function of a seed, so a failure is replayed from
// its seed alone; no test library is needed, so the built script can use it too.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Rng } from "@rules/runtime/internal";
import { rulesLexer } from "../syntax/lexer.js";

/** Numbers in [0, 1) from a seed (the runtime's generator): the same seed, the same file. */
function randomFrom(seed: number): Random {
  const rng = new Rng(seed);
  return () => rng.int(2 ** 32) / 2 ** 32;
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const between = (random: Random, low: number, high: number): number => low + Math.floor(random() * (high - low + 1));

/** Words and signs of the language, and a few that are not. */
export const VOCABULARY = [
  "game", "players", "variant", "bot", "card", "cards", "enum", "zone", "var", "per", "player", "flow", "setup", "score",
  "tiebreak", "function", "procedure", "table", "conserve", "if", "then", "else", "while", "for", "in", "where", "let",
  "move", "deal", "from", "to", "ask", "race", "window", "each", "require", "otherwise", "end", "not", "and", "or", "true",
  "false", "all", "phase", "say", "reveal", "conceal", "shuffle", "transfer", "others", "bottom", "of", "by", "top", "count",
  "sum", "p", "deck", "hand", "value", "int", "bool", "public", "hidden", "owner", "stack", "pile", "row", "slot", "limit",
  "(", ")", "[", "]", "{", "}", "+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "=", "+=", "-=", ".", "..", ",",
  ":", "->", "0", "1", "42", "9007199254740992", '"a reason {p}"', '"open', "// note", "$", "é", "\t", "\n", "\r\n", "\r",
];

/** The five games as their rules files (Keys to Knowledge is two files, joined here as one text). */
export function gameTexts(root = fileURLToPath(new URL("../../../rules/", import.meta.url))): { name: string; text: string }[] {
  const texts: { name: string; text: string }[] = [];
  for (const entry of readdirSync(root).sort()) {
    const path = join(root, entry);
    if (statSync(path).isDirectory()) {
      const files = readdirSync(path).filter((f) => f.endsWith(".rules")).sort();
      texts.push({ name: entry, text: files.map((f) => readFileSync(join(path, f), "utf8")).join("\n") });
    } else if (entry.endsWith(".rules")) {
      texts.push({ name: entry.replace(/\.rules$/, ""), text: readFileSync(path, "utf8") });
    }
  }
  return texts;
}

/** Up to `length` words of the vocabulary, any order, joined by spaces or nothing. */
export function tokenSoup(seed: number, length = 120): string {
  const random = randomFrom(seed);
  const count = between(random, 0, length);
  let text = "";
  for (let i = 0; i < count; i++) text += pick(random, VOCABULARY) + pick(random, [" ", " ", "", "\n"]);
  return text;
}

/** A shape far past some limit, or just within it: nesting, chains, long names, strings and numbers. */
export function deepShape(seed: number): string {
  const random = randomFrom(seed);
  const n = pick(random, [between(random, 1, 80), between(random, 100, 700), between(random, 1000, 6000)]);
  switch (between(random, 0, 13)) {
    case 0: return `${"(".repeat(n)}1${")".repeat(n)}`;
    case 1: return `${"not ".repeat(n)}true`;
    case 2: return Array<string>(n + 1).fill("1").join(" < ");
    case 3: return Array<string>(n + 1).fill("p").join(" + ");
    case 4: return "q".repeat(n * 40);
    case 5: return `"${"s".repeat(n * 40)}"`;
    case 6: return "9".repeat(n * 10);
    case 7: return `"you have {${"(".repeat(n)}1${")".repeat(n)}}"`;
    case 8: return `"you have {${"not ".repeat(n)}true}"`;
    case 9: return `${"if true { ".repeat(n)}x = 1${" }".repeat(n)}`;
    case 10: return `cards for v in 1..${pick(random, [n, n * 1000, 100_000_000])} { value: v }`;
    case 11: return "< ".repeat(n);
    case 12: return `${"[".repeat(n)}${"]".repeat(between(random, 0, n))}`;
    default: return `${"- ".repeat(n)}1`;
  }
}

/**
 * A game's text with 1 to 4 edits, each on whole tokens: delete, repeat, swap or replace a token
 * (by another of its kind), insert a word or a deep shape, move or repeat lines, change a number.
 */
export function mutant(text: string, seed: number): string {
  const random = randomFrom(seed);
  const tokens = rulesLexer.tokenize(text).tokens;
  /** Pieces of the text: each token with the spacing before it, then what follows the last. */
  const pieces: string[] = [];
  let at = 0;
  for (const token of tokens) {
    const end = token.endOffset! + 1;
    pieces.push(text.slice(at, end));
    at = end;
  }
  pieces.push(text.slice(at));
  /** The images of the file's tokens by kind: a name replaced by another name mostly still parses. */
  const byKind = new Map<string, string[]>();
  for (const token of tokens) {
    const kind = token.tokenType.name;
    byKind.set(kind, [...(byKind.get(kind) ?? []), token.image]);
  }
  const edits = between(random, 1, 4);
  // Four mutants in ten only swap names and numbers: those mostly parse, and test the checker.
  const namesOnly = random() < 0.4;
  for (let e = 0; e < edits && pieces.length > 1; e++) {
    const i = between(random, 0, pieces.length - 2);
    switch (namesOnly ? pick(random, [3, 7]) : between(random, 0, 7)) {
      case 0: pieces.splice(i, 1); break;
      case 1: pieces.splice(i, 0, pieces[i]!); break;
      case 2: if (i + 1 < pieces.length - 1) [pieces[i], pieces[i + 1]] = [pieces[i + 1]!, pieces[i]!]; break;
      case 3: {
        // Earlier edits may have shifted the pieces: a piece no longer its token's gets any word.
        const token = tokens[i];
        if (token === undefined || !pieces[i]!.endsWith(token.image)) {
          pieces[i] = ` ${pick(random, VOCABULARY)}`;
          break;
        }
        pieces[i] = pieces[i]!.slice(0, pieces[i]!.length - token.image.length) + pick(random, byKind.get(token.tokenType.name)!);
        break;
      }
      case 4: pieces.splice(i, 0, ` ${pick(random, VOCABULARY)} `); break;
      case 5: pieces.splice(i, 0, ` ${deepShape(between(random, 0, 2 ** 31))} `); break;
      case 6: {
        const lines = pieces.join("").split("\n");
        const from = between(random, 0, lines.length - 1);
        const count = between(random, 1, 8);
        const moved = lines.slice(from, from + count);
        if (random() < 0.5) lines.splice(from, count);
        lines.splice(between(random, 0, lines.length), 0, ...moved);
        return lines.join("\n");
      }
      default: pieces[i] = pieces[i]!.replace(/\d+$/, () => pick(random, ["0", "99999", "100000000", "9007199254740991"])); break;
    }
  }
  return pieces.join("");
}

/** A game's text with one word of the vocabulary put between two of its tokens: a typo in progress. */
export function withStrayToken(text: string, seed: number): string {
  const random = randomFrom(seed);
  const tokens = rulesLexer.tokenize(text).tokens;
  const at = tokens.length === 0 ? 0 : tokens[between(random, 0, tokens.length - 1)]!.startOffset;
  return `${text.slice(0, at)}${pick(random, VOCABULARY)} ${text.slice(at)}`;
}

const tinyGame = (statement: string): string =>
  [
    'game "Tiny" {', "  players 2..4", "}", "card Token {", "  value: int", "  cards for v in 1..6 { value: v }", "}",
    "per player var points: int public = 0", "flow {", "  for p in players {", "    ask p {",
    `      take require points[p] < 9 else "you have {points[p]}" {`, `        ${statement}`, "      }", "    }", "  }", "}",
    "score p: points[p]", "",
  ].join("\n");

/** Where a shape is planted: as a statement, an expression, a reason's value, a manifest, the whole file. */
const PLACES: ((shape: string) => string)[] = [
  (shape) => tinyGame(shape),
  (shape) => tinyGame(`points[p] += ${shape}`),
  (shape) => tinyGame("points[p] += 1").replace("{points[p]}", `{${shape}}`),
  (shape) => tinyGame("points[p] += 1").replace("cards for v in 1..6 { value: v }", shape),
  (shape) => shape,
];

/** A small game with a deep or long shape (deepShape) planted in one of five places. */
export function plantedShape(seed: number): string {
  const random = randomFrom(seed);
  return pick(random, PLACES)(deepShape(between(random, 0, 2 ** 31)));
}

/** The `index`-th hostile file of a run: mutants of each game in turn, with soups and planted shapes between. */
export function hostileRules(games: readonly { text: string }[], seed: number, index: number): string {
  const random = randomFrom(seed ^ Math.imul(index + 1, 0x9e3779b1));
  const kind = random();
  const own = between(random, 0, 2 ** 31);
  if (kind < 0.1) return tokenSoup(own);
  if (kind < 0.3) return plantedShape(own);
  return mutant(games[index % games.length]!.text, own);
}
