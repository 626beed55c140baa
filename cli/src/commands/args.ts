// The CLI's argument parser: a command declares its positionals and options once, and that
// declaration drives both parsing and `--help`, so the two cannot drift apart.

import { editDistance } from "@rules/compiler/language";

export type OptionKind = "flag" | "int" | "number" | "string";

export interface OptionSpec {
  /** Written `--name` on the command line. */
  readonly name: string;
  readonly kind: OptionKind;
  /** Shown in help for options that take a value, e.g. `N`. */
  readonly placeholder?: string;
  readonly description: string;
  /** Smallest accepted value of an `int` or `number` option. */
  readonly min?: number;
  /** Largest accepted value of an `int` or `number` option. */
  readonly max?: number;
  /** The command cannot run without it. */
  readonly required?: boolean;
  /** The values a `string` option accepts; help lists them. */
  readonly choices?: readonly string[];
}

export interface PositionalSpec {
  readonly name: string;
  readonly description: string;
  /** Takes every remaining argument (one or more). */
  readonly variadic?: boolean;
}

export interface CommandSpec {
  readonly name: string;
  /** One line, shown in the command list. */
  readonly summary: string;
  readonly positionals: readonly PositionalSpec[];
  readonly options: readonly OptionSpec[];
  /** Further paragraphs of help. */
  readonly notes?: readonly string[];
}

type OptionValue<O extends OptionSpec> = O extends { choices: readonly (infer C)[] }
  ? C
  : O["kind"] extends "flag"
    ? boolean
    : O["kind"] extends "string"
      ? string
      : number;
type Declared<S extends CommandSpec> = S["options"][number];

/** Parsed options, typed from the spec: present when required, else optional. */
export type Options<S extends CommandSpec> = {
  readonly [O in Declared<S> as O extends { required: true } ? O["name"] : never]: OptionValue<O>;
} & {
  readonly [O in Declared<S> as O extends { required: true } ? never : O["name"]]?: OptionValue<O>;
};

export interface ParsedArgs<S extends CommandSpec = CommandSpec> {
  /** One entry per declared positional; a variadic one gets all the rest. */
  readonly positionals: readonly string[];
  readonly options: Options<S>;
  /** `--help` or `-h` was given: nothing else was checked. */
  readonly help: boolean;
}

/** Bad usage: the CLI prints the message and exits with status 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    /** The command whose `--help` would help, if any. */
    readonly command?: string,
  ) {
    super(message);
    this.name = "UsageError";
  }
}

export function parseArgs<S extends CommandSpec>(spec: S, argv: readonly string[]): ParsedArgs<S> {
  if (argv.includes("--help") || argv.includes("-h")) {
    return { positionals: [], options: {} as Options<S>, help: true };
  }
  const fail = (message: string): never => {
    throw new UsageError(message, spec.name);
  };
  const positionals: string[] = [];
  const options: Record<string, string | number | boolean> = {};
  let onlyPositionals = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (onlyPositionals || !arg.startsWith("-") || arg === "-" || isNumber(arg)) {
      positionals.push(arg);
      continue;
    }
    if (arg === "--") {
      onlyPositionals = true;
      continue;
    }
    if (!arg.startsWith("--")) fail(`unknown option ${arg}`);
    const equals = arg.indexOf("=");
    const name = arg.slice(2, equals < 0 ? undefined : equals);
    const option = spec.options.find((o) => o.name === name);
    if (!option) fail(`unknown option --${name}${suggestion(name, spec)}`);
    if (Object.hasOwn(options, name)) fail(`--${name} is given twice`);
    if (option!.kind === "flag") {
      if (equals >= 0) fail(`--${name} takes no value`);
      options[name] = true;
      continue;
    }
    let text: string | undefined;
    if (equals >= 0) text = arg.slice(equals + 1);
    else {
      text = argv[i + 1];
      if (text === undefined || text.startsWith("--")) fail(`--${name} needs a value (${placeholder(option!)})`);
      i++;
    }
    if (option!.choices && !option!.choices.includes(text!))
      fail(`--${name} must be one of ${option!.choices.join(", ")}, not '${text}'`);
    options[name] = option!.kind === "string" ? text! : parseNumber(option!, text!, fail);
  }
  const missing = spec.options.find((o) => o.required && !Object.hasOwn(options, o.name));
  if (missing) fail(`--${missing.name} is required (${missing.description})`);
  return { positionals: checkPositionals(spec, positionals, fail), options: options as Options<S>, help: false };
}

