// `rules play <game>`: a game in the terminal, you at seat 0 against random bots.

import {
  applyMove,
  createMatch,
  eventsFor,
  GameFault,
  describeFault,
  legalMoves,
  MatchError,
  resultOf,
  seatPlan,
  Rng,
  viewFor,
  whoMayAct,
  type Activity,
  type Game,
  type Match,
  type MatchOptions,
  type Move,
  type MoveOption,
  type Value,
} from "@rules/runtime/internal";
import { commaList, type CommandSpec } from "./args.js";
import type { BotSpec } from "@rules/runtime/search";
import { parseBotList } from "./bot-specs.js";
import { defaultPlayers, playBot } from "./bots.js";
import { defineCommand, EXIT_OK } from "./command.js";
import { findGameRef, GAME_ARGUMENT, GAME_NOTE, loadGame } from "./game-lookup.js";
import type { Io } from "./io.js";
import { Prompt, PromptInterrupted } from "./prompt.js";
import {
  addressed,
  capitalise,
  describeDecision,
  describeEvents,
  describeMove,
  describeResult,
  joinList,
  tableOf,
  tableText,
  type Reader,
  type TableParameter,
} from "@rules/runtime/present";
import { RulesWatch, type Reload } from "./rules-watch.js";
import { playWeb, refuseWebOptions } from "./play-web-command.js";

const YOU = 0;

const spec = {
  name: "play",
  summary: "play a game in the terminal against bots (random unless --bots; you are seat 0)",
  positionals: [{ name: "game", description: GAME_ARGUMENT }],
  options: [
    {
      name: "players",
      kind: "int",
      min: 1,
      description: "players at the table, you included (default 4, or the nearest count the game allows)",
    },
    {
      name: "seed",
      kind: "int",
      placeholder: "S",
      description: "seed of the shuffle and the bots (default: from the clock; printed so a game can be replayed)",
    },
    { name: "variant", kind: "string", placeholder: "V", description: "variants to play, comma-separated" },
    {
      name: "bots",
      kind: "string",
      placeholder: "B,…",
      description: "your opponents: one bot for all (mcts:1000, mcts:300ms, random) or one per opponent, comma-separated",
    },
    { name: "web", kind: "flag", description: "play on the web table in your browser instead (served here; rules reloaded on save)" },
    { name: "port", kind: "int", min: 0, max: 65535, placeholder: "P", description: "with --web: the port to serve on (default 8123; 0: any free one)" },
    { name: "bot-delay", kind: "int", min: 0, placeholder: "MS", description: "with --web: milliseconds between bot moves (default 600)" },
    {
      name: "watch",
      kind: "flag",
      description: "when the rules are saved, go on with the new rules (the moves so far replayed if all still legal)",
    },
  ],
  notes: [
    "At each of your decisions you see your view of the table and your numbered moves. Type a move's number " +
      "(or its name), then each parameter it asks for; an empty answer to a parameter goes back to the moves. " +
      "Type 'quit' to leave. Answers may also come from a pipe, one per line.",
    "With --watch, each save of the rules files compiles them again. When every move made so far is still legal " +
      "under the new rules, they are replayed and the game goes on from there; otherwise a new match starts " +
      "(same seed). Saved rules that do not compile print their diagnostics, and the previous rules stay in play. " +
      "At the end of a game, saving replays it with the new rules; 'quit' or the end of input stops.",
    GAME_NOTE,
  ],
} as const satisfies CommandSpec;

export const playCommand = defineCommand(spec, async (args, io) => {
  if (args.options.web) return playWeb(args, io);
  refuseWebOptions(args.options);
  const ref = await findGameRef(args.positionals[0]!, io.cwd, spec.name);
  const game = await loadGame(ref, io);
  const players = args.options.players ?? defaultPlayers(game);
  const opponents = args.options.bots === undefined ? [] : opponentBots(args.options.bots, game, players);
  const watch = args.options.watch ? new RulesWatch(args.positionals[0]!, ref, io, spec.name) : undefined;
  try {
    return await playInTerminal(
      game,
      { players, variants: commaList(args.options.variant), seed: args.options.seed ?? clockSeed() },
      io,
      watch,
      opponents,
    );
  } finally {
    watch?.close();
  }
});

