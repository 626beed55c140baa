// Entry point of the `rules` command (cli/bin/rules.js imports the built copy of this file).

import { runCli } from "./cli.js";
import { processIo } from "./io.js";

process.exitCode = await runCli(process.argv.slice(2), processIo());
