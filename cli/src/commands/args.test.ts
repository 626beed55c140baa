import { describe, expect, it } from "vitest";
import { editDistance } from "@rules/compiler/language";
import { commaList, formatHelp, parseArgs, UsageError, wrap, type CommandSpec } from "./args.js";

const simulate = {
  name: "simulate",
  summary: "play many games",
  positionals: [{ name: "game", description: "the game's id" }],
  options: [
    { name: "players", kind: "int", min: 1, required: true, description: "players per game" },
    { name: "seed", kind: "int", placeholder: "S", description: "seed of the run" },
    { name: "seconds", kind: "number", min: 0, description: "how long" },
    { name: "variant", kind: "string", placeholder: "V", description: "variants" },
    { name: "json", kind: "flag", description: "print JSON" },
  ],
  notes: ["Ties count 1/k."],
} as const satisfies CommandSpec;

const serve = {
  name: "serve",
  summary: "host games",
  positionals: [],
  options: [{ name: "port", kind: "int", min: 0, max: 65535, description: "the port" }],
} as const satisfies CommandSpec;

const test = {
  name: "test",
  summary: "run scenarios",
  positionals: [{ name: "file", description: "scenario files", variadic: true }],
  options: [{ name: "reporter", kind: "string", choices: ["text", "junit"], description: "the report's format" }],
} as const satisfies CommandSpec;

function usageError(spec: CommandSpec, argv: string[]): string {
  try {
    parseArgs(spec, argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).command).toBe(spec.name);
    return (error as Error).message;
  }
  throw new Error(`expected ${argv.join(" ")} to be refused`);
}

describe("parseArgs", () => {
  it("reads positionals, options with separate or attached values, and flags", () => {
    const args = parseArgs(simulate, ["for-sale", "--players", "4", "--seed=-3", "--json", "--variant", "short"]);
    expect(args).toEqual({
      positionals: ["for-sale"],
      options: { players: 4, seed: -3, json: true, variant: "short" },
      help: false,
    });
  });

  it("takes a negative number as an option's value", () => {
    expect(parseArgs(simulate, ["g", "--players", "2", "--seed", "-7"]).options.seed).toBe(-7);
  });

  it("reads decimals for number options only", () => {
    expect(parseArgs(simulate, ["g", "--players", "2", "--seconds", "0.5"]).options.seconds).toBe(0.5);
    expect(usageError(simulate, ["g", "--players", "2.5"])).toBe("--players must be a whole number, not '2.5'");
    expect(usageError(simulate, ["g", "--players", "2", "--seconds", "soon"])).toBe(
      "--seconds must be a number, not 'soon'",
    );
  });

  it("answers --help or -h without checking anything else", () => {
    expect(parseArgs(simulate, ["--help"]).help).toBe(true);
    expect(parseArgs(simulate, ["--bogus", "-h"]).help).toBe(true);
  });

  it("refuses unknown options, suggesting a near name", () => {
    expect(usageError(simulate, ["g", "--player", "4"])).toBe("unknown option --player (did you mean --players?)");
    expect(usageError(simulate, ["g", "--colour"])).toBe("unknown option --colour");
    expect(usageError(simulate, ["g", "-p", "4"])).toBe("unknown option -p");
  });

  it("refuses bad values", () => {
    expect(usageError(simulate, ["g", "--players", "four"])).toBe("--players must be a whole number, not 'four'");
    expect(usageError(simulate, ["g", "--players", "0"])).toBe("--players must be at least 1, not 0");
    expect(usageError(serve, ["--port", "65536"])).toBe("--port must be at most 65535, not 65536");
    expect(parseArgs(serve, ["--port", "65535"]).options.port).toBe(65535);
    expect(usageError(simulate, ["g", "--players"])).toBe("--players needs a value (N)");
    expect(usageError(simulate, ["g", "--players", "--json"])).toBe("--players needs a value (N)");
    expect(usageError(simulate, ["g", "--players", "3", "--json=yes"])).toBe("--json takes no value");
    expect(usageError(simulate, ["g", "--players", "3", "--players", "4"])).toBe("--players is given twice");
  });

  it("requires required options and the declared positionals, no more", () => {
    expect(usageError(simulate, ["g"])).toBe("--players is required (players per game)");
    expect(usageError(simulate, ["--players", "4"])).toBe("missing <game>");
    expect(usageError(simulate, ["g", "h", "--players", "4"])).toBe("unexpected argument 'h'");
  });

  it("gives a variadic positional every remaining argument, and treats all after -- as positionals", () => {
    expect(parseArgs(test, ["a.scenario", "b.scenario"]).positionals).toEqual(["a.scenario", "b.scenario"]);
    expect(parseArgs(test, ["--", "--odd-name.scenario"]).positionals).toEqual(["--odd-name.scenario"]);
    expect(usageError(test, [])).toBe("missing <file>");
  });
});

describe("options with choices", () => {
  it("take one of their values, typed as such, and refuse any other, naming the choices", () => {
    const reporter: "text" | "junit" | undefined = parseArgs(test, ["a", "--reporter", "junit"]).options.reporter;
    expect(reporter).toBe("junit");
    expect(usageError(test, ["a", "--reporter", "xml"])).toBe("--reporter must be one of text, junit, not 'xml'");
  });

  it("show their choices in help", () => {
    expect(formatHelp(test)).toContain("  --reporter text|junit  the report's format");
  });
});

describe("formatHelp", () => {
  it("shows the usage with required options, one aligned row per argument, and the notes", () => {
    expect(formatHelp(simulate).split("\n")).toEqual([
      "Usage: rules simulate <game> --players N [options]",
      "",
      "play many games",
      "",
      "  <game>       the game's id",
      "  --players N  players per game",
      "  --seed S     seed of the run",
      "  --seconds N  how long",
      "  --variant V  variants",
      "  --json       print JSON",
      "  --help, -h   show this help",
      "",
      "Ties count 1/k.",
    ]);
    expect(formatHelp(test).split("\n")[0]).toBe("Usage: rules test <file…> [options]");
  });
});

describe("editDistance", () => {
  it("counts insertions, deletions and substitutions", () => {
    expect(editDistance("players", "players")).toBe(0);
    expect(editDistance("player", "players")).toBe(1);
    expect(editDistance("seed", "sed")).toBe(1);
    expect(editDistance("json", "jsno")).toBe(2);
    expect(editDistance("", "abc")).toBe(3);
  });
});

describe("wrap", () => {
  it("breaks between words so that no line is longer than the width", () => {
    expect(wrap("one two three four", 9)).toEqual(["one two", "three", "four"]);
    expect(wrap("  spaced   out  ", 80)).toEqual(["spaced out"]);
    expect(wrap("unbreakable-word", 5)).toEqual(["unbreakable-word"]);
  });
});

describe("commaList", () => {
  it("splits comma-separated names, ignoring spaces and empty items", () => {
    expect(commaList(undefined)).toEqual([]);
    expect(commaList("short, two-player,")).toEqual(["short", "two-player"]);
  });
});
