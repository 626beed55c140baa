// Starting a scenario in the middle of the flow: `start at buying.raise_or_pass` puts the flow at a
// decision (Game.enter), and `set` gives the flow's locals the values that decide who is asked there.
// A compiled game keeps in `state.locals` only the locals that live across a decision, beside the
// compiler's own bookkeeping, which is no business of a scenario.
import type { BaseState, CardId, Game, Value } from "@rules/runtime/internal";
import { didYouMean } from "../diagnostics.js";
import type { CardPattern, Literal, Name, Step } from "./ast.js";
import { cardsMatching, formatLiteral, isProblem, literalValue, readPattern } from "./cards.js";
import type { ResolveContext } from "./names.js";

/** Who is asked and in which phase: kept by every compiled game, set by `start at` itself. */
const BOOKKEEPING = new Set(["phase", "actor", "actors", "declined"]);

/** The rules' locals among a state's locals: all but the bookkeeping and each loop's list and place in it. */
export function rulesLocals(locals: BaseState["locals"]): string[] {
  const names = Object.keys(locals);
  const loops = new Set(names.filter((name) => name.endsWith("_list") && names.includes(`${name.slice(0, -5)}_index`)).map((name) => name.slice(0, -5)));
  return names.filter((name) => {
    if (BOOKKEEPING.has(name)) return false;
    const loop = /^(.*)_(?:list|index)$/.exec(name);
    return !(loop && loops.has(loop[1]!));
  });
}

/** A fresh state's locals, to know which locals the flow keeps and what they hold; null if setup fails. */
export function freshLocals(game: Game, players: number, variants: readonly string[], seed: number): BaseState["locals"] | null {
  try {
    return game.setup({ players, variants, seed }).locals;
  } catch {
    return null;
  }
}

/** Values written for a local that holds a card id: `Card object paintings 5` (its type, then its values). */
export function localCard(game: Game, values: readonly Literal[]): CardPattern | undefined {
  const [first, ...rest] = values;
  if (first?.kind !== "word" || !game.meta.cardTypes.some((type) => type.name === first.value)) return undefined;
  const fields = rest;
  const last = fields[fields.length - 1] ?? first;
  return {
    type: { text: first.value as string, span: first.span },
    fields,
    span: { line: first.span.line, column: first.span.column, endLine: last.span.endLine, endColumn: last.span.endColumn },
  };
}

/** The value a `set` gives a local: a card as the id of a copy (one the setup placed, if any), else the value written. */
export function localValue(game: Game, values: readonly Literal[], placed: Iterable<CardId>): Value {
  const pattern = localCard(game, values);
  if (!pattern || isProblem(readPattern(game, pattern))) return literalValue(values[0]!);
  const copies = cardsMatching(game, pattern);
  return [...placed].find((id) => copies.includes(id)) ?? copies[0] ?? null;
}

/** `start at …`: a decision of the flow, in a game that can start at one. */
export function resolveStart(ctx: ResolveContext, decision: Name): void {
  const { game } = ctx;
  const known = game.meta.decisions ?? [];
  if (!game.enter || known.length === 0) {
    ctx.report(decision.span, "scenario/cannot-start", `${game.id} cannot start at a decision: it was compiled without Game.enter (compile it again)`);
  } else if (!known.includes(decision.text)) {
    ctx.report(
      decision.span,
      "scenario/unknown-decision",
      `${game.id} has no decision '${decision.text}'; its decisions are ${known.join(", ")}${didYouMean(decision.text, known)}`,
    );
  }
}

/**
 * `set high = 5` for a local the flow keeps: only where the scenario starts at a decision (from its
 * beginning, the flow sets its locals itself). What it holds is read from a fresh state: a number
 * (or a card, by name), true or false, or a name (an enum value).
 */
export function resolveLocal(
  ctx: ResolveContext,
  step: Extract<Step, { kind: "set" }>,
  locals: BaseState["locals"],
  starts: boolean,
): void {
  const { name } = step.variable;
  if (step.variable.seat) {
    return ctx.report(step.variable.span, "scenario/not-per-player", `'${name.text}' is a local of the flow, one value: write it without [seat]`);
  }
  if (!starts) {
    return ctx.report(
      name.span,
      "scenario/local-needs-start",
      `'${name.text}' is a local of the flow, which the flow sets itself when it starts from the beginning: set it in a scenario that starts at a decision ('start at …')`,
    );
  }
  const held = locals[name.text];
  const card = localCard(ctx.game, step.values);
  if (typeof held === "number" && card) {
    ctx.pattern(card);
    return;
  }
  const [value, extra] = step.values;
  if (extra) return ctx.report(extra.span, "scenario/wrong-count", `'${name.text}' holds one value, not ${step.values.length}`);
  const fits =
    typeof held === "number"
      ? value!.kind === "number" && Number.isInteger(value!.value)
      : typeof held === "boolean"
        ? value!.kind === "word" && (value!.value === "true" || value!.value === "false")
        : typeof held === "string" && value!.kind === "word";
  if (fits) return;
  const wanted = Array.isArray(held)
    ? "a list, which a scenario does not set"
    : typeof held === "number"
      ? "a whole number (a seat, a count) or a card"
      : typeof held === "boolean"
        ? "true or false"
        : "a name";
  ctx.report(value!.span, "scenario/wrong-value", `the local '${name.text}' holds ${wanted}, not ${formatLiteral(value!)}`);
}
