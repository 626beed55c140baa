// A bot at a remote seat: it sees only its seat's snapshot and draws a move from its own options,
// as the runtime's random bot does from legal moves (a card set drawn at random may break the
// option's requirements; the server refuses it with a reason and the bot draws again).

import { drawMove } from "@rules/runtime/internal";
import type { AnyGame, Move, MoveOption, SendOutcome } from "@rules/runtime";
import type { RemoteSeat } from "./connection.js";

/** A random move among `options`: an option drawn uniformly, then each parameter from its domain. */
export function randomMoveFrom(options: readonly MoveOption[], random: () => number = Math.random): Move {
  if (options.length === 0) throw new Error("no option to choose from");
  const draw = (n: number): number => Math.min(n - 1, Math.floor(random() * n));
  return drawMove(options[draw(options.length)]!, draw);
}

export interface BotResult {
  readonly moves: number;
  /** Moves the server chose at the bot's request (see `retries`). */
  readonly autoMoves: number;
  readonly refused: number;
  /** Per accepted move: from sending it to the server's answer. */
  readonly latenciesMs: readonly number[];
  /** The game ended (else the link closed or the bot stopped). */
  readonly over: boolean;
}

export interface BotRun {
  /** Resolves when the match is over (or the link closes): the bot's moves, refusals and latencies. */
  readonly done: Promise<BotResult>;
  stop(): void;
}

/**
 * Plays the seat until the game ends: whenever its snapshot offers options, sends a random one. A
 * refused draw is drawn again, up to `retries` times (default 20); then the bot asks the server for
 * its default move. A server refusal (paused, waiting for players) waits for the next snapshot.
 */
export function playAsBot<G extends AnyGame>(
  connection: RemoteSeat<G>,
  options: { random?: () => number; retries?: number; maxMoves?: number; /** Waits this long before each move, as a person would. */ thinkMs?: number } = {},
): BotRun {
  const random = options.random ?? Math.random;
  const retries = options.retries ?? 20;
  const maxMoves = options.maxMoves ?? Number.POSITIVE_INFINITY;
  const latenciesMs: number[] = [];
  let moves = 0;
  let refused = 0;
  let autoMoves = 0;
  let busy = false;
  let stopped = false;
  let finish!: (value: BotResult) => void;
  const done = new Promise<BotResult>((resolve) => (finish = resolve));
  const end = (over: boolean): void => {
    if (stopped) return;
    stopped = true;
    unsubscribe();
    offClose();
    finish({ moves, refused, autoMoves, latenciesMs, over });
  };

  const act = async (): Promise<void> => {
    if (busy || stopped) return;
    const snapshot = connection.current();
    if (snapshot.result !== null) return end(true);
    if (snapshot.options.length === 0) return;
    if (moves >= maxMoves) return end(false);
    busy = true;
    let accepted = false;
    try {
      if ((options.thinkMs ?? 0) > 0) await new Promise((resolve) => setTimeout(resolve, options.thinkMs));
      for (let attempt = 0; attempt <= retries && !stopped && !accepted; attempt++) {
        const now = connection.current();
        if (now.moveCount !== snapshot.moveCount || now.options.length === 0) return;
        const started = performance.now();
        // After `retries` refused draws (a set of cards the rules' requirements refuse), the server's default move.
        const asking = attempt === retries;
        const outcome: SendOutcome = asking ? await connection.autoMove() : await connection.send(randomMoveFrom(now.options, random) as never);
        if (outcome.ok) {
          latenciesMs.push(performance.now() - started);
          moves++;
          if (asking) autoMoves++;
          accepted = true;
          break;
        }
        refused++;
        const code = outcome.error.code;
        if (code === "server/flood") await new Promise((resolve) => setTimeout(resolve, 1000));
        else if (code.startsWith("client/") || code.startsWith("server/")) return;
      }
    } finally {
      busy = false;
      const now = connection.current();
      // A snapshot that came while this one was being answered: act on it. Still to move after every
      // try (the server refused for a while: too many messages): try again a little later.
      if (!stopped && now.moveCount !== snapshot.moveCount) setTimeout(() => void act(), 0);
      else if (!stopped && !accepted && now.options.length > 0 && now.result === null) setTimeout(() => void act(), 250);
    }
  };

  const offSnapshots = connection.subscribe(() => void act());
  const offStatus = connection.onStatus(() => void act()); // a match that waited goes on
  const unsubscribe = (): void => {
    offSnapshots();
    offStatus();
  };
  const offClose = connection.onClose(() => end(connection.current().result !== null));
  void act();
  return { done, stop: () => end(connection.current().result !== null) };
}
