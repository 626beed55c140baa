// What `legalMoves` lists of an option, and what the random policy draws from: each parameter's
// domain narrowed by the option's requirements that read that parameter alone (besides the state),
// so that a menu offers only values that can be played (Foreclosed's `offer` lists no `you`).
// Requirements that read several parameters (a trade's two sets) cannot be told value by value:
// `check` and `apply` test them, as before. `check` keeps the declared domain, so a value the menu
// leaves out is still refused with the requirement's own reason.
import type * as A from "../syntax/ast.js";
import type { EmitContext } from "./context.js";
import { cardsDomain, type DecisionCode, type DomainCode } from "./decision-code.js";
import { rangeBounds, type RangeBounds } from "./range-bounds.js";

export interface OptionListing {
  /** Each parameter's domain as declared; their setup runs first, as before. */
  readonly declared: readonly DomainCode[];
  /** Whether the option may be on offer at all: every declared domain has a value, and the
   *  requirements about the situation hold. */
  readonly open: readonly string[];
  /** A range's narrowed ends, worked out only where `open` holds (`const name = value`; `none`
   *  where it does not, for code that declares every option's domains side by side). */
  readonly ends: readonly { name: string; value: string; none: string }[];
  /** A narrowed range still has a value. */
  readonly endsMeet: readonly string[];
  /** A list narrowed to the values that `predicate` keeps (`values.filter(predicate)`), worked out
   *  only where `open` holds. */
  readonly kept: readonly { name: string; values: string; predicate: string }[];
  /** Each parameter's listed domain: the declared one, or its narrowed ends or values. */
  readonly listed: readonly DomainCode[];
  /** The requirements that every listed value meets already. */
  readonly folded: ReadonlySet<A.Requirement>;
}


export class OptionListings {
  constructor(
    private readonly ctx: EmitContext,
    private readonly decisions: DecisionCode,
  ) {}

  /** `scope` as for `domainCode`: tells apart the domains of options declared side by side. */
  listing(option: A.MoveOptionDeclaration, scope = ""): OptionListing {
    const declared = option.parameters.map((p) => this.decisions.domainCode(p, scope));
    const open = declared.flatMap((d) => (d.nonEmpty === null ? [] : [d.nonEmpty]));
    open.push(...option.requirements.filter((r) => !this.decisions.mentionsParameters(r.condition, option)).map((r) => this.decisions.requirement(r)));
    const ends: { name: string; value: string; none: string }[] = [];
    const endsMeet: string[] = [];
    const kept: { name: string; values: string; predicate: string }[] = [];
    const folded = new Set<A.Requirement>();
    const listed = option.parameters.map((p, i) => {
      const domain = declared[i]!;
      const own = option.requirements.filter((r) => {
        const read = this.decisions.parametersRead(r.condition, option);
        return read.length === 1 && read[0] === p;
      });
      const name = `${this.ctx.code.localName(this.decisions.parameterSlot(p))}${scope}`;
      if (own.length === 0) return domain;
      if (domain.cards) {
        // Sets of cards are not listed one by one (2^n of them): the option is offered while its zone
        // holds a card, or while the empty set meets the parameter's own requirements; `check` decides.
        const slot = this.decisions.parameterSlot(p);
        const withNoCards = this.ctx.code.reading(slot, "NO_CARDS", () => own.map((r) => `(${this.decisions.requirement(r)})`).join(" && "));
        open.push(`(${domain.cards}.length > 0 || ${withNoCards})`);
        return { ...domain, domain: cardsDomain(domain.cardsZone!, domain.cards, withNoCards) };
      }
      if (domain.ends) {
        // A range is reported by its ends, never enumerated: only bounds (`amount > high`) narrow
        // it, since they keep it a range; any other requirement is left to `check`.
        const bounds = own.map((r) => ({ r, ends: this.bounds(r, p) })).filter((b) => b.ends !== null);
        if (bounds.length === 0) return domain;
        const lows = bounds.flatMap((b) => b.ends!.low);
        const highs = bounds.flatMap((b) => b.ends!.high);
        let { low, high } = domain.ends;
        if (lows.length) {
          ends.push({ name: `${name}_least`, value: `Math.max(${[low, ...lows].join(", ")})`, none: low });
          low = `${name}_least`;
        }
        if (highs.length) {
          ends.push({ name: `${name}_most`, value: `Math.min(${[high, ...highs].join(", ")})`, none: high });
          high = `${name}_most`;
        }
        for (const b of bounds) folded.add(b.r);
        const code = this.decisions.domainOver(p, { low, high });
        endsMeet.push(code.nonEmpty ?? "true");
        return { setup: [], ...code };
      }
      // The parameter's own requirements, in the order `check` tests them, for each value.
      const slot = this.decisions.parameterSlot(p);
      const binder = this.ctx.code.localName(slot);
      const test = this.ctx.code.reading(slot, binder, () => own.map((r) => `(${this.decisions.requirement(r)})`).join(" && "));
      kept.push({ name: `${name}_listed`, values: domain.values!, predicate: `(${binder}) => ${test}` });
      for (const r of own) folded.add(r);
      return { setup: [], ...this.decisions.domainOver(p, { values: `${name}_listed` }) };
    });
    return { declared, open, ends, endsMeet, kept, listed, folded };
  }

  /** The ends a requirement sets on a range parameter, when it is a bound or a conjunction of
   *  bounds (`amount > high`, `amount <= coins[p] and amount >= 2`); null for anything else. */
  private bounds(r: A.Requirement, p: A.ParameterDeclaration): RangeBounds | null {
    const slot = this.decisions.parameterSlot(p);
    const isParameter = (e: A.Expression): boolean => {
      const binding = e.kind === "name" ? this.ctx.game.names.get(e) : undefined;
      return binding?.kind === "local" && binding.slot === slot;
    };
    return rangeBounds(r.condition, isParameter, (e) => this.decisions.reads(e, slot), (e) => this.ctx.code.at(r.range, () => this.ctx.code.expression(e)));
  }
}
