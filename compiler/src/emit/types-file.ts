// types.ts of a compiled game: the State, the Move union and the View, typed from the rules.
import { docText, quote } from "./code.js";
import { pairRowType } from "./pairs.js";
import { RUNTIME, tsType, type EmitContext, type EmittedFile } from "./context.js";
import { stateFields } from "./state-copy.js";

export class TypesFile {
  constructor(private readonly ctx: EmitContext) {}

  typesFile(): EmittedFile {
    return this.ctx.file("types.ts", (file) => {
      file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: RUNTIME, namedImports: ["BaseState", "CardId"] });
      for (const e of this.ctx.game.enums.values()) {
        file.addTypeAlias({ isExported: true, name: `Enum_${e.name.name}`, type: e.members.map((m) => quote(m.name)).join(" | ") });
      }
      const fields = stateFields(this.ctx);
      const [zones, vars, locals] = [fields.zones, fields.vars, fields.locals].map((group) => group.map((f) => `${f.name}: ${f.type};`));
      file.addInterface({
        isExported: true,
        name: "State",
        docs: [docText(`The whole state of a ${this.ctx.game.title} match: plain JSON, the flow's position included.`)],
        extends: ["BaseState"],
        properties: [
          { name: "zones", type: `{ ${zones.join(" ")} }` },
          { name: "vars", type: `{ ${vars.join(" ")} }` },
          { name: "locals", type: `{ ${locals.join(" ")} }` },
          { name: "pending", type: "(Move | null)[] | null" },
          ...(this.ctx.game.bots.length ? [{ name: "humans", type: "number", docs: ["The human seats, 0 to humans - 1; the seats after them are the rules' bots."] }] : []),
          ...(this.ctx.game.usesKnowledge ? [{ name: "knowledge", type: "CardId[][]", docs: ["Per seat, the cards it has been shown (`reveal ... to`)."] }] : []),
        ],
      });
      const moves = this.ctx.allOptions().map(({ option }) => {
        const fields = option.parameters.map((p) => `${p.name.name}: ${this.ctx.parameterType(p)};`);
        return `{ type: ${quote(option.name.name)}; ${fields.join(" ")} }`;
      });
      file.addTypeAlias({
        isExported: true,
        name: "Move",
        docs: ["Every move a player can make, one member per option of every decision."],
        type: moves.length ? [...new Set(moves)].join(" | ") : "never",
      });
      const zoneViews = [...this.ctx.game.zones.values()].map((z) => `${z.name.name}: ZoneView${z.perPlayer ? "[]" : ""};`);
      const varViews = [...this.ctx.game.vars.values()]
        .filter((v) => v.visibility !== "hidden")
        .map((v) => {
          const type = tsType(this.ctx.game.typeOfVar(v));
          // A per-card value shows only for the cards the seat can identify.
          if (v.perCard) return `${v.name.name}: Partial<Record<CardId, ${type}>>;`;
          if (v.perKey) return `${v.name.name}: (${pairRowType(v, type)} | null)[];`;
          return `${v.name.name}: ${v.perPlayer ? `(${type} | null)[]` : type};`;
        });
      file.addInterface({
        isExported: true,
        name: "ZoneView",
        docs: ["A zone as one player sees it: always how many cards, and which ones only when visible to them."],
        properties: [{ name: "count", type: "number" }, { name: "cards", type: "CardId[]", hasQuestionToken: true }],
      });
      file.addInterface({
        isExported: true,
        name: "View",
        docs: ["What one seat may know (seat null: a spectator). Hidden cards and values are left out."],
        properties: [
          { name: "seat", type: "number | null" },
          { name: "phase", type: "string" },
          { name: "waitingFor", type: "string" },
          { name: "zones", type: `{ ${zoneViews.join(" ")} }` },
          { name: "vars", type: `{ ${varViews.join(" ")} }` },
          { name: "submitted", type: "boolean[] | null" },
          { name: "mySubmission", type: "Move | null" },
        ],
      });
    });
  }
}
