// The VS Code client: starts the language server for .rules and .scenario files (diagnostics, hover,
// definitions, references, rename, completion, symbols, formatting). The server is inside the
// extension (out/server/, bundled with the compiler), so nothing else needs to be installed; the
// `rules.server.command` setting runs another one instead (`rules lsp --stdio` of a checkout).
// Colours come from the TextMate grammars.
import { workspace, type ExtensionContext } from "vscode";
import { LanguageClient, TransportKind, type ServerOptions } from "vscode-languageclient/node";

let client: LanguageClient | undefined;

/** The configured command, else the server bundled in the extension, run by VS Code's own Node. */
function serverOptions(context: ExtensionContext): ServerOptions {
  const configured = workspace.getConfiguration("rules").get<string[]>("server.command") ?? [];
  if (configured.length > 0) return { command: configured[0]!, args: [...configured.slice(1), "lsp", "--stdio"], transport: TransportKind.stdio };
  return { module: context.asAbsolutePath("out/server/stdio.js"), args: ["--stdio"], transport: TransportKind.stdio };
}

export async function activate(context: ExtensionContext): Promise<void> {
  client = new LanguageClient("rules", "Rules language server", serverOptions(context), {
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
