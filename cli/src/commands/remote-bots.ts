// `rules bots --server URL[,URL2…] --game G --players N --matches M`: bot clients that play whole
// matches over the network, one connection per seat spread over the servers given; prints completed
// matches, errors and move latency (the load test of `rules serve`).

import { defineCommand, EXIT_OK, EXIT_PROBLEMS } from "./command.js";
import { UsageError, type CommandSpec } from "./args.js";
import { findGameRef, loadGame } from "./game-lookup.js";
import { importOptional } from "../optional-dependency.js";
import { validateOptions } from "@rules/runtime/internal";

const spec = {
  name: "bots",
  summary: "play whole matches on `rules serve` servers with bot clients, and time the moves",
  positionals: [],
  options: [
    { name: "server", kind: "string", required: true, placeholder: "URL[,URL…]", description: "the servers (ws://host:port); the seats of a match are spread over them" },
    { name: "game", kind: "string", required: true, placeholder: "G", description: "the game's id, as the server hosts it" },
    { name: "players", kind: "int", min: 1, required: true, placeholder: "N", description: "seats per match, each its own connection" },
    { name: "matches", kind: "int", min: 1, required: true, placeholder: "M", description: "how many matches to play" },
    { name: "concurrency", kind: "int", min: 1, placeholder: "C", description: "matches played at once (default: all of them)" },
    { name: "max-moves", kind: "int", min: 1, placeholder: "K", description: "a bot leaves a match after this many of its moves (default 5000): counted as an error" },
    { name: "ramp-s", kind: "number", min: 0, placeholder: "S", description: "start the first C matches spread over this many seconds, as players arrive (default 0)" },
    { name: "think-ms", kind: "int", min: 0, placeholder: "MS", description: "each bot waits this long before each move, as a person would (default 0)" },
    { name: "variants", kind: "string", placeholder: "A,B", description: "the game's variants, comma-separated" },
    { name: "json", kind: "flag", description: "print one JSON line: completed, errors, moves, p50Ms, p99Ms, maxRooms, retriedJoins, seconds" },
  ],
  notes: ["Latency is from sending a move to the server's answer, as one client sees it; under load it includes the client's own wait."],
} as const satisfies CommandSpec;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const remoteBotsCommand = defineCommand(spec, async (args, io) => {
  const servers = args.options.server.split(",").map((url) => url.trim()).filter((url) => url.length > 0);
  if (servers.length === 0) throw new UsageError("--server needs at least one URL", spec.name);
  for (const url of servers) {
    if (!/^wss?:$/.test(URL.parse(url)?.protocol ?? ""))
      throw new UsageError(`--server: '${url}' is not a server's address: give one such as ws://127.0.0.1:2567`, spec.name);
  }
  const game = await loadGame(await findGameRef(args.options.game, io.cwd, spec.name), io);
  const { players, matches } = args.options;
  const variants = args.options.variants?.split(",").filter((v) => v.length > 0) ?? [];
  // A player count or variant the game does not have is refused here, as `rules bench` refuses it,
  // before a connection is opened (MatchError: a usage mistake).
  validateOptions(game, { players, variants, seed: 0 });
  const { createMatch, joinMatch, playAsBot } = await importOptional(() => import("@rules/client"), ["@rules/client"], "`rules bots`");
  const concurrency = Math.min(args.options.concurrency ?? matches, matches);
  const maxMoves = args.options["max-moves"] ?? 5_000;
  const latencies: number[] = [];
  let completed = 0;
  let errors = 0;
  let moves = 0;
  let rooms = 0;
  let maxRooms = 0;
  let retried = 0;
  const firstErrors: string[] = [];
  const started = performance.now();

  /** A server busy accepting thousands of connections may drop one: try again a few times, as a person would. */
  const withRetries = async <T>(attempt: () => Promise<T>): Promise<T> => {
    for (let tries = 1; ; tries++) {
      try {
        return await attempt();
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (tries >= 4 || !/hang up|ECONNRESET|ECONNREFUSED|ETIMEDOUT|timed out/i.test(message)) throw error;
        retried++;
        await new Promise((resolve) => setTimeout(resolve, 250 * tries + Math.random() * 250));
      }
    }
  };

  const playOne = async (index: number): Promise<void> => {
    const seatServer = (seat: number): string => servers[(index + seat) % servers.length]!;
    const seats = [];
    try {
      const first = await withRetries(() => createMatch(seatServer(0), game, { players, variants, gameId: args.options.game }, { retries: 3 }));
      seats.push(first);
      rooms++;
      maxRooms = Math.max(maxRooms, rooms);
      for (let seat = 1; seat < players; seat++) seats.push(await withRetries(() => joinMatch(seatServer(seat), game, { roomId: first.roomId }, { retries: 3 })));
      const results = await Promise.all(seats.map((seat) => playAsBot(seat, { maxMoves, thinkMs: args.options["think-ms"] ?? 0 }).done));
      for (const result of results) {
        latencies.push(...result.latenciesMs);
        moves += result.moves;
      }
      if (results.every((result) => result.over)) completed++;
      else throw new Error("a bot left before the end (link closed or move cap reached)");
    } catch (error) {
      errors++;
      if (firstErrors.length < 3) firstErrors.push(error instanceof Error ? error.message : String(error));
    } finally {
      if (seats.length > 0) rooms--;
      for (const seat of seats) seat.close();
    }
  };

  let next = 0;
  const rampMs = (args.options["ramp-s"] ?? 0) * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, lane) => {
      if (rampMs > 0) await new Promise((resolve) => setTimeout(resolve, (lane * rampMs) / concurrency));
      while (next < matches) await playOne(next++);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const summary = {
    completed,
    errors,
    moves,
    p50Ms: Math.round(percentile(latencies, 50) * 100) / 100,
    p99Ms: Math.round(percentile(latencies, 99) * 100) / 100,
    maxRooms,
    retriedJoins: retried,
    seconds: Math.round(seconds * 10) / 10,
  };
  if (args.options.json) io.print(JSON.stringify(summary));
  else {
    io.print(`${completed} of ${matches} matches completed, ${errors} errors, ${moves} moves in ${summary.seconds} s`);
    io.print(`move latency: p50 ${summary.p50Ms} ms, p99 ${summary.p99Ms} ms; at most ${maxRooms} matches at once; ${retried} joins retried`);
  }
  for (const message of firstErrors) io.warn(`rules bots: ${message}`);
  return errors === 0 ? EXIT_OK : EXIT_PROBLEMS;
});
