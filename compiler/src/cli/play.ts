// `rules play <game>`: a game in the terminal, you at seat 0 against random bots.

import {
  applyMove,
  createMatch,
  describeActivity,
  GameFault,
  legalMoves,
  resultOf,
  Rng,
  viewFor,
  whoMayAct,
  type Activity,
  type Game,
  type Match,
  type MatchOptions,
  type Move,
  type MoveOption,
  type ParameterDomain,
  type Value,
} from "@rules/runtime";
import { commaList, type CommandSpec } from "./args.js";
import { defaultPlayers, playBot } from "./bots.js";
import { defineCommand, EXIT_OK } from "./command.js";
import { findGame, loadGames } from "./games.js";
import type { Io } from "./io.js";
import { Prompt } from "./prompt.js";
import { cardName, describeOption, narrateMove, renderResult, renderView, seatName } from "./render.js";

const YOU = 0;

const spec = {
  name: "play",
  summary: "play a game in the terminal against random bots (you are seat 0)",
  positionals: [{ name: "game", description: "the game's id, e.g. for-sale" }],
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
  ],
  notes: [
    "At each of your decisions you see your view of the table and your numbered moves. Type a move's number " +
      "(or its name), then each parameter it asks for; an empty answer to a parameter goes back to the moves. " +
      "Type 'quit' to leave. Answers may also come from a pipe, one per line.",
  ],
} as const satisfies CommandSpec;

export const playCommand = defineCommand(spec, async (args, io) => {
  const game = findGame(await loadGames(), args.positionals[0]!, spec.name);
  return playInTerminal(
    game,
    {
      players: args.options.players ?? defaultPlayers(game),
      variants: commaList(args.options.variant),
      seed: args.options.seed ?? clockSeed(),
    },
    io,
  );
});

/** A seed for a game nobody asked to replay; printed at the start so it can be. */
export function clockSeed(): number {
  return Date.now() % 1_000_000;
}

/** The player left: typed `quit`, or the input ended. */
const LEFT = Symbol("left");
/** In a race, the player lets the others go first. */
const WAIT = Symbol("wait");
/** An empty answer to a parameter: back to the list of moves. */
const BACK = Symbol("back");

/** Plays one game; returns the exit status. */
export async function playInTerminal(game: Game, options: MatchOptions, io: Io): Promise<number> {
  let match = createMatch(game, options);
  // The bots' own generator, derived from the seed so that a replayed seed replays their moves too.
  const bots = new Rng(options.seed).fork();
  const prompt = new Prompt(io);
  io.print(`${game.title}: ${options.players} players, you are seat ${YOU}, seed ${options.seed}`);
  try {
    for (;;) {
      const activity = whoMayAct(match);
      if (activity.kind === "over") break;
      const others = activity.players.filter((seat) => seat !== YOU);
      if (activity.players.includes(YOU)) {
        const decided = await decide(match, activity, activity.kind === "race" && others.length > 0, prompt, io);
        if (decided === LEFT) return EXIT_OK;
        if (decided !== WAIT) {
          match = decided;
          continue;
        }
      }
      const bot = playBot(match, others, bots);
      // A secret choice is narrated without its content; the reveal shows in the next view.
      io.print(
        activity.kind === "simultaneous"
          ? `${seatName(bot.seat)} chooses secretly`
          : narrateMove(game, bot.seat, bot.move, { option: bot.option, viewer: YOU }),
      );
      match = bot.match;
    }
  } finally {
    prompt.close();
  }
  io.print("");
  io.print("Game over.");
  for (const line of renderResult(resultOf(match)!, YOU)) io.print(line);
  return EXIT_OK;
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
  io.print("");
  io.print(`── Your decision: ${describeActivity(activity)} ──`);
  for (const line of renderView(game, viewFor(match, YOU), YOU)) io.print(line);
  const options = legalMoves(match, YOU);
  if (options.length === 0)
    throw new GameFault("fault/no-legal-move", "it is your decision but you have no legal move");
  io.print("Your moves:");
  options.forEach((option, i) => io.print(`  ${i + 1}) ${describeOption(game, option)}`));
  if (mayWait) io.print("  0) wait: let the others go first");
  for (;;) {
    const answer = await prompt.ask(`Your move [${mayWait ? 0 : 1}-${options.length}]: `);
    if (answer === null || answer === "quit") return left(answer, io);
    if (mayWait && answer === "0") return WAIT;
    const option = pickOption(options, answer);
    if (!option) {
      io.print(`'${answer}' is not one of your moves: type a number from 1 to ${options.length}, or a move's name.`);
      continue;
    }
    for (;;) {
      const move = await askParameters(game, option, prompt, io);
      if (move === LEFT) return left(null, io);
      if (move === BACK) break;
      // The game's own check says why a move is refused; the player then tries again.
      const outcome = applyMove(match, YOU, move);
      if (outcome.ok) {
        io.print(narrateMove(game, YOU, move, { option, viewer: YOU }));
        return outcome.match;
      }
      io.print(`Not allowed: ${outcome.error.reason}`);
      // Asking the same questions again only helps when there was a choice to make.
      if (!Object.values(option.parameters).some(isChoice)) break;
    }
  }
}

