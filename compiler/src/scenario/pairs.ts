// Variables per player per enum member (or per player) in scenarios: `set owned[0, third] = true`,
// `expect owes[1, 2] = 3`. A seat, then the member's name (or the other seat's number).
import type { Game, PairRow, Value, VarInfo } from "@rules/runtime/internal";
import type { SourceSpan } from "../diagnostics.js";
import type { Target } from "./ast.js";

/** One value of a seat's row. */
export function pairValue(rows: readonly PairRow[], seat: number, key: string | number): Value {
  const row = rows[seat] as Record<string, Value> | undefined;
  return row?.[String(key)] ?? null;
}

export function setPairValue(rows: PairRow[], seat: number, key: string | number, value: Value): void {
  const row = rows[seat] as Record<string, Value> | undefined;
  if (row) row[String(key)] = value;
}

/** What is wrong with a target of a variable per pair, or with a pair's index on another variable. */
export function pairTargetProblems(game: Game, target: Target, variable: VarInfo, seats: number): { span: SourceSpan; code: string; message: string }[] {
  const name = target.name.text;
  if (!variable.perKey) {
    return [{ span: target.key!.span, code: "scenario/not-per-pair", message: `'${name}' is not a variable per player per enum or player: write it${variable.perPlayer ? " with a seat only" : " without an index"}` }];
  }
  const example = `${name}[0, ${variable.perKey === "player" ? "1" : members(game, variable.perKey)[0] ?? "…"}]`;
  if (!target.seat || !target.key) {
    return [{ span: target.span, code: "scenario/needs-pair", message: `'${name}' holds one value per player per ${variable.perKey}: say whose and which, e.g. '${example}'` }];
  }
  const key = target.key;
  if (variable.perKey === "player") {
    const fits = key.kind === "number" && Number.isInteger(key.value) && (key.value as number) >= 0 && (key.value as number) < seats;
    return fits ? [] : [{ span: key.span, code: "scenario/needs-pair", message: `the second index of '${name}' is a seat, 0 to ${seats - 1}` }];
  }
  const known = members(game, variable.perKey);
  return key.kind === "word" && known.includes(String(key.value))
    ? []
    : [{ span: key.span, code: "scenario/needs-pair", message: `the second index of '${name}' is a member of ${variable.perKey}: ${known.join(", ")}` }];
}

/** An enum's members, read off a fresh match: every seat's row of a variable per member lists them all. */
function members(game: Game, enumName: string): string[] {
  const variable = game.meta.vars.find((v) => v.perKey === enumName);
  if (!variable) return [];
  try {
    const rows = game.setup({ players: game.minPlayers, variants: [], seed: 1 }).vars[variable.name] as PairRow[];
    return Object.keys(rows[0] ?? {});
  } catch {
    return [];
  }
}