/** The bots of `--bots` by seat (yours, seat 0, has none): one spec for every opponent, or one each. */
function opponentBots(text: string, game: Game, players: number): (BotSpec | undefined)[] {
  const parts = text.split(",").filter((part) => part.trim() !== "");
  const list = parts.length === 1 && players > 2 ? new Array<string>(players - 1).fill(parts[0]!).join(",") : text;
  return [undefined, ...parseBotList(list, game, players - 1, "play")];
}

/** A seed for a game nobody asked to replay; printed at the start so it can be. */
export function clockSeed(): number {
  return Date.now() % 1_000_000;
}

/** The player left: typed `quit`, or the input ended. */
const LEFT = Symbol("left");
/** The player typed `quit` while asked a parameter (said apart from the input ending). */
const QUIT = Symbol("quit");
/** In a race, the player lets the others go first. */
const WAIT = Symbol("wait");
/** An empty answer to a parameter: back to the list of moves. */
const BACK = Symbol("back");

/** Plays one game; returns the exit status. With `watch`, goes on with the rules each time they are saved. */
export async function playInTerminal(
  game: Game,
  options: MatchOptions,
  terminal: Io,
  watch?: { next(): Promise<Reload> },
  opponents: readonly (BotSpec | undefined)[] = [],
): Promise<number> {
  let match = createMatch(game, options);
  const plan = seatPlan(game.meta, options.players);
  const io = terminal;
  // The bots' own generator, derived from the seed so that a replayed seed replays their moves too.
  let bots = new Rng(options.seed).fork();
  const prompt = new Prompt(io);
  prompt.interruptOn(watch?.next());
  const botLabels = plan.list.flatMap((seat) => (seat.bot ? [seat.bot.label] : []));
  const played = botLabels.length ? ` (and ${joinList(botLabels)}, played by the rules)` : "";
  io.print(`${game.title}: ${options.players} players${played}, you are seat ${YOU}, seed ${options.seed}`);
  if (watch) io.print("Watching the rules: save them and the game goes on with the new rules.");
  // What happened before the first decision: the first phase, the first cards dealt.
  for (const line of describeEvents(game, eventsFor(match, YOU), readerOf(match))) io.print(line);
  try {
    for (;;) {
      try {
        if (whoMayAct(match).kind === "over") {
          printResult(match, io);
          if (!watch || (await waitAtTheEnd(prompt, io)) === LEFT) return EXIT_OK;
          continue;
        }
        const decided = await nextMove(match, prompt, bots, io, opponents);
        if (decided === LEFT) return EXIT_OK;
        match = decided;
      } catch (error) {
        if (!(error instanceof PromptInterrupted)) throw error;
        const restarted = restart(error.value as Reload, match, io);
        if (restarted !== match && restarted.log.length === 0) bots = new Rng(options.seed).fork();
        match = restarted;
        prompt.interruptOn(watch!.next());
      }
    }
  } finally {
    prompt.close();
  }
}

/** Your move, or the bots' next one. */
async function nextMove(match: Match, prompt: Prompt, bots: Rng, io: Io, opponents: readonly (BotSpec | undefined)[]): Promise<Match | typeof LEFT> {
  const { game } = match;
  const activity = whoMayAct(match);
  const others = activity.players.filter((seat) => seat !== YOU);
  if (activity.players.includes(YOU)) {
    const decided = await decide(match, activity, activity.kind === "race" && others.length > 0, prompt, io);
    if (decided !== WAIT) return decided;
  }
  const bot = playBot(match, others, bots, opponents);
  // A secret choice is told without its content; what it led to is told as you may see it.
  const events = eventsFor(bot.match, YOU);
  // A pause's `continue` is no secret.
  const secret = activity.kind === "simultaneous" && activity.pause !== true;
  for (const line of describeDecision(game, bot, events, readerOf(bot.match), secret)) io.print(line);
  return bot.match;
}

function printResult(match: Match, io: Io): void {
  io.print("");
  io.print("Game over.");
  for (const line of describeResult(match.game, resultOf(match)!, readerOf(match))) io.print(line);
}

/** You at seat 0, the match's other people by number, its bots by their labels; what you see now names board spaces. */
function readerOf(match: Match): Reader {
  return { seat: YOU, humans: match.options.players, view: viewFor(match, YOU) };
}