function checkPositionals(spec: CommandSpec, given: string[], fail: (message: string) => never): string[] {
  const declared = spec.positionals;
  const variadic = declared.at(-1)?.variadic === true;
  if (given.length < declared.length) fail(`missing <${declared[given.length]!.name}>`);
  if (!variadic && given.length > declared.length) {
    fail(`unexpected argument '${given[declared.length]}'`);
  }
  return given;
}

function parseNumber(option: OptionSpec, text: string, fail: (message: string) => never): number {
  if (option.kind === "int" && !/^-?\d+$/.test(text)) fail(`--${option.name} must be a whole number, not '${text}'`);
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(text)) fail(`--${option.name} must be a number, not '${text}'`);
  const value = Number(text);
  if (option.kind === "int" && !Number.isSafeInteger(value)) fail(`--${option.name} is too large: ${text}`);
  if (option.min !== undefined && value < option.min)
    fail(`--${option.name} must be at least ${option.min}, not ${value}`);
  if (option.max !== undefined && value > option.max)
    fail(`--${option.name} must be at most ${option.max}, not ${value}`);
  return value;
}

/** A list option's names: `--variant a,b` → ["a", "b"]. */
export function commaList(text: string | undefined): string[] {
  return (text ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter((v) => v !== "");
}

/** A negative number is a value, not an option. */
const isNumber = (arg: string): boolean => /^-(\d+\.?\d*|\.\d+)$/.test(arg);

const placeholder = (option: OptionSpec): string =>
  option.placeholder ?? (option.choices ? option.choices.join("|") : option.kind === "string" ? "VALUE" : "N");

/** " (did you mean --x?)" when the misspelt name is close to a known option. */
function suggestion(name: string, spec: CommandSpec): string {
  const near = spec.options.find((o) => editDistance(o.name, name) <= 2);
  return near ? ` (did you mean --${near.name}?)` : "";
}


/** The text of `rules <command> --help`. */
export function formatHelp(spec: CommandSpec): string {
  const usage = [`rules ${spec.name}`];
  for (const p of spec.positionals) usage.push(p.variadic ? `<${p.name}…>` : `<${p.name}>`);
  for (const o of spec.options) if (o.required) usage.push(`--${o.name} ${placeholder(o)}`);
  if (spec.options.some((o) => !o.required)) usage.push("[options]");
  const lines = [`Usage: ${usage.join(" ")}`, "", spec.summary];
  const rows: [string, string][] = [
    ...spec.positionals.map((p): [string, string] => [`<${p.name}>`, p.description]),
    ...spec.options.map((o): [string, string] => [
      o.kind === "flag" ? `--${o.name}` : `--${o.name} ${placeholder(o)}`,
      o.description,
    ]),
    ["--help, -h", "show this help"],
  ];
  const width = Math.max(...rows.map(([left]) => left.length));
  lines.push("", ...rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`));
  for (const note of spec.notes ?? []) lines.push("", ...wrap(note, HELP_WIDTH));
  return lines.join("\n");
}

const HELP_WIDTH = 100;

/** Breaks text into lines of at most `width` characters, between words. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter((w) => w !== "")) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === "" ? word : `${line} ${word}`;
    }
  }
  if (line !== "") lines.push(line);
  return lines;
}
