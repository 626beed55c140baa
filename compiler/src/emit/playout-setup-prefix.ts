// The setup's draw-free prefix, done once per (players, variants) and copied at later starts.
//
// A game's fresh start (zones filled, `$where`, the running counts, the variables at their first
// values) and the setup's leading statements that draw nothing at random and ask no one (Keys to
// Knowledge's board filter of spaces and deeds, its stocks, the GRACE cards split from the MERCY
// deck: everything before its first shuffle) read only printed fields, constants, the number of
// players (and of humans) and the variants. So the state they leave is a function of those alone:
// a split kernel runs them at the first game of each (players, variants), keeps a copy of the game's
// state (playout-kernel-state.ts lists it), and at a later game of the same pair copies it back and
// makes every cache stale, as the start does (a memo's generation is bumped, never restored: an
// older generation would let a stale entry match). One copy is kept: a game of another pair runs the
// prefix and keeps its own. A resumed game loads its state and never reaches the setup. The state's
// typed arrays of a known size lie on one buffer, copied back by one `set` (playout-state-buffer.ts).
//
// Where the closure holds a variable the state's list lacks, or the prefix's code reads what a game
// is given apart from (players, variants) (the generator, the policy, the trace, the seed), the
// setup runs as written.
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import { functionsByName, walk } from "./playout-memo-reads.js";
import { variantFlag } from "./playout-expressions.js";
import type { GameStateVariable, KernelState } from "./playout-kernel-state.js";
import { STATE_BYTES, stateBuffer } from "./playout-state-buffer.js";

/** The lines around the fresh start and the prefix (in `play`'s setup), until the state is known. */
export const PREFIX_OPEN = "/*prefix:open*/";
export const PREFIX_CLOSE = "/*prefix:close*/";

/** The builtins that draw from the game's generator, or stand for a choice. */
const DRAWS = new Set(["roll", "secret_roll", "random_player", "subset"]);
/** Statements that ask, draw, end the game, tell the story or open a phase: the prefix ends before. */
const ENDS_PREFIX = new Set(["ask", "shuffle", "phase", "end-game", "reveal", "conceal", "say", "inlined"]);
/** What a game is given apart from (players, variants): code of the prefix that reads any of them is
 *  no function of the pair. */
const GIVEN = /(?<![\w$])(G|P|seed|trace|\$drawP|\$preferred|\$cap|\$variants|\$from|\$entry|decisions|steps|K_ended)(?![\w$])/;

/** How many of the setup's leading statements draw nothing at random and ask no one: no shuffle, no
 *  roll or random pick (in them or in the functions they call), no question, no procedure's call, no
 *  `let` of the setup's own (a later statement may read it) nor a local kept across decisions. */
export function drawFreePrefix(game: CheckedGame, statements: readonly A.Statement[]): number {
  const functions = functionsByName(game);
  const verdicts = new Map<string, boolean>();
  const drawFree = (node: unknown): boolean => {
    let free = true;
    walk(node, (n) => {
      if (!free) return false;
      if (ENDS_PREFIX.has(n.kind)) free = false;
      else if (n.kind === "let") {
        const binding = game.names.get((n as A.LetStatement).name);
        if (binding?.kind !== "local" || binding.slot.storage === "state") free = false;
      } else if (n.kind === "call") {
        const call = n as A.CallExpression;
        const binding = game.names.get(call.callee);
        if (binding?.kind === "procedure" || DRAWS.has(call.callee.name)) free = false;
        else if (binding?.kind === "function" && functions.has(call.callee.name)) {
          const name = call.callee.name;
          if (!verdicts.has(name)) {
            verdicts.set(name, true); // a recursive call draws only what the rest of the body draws
            verdicts.set(name, drawFree(functions.get(name)!.body));
          }
          if (!verdicts.get(name)) free = false;
        }
      }
    });
    return free;
  };
  let n = 0;
  while (n < statements.length && statements[n]!.kind !== "let" && drawFree(statements[n])) n++;
  return n;
}

/** The key of a game's (players, humans, variants), for the kept copy. */
function keyCode(variants: readonly string[], humans: boolean): string {
  const seats = humans ? "(humans * 64 + players)" : "players";
  return variants.length === 0 ? seats : `${seats} * ${2 ** variants.length} + ${variants.map((v, i) => `(${variantFlag(v)} ? ${2 ** i} : 0)`).join(" + ")}`;
}

/** The copy's name of a variable of the game's state. */
function copyName(name: string): string {
  return `$prefix$${name}`;
}

