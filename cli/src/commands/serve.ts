// `rules serve <rules folder|file|game> --port P [--redis URL]`: hosts games for remote players
// (@rules/server on Colyseus) until stopped. A folder serves every game in it. See docs/multiplayer.md.

import { defineCommand, EXIT_OK } from "./command.js";
import type { CommandSpec } from "./args.js";
import { findGameRefs, loadGame } from "./game-lookup.js";
import type { Game } from "@rules/runtime/internal";
import { importOptional } from "../optional-dependency.js";

const spec = {
  name: "serve",
  summary: "host games for remote players (Colyseus): seats with tokens, clocks, reconnection",
  positionals: [{ name: "game", description: "a rules folder (every game in it), a .rules file, or a game's id" }],
  options: [
    { name: "port", kind: "int", min: 0, max: 65535, placeholder: "P", description: "the port to listen on (default 2567; 0: any free port)" },
    { name: "host", kind: "string", placeholder: "ADDRESS", description: "the address to listen on (default 127.0.0.1)" },
    { name: "redis", kind: "string", placeholder: "URL", description: "share matchmaking with other `rules serve` processes and keep every match in this Redis" },
    { name: "public-address", kind: "string", placeholder: "HOST:PORT", description: "how clients reach this process, for seats matched through another (default with --redis: ADDRESS:P)" },
    { name: "turn-seconds", kind: "number", min: 0, placeholder: "S", description: "seconds per decision, then a default move (default 0: no clock)" },
    { name: "empty-seat-seconds", kind: "number", min: 0, placeholder: "S", description: "how long a seat may stay empty (default 60)" },
    { name: "empty-seat", kind: "string", choices: ["bot", "pause"], description: "then: the server's bot plays it, or the match waits (default bot)" },
  ],
  notes: [
    "Clients join with @rules/client, or `rules bots --server ws://HOST:P`. Each client receives only its seat's view, " +
      "events, log and legal moves; every move is checked by the runtime. With --redis every accepted move is stored, " +
      "and a process started again restores the matches it held.",
  ],
} as const satisfies CommandSpec;

async function gamesToServe(arg: string, cwd: string, io: Parameters<typeof loadGame>[1]): Promise<Game[]> {
  const games: Game[] = [];
  for (const ref of await findGameRefs(arg, cwd, spec.name)) games.push(await loadGame(ref, io));
  return games;
}

export const serveCommand = defineCommand(spec, async (args, io) => {
  const games = await gamesToServe(args.positionals[0]!, io.cwd, io);
  // Loaded only for this command: the rest of the CLI does not need Colyseus.
  const { createHost } = await importOptional(() => import("@rules/server"), ["@rules/server"], "`rules serve`");
  const { redis } = args.options;
  const address = args.options.host ?? "127.0.0.1";
  const port = args.options.port ?? 2567;
  // With --redis a seat matched through another process connects here: it needs this process's address.
  const publicAddress = args.options["public-address"] ?? (redis !== undefined && port !== 0 ? `${address}:${port}` : undefined);
  const host = await createHost({
    ...(redis !== undefined ? { redis } : {}),
    ...(publicAddress !== undefined ? { publicAddress } : {}),
    settings: {
      ...(args.options["turn-seconds"] !== undefined ? { turnSeconds: args.options["turn-seconds"] } : {}),
      emptySeat: {
        ...(args.options["empty-seat-seconds"] !== undefined ? { seconds: args.options["empty-seat-seconds"] } : {}),
        ...(args.options["empty-seat"] !== undefined ? { then: args.options["empty-seat"] } : {}),
      },
    },
    onError: (error) => io.warn(`rules serve: ${error instanceof Error ? error.message : String(error)}`),
  });
  for (const game of games) host.registerGame(game.id, game);
  let listening: number;
  try {
    listening = await host.listen(port, address);
  } catch (error) {
    // Colyseus's matchmaker and Redis connections are running: closed, so the process ends with the error.
    await host.close();
    throw error;
  }
  io.warn(`rules serve: listening on ws://${address}:${listening} (${games.map((game) => game.id).join(", ")})${redis !== undefined ? `, Redis ${redis}` : ""}`);
  await new Promise((done) => {
    process.once("SIGINT", done);
    process.once("SIGTERM", done);
  });
  const timings = host.moveTimings();
  await host.close();
  io.warn(`rules serve: stopped after ${timings.moves} moves; time per move here: p50 ${timings.p50Ms} ms, p99 ${timings.p99Ms} ms, max ${timings.maxMs} ms; event loop delay p99 ${timings.loopDelayP99Ms} ms, max ${timings.loopDelayMaxMs} ms`);
  return EXIT_OK;
});