function left(answer: string | null, io: Io): typeof LEFT {
  io.print(answer === null ? "Input ended: leaving the game." : "You left the game.");
  return LEFT;
}

/** By number in the list, or by the move's name. */
function pickOption(options: readonly MoveOption[], answer: string): MoveOption | undefined {
  if (/^\d+$/.test(answer)) return options[Number(answer) - 1];
  const name = answer.toLowerCase().replace(/\s+/g, "_");
  return options.find((o) => o.type.toLowerCase() === name);
}

/** Asks each parameter of the option in turn. */
async function askParameters(
  game: Game,
  option: MoveOption,
  prompt: Prompt,
  io: Io,
): Promise<Move | typeof LEFT | typeof BACK> {
  const move: Record<string, Value> = { type: option.type };
  for (const [name, domain] of Object.entries(option.parameters)) {
    const value = await askParameter(game, name, domain, prompt, io);
    if (value === LEFT || value === BACK) return value;
    move[name] = value;
  }
  return move as Move;
}

type ListedDomain = Exclude<ParameterDomain, { kind: "range" }>;

/** A parameter the player is asked for: one with more than one possible value. */
function isChoice(domain: ParameterDomain): boolean {
  return domain.kind === "range" ? domain.max > domain.min : listedValues(domain).length > 1;
}

async function askParameter(
  game: Game,
  name: string,
  domain: ParameterDomain,
  prompt: Prompt,
  io: Io,
): Promise<Value | typeof LEFT | typeof BACK> {
  if (domain.kind === "range") {
    if (domain.min === domain.max) return domain.min;
    for (;;) {
      const answer = await prompt.ask(`  ${name} [${domain.min}..${domain.max}] (empty: back): `);
      if (answer === null || answer === "quit") return LEFT;
      if (answer === "") return BACK;
      // Only the form is checked here: the game's check judges the number, and says why.
      if (/^-?\d+$/.test(answer)) return Number(answer);
      io.print(`'${answer}' is not a whole number.`);
    }
  }
  if (domain.kind === "cards") return askCardSet(game, name, domain, prompt, io);
  const values = [...listedValues(domain)];
  if (values.length === 1) return values[0]!;
  // Cards in the order their zone shows them: a pile's in card order, a row's as they lie.
  const zone = domain.kind === "card" ? game.meta.zones.find((z) => z.name === domain.zone) : undefined;
  if (zone && !zone.ordered) values.sort((a, b) => (a as number) - (b as number));
  const labels = values.map((value) => label(game, domain, value));
  io.print(`  ${name}:`);
  labels.forEach((text, i) => io.print(`    ${i + 1}) ${text}`));
  for (;;) {
    const answer = await prompt.ask(`  ${name} [1-${values.length}] (empty: back): `);
    if (answer === null || answer === "quit") return LEFT;
    if (answer === "") return BACK;
    // By number in the list, or by name ("Property 17").
    const index = /^\d+$/.test(answer)
      ? Number(answer) - 1
      : labels.findIndex((l) => l.toLowerCase() === answer.toLowerCase());
    if (index >= 0 && index < values.length) return values[index]!;
    io.print(`'${answer}' is not in the list: type a number from 1 to ${values.length}.`);
  }
}

/** A set of cards (a trade): the cards numbered, answered as numbers separated by spaces or commas. */
async function askCardSet(
  game: Game,
  name: string,
  domain: Extract<ParameterDomain, { kind: "cards" }>,
  prompt: Prompt,
  io: Io,
): Promise<Value | typeof LEFT | typeof BACK> {
  const cards = [...domain.cards].sort((a, b) => a - b);
  io.print(`  ${name} (one or more of ${domain.zone}):`);
  cards.forEach((card, i) => io.print(`    ${i + 1}) ${cardName(game, card)}`));
  for (;;) {
    const answer = await prompt.ask(`  ${name} [numbers, e.g. 1 3] (empty: back): `);
    if (answer === null || answer === "quit") return LEFT;
    if (answer === "") return BACK;
    const picks = answer.split(/[\s,]+/).filter(Boolean).map(Number);
    if (picks.every((n) => Number.isInteger(n) && n >= 1 && n <= cards.length)) {
      return picks.map((n) => cards[n - 1]!) as unknown as Value;
    }
    io.print(`'${answer}': give numbers from 1 to ${cards.length}, separated by spaces.`);
  }
}

/** The values of a parameter asked from a list: every kind but a range, which is asked as a number. */
function listedValues(domain: ListedDomain): readonly Value[] {
  switch (domain.kind) {
    case "card":
    case "cards":
      return domain.cards;
    case "player":
      return domain.players;
    case "choice":
      return domain.values;
  }
}

function label(game: Game, domain: ListedDomain, value: Value): string {
  if (domain.kind === "card") return cardName(game, value as number);
  if (domain.kind === "player") return seatName(value as number, YOU);
  return String(value);
}
