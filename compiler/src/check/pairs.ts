// State per pair: `per player per Field var owned: bool public = false`, one value per seat and per
// member of an enum (or per seat and per seat: `per player per player var trust: int`), read and
// written `owned[p, f]`. What the checker needs of it, apart from the shared checks of variables.
import type * as A from "../syntax/ast.js";
import { nearName } from "../diagnostics.js";
import { ERROR, PLAYER, type Type } from "./types.js";
import type { Scope, CheckContext } from "./context.js";

/** The second key of a per-pair variable: `player`, or an enum of the rules. */
export function pairKeyType(ctx: CheckContext, key: A.Identifier): Type {
  if (key.name === "player") return PLAYER;
  if (ctx.enums.has(key.name)) return { kind: "enum", name: key.name };
  const close = nearName(key.name, [...ctx.enums.keys(), "player"]);
  ctx.error(
    "check/unknown-type",
    `a variable per player per ${key.name}: '${key.name}' is no enum of the rules${close ? `; did you mean '${close}'?` : ""} (the second key is an enum or player)`,
    key.range,
  );
  return ERROR;
}

/** What the index of an expression checker must do for `v[p, k]`: check both keys, give the value's type. */
export interface PairIndexing {
  expectValue(e: A.Expression, scope: Scope, expected: Type, what: string): Type;
  expression(e: A.Expression, scope: Scope): Type;
}

/** `owned[p, f]`: a seat, then a key of the variable's second kind. Anything else says how to read it. */
export function pairIndex(ctx: CheckContext, checker: PairIndexing, e: A.IndexExpression, target: Extract<Type, { kind: "per-pair" }>, scope: Scope): Type {
  const name = e.target.kind === "name" ? e.target.name : "the variable";
  const keyWord = target.key.kind === "player" ? "player" : target.key.kind === "enum" ? target.key.name : "key";
  if (e.index.kind !== "tuple" || e.index.elements.length !== 2) {
    if (e.index.kind === "tuple") for (const item of e.index.elements) checker.expression(item, scope);
    else checker.expression(e.index, scope);
    ctx.error(
      "check/per-pair-index",
      `'${name}' holds one value per player per ${keyWord}: index it with both, as in ${name}[p, ${target.key.kind === "player" ? "q" : "k"}]`,
      e.index.range,
    );
    return ERROR;
  }
  const [seat, key] = e.index.elements as [A.Expression, A.Expression];
  checker.expectValue(seat, scope, PLAYER, `the first index of '${name}' (whose)`);
  checker.expectValue(key, scope, target.key, `the second index of '${name}' (which ${keyWord})`);
  // The pair itself is no value of the language: its type is recorded so that later phases find one.
  ctx.types.set(e.index, { kind: "tuple", elements: [PLAYER, target.key] });
  return target.element;
}
