// Formatting a rules or scenario text through Prettier and the plugin, as the CLI does.
import * as prettier from "prettier";
import plugin from "./prettier-plugin.js";

/** The text in the canonical layout; throws with `line:column: problem` when it cannot be read. */
export async function formatWithPrettier(text: string, kind: "rules" | "scenario" = "rules"): Promise<string> {
  try {
    return await prettier.format(text, { parser: kind === "scenario" ? "rules-scenario" : "rules", plugins: [plugin] });
  } catch (error) {
    // Prettier adds a code frame to the message: the first line is the problem.
    throw new Error(error instanceof Error ? error.message.split("\n")[0] : String(error));
  }
}
