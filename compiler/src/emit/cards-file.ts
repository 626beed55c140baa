// cards.ts of a compiled game: the card table, field arrays by card id, tables; and functions.ts,
// the rules' functions as TypeScript functions of the state.
import type { FunctionStructure } from "./source-builder.js";
import type * as A from "../syntax/ast.js";
import { cardFieldArray, enumLabels, functionName, quote } from "./code.js";
import { enumLabel } from "../check/presentation.js";
import { RUNTIME, literal, tsType, type EmitContext, type EmittedFile } from "./context.js";

export class CardsFile {
  constructor(private readonly ctx: EmitContext) {}

  cardsFile(): EmittedFile {
    return this.ctx.file("cards.ts", (file) => {
      const bots = this.ctx.game.bots;
      file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: RUNTIME, namedImports: ["CardId", "CardInfo", ...(bots.length ? ["BotInfo"] : [])] });
      if (bots.length) {
        const list = bots.map((b) => `{ id: ${quote(b.id)}, label: ${quote(b.label)}, for: [${b.counts.join(", ")}] }`);
        file.addVariableStatement({
          isExported: true,
          declarationKind: "const" as never,
          docs: ["The seats the rules play (the header's `bot` lines), after the human seats, in this order."],
          declarations: [{ name: "BOTS", type: "readonly BotInfo[]", initializer: `[${list.join(", ")}]` }],
        });
      }
      const tables = this.ctx.tablesCode();
      if (tables.length) file.addStatements(tables);
      for (const e of this.ctx.game.enums.values()) {
        file.addVariableStatement({
          isExported: true,
          declarationKind: "const" as never,
          docs: [`Every member of ${e.name.name}, in declaration order.`],
          declarations: [{ name: `ALL_${e.name.name}`, type: `readonly Enum_${e.name.name}[]`, initializer: `[${e.members.map((m) => quote(m.name)).join(", ")}]` }],
        });
      }
      for (const name of this.ctx.labelledEnums()) {
        const e = this.ctx.game.enums.get(name)!;
        file.addVariableStatement({
          isExported: true,
          declarationKind: "const" as never,
          docs: [`How people say each member of ${name}.`],
          declarations: [{ name: enumLabels(name), type: `Readonly<Record<Enum_${name}, string>>`, initializer: `{ ${e.members.map((m) => `${m.name}: ${quote(enumLabel(e, m.name))}`).join(", ")} }` }],
        });
      }
      for (const [typeName, type] of this.ctx.game.cardTypes) {
        file.addVariableStatement({
          isExported: true,
          declarationKind: "const" as never,
          docs: [`The ids of the ${typeName} cards.`],
          declarations: [{ name: `ALL_${typeName}`, type: "readonly CardId[]", initializer: `[${this.ctx.cardIds.get(typeName)!.join(", ")}]` }],
        });
        for (const field of type.fields) {
          // Cards of other types hold a placeholder of the field's type, never read by the rules.
          const firstMember = field.type.kind === "enum" ? this.ctx.game.enums.get(field.type.name)?.members[0]?.name ?? "" : "";
          const placeholder = field.type.kind === "bool" ? "false" : field.type.kind === "enum" ? quote(firstMember) : "0";
          const values = this.ctx.allCards.map((c) => (c.type === typeName ? literal(c.fields[field.name] ?? null) : placeholder));
          const element = tsType(field.type);
          file.addVariableStatement({
            isExported: true,
            declarationKind: "const" as never,
            docs: [`${typeName}.${field.name} by card id.`],
            declarations: [{ name: cardFieldArray(typeName, field.name), type: `readonly ${element}[]`, initializer: `[${values.join(", ")}]` }],
          });
        }
      }
      // Built from the arrays above rather than listed card by card: the values are written once (and
      // bundled once). Ids run through the types in turn, so each type's cards follow the previous type's.
      // A card's fields keep the order its rules give them (a card is described in that order); a type
      // whose cards give them in different orders is listed card by card.
      const cards = [...this.ctx.game.cardTypes.keys()].flatMap((typeName) => {
        const ids = this.ctx.cardIds.get(typeName)!;
        const orders = new Set(ids.map((id) => Object.keys(this.ctx.allCards[id]!.fields).join("\u0000")));
        if (orders.size > 1) {
          return ids.map((id) => {
            const fields = Object.entries(this.ctx.allCards[id]!.fields).map(([k, v]) => `${JSON.stringify(k)}: ${literal(v)}`);
            const card = this.ctx.allCards[id]!;
            const presented = `${card.name !== null ? `, name: ${quote(card.name)}` : ""}${card.text !== null ? `, text: ${quote(card.text)}` : ""}`;
            return `{ id: ${id}, type: ${quote(typeName)}, fields: { ${fields.join(", ")} }${presented} }`;
          });
        }
        const names = ids.length > 0 ? Object.keys(this.ctx.allCards[ids[0]!]!.fields) : [];
        const fields = names.map((name) => `${JSON.stringify(name)}: ${cardFieldArray(typeName, name)}[id]!`);
        // Names and texts, when the rules give them, by the card's place among its type's cards.
        const told = (["name", "text"] as const).flatMap((what) => {
          const values = ids.map((id) => this.ctx.allCards[id]![what]);
          if (values.every((v) => v === null)) return [];
          const list = `[${values.map((v) => (v === null ? "undefined" : quote(v))).join(", ")}]`;
          return [`${what}: (${list} as const)[i]`];
        });
        const presented = told.length ? `, ${told.join(", ")}` : "";
        return [`...ALL_${typeName}.map((id${told.length ? ", i" : ""}) => ({ id, type: ${quote(typeName)}, fields: { ${fields.join(", ")} }${presented} }))`];
      });
      file.addVariableStatement({
        isExported: true,
        declarationKind: "const" as never,
        docs: ["Every physical card of the game; a card's id is its index here."],
        declarations: [{ name: "CARDS", type: "readonly CardInfo[]", initializer: `[\n${cards.join(",\n")}\n]` }],
      });
    });
  }

  functionsFile(): EmittedFile {
    const declarations = this.ctx.game.program.declarations.filter((d): d is A.FunctionDeclaration => d.kind === "function");
    const functions: FunctionStructure[] = declarations.map((f) => {
      return {
        isExported: true,
        name: functionName(f.name.name),
        docs: [`The rules' function ${f.name.name}.`],
        parameters: [
          { name: "s", type: "State" },
          ...f.parameters.map((p) => {
            const binding = this.ctx.game.names.get(p.name);
            if (binding?.kind !== "local") return { name: p.name.name, type: "never" };
            // A function reads its list arguments, never changes them: a move's drawn set (readonly) passes.
            const type = tsType(binding.slot.type);
            return { name: this.ctx.code.localName(binding.slot), type: binding.slot.type.kind === "list" ? `readonly ${type}` : type };
          }),
        ],
        returnType: this.ctx.referenceType(f.result),
        statements: [`return ${this.ctx.inDeclaration(f, () => this.ctx.code.at(f.body.range, () => this.ctx.code.expression(f.body)))};`],
      };
    });
    return this.ctx.file("functions.ts", (file) => {
      const body = functions.map((f) => (f.statements as string[]).join("\n")).join("\n");
      this.ctx.addImports(file, body, [
        { module: "./cards.js", names: this.ctx.cardImports() },
        { module: "./functions.js", names: [] },
      ]);
      file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: "./types.js", namedImports: ["State"] });
      if (/\bCardId\b/.test(functions.map((f) => JSON.stringify(f.parameters) + String(f.returnType)).join(""))) {
        file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: RUNTIME, namedImports: ["CardId"] });
      }
      file.addFunctions(functions);
    });
  }
}
