// What the rules' functions read and what the kernel's statements write, as items of the state:
// `zone:<name>` (every seat's copy of a per-player zone is one item), `var:<name>` (a variable, per
// player or per card as a whole). The playout kernel keeps a memoised function's values from one
// decision to the next (playout-memo.ts) and forgets them when a statement writes an item the
// function reads, directly or through a function it calls.
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import { ELIMINATED } from "../check/elimination.js";

/** Written by whatever the writer cannot name item by item (a game started or resumed): every item. */
export const EVERYTHING = "*";
/** Read by a function whose reads the analysis cannot name: it is forgotten before every decision. */
export const EACH_DECISION = "decision";

/** The rules' functions by name. */
export function functionsByName(game: CheckedGame): ReadonlyMap<string, A.FunctionDeclaration> {
  return new Map(game.program.declarations.flatMap((d) => (d.kind === "function" ? [[d.name.name, d] as const] : [])));
}

export class StateReads {
  private readonly functions: ReadonlyMap<string, A.FunctionDeclaration>;
  private readonly known = new Map<string, ReadonlySet<string>>();

  constructor(private readonly game: CheckedGame) {
    this.functions = functionsByName(game);
  }

  /** The items the function `name` reads, with those of the functions it calls. */
  functionReads(name: string): ReadonlySet<string> {
    const known = this.known.get(name);
    if (known) return known;
    const reads = new Set<string>();
    // `players`, `next` and `players_from` pass over the seats out of the game.
    if (this.game.eliminates) reads.add(`var:${ELIMINATED}`);
    // Functions call only functions declared before them (no recursion): the walk ends.
    this.known.set(name, reads);
    walk(this.functions.get(name)!.body, (node) => {
      const binding = this.game.names.get(node as never);
      if (!binding) return;
      switch (binding.kind) {
        case "var":
          reads.add(`var:${binding.declaration.name.name}`);
          break;
        case "zone":
          reads.add(`zone:${binding.declaration.name.name}`);
          break;
        case "function":
          if (node.kind === "call") for (const item of this.functionReads(binding.declaration.name.name)) reads.add(item);
          break;
        case "local":
          // A function's own parameters and binders hold values; a local of the flow would be state.
          if (binding.slot.storage === "state") reads.add(EACH_DECISION);
          break;
        default:
          break;
      }
    });
    return reads;
  }

  /** The items a statement writes itself (not those its nested blocks write: each is written by the
   *  kernel writer as a statement of its own). */
  statementWrites(s: A.Statement): ReadonlySet<string> {
    switch (s.kind) {
      case "assign":
        return this.roots([s.target]);
      case "transfer":
        return this.roots([s.from, s.to]);
      case "shuffle":
        return this.roots([s.zone]);
      case "deal":
      case "move-all":
        return this.roots([s.from, s.to]);
      case "move": {
        // The card comes from wherever it lies: every zone that can hold it.
        const to = this.roots([s.to]);
        const cardType = this.zoneOf(s.to)?.cardType.name;
        const items = new Set(to);
        for (const z of this.game.zones.values()) if (cardType === undefined || z.cardType.name === cardType) items.add(`zone:${z.name.name}`);
        return items;
      }
      case "let":
      case "if":
      case "while":
      case "for":
      case "phase":
      case "say":
      case "reveal":
      case "conceal":
      case "end-game":
      case "inlined":
      case "ask":
        return NOTHING;
      default:
        return EVERYTHING_SET;
    }
  }

  /** The items of the targets' root names (`cash[p]`: var:cash); a target the analysis cannot name:
   *  everything. A local of the flow is no item: no function reads it. */
  private roots(targets: readonly A.Expression[]): ReadonlySet<string> {
    const items = new Set<string>();
    for (const target of targets) {
      let e = target;
      while (e.kind === "index") e = e.target;
      const binding = e.kind === "name" ? this.game.names.get(e as never) : undefined;
      if (binding?.kind === "var") items.add(`var:${binding.declaration.name.name}`);
      else if (binding?.kind === "zone") items.add(`zone:${binding.declaration.name.name}`);
      else if (binding?.kind !== "local") return EVERYTHING_SET;
    }
    return items;
  }

  private zoneOf(target: A.Expression): A.ZoneDeclaration | undefined {
    let e = target;
    while (e.kind === "index") e = e.target;
    const binding = e.kind === "name" ? this.game.names.get(e as never) : undefined;
    return binding?.kind === "zone" ? binding.declaration : undefined;
  }
}

const NOTHING: ReadonlySet<string> = new Set();
const EVERYTHING_SET: ReadonlySet<string> = new Set([EVERYTHING]);

/** Every node of an expression's tree (objects with a `kind`), the expression first; a visit that
 *  returns false keeps the walk out of that node's children (the visitor has seen to them). */
export function walk(node: unknown, visit: (node: { kind: string }) => void | false): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit);
    return;
  }
  if (node === null || typeof node !== "object") return;
  const record = node as Record<string, unknown>;
  if (typeof record.kind === "string" && visit(record as { kind: string }) === false) return;
  for (const [key, child] of Object.entries(record)) if (key !== "range") walk(child, visit);
}

/** An expression that reads values only: no call (a rules function, `top`, `roll`), no aggregate
 *  and no division (by zero, a fault), so nothing that can fault or draw. */
export function plain(e: A.Expression): boolean {
  let ok = true;
  walk(e, (node) => {
    if (node.kind === "call" || node.kind === "aggregate") ok = false;
    if (node.kind === "binary" && ((node as A.BinaryExpression).operator === "/" || (node as A.BinaryExpression).operator === "%")) ok = false;
  });
  return ok;
}

/** Whether the expression is the name of the local of `slot` (an aggregate's binder, a parameter). */
export function namesSlot(game: CheckedGame, e: A.Expression, slot: unknown): boolean {
  const binding = e.kind === "name" ? game.names.get(e) : undefined;
  return binding?.kind === "local" && binding.slot === slot;
}

/** Whether the expression reads the local of `slot` (an aggregate's binder). */
export function readsSlot(game: CheckedGame, e: A.Expression, slot: unknown): boolean {
  let found = false;
  walk(e, (node) => {
    const binding = node.kind === "name" ? game.names.get(node as A.NameExpression) : undefined;
    if (binding?.kind === "local" && binding.slot === slot) found = true;
  });
  return found;
}

/** A value read again, or not at all, without a change: a name, an index of names or a whole
 *  number (no call, aggregate or arithmetic). */
export function plainSource(e: A.Expression): boolean {
  if (e.kind === "name" || e.kind === "integer") return true;
  return e.kind === "index" && plainSource(e.target) && plainSource(e.index);
}
