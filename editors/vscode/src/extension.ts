// The VS Code client: starts `rules lsp --stdio` for .rules and .scenario files (diagnostics, hover,
// definitions, references, rename, completion, symbols, formatting). Colours come from the TextMate grammars.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { workspace, type ExtensionContext } from "vscode";
import { LanguageClient, TransportKind, type ServerOptions } from "vscode-languageclient/node";

let client: LanguageClient | undefined;

/** The configured command, else the workspace's own compiler, else `rules` on the PATH. */
function serverCommand(): { command: string; args: string[] } {
  const configured = workspace.getConfiguration("rules").get<string[]>("server.command") ?? [];
  if (configured.length > 0) return { command: configured[0]!, args: [...configured.slice(1), "lsp", "--stdio"] };
  for (const folder of workspace.workspaceFolders ?? []) {
    for (const candidate of [join(folder.uri.fsPath, "compiler", "bin", "rules.js"), join(folder.uri.fsPath, "node_modules", "@rules", "compiler", "bin", "rules.js")]) {
      if (existsSync(candidate)) return { command: "node", args: [candidate, "lsp", "--stdio"] };
    }
  }
  return { command: "rules", args: ["lsp", "--stdio"] };
}

export async function activate(context: ExtensionContext): Promise<void> {
  const { command, args } = serverCommand();
  const server: ServerOptions = { command, args, transport: TransportKind.stdio };
  client = new LanguageClient("rules", "Rules language server", server, {
    documentSelector: [
      { scheme: "file", language: "rules" },
      { scheme: "untitled", language: "rules" },
      { scheme: "file", language: "rules-scenario" },
      { scheme: "untitled", language: "rules-scenario" },
    ],
  });
  context.subscriptions.push(client);
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
