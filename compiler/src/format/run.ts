// Formatting a rules text through Prettier and the plugin, as the CLI and the language server do.
import * as prettier from "prettier";
import plugin from "./prettier-plugin.js";

/** The text in the canonical layout; throws with `line:column: problem` when it cannot be read. */
export async function formatWithPrettier(text: string): Promise<string> {
  try {
    return await prettier.format(text, { parser: "rules", plugins: [plugin] });
  } catch (error) {
    // Prettier adds a code frame to the message: the first line is the problem.
    throw new Error(error instanceof Error ? error.message.split("\n")[0] : String(error));
  }
}
