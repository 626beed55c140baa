import { describe, expect, it } from "vitest";
import { UsageError } from "./args.js";
import { playWeb, refuseWebOptions } from "./play-web-command.js";

const io = { input: process.stdin, write() {}, print() {}, warn() {}, cwd: process.cwd() };

describe("rules play --web options", () => {
  it("refuses --port and --bot-delay without --web, saying to add it", () => {
    expect(() => refuseWebOptions({ port: 8000 })).toThrow(new UsageError("--port is for the web table: add --web", "play"));
    expect(() => refuseWebOptions({ "bot-delay": 0 })).toThrow(/--bot-delay is for the web table/);
    expect(() => refuseWebOptions({ players: 3 })).not.toThrow();
  });

  it("refuses --bots on the web table, where the page's bots play", () => {
    expect(() => playWeb({ positionals: ["for-sale"], options: { bots: "mcts:100" } }, io)).toThrow(UsageError);
  });
});
