// @rules/language-server: the rules language server. `startSupervisor` speaks LSP (JSON-RPC) on two
// streams and runs the server proper in a worker thread that it restarts whenever it dies or hangs;
// `rules lsp --stdio`, the `rules-language-server` binary and the VS Code extension all start it.

export { startSupervisor } from "./supervisor.js";
