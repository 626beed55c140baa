// The kernel's state at a game's start: `play`'s setup (the zones filled, the variables at their first
// values, the running counts made, the setup's statements), and the list of the closure's variables
// with their roles (playout-kernel-state.ts) that the copy of the setup's draw-free prefix is written
// from (playout-setup-prefix.ts). Written apart from the file's assembly and flow (playout-file.ts).
import type * as A from "../syntax/ast.js";
import type { EmitContext } from "./context.js";
import { eachCardHead } from "./playout-card-ranges.js";
import { cardVarStored } from "./playout-card-vars.js";
import { seatVarStored } from "./playout-flags.js";
import { freshMarker, type KernelCounts } from "./playout-counts.js";
import { variantFlag } from "./playout-expressions.js";
import type { FirstTables } from "./playout-first-tables.js";
import { RECOUNT_HELD_MARKER, type KernelHeldCounts } from "./playout-held-counts.js";
import { KernelState, declaredNames } from "./playout-kernel-state.js";
import type { KernelMemo } from "./playout-memo.js";
import { PREFIX_CLOSE, PREFIX_OPEN, drawFreePrefix } from "./playout-setup-prefix.js";
import type { KernelVars } from "./playout-state-code.js";
import type { KernelCode } from "./playout-statements.js";
import { WHERE, varName, type ZoneLayout } from "./playout-zones.js";

export interface SetupWriter {
  readonly ctx: EmitContext;
  readonly zones: ReadonlyMap<string, ZoneLayout>;
  readonly code: KernelCode;
  readonly counts: KernelCounts;
  readonly held: KernelHeldCounts;
  /** A kernel of one function per step: its setup's draw-free prefix is copied. */
  readonly split: boolean;
  /** Names the declaration being written (its file names the sites of `end game`). */
  readonly writing: (declaration: A.Block | null | undefined) => void;
}

/** setup(): the components placed, the variables at their first values, the setup rules run. */
export function setupCode(w: SetupWriter): string[] {
  const { ctx, code, counts, held } = w;
  // A split kernel copies the fresh start and the setup's draw-free prefix (playout-setup-prefix.ts).
  const statements = ctx.game.setup?.statements ?? [];
  const prefix = w.split ? drawFreePrefix(ctx.game, statements) : -1;
  const lines = [...(prefix >= 0 ? [PREFIX_OPEN] : []), "N.fill(0);"];
  const filled: string[] = [];
  for (const z of w.zones.values()) {
    const initial = z.declaration.initialCards;
    if (!initial) continue;
    filled.push(z.declaration.name.name);
    const all = `ALL_${initial.name}`;
    code.cardImports.add(all);
    lines.push(
      `for (let $k = 0; $k < ${all}.length; $k++) C[${z.constant} * CAP + ${z.topLast ? `${all}.length - 1 - $k` : "$k"}] = ${all}[$k]!;`,
      `N[${z.constant}] = ${all}.length;`,
      `${eachCardHead(ctx.cardIds, initial.name, "$c", all)} ${WHERE}[$c] = ${z.constant};`,
    );
  }
  // The running counts, of the zones as filled (the setup's moves then keep them): the others are empty.
  counts.filled = filled;
  if (counts.enabled) lines.push(freshMarker(false));
  // The counts of seats are made after the first values: none is read in them.
  const reading = held.enabled;
  held.enabled = false;
  counts.keyed = false;
  for (const v of ctx.game.vars.values()) {
    const { pre, code: initial } = code.hoisted(() => code.expression(v.initial));
    lines.push(...pre);
    if (v.perCard) {
      const ids = v.perCard.name === "card" ? "CARDS.map((_, $c) => $c)" : `ALL_${v.perCard.name}`;
      // By number where the type's ids run without a gap (playout-card-ranges.ts).
      const stored = cardVarStored(ctx.game, v, initial);
      lines.push(`${eachCardHead(ctx.cardIds, v.perCard.name, "$c", ids)} ${varName(v.name.name)}[$c] = ${stored};`);
    } else if (v.perPlayer) {
      // A flag per seat is stored as a byte (playout-flags.ts).
      lines.push(`for (let $p = 0; $p < players; $p++) ${varName(v.name.name)}[$p] = ${seatVarStored(ctx.game, v, initial)};`);
    } else lines.push(`${varName(v.name.name)} = ${initial};`);
  }
  // The running counts of seats, of the variables at their first values (the setup's writes then keep them).
  held.enabled = reading;
  counts.keyed = true;
  lines.push(RECOUNT_HELD_MARKER);
  // The counts by a key that reads per-card variables, of the variables at their first values.
  if (counts.enabled) lines.push(freshMarker(true));
  w.writing(ctx.game.setup);
  // Written in one sequence, as one call would (the segments known run on).
  if (prefix >= 0) lines.push(...code.statements(statements.slice(0, prefix)), PREFIX_CLOSE, ...code.statements(statements.slice(prefix)));
  else lines.push(...code.statements(statements));
  w.writing(ctx.game.flow);
  return lines;
}

export interface StateModules {
  readonly code: KernelCode;
  readonly memo: KernelMemo;
  readonly counts: KernelCounts;
  readonly held: KernelHeldCounts;
  readonly firstTables: FirstTables;
}

/**
 * Every variable of a split kernel's closure with its role: the zones, where cards were put and the
 * rules' variables are the game's state; the generators, the seat counts, the variants, the policy,
 * the trace and the flow's locals are set for each game; the layout constants, card tables, enum codes
 * and resume entries are fixed; loop lists are scratch; the counts, held counts, memos and `first`
 * tables say their own. `scalars` are the closure's scalars (the rules' among them), `fixed` the lines
 * of the constants, card tables and resume entries, `locals` those of the flow's locals.
 */
export function kernelState(m: StateModules, vars: KernelVars, scalars: readonly { name: string }[], variants: readonly string[], fixed: readonly string[], locals: readonly string[]): KernelState {
  const state = new KernelState();
  state.addCards("C", "N");
  state.add("game", ["N", WHERE, ...vars.arrays.map((a) => a.name), ...vars.scalars.map((v) => v.name)]);
  const seats = scalars.filter((s) => !vars.scalars.some((v) => v.name === s.name)).map((s) => s.name);
  state.add("per-game", ["G", "P", ...seats, "$variants", ...variants.map(variantFlag), "decisions", "steps", "trace", "$preferred", "$cap", "$drawP", "K_ended", ...declaredNames(locals)]);
  state.add("scratch", [...m.code.scratch.map((a) => a.name), ...m.code.listCounts]);
  state.add("fixed", [...m.code.enumCodes.arrays().map((a) => a.name), ...declaredNames(fixed), "NO_VARIANTS", "ENDS"]);
  state.addAll([...m.memo.declared, ...m.counts.declared, ...m.held.stateDeclarations(), ...m.firstTables.stateDeclarations()]);
  return state;
}
