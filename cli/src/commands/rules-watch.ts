// `rules play --watch`: the game again, compiled from its rules each time they are saved.

import { dirname, resolve } from "node:path";
import type { Game } from "@rules/runtime/internal";
import { UsageError } from "./args.js";
import { CompileFailed, findGameRef, loadGame, sourcePaths, type GameRef } from "./game-lookup.js";
import type { Io } from "./io.js";
import { changedNames, watchFolders } from "./watch.js";

export interface Reload {
  readonly game: Game;
  /** The names of the saved files, for the message. */
  readonly changed: string;
}

/**
 * Watches a game's rules files; `next()` resolves with the game compiled from them after a save.
 * Saved rules that do not compile print their diagnostics (on stderr) and are waited past.
 */
export class RulesWatch {
  private folders: string[];
  private watcher: { close(): void };
  private waiting: ((reload: Reload) => void) | undefined;
  private ready: Reload | undefined;
  /** Compiles one after another: a save during a compile compiles again after it. */
  private compiling: Promise<void> = Promise.resolve();

  constructor(
    private readonly arg: string,
    ref: GameRef,
    private readonly io: Io,
    command: string,
  ) {
    if (ref.kind !== "rules") {
      throw new UsageError(`--watch needs rules to watch, and '${arg}' is a built game of @rules/generated`, command);
    }
    this.folders = foldersOf(ref, io.cwd);
    this.watcher = this.watch();
  }

  /** The next game compiled from saved rules (or one already waiting). */
  next(): Promise<Reload> {
    if (this.ready) {
      const reload = this.ready;
      this.ready = undefined;
      return Promise.resolve(reload);
    }
    return new Promise((resolve) => (this.waiting = resolve));
  }

  close(): void {
    this.watcher.close();
  }

  private watch(): { close(): void } {
    return watchFolders(this.folders, (file) => file.endsWith(".rules"), (files) => {
      this.compiling = this.compiling.then(() => this.reload(changedNames(files)));
    });
  }

  private async reload(changed: string): Promise<void> {
    let game: Game;
    try {
      // Looked up again: a saved folder may now hold another set of files.
      const ref = await findGameRef(this.arg, this.io.cwd, "play");
      game = await loadGame(ref, this.io);
      const folders = foldersOf(ref, this.io.cwd);
      if (folders.join("\n") !== this.folders.join("\n")) {
        this.watcher.close();
        this.folders = folders;
        this.watcher = this.watch();
      }
    } catch (error) {
      if (error instanceof CompileFailed) for (const line of error.format(this.io.cwd)) this.io.warn(line);
      else this.io.warn(`rules play: ${error instanceof Error ? error.message : String(error)}`);
      this.io.warn(`${changed}: the saved rules do not compile; still playing the previous ones (fix and save again).`);
      return;
    }
    const reload = { game, changed };
    if (this.waiting) {
      const wake = this.waiting;
      this.waiting = undefined;
      wake(reload);
    } else this.ready = reload;
  }
}

function foldersOf(ref: GameRef, cwd: string): string[] {
  return [...new Set(sourcePaths(ref).map((path) => dirname(resolve(cwd, path))))].sort();
}