/**
 * The kernel's lines with the prefix's markers written out: where the closure's variables are all
 * listed in `state` and the prefix reads nothing a game is given apart from the pair, the prefix runs
 * at the first game of a pair and is copied after; else the markers are dropped (the setup as
 * written).
 */
export function prefixCode(lines: string[], state: KernelState, variants: readonly string[], humans: boolean): { lines: string[]; copied: boolean } {
  const open = lines.indexOf(PREFIX_OPEN);
  const close = lines.indexOf(PREFIX_CLOSE);
  if (open < 0 || close < open) return { lines: lines.filter((l) => l !== PREFIX_OPEN && l !== PREFIX_CLOSE), copied: false };
  const { game, stale, unlisted } = state.read(lines.join("\n"));
  const prefix = lines.slice(open + 1, close);
  if (unlisted.length > 0 || prefix.some((l) => GIVEN.test(l))) return { lines: lines.filter((l) => l !== PREFIX_OPEN && l !== PREFIX_CLOSE), copied: false };
  const key = keyCode(variants, humans);
  // The typed arrays, views on one buffer where their sizes are known: copied back by one `set`.
  const shared = stateBuffer(lines, game.filter((v) => v.kind === "typed").map((v) => v.name));
  const separate = game.filter((v) => !shared.members.has(v.name));
  const sharedCopy = copyName(STATE_BYTES);
  const onBuffer = shared.members.size > 0;
  // A loop copies through locals: read in the loop, the closure's variables are loaded again at every
  // element (Foreclosed!'s cards: 1.3k instructions a game, `npm run bench:instructions`).
  const restoreLine = (v: GameStateVariable): string => {
    const [from, to] = [copyName(v.name), v.name];
    switch (v.kind) {
      case "typed":
        return `${to}.set(${from});`;
      case "array":
        return `{ const $to = ${to}, $from = ${from}; for (let $i = 0; $i < $to.length; $i++) $to[$i] = $from[$i]!; }`;
      case "cards":
        // The kept zones' cards, each a slice set back in place: a loop copying them card by card
        // took 2.6k instructions a game of Foreclosed!, one `set` of the whole array more (it is
        // mostly empty places).
        return `{ const $parts = ${from}$parts, $at = ${from}$at; for (let $j = 0; $j < $parts.length; $j++) ${to}.set($parts[$j]!, $at[$j]!); }`;
      case "scalar":
        return `${to} = ${from};`;
    }
  };
  const restore = [
    `if ($prefixKey === ${key}) {`,
    ...(onBuffer ? [`${STATE_BYTES}.set(${sharedCopy});`] : []),
    ...separate.map(restoreLine),
    ...new Set(stale),
    "} else {",
  ];
  const keepLine = (v: GameStateVariable): string => {
    const copy = copyName(v.name);
    switch (v.kind) {
      case "scalar":
        return `${copy} = ${v.name};`;
      case "cards":
        return `${copy}$parts = []; ${copy}$at = []; for (let $s = 0; $s < SEGMENTS; $s++) if (${v.counts}[$s]! > 0) { ${copy}$parts.push(${v.name}.slice($s * CAP, $s * CAP + ${v.counts}[$s]!)); ${copy}$at.push($s * CAP); }`;
      default:
        return `${copy} = ${v.name}.slice();`;
    }
  };
  const keep = [
    ...(onBuffer ? [`${sharedCopy} = ${STATE_BYTES}.slice();`] : []),
    ...separate.map(keepLine),
    `$prefixKey = ${key};`,
    "}",
  ];
  // The copies are declared with the closure's last variables (before `play`), from the variables
  // themselves: an array's copy is made at the first prefix run.
  const declared = (v: GameStateVariable): string =>
    v.kind === "cards" ? `let ${copyName(v.name)}$parts: Int32Array[] = [], ${copyName(v.name)}$at: number[] = [];` : `let ${copyName(v.name)} = ${v.name};`;
  const declarations = [
    "/** The (players, variants) whose setup prefix left the state copied in `$prefix$…` (playout-setup-prefix.ts); -1: none yet. */",
    "let $prefixKey = -1;",
    ...(onBuffer ? [`let ${sharedCopy} = ${STATE_BYTES};`] : []),
    ...separate.map(declared),
  ];
  const at = shared.lines.findIndex((l) => l.startsWith("function play("));
  const opened = shared.lines.indexOf(PREFIX_OPEN);
  const closed = shared.lines.indexOf(PREFIX_CLOSE);
  const out = [...shared.lines.slice(0, at), ...declarations, ...shared.lines.slice(at, opened), ...restore, ...prefix, ...keep, ...shared.lines.slice(closed + 1)];
  return { lines: out, copied: true };
}
