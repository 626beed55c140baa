// `rules lsp --stdio`: the language server (@rules/language-server), speaking JSON-RPC on stdin and stdout
// to an editor. It runs until the editor asks it to exit.
import type { CommandSpec } from "./args.js";
import { defineCommand, EXIT_OK } from "./command.js";

const spec = {
  name: "lsp",
  summary: "run the language server for editors (diagnostics, hover, definitions, completion, formatting)",
  positionals: [],
  options: [{ name: "stdio", kind: "flag", description: "talk to the editor over stdin and stdout (the only transport)" }],
  notes: ["Editors start it themselves: the VS Code extension in editors/vscode does. See docs/tooling.md."],
} as const satisfies CommandSpec;

export const lspCommand = defineCommand(spec, async () => {
  // The server runs in a worker under a supervisor, which restarts it rather than ever leave the editor without one.
  const { startSupervisor } = await import("@rules/language-server");
  startSupervisor(process.stdin, process.stdout);
  return EXIT_OK;
});
