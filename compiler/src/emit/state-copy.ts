// The fields of a compiled game's State with their TypeScript types (what types.ts declares), and a
// copy of a state written out from them for sample.ts. A search bot copies the whole state at every
// iteration; `cloneJson` walks every key and value and builds each object key by key, and Foreclosed!'s
// 120 flow locals made that copy most of 14 µs. Written for the game, each object is one spread (V8
// copies an object of a known shape at once) and each array of values one `slice`: about 1 µs.
import { pairRowType } from "./pairs.js";
import { property, quote } from "./code.js";
import { tsType, type EmitContext } from "./context.js";

/** A field of the state and its TypeScript type, as types.ts declares it. */
export interface StateField {
  readonly name: string;
  readonly type: string;
}

/** The zones, variables and flow locals of the game's State. */
export function stateFields(ctx: EmitContext): { zones: StateField[]; vars: StateField[]; locals: StateField[] } {
  const game = ctx.game;
  const zones = [...game.zones.values()].map((z) => ({ name: z.name.name, type: `CardId[]${z.perPlayer ? "[]" : ""}` }));
  const vars = [...game.vars.values()].map((v) => {
    const type = tsType(game.typeOfVar(v));
    if (v.perKey) return { name: v.name.name, type: `${pairRowType(v, type)}[]` };
    return { name: v.name.name, type: v.perCard ? `Record<CardId, ${type}>` : `${type}${v.perPlayer ? "[]" : ""}` };
  });
  return { zones, vars, locals: ctx.stateSlots() };
}

/**
 * `copyState(s)`: a copy of a state of this game sharing no object or array with it, the same JSON as
 * `cloneJson(s)` gives. A field the State does not declare is copied as it is (a state has none). A
 * frozen state (a match's) is copied by `cloneJson`: V8 copies a frozen object's spread slowly.
 */
export function copyStateFunction(ctx: EmitContext): string {
  const { zones, vars, locals } = stateFields(ctx);
  const group = (name: string, fields: readonly StateField[]): string => {
    const copies = fields.flatMap((f) => {
      const copy = copyOf(`${name}${property(f.name)}`, f.type, 0);
      return copy === null ? [] : [`${quote(f.name)}: ${copy},`];
    });
    // `name` is a local holding `s.name`.
    return `${name}: { ...${name}, ${copies.join(" ")} },`;
  };
  return [
    "/** A copy of `s` sharing no object or array with it, as `cloneJson(s)` makes it: written out for this game's",
    " * state, each object one spread and each list of values one `slice`, where `cloneJson` builds every",
    " * object key by key. A frozen state (a match's) goes to `cloneJson`: V8 spreads a frozen object slowly. */",
    "function copyState(s: State): State {",
    "if (Object.isFrozen(s)) return cloneJson(s);",
    "const zones = s.zones;",
    "const vars = s.vars;",
    "const locals = s.locals;",
    "const t: State = {",
    "...s,",
    "variants: s.variants.slice(),",
    "random: cloneJson(s.random),",
    group("zones", zones),
    group("vars", vars),
    group("locals", locals),
    "pending: s.pending === null ? null : cloneJson(s.pending),",
    ...(ctx.game.usesKnowledge ? ["knowledge: s.knowledge.map((cards) => cards.slice()),"] : []),
    "};",
    // Set only while a move's events are recorded, never in a state that is kept; copied if there.
    "if (s.events !== undefined) t.events = cloneJson(s.events);",
    "return t;",
    "}",
  ].join("\n");
}

/** The code of a copy of `access`, a value of TypeScript type `type` that shares nothing with it; null
 *  for a value that is no object (the spread around it copies it). */
export function copyOf(access: string, type: string, depth: number): string | null {
  const list = /^(?:readonly )?(.+)\[\]$/.exec(type);
  if (list) {
    const element = list[1]!;
    const inner = copyOf(`e${depth}`, element, depth + 1);
    return inner === null ? `${access}.slice()` : `${access}.map((e${depth}) => ${inner})`;
  }
  const record = /^Record<[^,]+, (.+)>$/.exec(type);
  if (record) return VALUE.test(record[1]!) ? `({ ...${access} })` : `cloneJson(${access})`;
  return VALUE.test(type) ? null : `cloneJson(${access})`;
}

/** The TypeScript types of values that are no object. */
const VALUE = /^(?:number|boolean|string|CardId|Enum_\w+)$/;
