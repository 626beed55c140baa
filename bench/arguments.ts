// What the bench commands share in reading their arguments: a refusal that prints the reason and the
// command's usage and exits 2, the options parsed (malformed ones refused, `--help` answered), and a
// number option checked against a rule.

import { parseArgs, type ParseArgsConfig } from "node:util";

export type Refusal = (message: string) => never;

/** The command's refusal: the reason, then its usage, on stderr; exit status 2. */
export function refusal(usage: string): Refusal {
  return (message) => {
    console.error(`${message}\n${usage}`);
    process.exit(2);
  };
}

/** A reader of number options: `--name text` as a number meeting `valid`, or the refusal
 *  "--name text is not valid". */
export function numberReader(refuse: Refusal): (name: string, text: string, valid: (x: number) => boolean) => number {
  return (name, text, valid) => {
    const x = Number(text);
    if (text.trim() === "" || !valid(x)) refuse(`--${name} ${text} is not valid`);
    return x;
  };
}

/** The rules the commands' number options meet. */
export const SECONDS = (x: number): boolean => x > 0 && Number.isFinite(x);
export const COUNT = (x: number): boolean => Number.isInteger(x) && x >= 0;
export const ROUNDS = (x: number): boolean => Number.isInteger(x) && x >= 1;
export const SEED = (x: number): boolean => Number.isSafeInteger(x);

type Options = NonNullable<ParseArgsConfig["options"]>;

/** `--warm-up S`, for the commands that measure engines in processes of their own. */
export const WARM_UP_OPTION = { "warm-up": { type: "string" } } as const;

/** The line of a command's usage that tells what `--warm-up` does. */
export const WARM_UP_USAGE = "  --warm-up   seconds of CPU time each process plays untimed before it is measured (default: twice --seconds, at most 2)";

/** `--warm-up`'s seconds, or null when it is not given (each process then warms up as
 *  engines.ts's defaultWarmUp says). */
export function warmUpSetting(text: string | undefined, refuse: Refusal): number | null {
  return text === undefined ? null : numberReader(refuse)("warm-up", text, (x) => x >= 0 && Number.isFinite(x));
}

/** `--baseline DIR` and `--engine KIND`, for the commands that weigh one build's engine against another's. */
export const BASELINE_OPTIONS = {
  baseline: { type: "string" },
  engine: { type: "string", default: "generated" },
} as const;

/** The options every command that measures the cases takes: which cases, JSON, and help. */
export const CASE_OPTIONS = {
  only: { type: "string" },
  json: { type: "boolean", default: false },
  help: { type: "boolean", default: false },
} as const;

/** `--only` (a comma-separated list of cases, or all) and `--json`, as the settings keep them. */
export function caseSettings(values: { readonly only?: string; readonly json: boolean }): { only: readonly string[] | null; json: boolean } {
  return { only: values.only === undefined ? null : values.only.split(",").map((s) => s.trim()), json: values.json };
}

/** The values `parseArgs` gives for `options`. */
type Parsed<O extends Options> = ReturnType<typeof parseArgs<{ args: string[]; options: O; strict: true }>>["values"];

/** The options given, parsed by `options`: an unknown or malformed one refused, `--help` answered
 *  with the usage (exit 0). `options` declares `help` as a boolean. */
export function parsedOptions<O extends Options>(argv: string[], options: O, usage: string, refuse: Refusal): Parsed<O> {
  let values: Parsed<O>;
  try {
    values = parseArgs({ args: argv, options, strict: true }).values;
  } catch (error) {
    refuse(error instanceof Error ? error.message : String(error));
  }
  if ((values as { help?: unknown }).help === true) {
    console.log(usage);
    process.exit(0);
  }
  return values;
}
