// The games this process hosts, by id. Colyseus keeps one matchmaker per process, so the registry is
// per process too; a room reads its game from here by the id its room type was defined with.

import type { AnyGame } from "@rules/runtime";
import type { SettingsOverride } from "./settings.js";

export interface RegisteredGame {
  readonly id: string;
  readonly game: AnyGame;
  readonly settings: SettingsOverride | undefined;
}

const games = new Map<string, RegisteredGame>();

const GAME_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

export function addGame(id: string, game: AnyGame, settings?: SettingsOverride): RegisteredGame {
  if (!GAME_ID.test(id)) throw new Error(`a game id is lowercase letters, digits and dashes (at most 64): ${JSON.stringify(id)}`);
  if (games.has(id)) throw new Error(`the game "${id}" is already registered`);
  if (typeof game?.setup !== "function" || typeof game.apply !== "function") throw new Error(`"${id}" is not a compiled game`);
  const entry: RegisteredGame = { id, game, settings };
  games.set(id, entry);
  return entry;
}

export function findGame(id: string): RegisteredGame | undefined {
  return games.get(id);
}

export function gameIds(): string[] {
  return [...games.keys()];
}