/** After the end, while watching: a save replays the game (an interrupt); 'quit' or the end of input stops. */
async function waitAtTheEnd(prompt: Prompt, io: Io): Promise<typeof LEFT> {
  io.print("Save the rules to replay this game with them, or type 'quit'.");
  for (;;) {
    const answer = await prompt.ask("> ");
    if (answer === null || answer === "quit") return left(answer, io);
    io.print("The game is over: save the rules to replay it, or type 'quit'.");
  }
}

/**
 * The match under saved rules: the moves so far replayed when all are still legal (from the same
 * seed), else a new match; the current one when the new rules cannot start this match at all.
 */
export function restart({ game, changed }: Reload, current: Match, io: Io): Match {
  const say = (what: string): void => {
    io.print("");
    io.print(`── ${changed} saved: ${what} ──`);
  };
  let match: Match;
  try {
    match = createMatch(game, current.options);
  } catch (error) {
    if (!(error instanceof MatchError || error instanceof GameFault)) throw error;
    say(`the new rules cannot start this match (${error.message}); still playing the previous rules`);
    return current;
  }
  const fresh = match;
  // The old match is replayed alongside, to name a refused move's cards as its options showed them.
  let before = createMatch(current.game, current.options);
  for (const [i, { seat, move }] of current.log.entries()) {
    const option = legalMoves(before, seat).find((o) => o.type === move.type);
    const step = `move ${i + 1} (${describeMove(current.game, move, readerOf(current), option, seat)})`;
    const next = applyMove(before, seat, move);
    if (next.ok) before = next.match;
    let outcome;
    try {
      outcome = applyMove(match, seat, move);
    } catch (error) {
      if (!(error instanceof GameFault)) throw error;
      say(`the new rules broke at ${step}: ${describeFault(error)}; a new match starts`);
      return fresh;
    }
    if (!outcome.ok) {
      say(`${step} is not legal any more (${outcome.error.reason}); a new match starts`);
      return fresh;
    }
    match = outcome.match;
  }
  const count = current.log.length;
  say(count === 0 ? "a new match with the new rules" : `the ${count === 1 ? "move" : `${count} moves`} so far replayed with the new rules`);
  return match;
}

/** Your decision: the view, the moves, and questions until a move is accepted. */
async function decide(
  match: Match,
  activity: Activity,
  mayWait: boolean,
  prompt: Prompt,
  io: Io,
): Promise<Match | typeof LEFT | typeof WAIT> {
  const { game } = match;
  const reader = readerOf(match);
  const options = legalMoves(match, YOU);
  if (options.length === 0)
    throw new GameFault("fault/no-legal-move", "it is your decision but you have no legal move");
  // The table, then your moves, as the present entry lays them out; each option's parameters come
  // with their choices labelled, which the questions below offer.
  const table = tableOf(game, viewFor(match, YOU), reader, activity, options);
  io.print("");
  io.print(`── ${capitalise(table.turn!)} ──`);
  for (const line of tableText(table)) io.print(line);
  if (mayWait) io.print("  0) wait: let the others go first");
  for (;;) {
    const answer = await prompt.ask(`Your move [${mayWait ? 0 : 1}-${options.length}]: `);
    if (answer === null || answer === "quit") return left(answer, io);
    if (mayWait && answer === "0") return WAIT;
    const at = pickOption(options, answer);
    if (at < 0) {
      io.print(`'${answer}' is not one of your moves: type a number from 1 to ${options.length}, or a move's name.`);
      continue;
    }
    const option = options[at]!;
    const parameters = table.decision!.options[at]!.parameters;
    for (;;) {
      const move = await askParameters(option, parameters, prompt, io);
      if (move === LEFT || move === QUIT) return left(move === QUIT ? "quit" : null, io);
      if (move === BACK) break;
      // The game's own check says why a move is refused; the player then tries again.
      const outcome = applyMove(match, YOU, move);
      if (outcome.ok) {
        const events = eventsFor(outcome.match, YOU);
        for (const line of describeDecision(game, { seat: YOU, move, option }, events, readerOf(outcome.match))) io.print(line);
        return outcome.match;
      }
      io.print(`Not allowed: ${addressed(game, outcome.error.reason, reader)}`);
      // Asking the same questions again only helps when there was a choice to make.
      if (!parameters.some(isChoice)) break;
    }
  }
}

function left(answer: string | null, io: Io): typeof LEFT {
  io.print(answer === null ? "Input ended: leaving the game." : "You left the game.");
  return LEFT;
}

