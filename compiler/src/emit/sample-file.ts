// sample.ts of a compiled game: a full state drawn from what one seat knows, for search bots
// (information-set MCTS determinizes with it). Written from the same visibility declarations as
// view.ts: whatever the view hides is drawn afresh, everything the view shows is kept.
import type * as A from "../syntax/ast.js";
import { pairRowStart } from "./pairs.js";
import { evaluateConstant } from "../check/constants.js";
import { property, quote } from "./code.js";
import { RUNTIME, type EmitContext, type EmittedFile } from "./context.js";
import { copyStateFunction } from "./state-copy.js";

export class SampleFile {
  /** Each conserved group's total (and each hidden shared amount in one), as code over a freshly set-up state `start`. */
  private readonly totals: string[] = [];

  constructor(private readonly ctx: EmitContext) {}

  sampleFile(): EmittedFile {
    const game = this.ctx.game;
    const known = game.usesKnowledge ? "s.knowledge[seat]!" : "[]";
    const statements: string[] = [
      "const t = copyState(s);",
      "// The future shuffles and dice, and what the others chose in secret, are unknown to the seat.",
      "t.random = sampleRandom(draw);",
      "if (t.pending) t.pending = t.pending.map((move, p) => (p === seat ? move : null));",
      ...(game.usesKnowledge ? ["t.knowledge = t.knowledge.map((cards, p) => (p === seat ? cards : []));"] : []),
    ];
    const perCardVars = [...game.vars.values()].filter((v) => v.perCard);
    // Cards are dealt afresh within their type: positions the seat cannot see, of every zone of that type.
    const types = [...new Set([...game.zones.values()].map((z) => z.cardType.name))];
    for (const type of types) {
      const piles = [...game.zones.values()]
        .filter((z) => z.cardType.name === type && z.visibility !== "public")
        .map((z) => {
          const access = `t.zones${property(z.name.name)}`;
          if (!z.perPlayer) return access;
          if (z.visibility === "hidden") return `...${access}`;
          // `others`: the seat's own part is what it cannot see.
          return z.visibility === "others" ? `...${access}.filter((_, owner) => owner === seat)` : `...${access}.filter((_, owner) => owner !== seat)`;
        });
      if (piles.length === 0) continue;
      const open = perCardVars.filter((v) => v.perCard!.name === type && v.visibility === "open");
      const resets = perCardVars
        .filter((v) => v.perCard!.name === type && v.visibility !== "open")
        .flatMap((v) => {
          const start = this.constant(v);
          // A dealt card's value is unknown too: it starts afresh; without a constant start it is kept.
          return start === null ? [] : [`t.vars${property(v.name.name)}[card] = ${start};`];
        });
      const deal = `redealUnknown(draw, ${known}, ${open.length > 0 ? `piles${type}` : `[${piles.join(", ")}]`})`;
      if (open.length > 0) {
        // An open value is seen where it lies, face down too: it stays at its place, whichever card is drawn there.
        statements.push(`const piles${type} = [${piles.join(", ")}];`);
        for (const v of open) statements.push(`const ${v.name.name}AtPlaces = piles${type}.map((pile) => pile.map((card) => t.vars${property(v.name.name)}[card]!));`);
      }
      statements.push(resets.length > 0 ? `for (const card of ${deal}) { ${resets.join(" ")} }` : `${deal};`);
      for (const v of open) {
        statements.push(`piles${type}.forEach((pile, i) => pile.forEach((card, j) => { t.vars${property(v.name.name)}[card] = ${v.name.name}AtPlaces[i]![j]!; }));`);
      }
    }
    statements.push(...this.amounts());
    statements.push("return t;");
    const totals = this.totals.length === 0 ? [] : [
      "/** Each conserved total, as set up for a table (players and variants): the total never changes, so a\n * sample needs no one's secret to know it. */",
      "const totals = new Map<string, Record<string, number>>();",
      "function conservedTotals(s: State): Record<string, number> {",
      "const key = `${s.humans ?? s.players} ${s.variants.join(\",\")}`;",
      "let found = totals.get(key);",
      "if (!found) {",
      "const start = setup({ players: s.humans ?? s.players, variants: s.variants, seed: 0 });",
      `found = { ${this.totals.join(" ")} };`,
      "totals.set(key, found);",
      "}",
      "return found;",
      "}",
    ];
    return this.ctx.file("sample.ts", (file) => {
      file.addImportDeclaration({ moduleSpecifier: RUNTIME, namedImports: ["cloneJson", "redealUnknown", "sampleRandom", ...(this.needsSpread() ? ["spreadAmount"] : [])] });
      if (totals.length > 0) file.addImportDeclaration({ moduleSpecifier: "./flow.js", namedImports: ["setup"] });
      file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: "./types.js", namedImports: ["State"] });
      if (totals.length > 0) file.addStatements(totals.join("\n"));
      file.addStatements(copyStateFunction(this.ctx));
      file.addFunction({
        isExported: true,
        name: "sample",
        docs: ["A full state consistent with what `seat` knows: what its view hides is drawn afresh with `draw`."],
        parameters: [{ name: "s", type: "State" }, { name: "seat", type: "number" }, { name: "draw", type: "(n: number) => number" }],
        returnType: "State",
        statements,
      });
    });
  }

  /** A variable's starting value as code, when the rules give a constant; else null. */
  private constant(v: A.VarDeclaration): string | null {
    const start = evaluateConstant(v.initial, new Map(), this.ctx.game.enums);
    if (start === null || Array.isArray(start)) return null;
    return typeof start === "string" ? quote(start) : String(start);
  }

  private conservedNames(): Set<string> {
    return new Set(this.ctx.game.conserved.flatMap((c) => c.vars.map((v) => v.name)));
  }

  private needsSpread(): boolean {
    const names = this.conservedNames();
    return [...this.ctx.game.vars.values()].some((v) => names.has(v.name.name) && v.visibility !== "public");
  }

  /** Hidden amounts: a conserved total's unseen part is spread over the unseen slots (hidden shared
   *  amounts first, at their set-up value; the seats' purses share the rest evenly); others are guessed. */
  private amounts(): string[] {
    const game = this.ctx.game;
    const lines: string[] = [];
    const conserved = this.conservedNames();
    for (const group of game.conserved) {
      const vars = group.vars.map((id) => game.vars.get(id.name)!).filter((v) => v !== undefined);
      if (vars.every((v) => v.visibility === "public")) continue;
      const total = vars.map((v) => (v.perPlayer ? `start.vars${property(v.name.name)}.reduce((a, b) => a + b, 0)` : `start.vars${property(v.name.name)}`));
      this.totals.push(`${quote(group.name.name)}: ${total.join(" + ")},`);
      const seen = vars.flatMap((v) => {
        const access = `s.vars${property(v.name.name)}`;
        if (v.visibility === "public") return [v.perPlayer ? `${access}.reduce((a, b) => a + b, 0)` : access];
        if (v.visibility === "others" && v.perPlayer) return [`${access}.reduce((a, b, p) => (p === seat ? a : a + b), 0)`];
        return v.visibility === "owner" && v.perPlayer ? [`${access}[seat]!`] : [];
      });
      // Slots in order: each unseen per-seat entry, then each unseen shared amount.
      const guesses: string[] = [];
      const assign: string[] = [];
      for (const v of vars) {
        const access = `t.vars${property(v.name.name)}`;
        if (v.visibility === "public") continue;
        if (v.perPlayer) {
          const others = v.visibility === "owner" ? "p !== seat" : v.visibility === "others" ? "p === seat" : "true";
          guesses.push(`...Array.from({ length: t.players }, (_, p) => p).filter((p) => ${others}).map(() => null)`);
          assign.push(`for (let p = 0; p < t.players; p++) if (${others}) ${access}[p] = shares[k++]!;`);
        } else {
          // A hidden shared amount (a box of coins) is guessed to hold what it held at setup.
          this.totals.push(`${quote(`${group.name.name}.${v.name.name}`)}: start.vars${property(v.name.name)},`);
          guesses.push(`conservedTotals(s)[${quote(`${group.name.name}.${v.name.name}`)}]!`);
          assign.push(`${access} = shares[k++]!;`);
        }
      }
      lines.push(
        `{ // ${group.name.name}: its total never changes, so the unseen part is that total less what the seat sees.`,
        `const shares = spreadAmount(draw, conservedTotals(s)${property(group.name.name)} - (${seen.length > 0 ? seen.join(" + ") : "0"}), [${guesses.join(", ")}]);`,
        "let k = 0;",
        ...assign,
        "}",
      );
    }
    for (const v of game.vars.values()) {
      if (v.visibility === "public" || v.perCard || conserved.has(v.name.name)) continue;
      const access = `t.vars${property(v.name.name)}`;
      const start = this.constant(v);
      if (v.perKey) {
        // A row per seat: the others' rows guessed as the seat's own (owner), or back at the start.
        const row = v.visibility === "owner" ? `JSON.parse(JSON.stringify(s.vars${property(v.name.name)}[seat]!))` : start !== null ? pairRowStart(this.ctx, v, start, "t.players") : null;
        if (row !== null) lines.push(`for (let p = 0; p < t.players; p++) ${v.visibility === "owner" ? "if (p !== seat) " : ""}${access}[p] = ${row};`);
      } else if (v.perPlayer && v.visibility === "owner") {
        // By symmetry: the others' private value is guessed to be the seat's own.
        lines.push(`for (let p = 0; p < t.players; p++) ${access}[p] = s.vars${property(v.name.name)}[seat]!;`);
      } else if (v.perPlayer && v.visibility === "others") {
        // The seat's own value is the one it cannot see: guessed to be where it started.
        if (start !== null) lines.push(`${access}[seat] = ${start};`);
      } else if (start !== null) {
        lines.push(v.perPlayer ? `${access} = ${access}.map(() => ${start});` : `${access} = ${start};`);
      }
    }
    return lines;
  }
}
