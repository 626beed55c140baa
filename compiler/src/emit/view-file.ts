// view.ts of a compiled game: what one seat may know, from the visibility declarations.
import { property } from "./code.js";
import { pairRowCopy } from "./pairs.js";
import { RUNTIME, type EmitContext, type EmittedFile } from "./context.js";

export class ViewFile {
  constructor(private readonly ctx: EmitContext) {}

  viewFile(): EmittedFile {
    const zoneLines = [...this.ctx.game.zones.values()].map((z) => {
      const name = z.name.name;
      const visible = (owner: string): string => (z.visibility === "public" ? "true" : z.visibility === "hidden" ? "false" : `seat === ${owner}`);
      const known = this.ctx.game.usesKnowledge && z.visibility !== "public" ? ", known" : "";
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
        }
        if (!v.perPlayer) return `${v.name.name}: ${access},`;
        if (v.perKey) {
          return v.visibility === "public"
            ? `${v.name.name}: ${access}.map((row) => ${pairRowCopy(v, "row")}),`
            : `${v.name.name}: ${access}.map((row, owner) => (owner === seat ? ${pairRowCopy(v, "row")} : null)),`;
        }
        return v.visibility === "public"
          ? `${v.name.name}: [...${access}],`
          : `${v.name.name}: ${access}.map((value, owner) => (owner === seat ? value : null)),`;
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
