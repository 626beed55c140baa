// The formatter as a Prettier plugin, so that `prettier --plugin …/prettier-plugin.js x.rules` and
// editors that run Prettier format rules and scenario files too. The layouts themselves are
// formatRules (layout.ts) and formatScenario (scenario-layout.ts): the "AST" handed to Prettier is
// the file's text, printed as the lines the layout gives.
import { doc, type Parser, type Plugin, type Printer, type SupportLanguage } from "prettier";
import { FormatError, formatRules } from "./layout.js";
import { formatScenario } from "./scenario-layout.js";

interface LaidOutFile {
  readonly type: "rules-file" | "scenario-file";
  readonly text: string;
}

export const languages: SupportLanguage[] = [
  { name: "Rules", parsers: ["rules"], extensions: [".rules"], vscodeLanguageIds: ["rules"] },
  { name: "Rules scenario", parsers: ["rules-scenario"], extensions: [".scenario"], vscodeLanguageIds: ["rules-scenario"] },
];

const parser = (type: LaidOutFile["type"]): Parser<LaidOutFile> => ({
  astFormat: "rules-layout",
  parse: (text) => ({ type, text }),
  locStart: () => 0,
  locEnd: (node) => node.text.length,
});

export const parsers: Record<string, Parser<LaidOutFile>> = { rules: parser("rules-file"), "rules-scenario": parser("scenario-file") };

const { hardline, join } = doc.builders;

export const printers: Record<string, Printer<LaidOutFile>> = {
  "rules-layout": {
    print(path) {
      let formatted: string;
      try {
        formatted = path.node.type === "scenario-file" ? formatScenario(path.node.text) : formatRules(path.node.text);
      } catch (error) {
        // Prettier reports a SyntaxError with its location as a parse error of the file.
        if (error instanceof FormatError) {
          const first = error.problems[0]!;
          throw Object.assign(new SyntaxError(error.message), { loc: { start: { line: first.line, column: first.column } } });
        }
        throw error;
      }
      if (formatted === "") return "";
      return [join(hardline, formatted.slice(0, -1).split("\n")), hardline];
    },
  },
};

const plugin: Plugin<LaidOutFile> = { languages, parsers, printers };
export default plugin;
