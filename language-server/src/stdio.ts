// The language server on stdin and stdout, the only transport editors need: it runs until the
// editor asks it to exit (the `rules-language-server` binary, and the VS Code extension's bundle).
import { startSupervisor } from "./supervisor.js";

startSupervisor(process.stdin, process.stdout);
