// What every command module exports: its declared arguments and what it does with them.

import type { CommandSpec, ParsedArgs } from "./args.js";
import type { Io } from "./io.js";

/** Exit statuses: 0 done, 1 the work found problems (errors, failures, stale files), 2 bad usage. */
export const EXIT_OK = 0;
export const EXIT_PROBLEMS = 1;
export const EXIT_USAGE = 2;

export interface Command<S extends CommandSpec = CommandSpec> {
  readonly spec: S;
  run(args: ParsedArgs<S>, io: Io): Promise<number>;
}

/** Ties a command's `run` to the option types of its own spec. */
export function defineCommand<const S extends CommandSpec>(
  spec: S,
  run: (args: ParsedArgs<S>, io: Io) => Promise<number>,
): Command {
  return { spec, run: run as Command["run"] };
}
