// view.ts of a compiled game: what one seat may know, from the visibility declarations.
import { evaluateConstant } from "../check/constants.js";
import { property, quote } from "./code.js";
import { pairRowCopy } from "./pairs.js";
import type * as A from "../syntax/ast.js";
import { RUNTIME, type EmitContext, type EmittedFile } from "./context.js";

/** Whether `seat` sees what `owner` holds, as code, for one visibility word (runtime `seesVisibility`). */
function seesCode(visibility: A.Visibility, owner: string): string {
  switch (visibility) {
    case "public":
    case "open":
      return "true";
    case "hidden":
      return "false";
    case "owner":
      return `seat === ${owner}`;
    case "others":
      return `seat !== null && seat !== ${owner}`;
  }
}

export class ViewFile {
  constructor(private readonly ctx: EmitContext) {}

  /** The open per-card values of a zone's card type, as zoneView's marks argument: each with the
   *  value every card starts with, which marks nothing. "" when the type has none. */
  private openMarks(z: A.ZoneDeclaration): string {
    const open = [...this.ctx.game.vars.values()].filter((v) => v.perCard?.name === z.cardType.name && v.visibility === "open");
    if (open.length === 0) return "";
    const start = (v: A.VarDeclaration): string => {
      // A start the rules compute (not a constant) is no blank: then every value is a mark.
      const value = evaluateConstant(v.initial, new Map(), this.ctx.game.enums);
      return value === null || Array.isArray(value) ? "undefined" : typeof value === "string" ? quote(value) : String(value);
    };
    return `, { ${open.map((v) => `${v.name.name}: [s.vars${property(v.name.name)}, ${start(v)}]`).join(", ")} }`;
  }

  viewFile(): EmittedFile {
    const zoneLines = [...this.ctx.game.zones.values()].map((z) => {
      const name = z.name.name;
      const visible = (owner: string): string => seesCode(z.visibility, owner);
      const marks = this.openMarks(z);
      const known = z.visibility !== "public" && (this.ctx.game.usesKnowledge || marks !== "") ? `, ${this.ctx.game.usesKnowledge ? "known" : "[]"}${marks}` : "";
      return z.perPlayer
        ? `${name}: s.zones${property(name)}.map((cards, owner) => zoneView(cards, ${visible("owner")}${known})),`
        : `${name}: zoneView(s.zones${property(name)}, ${visible("null")}${known}),`;
    });
    const varLines = [...this.ctx.game.vars.values()]
      .filter((v) => v.visibility !== "hidden")
      .map((v) => {
        const access = `s.vars${property(v.name.name)}`;
        if (v.perCard) {
          // Filtered like the cards themselves: the values of the cards this view of the zones shows.
          const zones = [...this.ctx.game.zones.values()].filter((z) => z.cardType.name === v.perCard!.name);
          return `${v.name.name}: cardValuesView(${access}, [${zones.map((z) => `zones${property(z.name.name)}`).join(", ")}]),`;
          // An open value is also told by position where its card lies hidden: the zones' `marks`.
        }
        if (!v.perPlayer) return `${v.name.name}: ${access},`;
        if (v.perKey) {
          return v.visibility === "public"
            ? `${v.name.name}: ${access}.map((row) => ${pairRowCopy(v, "row")}),`
            : `${v.name.name}: ${access}.map((row, owner) => (${v.visibility === "owner" ? "owner === seat" : seesCode(v.visibility, "owner")} ? ${pairRowCopy(v, "row")} : null)),`;
        }
        return v.visibility === "public"
          ? `${v.name.name}: [...${access}],`
          : `${v.name.name}: ${access}.map((value, owner) => (${v.visibility === "owner" ? "owner === seat" : seesCode(v.visibility, "owner")} ? value : null)),`;
      });
    // Per-card values are read off the zones' views, so the zones are built first.
    const cardValues = [...this.ctx.game.vars.values()].some((v) => v.perCard && v.visibility !== "hidden");
    const statements = [
      ...(this.ctx.game.usesKnowledge ? ["// What this seat has been shown, it sees even face down.", "const known = seat === null ? [] : s.knowledge[seat]!;"] : []),
      ...(cardValues ? [`const zones = { ${zoneLines.join("\n")} };`] : []),
      "return {",
      "seat,",
      "phase: s.locals.phase,",
      "waitingFor: s.pc,",
      cardValues ? "zones," : `zones: { ${zoneLines.join("\n")} },`,
      `vars: { ${varLines.join("\n")} },`,
      "submitted: s.pending ? s.pending.map((move) => move !== null) : null,",
      "mySubmission: seat !== null && s.pending?.[seat] ? cloneJson(s.pending[seat]) : null,",
      "};",
    ];
    return this.ctx.file("view.ts", (file) => {
      file.addImportDeclaration({ moduleSpecifier: RUNTIME, namedImports: cardValues ? ["cardValuesView", "cloneJson", "zoneView"] : ["cloneJson", "zoneView"] });
      file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: "./types.js", namedImports: ["State", "View"] });
      file.addFunction({
        isExported: true,
        name: "view",
        docs: ["What one seat may know: public zones and values, its own hidden ones, and counts of the rest."],
        parameters: [{ name: "s", type: "State" }, { name: "seat", type: "number | null" }],
        returnType: "View",
        statements,
      });
    });
  }
}
