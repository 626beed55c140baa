// Reading what clients send before anything trusts it: create options, join options, move messages.
// Each is plain JSON of a known shape or refused with a reason; nothing is read twice.

import type { AnyGame } from "@rules/runtime";
import type { JoinOptions, MoveMessage, ServerRefusal } from "@rules/runtime/protocol";

function plain(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

const MAX_TOKEN = 64;

export function readJoinOptions(input: unknown): JoinOptions {
  if (input === undefined || input === null) return {};
  if (!plain(input)) throw new Error("join options must be an object");
  const token = input["token"];
  const spectate = input["spectate"];
  const since = input["since"];
  if (token !== undefined && (typeof token !== "string" || token.length === 0 || token.length > MAX_TOKEN)) throw new Error("a token is a string");
  if (spectate !== undefined && typeof spectate !== "boolean") throw new Error("spectate is true or false");
  if (since !== undefined && (typeof since !== "number" || !Number.isSafeInteger(since) || since < 0)) throw new Error("since is a move count");
  return { ...(token !== undefined ? { token } : {}), ...(spectate !== undefined ? { spectate } : {}), ...(since !== undefined ? { since } : {}) };
}

export function readCreateOptions(
  game: AnyGame,
  input: Record<string, unknown>,
  byHost: boolean,
): { players: number; variants: string[]; turnSeconds: unknown; open: boolean } {
  const players = input["players"];
  if (typeof players !== "number" || !Number.isSafeInteger(players) || players < game.minPlayers || players > game.maxPlayers) {
    throw new Error(`players must be ${game.minPlayers} to ${game.maxPlayers}`);
  }
  const variantsInput = input["variants"] ?? [];
  if (!Array.isArray(variantsInput) || variantsInput.length > game.variants.length || !variantsInput.every((v) => typeof v === "string")) {
    throw new Error(`variants must be a list of: ${game.variants.map((v) => v.name).join(", ") || "(none)"}`);
  }
  const variants = variantsInput as string[];
  for (const name of variants) {
    if (!game.variants.some((v) => v.name === name)) throw new Error(`this game has no variant "${name.slice(0, 40)}"`);
  }
  // Only the host (in this process) creates closed matches; a client's "open" is ignored.
  const open = byHost ? input["open"] !== false : true;
  return { players, variants, turnSeconds: input["turnSeconds"], open };
}

export function readMoveMessage(input: unknown): { ok: true; message: MoveMessage } | { ok: false; error: ServerRefusal } {
  if (!plain(input)) return { ok: false, error: { code: "server/malformed", reason: "a move message is { id, move }" } };
  const keys = Object.keys(input);
  if (keys.length !== 2 || !("id" in input) || !("move" in input)) return { ok: false, error: { code: "server/malformed", reason: "a move message is { id, move }" } };
  const id = input["id"];
  if (typeof id !== "number" || !Number.isSafeInteger(id)) return { ok: false, error: { code: "server/malformed", reason: "a move message's id is a whole number" } };
  return { ok: true, message: { id, move: input["move"] } };
}
