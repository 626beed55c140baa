// The formatter as a Prettier plugin, so that `prettier --plugin …/prettier-plugin.js x.rules` and
// editors that run Prettier format rules files too. The layout itself is formatRules (layout.ts):
// the "AST" handed to Prettier is the file's text, printed as the lines formatRules lays out.
import { doc, type Parser, type Plugin, type Printer, type SupportLanguage } from "prettier";
import { FormatError, formatRules } from "./layout.js";

interface RulesFile {
  readonly type: "rules-file";
  readonly text: string;
}

export const languages: SupportLanguage[] = [
  { name: "Rules", parsers: ["rules"], extensions: [".rules"], vscodeLanguageIds: ["rules"] },
];

export const parsers: Record<string, Parser<RulesFile>> = {
  rules: {
    astFormat: "rules-layout",
    parse: (text) => ({ type: "rules-file", text }),
    locStart: () => 0,
    locEnd: (node) => node.text.length,
  },
};

const { hardline, join } = doc.builders;

export const printers: Record<string, Printer<RulesFile>> = {
  "rules-layout": {
    print(path) {
      let formatted: string;
      try {
        formatted = formatRules(path.node.text);
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

const plugin: Plugin<RulesFile> = { languages, parsers, printers };
export default plugin;