/** The option's place by number in the list, or by the move's name; -1 for neither. */
function pickOption(options: readonly MoveOption[], answer: string): number {
  if (/^\d+$/.test(answer)) {
    const at = Number(answer) - 1;
    return at >= 0 && at < options.length ? at : -1;
  }
  const name = answer.toLowerCase().replace(/\s+/g, "_");
  return options.findIndex((o) => o.type.toLowerCase() === name);
}

/** Asks each parameter of the option in turn. */
async function askParameters(
  option: MoveOption,
  parameters: readonly TableParameter[],
  prompt: Prompt,
  io: Io,
): Promise<Move | typeof LEFT | typeof QUIT | typeof BACK> {
  const move: Record<string, Value> = { type: option.type };
  for (const parameter of parameters) {
    const value = await askParameter(parameter, prompt, io);
    if (value === LEFT || value === QUIT || value === BACK) return value;
    move[parameter.name] = value;
  }
  return move as Move;
}

/** A parameter the player is asked for: one with more than one possible value. */
function isChoice(parameter: TableParameter): boolean {
  return parameter.kind === "range" ? parameter.max! > parameter.min! : parameter.choices!.length > 1;
}

async function askParameter(parameter: TableParameter, prompt: Prompt, io: Io): Promise<Value | typeof LEFT | typeof QUIT | typeof BACK> {
  const name = parameter.label;
  if (parameter.kind === "range") {
    const [min, max] = [parameter.min!, parameter.max!];
    if (min === max) return min;
    for (;;) {
      const answer = await prompt.ask(`  ${name} [${min}..${max}] (empty: back): `);
      if (answer === null || answer === "quit") return answer === null ? LEFT : QUIT;
      if (answer === "") return BACK;
      // Only the form is checked here: the game's check judges the number, and says why.
      if (/^-?\d+$/.test(answer)) return Number(answer);
      io.print(`'${answer}' is not a whole number.`);
    }
  }
  // The choices as the table model lists them: cards in their zone's order, labelled by name.
  const choices = parameter.choices!;
  if (parameter.kind === "cards") return askCardSet(parameter, prompt, io);
  if (choices.length === 1) return choices[0]!.value;
  io.print(parameter.kind === "card" ? `  ${name}, from ${parameter.zone}:` : `  ${name}:`);
  choices.forEach((choice, i) => io.print(`    ${i + 1}) ${choice.label}`));
  for (;;) {
    const answer = await prompt.ask(`  ${name} [1-${choices.length}] (empty: back): `);
    if (answer === null || answer === "quit") return answer === null ? LEFT : QUIT;
    if (answer === "") return BACK;
    // By number in the list, or by name ("Property 17").
    const index = /^\d+$/.test(answer)
      ? Number(answer) - 1
      : choices.findIndex((c) => c.label.toLowerCase() === answer.toLowerCase());
    if (index >= 0 && index < choices.length) return choices[index]!.value;
    io.print(`'${answer}' is not in the list: type a number from 1 to ${choices.length}.`);
  }
}

/** A set of cards (a trade): the cards numbered, answered as numbers separated by spaces or commas. */
async function askCardSet(parameter: TableParameter, prompt: Prompt, io: Io): Promise<Value | typeof LEFT | typeof QUIT | typeof BACK> {
  const name = parameter.label;
  const cards = parameter.choices!;
  const none = parameter.none !== false;
  io.print(`  ${name}, ${none ? "any cards" : "one or more"} from ${parameter.zone}${none ? ", or none" : ""}:`);
  cards.forEach((card, i) => io.print(`    ${i + 1}) ${card.label}`));
  for (;;) {
    const answer = await prompt.ask(`  ${name} [numbers, e.g. 1 3${none ? "; 'none' for no card" : ""}] (empty: back): `);
    if (answer === null || answer === "quit") return answer === null ? LEFT : QUIT;
    if (answer === "") return BACK;
    // An empty answer goes back, so the empty set is said in words.
    if (answer === "none" && none) return [] as unknown as Value;
    const picks = answer.split(/[\s,]+/).filter(Boolean).map(Number);
    if (picks.every((n) => Number.isInteger(n) && n >= 1 && n <= cards.length)) {
      return picks.map((n) => cards[n - 1]!.value) as unknown as Value;
    }
    io.print(`'${answer}': give numbers from 1 to ${cards.length}, separated by spaces.`);
  }
}
