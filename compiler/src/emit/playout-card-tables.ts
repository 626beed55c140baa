// A rules function of one card whose value is fixed by what is printed on the card
// (`lift_cost(d) = d.mortgage + d.mortgage / 10`) is worked out for every card of its type once, when
// the kernel is made: a call reads the table, with no arithmetic and no branch. Only bodies that
// cannot fail are tabled: integer and boolean literals, the card's own int and bool fields, and the
// operators on them, a division or remainder only by a literal other than zero (a table filled for
// every card must not raise the fault a call on some card never made would raise).
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import type { LocalSlot } from "../check/types.js";

/** A function tabled by card: its declaration, its one parameter's slot and card type, the table's name. */
export interface CardTable {
  readonly declaration: A.FunctionDeclaration;
  readonly card: LocalSlot;
  readonly cardType: string;
  readonly table: string;
}

/** The game's functions whose values are printed-field arithmetic on their one card parameter. */
export function cardTables(game: CheckedGame): ReadonlyMap<string, CardTable> {
  const tables = new Map<string, CardTable>();
  for (const d of game.program.declarations) {
    if (d.kind !== "function" || d.parameters.length !== 1) continue;
    const binding = game.names.get(d.parameters[0]!.name);
    if (binding?.kind !== "local" || binding.slot.type?.kind !== "card") continue;
    if (game.types.get(d.body)?.kind !== "int") continue;
    if (!fixedByCard(game, d.body, binding.slot)) continue;
    tables.set(d.name.name, { declaration: d, card: binding.slot, cardType: binding.slot.type.cardType, table: `$table_${d.name.name}` });
  }
  return tables;
}

/** Whether `e` reads nothing but literals and the int or bool fields of the card `card`, and cannot fail. */
function fixedByCard(game: CheckedGame, e: A.Expression, card: unknown): boolean {
  switch (e.kind) {
    case "integer":
    case "boolean":
      return true;
    case "member": {
      if (e.target.kind !== "name") return false;
      const target = game.names.get(e.target as never);
      if (target?.kind !== "local" || target.slot !== card) return false;
      const type = game.types.get(e)?.kind;
      return type === "int" || type === "bool";
    }
    case "unary":
      return fixedByCard(game, e.operand, card);
    case "binary":
      if (e.operator === "in") return false;
      if ((e.operator === "/" || e.operator === "%") && !(e.right.kind === "integer" && e.right.value !== 0)) return false;
      return fixedByCard(game, e.left, card) && fixedByCard(game, e.right, card);
    case "conditional":
      return fixedByCard(game, e.condition, card) && fixedByCard(game, e.then, card) && fixedByCard(game, e.otherwise, card);
    default:
      return false;
  }
}
