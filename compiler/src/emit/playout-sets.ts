// The playout kernel's sets of cards (`give in subset(zone)`), drawn as the compiled sampler draws
// them (compiled.ts randomSubset) from the same generator, but straight from the zone's segment into
// a scratch list of the kernel's: a game that draws sets until one is legal (Freak Shop's trades)
// spends most of its time drawing sets that its requirements refuse, so a draw makes no array, the
// requirements read the list in place (KernelLists.setView), and so does the move once one passes.
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import type { LocalSlot } from "../check/types.js";
import type { KernelDomain } from "./playout-domains.js";
import { setArray, subsetAt, type SetView } from "./playout-lists.js";
import type { KernelCode } from "./playout-statements.js";
import { unsupported } from "./playout-zones.js";

export class KernelSets {
  /** The sets drawn, by the code of their value as a `Then` receives it (an array copied from the
   *  list: right wherever it is used, and avoided by `bind` where the list can be read instead). */
  private readonly drawn = new Map<string, SetView>();

  constructor(
    private readonly game: CheckedGame,
    private readonly code: KernelCode,
  ) {}

  /** The domain of a set of the zone's cards: its segment bound (the zone is read where a set is
   *  drawn, no copy of it made per decision), a copy made only for the draws that need an array. */
  domain(zone: A.Expression, lines: string[]): KernelDomain {
    const z = this.code.zone(zone);
    const seg = this.code.temp("seg");
    lines.push(`const ${seg} = ${z.seg};`);
    const cards = `zoneCards(C, N, CAP, ${seg}, ${z.layout.topLast})`;
    return {
      nonEmpty: null,
      size: `2 ** N[${seg}]!`,
      valueAt: (digit) => subsetAt(cards, digit),
      each: () => unsupported("a set of cards narrowed value by value"),
      cards,
      zone: { seg, topLast: z.layout.topLast },
    };
  }

  /**
   * Lines that draw a set of the zone's cards into a new scratch list, as runtime drawSubsetInto
   * draws it (randomSubset's draws, from the policy's words). A call, not the draws written out in
   * the decision: those run 5% faster while V8 keeps the decision optimized, but their rare paths
   * (a low word below 2^32 mod n), first taken mid-loop, often leave V8 running the decision's loop
   * by on-stack replacement from then on, 3 to 10 times slower (4 runs in 12 of Freak Shop's
   * kernel, Node 20). Returns the value's code for a `Then`.
   */
  draw(zone: { readonly seg: string; readonly topLast: boolean }, lines: string[]): string {
    const list = this.code.newScratch("CAP");
    const size = this.code.temp("size");
    lines.push(`const ${size} = drawSubsetInto(P, C, N, CAP, ${zone.seg}, ${zone.topLast}, ${list});`);
    const view = { list, count: size };
    const value = setArray(view);
    this.drawn.set(value, view);
    return value;
  }

  /** The option's parameters bound to `params` (by `bindParameter`), but a drawn set held in a
   *  local of the decision's own (not kept in the state) is bound as a view of its list: no array. */
  bind(option: A.MoveOptionDeclaration, params: readonly string[], bindParameter: (p: A.ParameterDeclaration, value: string) => string): { bind: string[]; views: Map<LocalSlot, SetView> } {
    const bind: string[] = [];
    const views = new Map<LocalSlot, SetView>();
    option.parameters.forEach((p, j) => {
      const view = this.drawn.get(params[j]!);
      const binding = this.game.names.get(p.name);
      if (view && binding?.kind === "local" && binding.slot.storage !== "state") views.set(binding.slot, view);
      else bind.push(bindParameter(p, params[j]!));
    });
    return { bind, views };
  }

  /** A set's part of a move's trace: its size, then its cards. */
  traced(value: string): string {
    const view = this.drawn.get(value);
    return view ? `${view.count}, ...${view.list}.subarray(0, ${view.count})` : `${value}.length, ...${value}`;
  }
}
