// The playout kernel's decisions: who is asked (a turn, an `ask each`, a race), the random policy's
// draw of a move as the compiled sampler draws it (moves-file.ts), and the move's effect at once.
import { failing } from "./playout-flags.js";
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import type { Decision } from "../lower/ir.js";
import type { LocalSlot } from "../check/types.js";
import type { DecisionCode } from "./decision-code.js";
import type { KernelCode } from "./playout-statements.js";
import { kernelType } from "./playout-lists.js";
import { KernelDomains, type KernelDomain } from "./playout-domains.js";
import { DECISION_MARKER } from "./playout-memo.js";
import { localName, unsupported } from "./playout-zones.js";
import { rangeBounds, type RangeBounds } from "./range-bounds.js";
import { preferredDraw } from "./playout-preferences.js";
import { exactSampler } from "./playout-exact-sampler.js";
import { lazySeatDomain, seatMaskParameter } from "./playout-lazy-seats.js";
import { ALL_SEATS, callerMeaning, seatMaskDomain, seatsPassing, type SeatSets } from "./playout-seat-sets.js";
import { seatsOutside, sharedSeatSkips } from "./playout-seat-masks.js";
import { searchLines, sharedListings, type OptionListing, type OptionSearch, type SearchTest } from "./playout-shared-search.js";
import { cheapFirst } from "./playout-cheap-tests.js";
import { conjuncts } from "./playout-test-branches.js";


/** An option's listing (`offered`): its flag, the domains its parameters are drawn from, the lines
 *  that build them once it is drawn, and the requirements to test after the draw. */
export interface OptionOffer {
  readonly flag: string;
  readonly listed: KernelDomain[];
  readonly fill: string[];
  readonly rest: A.Requirement[];
}

/** What a drawn move does: code that leaves the sampler's block (a jump, a `break`, a `continue`).
 *  `hints`, where given, hold per parameter the code of the drawn card's position in its zone (or
 *  null): see playout-position-hints.ts. */
export type Then = (option: number, params: string[], hints?: readonly (string | null)[]) => string[];


export class KernelDecisions {
  constructor(
    private readonly game: CheckedGame,
    private readonly code: KernelCode,
    private readonly decisions: DecisionCode,
    /** The move types in `game.moves` order: a trace names a move type by its index there. */
    private readonly moveTypes: readonly string[],
    private readonly maxSeats: number,
    /** Code that goes on at a step of the flow. */
    private readonly continueAt: (label: string) => string[],
  ) {
    this.domains = new KernelDomains(game, code);
  }

  /** The parameters' domains (sets of cards among them). */
  readonly domains: KernelDomains;

  /** A decision: the seat (or each seat, in order; or the racers, in a random order) draws a move as
   *  the compiled sampler does, and the move takes effect at once (an `ask each`: once every seat has
   *  chosen, in seat order). */
  decide(decision: Decision): string[] {
    // The memo of a function whose reads the writer cannot name is stale at every decision (playout-memo.ts).
    return [DECISION_MARKER, ...this.decision(decision)];
  }

  private decision(decision: Decision): string[] {
    const ask = decision.ask;
    if (ask.pause) unsupported("`pause`");
    if (ask.race) return this.outline(this.race(decision));
    if (!ask.each) {
      const seat = this.code.temp("seat");
      const player = this.code.hoisted(() => this.code.expression(ask.player!));
      const lines = ["{", ...player.pre, `const ${seat} = ${player.code};`, ...this.botAsked(seat)];
      if (ask.window && this.split) return this.windowDecision(decision, seat, lines);
      const idle = ask.window ? this.idleSearch(decision, seat) : [];
      const draw = this.outline(this.sampler(decision, seat, (i, params, hints) => this.applied(decision, i, params, hints)), seat);
      // A game resumed at a window asks the seat, as the state machine waiting there does (a state
      // drawn by `sample` may leave it only `done`): the pass by an idle seat came before.
      // Its memo is stale as at any decision (see `decide`).
      if (ask.window) this.entries.set(decision, [DECISION_MARKER, ...lines, ...draw, "}"]);
      return [...lines, ...idle, ...draw, "}"];
    }
    if (ask.window) unsupported("a window asking several seats at once");
    if (decision.optionEntries.size > 0) unsupported("an `ask each` whose options ask again");
    const seatVar = this.binder(ask.each.binder);
    const declared = this.stored(ask.each.binder);
    const most = Math.max(1, ...ask.options.map((o) => o.parameters.length));
    const actors = this.code.newScratch(String(this.maxSeats));
    const choice = this.code.newScratch(String(this.maxSeats));
    // The values chosen wait until every seat has chosen (numbers, enum members, sets of cards).
    const values = this.code.newValues();
    const count = this.code.temp("n");
    const a = this.code.temp("a");
    const lines = ["{", ...this.askedSeats(ask.each, seatVar, actors, count)];
    lines.push(`if (${count} === 0) throw new GameFault("fault/no-legal-move", "nobody is asked");`);
    // Every seat chooses, in order, seeing the state before anyone's choice takes effect.
    const pick = this.code.temp("pick");
    // The drawn cards' positions wait beside them (for the moves of those cards, playout-position-hints.ts).
    let positions = "";
    const hinted = new Set<string>();
    const keep = (i: number, j: number, hint: string): string => {
      if (positions === "") positions = this.code.newScratch(String(this.maxSeats * most));
      hinted.add(`${i}:${j}`);
      return `${positions}[${a} * ${most} + ${j}] = ${hint};`;
    };
    const store: Then = (i, params, hints) => [
      `${choice}[${a}] = ${i};`,
      ...params.map((p, j) => `${values}[${a} * ${most} + ${j}] = ${p};`),
      ...(hints ?? []).flatMap((h, j) => (h === null ? [] : [keep(i, j, h)])),
      `break ${pick.slice(1)};`,
    ];
    lines.push(`for (let ${a} = 0; ${a} < ${count}; ${a}++) {`, `${declared ? "" : "const "}${seatVar} = ${actors}[${a}]!;`, `${pick.slice(1)}: {`, ...this.sampler(decision, seatVar, store), "}", "}");
    // Then each choice takes effect, in seat order.
    lines.push(`for (let ${a} = 0; ${a} < ${count}; ${a}++) {`, `${declared ? "" : "const "}${seatVar} = ${actors}[${a}]!;`);
    decision.ask.options.forEach((option, i) => {
      const params = option.parameters.map((p, j) => this.bindParameter(p, `${values}[${a} * ${most} + ${j}] as ${kernelType(this.decisions.parameterSlot(p).type)}`));
      const hints = option.parameters.map((_, j) => (hinted.has(`${i}:${j}`) ? `${positions}[${a} * ${most} + ${j}]!` : null));
      const body = this.code.positionHints.within(this.slots(option), hints, () => this.code.statements(option.body.statements));
      lines.push(`if (${choice}[${a}] === ${i}) {`, ...params, ...body, "}");
    });
    lines.push("}", ...this.continueAt(decision.resume), "}");
    return this.outline(lines);
  }

  /**
   * A window's decision where steps are functions: the decision's function lists what is on offer
   * once, both to pass by a seat offered nothing but `done` (called with `passBy` true, from the
   * flow) and to draw its move (a game resumed there asks the seat: `passBy` false). The pass-by
   * test comes right after the listing, before the cap check, where the window tested it before
   * asking (flow-file.ts `passByIdle`).
   */
  private windowDecision(decision: Decision, seat: string, lines: string[]): string[] {
    const done = decision.ask.options[decision.ask.options.length - 1]!;
    const idle = [...this.code.statements(done.body.statements), ...this.continueAt(decision.resume)];
    const flag = "$passBy";
    this.passBy = { flag, idle };
    let body: string[];
    try {
      body = this.sampler(decision, seat, (i, params, hints) => this.applied(decision, i, params, hints));
    } finally {
      this.passBy = null;
    }
    const name = this.code.temp("decide").slice(1);
    this.outlined.push(`function ${name}(${seat}: number, ${flag}: boolean): number {`, ...body, "}");
    this.entries.set(decision, [DECISION_MARKER, ...lines, `return ${name}(${seat}, false);`, "}"]);
    return [...lines, `return ${name}(${seat}, true);`, "}"];
  }

  /** Set while a window's decision is written as a function of its own (`windowDecision`). */
  private passBy: { readonly flag: string; readonly idle: readonly string[] } | null = null;

  /** Where a window's decision function is written: with every option's flag (on offer, `done`'s
   *  last) listed, what the window does for a seat offered nothing but `done`. */
  passByIdle(flags: readonly string[]): string[] {
    if (this.passBy === null) return [];
    const own = flags.slice(0, -1);
    return [`if (${this.passBy.flag} && !(${own.join(" || ")})) {`, ...this.passBy.idle, "}"];
  }

  /** The code a resumed game enters a decision by, where it differs from `decide`'s (a window). */
  readonly entries = new Map<Decision, string[]>();

  /** Functions of the kernel that decisions were moved into (see `outline`), in the closure. */
  readonly outlined: string[] = [];
  /** Set where each step is a function of its own (playout-file.ts): then each decision is too. */
  split = false;

  /** Where steps are functions: `lines` (which leave by `return pc`) as a function of their own,
   *  called with the seat asked, so that V8 optimizes (and inlines into) each piece on its own. */
  private outline(lines: string[], seat?: string): string[] {
    if (!this.split) return lines;
    const name = this.code.temp("decide").slice(1);
    this.outlined.push(`function ${name}(${seat ? `${seat}: number` : ""}): number {`, ...lines, "}");
    return [`return ${name}(${seat ?? ""});`];
  }

  /** As `apply`: the option's parameters bound, then its body and the flow after the decision, or
   *  the lowered body of an option that asks again. */
  private applied(decision: Decision, i: number, params: string[], hints?: readonly (string | null)[]): string[] {
    const option = decision.ask.options[i]!;
    const entry = decision.optionEntries.get(option.name.name);
    if (entry) return ["{", ...option.parameters.map((p, j) => this.bindParameter(p, params[j]!)), ...this.continueAt(entry), "}"];
    // A set drawn into a scratch list is read there by the body (kept in the state, it is copied).
    const { bind, views } = this.domains.sets.bind(option, params, (p, value) => this.bindParameter(p, value));
    const effect = (): string[] => this.code.knownSegments.within(option.parameters, this.slots(option), () => this.code.statements(option.body.statements));
    const body = (): string[] => this.code.withSetViews(views, () => [...effect(), ...this.continueAt(decision.resume)]);
    return ["{", ...bind, ...this.code.positionHints.within(this.slots(option), hints ?? [], body), "}"];
  }

  /** The local slots of an option's parameters, in order. */
  private slots(option: A.MoveOptionDeclaration): LocalSlot[] {
    return option.parameters.map((p) => this.decisions.parameterSlot(p));
  }

  /**
   * A race, as `playRandomGame` plays it: while racers remain who have not declined, one of them is
   * drawn (when more than one), then their move; a decline drops them (all declining: the race
   * lapses), the first claim wins and takes effect with the racer bound.
   */
  private race(decision: Decision): string[] {
    const each = decision.ask.each!;
    const seatVar = this.binder(each.binder);
    const declared = this.stored(each.binder);
    const actors = this.code.newScratch(String(this.maxSeats));
    const declined = this.code.newScratch(String(this.maxSeats));
    const count = this.code.temp("n");
    const label = this.code.temp("race").slice(1);
    const left = this.code.temp("left");
    const seat = this.code.temp("seat");
    const k = this.code.temp("k");
    const a = this.code.temp("a");
    const at = `${seat}$at`;
    // `declined` by place among the racers (not by seat): the pick reads it with no seat looked up.
    const lines = ["{", ...this.askedSeats(each, seatVar, actors, count), `for (let $s = 0; $s < ${count}; $s++) ${declined}[$s] = 0;`];
    // The racers still in, counted as they decline (a race starts with none declined, resumed too).
    lines.push(
      `let ${left} = ${count};`,
      `if (${left} === 0) throw new GameFault("fault/no-legal-move", "a race that no seat may join");`,
      `${label}: for (;;) {`,
      ...this.capCheck(),
      // `rng.pick` among the racers still in, in the order asked, only when there is a choice.
      `let ${k} = 0;`,
      `if (${left} > 1) {`,
      ...this.code.draw("P", left, `${k}$drawn`),
      `${k} = ${k}$drawn;`,
      "}",
      `let ${seat} = -1;`,
      `let ${at} = -1;`,
      `for (let ${a} = 0; ${a} < ${count}; ${a}++) if (${declined}[${a}]! === 0 && ${k}-- === 0) { ${seat} = ${actors}[${a}]!; ${at} = ${a}; break; }`,
      `${declared ? "" : "const "}${seatVar} = ${seat};`,
    );
    const then: Then = (i, params, hints) => {
      const option = decision.ask.options[i]!;
      if (option.name.name !== "decline" || option.parameters.length > 0) return this.applied(decision, i, params, hints);
      return [`${declined}[${at}] = 1;`, `if (${left} === 1) {`, ...this.continueAt(decision.resume), "}", `${left}--;`, `continue ${label};`];
    };
    lines.push(...this.sampler(decision, seatVar, then), "}", "}");
    return lines;
  }

  /** The seats an `ask each` or race asks, into `actors[0..count)`: its collection, kept by `where`. */
  private askedSeats(each: NonNullable<A.AskStatement["each"]>, seatVar: string, actors: string, count: string): string[] {
    const keep = each.condition ? this.code.hoisted(() => this.code.expression(each.condition!)) : null;
    const add = [...this.botAsked(seatVar), `${actors}[${count}++] = ${seatVar};`];
    return [`let ${count} = 0;`, ...this.code.eachOf(each.source, seatVar, keep ? [...keep.pre, `if (${keep.code}) {`, ...add, "}"] : add)];
  }

  /** Asking a seat the rules play is a fault (the rules must decide for it). */
  botAsked(seat: string): string[] {
    if (this.game.bots.length === 0) return [];
    return [`if (${seat} >= humans) throw new GameFault("fault/bot-asked", \`seat \${${seat}} is played by the rules: the rules must decide for it, never ask it\`);`];
  }

  /**
   * A window passes by a seat offered nothing but its `done` (the last option): what `done` does
   * is done at once and the flow goes on, no decision taken (flow-file.ts `passByIdle`). In a kernel
   * of one `play`; where steps are functions, the decision's own listing tests it (`windowDecision`).
   */
  private idleSearch(decision: Decision, seat: string): string[] {
    const offers = this.code.temp("offers").slice(1);
    const done = decision.ask.options[decision.ask.options.length - 1]!;
    const idle = [...this.code.statements(done.body.statements), ...this.continueAt(decision.resume)];
    const options = decision.ask.options.slice(0, -1);
    // As `offers_…`: the options in order, up to the first on offer.
    const search: string[] = [];
    for (const option of options) {
      const flag = this.code.withMemo(true, () => this.offered(option, search));
      search.push(`if (${flag}) return true;`);
    }
    return [`const ${offers} = ((): boolean => {`, ...search, "return false;", "})();", `if (!${offers}) {`, ...idle, "}"];
  }

  private binder(identifier: A.Identifier): string {
    const binding = this.game.names.get(identifier);
    if (binding?.kind !== "local") throw new Error("internal: unbound ask each player");
    return localName(binding.slot);
  }

  private stored(identifier: A.Identifier): boolean {
    const binding = this.game.names.get(identifier);
    return binding?.kind === "local" && binding.slot.storage === "state";
  }

  bindParameter(p: A.ParameterDeclaration, value: string): string {
    const binding = this.game.names.get(p.name);
    if (binding?.kind !== "local") throw new Error("internal: unresolved parameter");
    return binding.slot.storage === "state" ? `${localName(binding.slot)} = ${value};` : `const ${localName(binding.slot)} = ${value};`;
  }

  // ── the random policy ────────────────────────────────────────────────────────────────────────

  /** The compiled sampler of the decision: moves-file.ts `samplerFunction`, or its
   *  `constrainedSampler` where an option's requirements read its parameters. */
  private sampler(decision: Decision, seat: string, then: Then): string[] {
    const options = decision.ask.options;
    const constrained = options.some((o) => (o.parameters.length > 0 && o.requirements.length > 0) || o.parameters.some((p) => this.game.types.get(p.domain)?.kind === "subsets"));
    // The listing reads the rules' functions through the memo; the move's effect never does.
    const effect: Then = (i, params, hints) => this.code.withMemo(false, () => then(i, params, hints));
    return this.code.withMemo(true, () => {
      const uniform = constrained ? this.constrainedSampler(decision, seat, effect) : this.countingSampler(decision, seat, effect);
      // Where the rules state preferences, a kernel asked to follow them draws as choosePreferredMove.
      return [...preferredDraw(this, this.code, decision, seat, effect), ...uniform];
    });
  }

  /** Each option's count of concrete moves, one draw from the policy's generator, the index decoded
   *  in mixed radix over the parameters. */
  private countingSampler(decision: Decision, seat: string, then: Then): string[] {
    const options = decision.ask.options;
    const lines: string[] = [];
    const counts: string[] = [];
    const decoders: { sizes: string[]; domains: KernelDomain[] }[] = [];
    for (const option of options) {
      const domains = option.parameters.map((p) => this.domains.of(p, lines));
      const sizes = domains.map((d) => {
        const size = this.code.temp("size");
        lines.push(`const ${size} = ${d.size};`);
        return size;
      });
      const count = this.code.temp("count");
      const product = sizes.length ? sizes.join(" * ") : "1";
      const requirements = option.parameters.length > 0 ? [] : option.requirements.map((r) => this.condition(r.condition, lines));
      lines.push(`const ${count} = ${requirements.length ? `${requirements.join(" && ")} ? ${product} : 0` : product};`);
      counts.push(count);
      decoders.push({ sizes, domains });
    }
    const total = this.code.temp("total");
    const index = this.code.temp("index");
    lines.push(...this.passByIdle(counts.map((c) => `${c} > 0`)));
    lines.push(
      // Typed: a lone option without parameters counts 1, which tsc would not compare with 0.
      `const ${total}: number = ${counts.join(" + ")};`,
      `if (${total} === 0) throw new GameFault("fault/no-legal-move", \`seat \${${seat}} must act but has no legal move\`);`,
      ...this.capCheck(),
      ...this.code.draw("P", total, `${index}$drawn`),
      `let ${index} = ${index}$drawn;`,
      "decisions++;",
      "steps = 0;",
    );
    options.forEach((option, i) => {
      const { sizes, domains } = decoders[i]!;
      const decode: string[] = [];
      const params: string[] = [];
      const hints: (string | null)[] = [];
      sizes.forEach((size, j) => {
        const digit = this.code.temp("digit");
        const value = this.code.temp("value");
        // The last digit is what is left of the index (below its size): no division for it, and
        // none at all for an option of one parameter.
        if (j === sizes.length - 1) decode.push(`const ${digit} = ${index};`);
        else decode.push(`const ${digit} = ${index} % ${size};`, `${index} = Math.floor(${index} / ${size});`);
        decode.push(`const ${value} = ${domains[j]!.valueAt(digit)};`);
        params.push(value);
        hints.push(domains[j]!.position ? digit : null);
      });
      lines.push(`if (${index} < ${counts[i]}) {`, ...decode, this.traced(seat, option, params), ...then(i, params, hints), "}", `${index} -= ${counts[i]};`);
    });
    lines.push('throw new GameFault("fault/no-legal-move", "the drawn move index is out of range");');
    return lines;
  }

  /**
   * Moves described by constraints: an option offered (its domains hold values, its requirements
   * about the situation hold, each domain narrowed by the requirements about that parameter alone
   * still holds one) drawn uniformly, then each parameter from its narrowed domain, drawn again
   * until the requirements about several parameters hold. The same draws in the same order as the
   * compiled sampler (and option-listing.ts's narrowing).
   */
  private constrainedSampler(decision: Decision, seat: string, then: Then): string[] {
    const options = decision.ask.options;
    const lines: string[] = [];
    const offered: string[] = [];
    const drawn: { listed: KernelDomain[]; fill: string[]; rest: A.Requirement[] }[] = [];
    for (const { flag, listed, fill, rest } of this.offeredAll(options, lines)) {
      offered.push(flag);
      drawn.push({ listed, fill, rest });
    }
    const count = this.code.temp("offered");
    const attempt = this.code.temp("attempt").slice(1);
    const pick = this.code.temp("pick");
    lines.push(...this.passByIdle(offered));
    lines.push(
      `const ${count} = ${offered.map((o) => `(${o} ? 1 : 0)`).join(" + ")};`,
      `if (${count} === 0) throw new GameFault("fault/no-legal-move", \`seat \${${seat}} must act but has no legal move\`);`,
      ...this.capCheck(),
      `${attempt}: for (let $attempt = 0; $attempt < 10_000; $attempt++) {`,
      ...this.code.draw("P", count, `${pick}$drawn`),
      `let ${pick} = ${pick}$drawn;`,
    );
    options.forEach((option, i) => {
      const { listed, fill, rest } = drawn[i]!;
      const params: string[] = [];
      const hints: (string | null)[] = [];
      // The narrowed lists, built the first time the option is drawn.
      const built = this.code.temp("built");
      const draws: string[] = fill.length ? [`if (!${built}) {`, ...fill, `${built} = true;`, "}"] : [];
      if (fill.length) lines.splice(lines.indexOf(`${attempt}: for (let $attempt = 0; $attempt < 10_000; $attempt++) {`), 0, `let ${built} = false;`);
      listed.forEach((domain, j) => {
        const digit = this.code.temp("digit");
        const value = this.code.temp("value");
        if (domain.zone) {
          params.push(this.domains.sets.draw(domain.zone, draws));
          hints.push(null);
          return;
        }
        draws.push(...this.code.draw("P", domain.size, digit), `const ${value} = ${domain.valueAt(digit)};`);
        params.push(value);
        hints.push(domain.position ? digit : null);
      });
      // The requirements read the drawn sets in place.
      const { bind, views } = this.domains.sets.bind(option, params, (p, value) => this.bindParameter(p, value));
      // Cheap requirements first (playout-cheap-tests.ts): most draws fail one.
      const tests = this.code.withSetViews(views, () =>
        cheapFirst(this.game, rest).flatMap((r) => {
          const { pre, code } = this.code.hoisted(() => this.code.expression(r.condition));
          return [...pre, `if (${failing(code)}) continue ${attempt};`];
        }),
      );
      lines.push(
        `if (${offered[i]} && ${pick}-- === 0) {`,
        ...draws,
        "{",
        ...bind,
        ...tests,
        "}",
        "decisions++;",
        "steps = 0;",
        this.traced(seat, option, params),
        ...then(i, params, hints),
        "}",
      );
    });
    lines.push("}", ...exactSampler(this, this.code, this.game, this.decisions, decision, seat, then), 'throw new GameFault("fault/no-legal-move", "no legal move in 10,000 random draws");');
    return lines;
  }

  /** Whether an option is on offer, into a new `let` flag (its name returned): its domains hold
   *  values, its requirements about the situation hold, each domain narrowed by the requirements
   *  about that parameter alone still holds one (option-listing.ts). */
  offered(option: A.MoveOptionDeclaration, lines: string[]): string {
    const listing = this.listing(option);
    lines.push(...listing.declarations, ...listing.open);
    return listing.flag;
  }

  /** Every option's `offered`, in order, with its listed domains for the draw, the lines that fill
   *  them once it is drawn, and the requirements left to test after the draw. Options searching the
   *  same domain share one pass over it (playout-shared-search.ts), which fills their lists. */
  offeredAll(options: readonly A.MoveOptionDeclaration[], lines: string[]): OptionOffer[] {
    const listings = options.map((option) => this.listing(option));
    const collected = new Set<OptionSearch>();
    lines.push(...sharedListings(this.code, listings, collected));
    return listings.map(({ flag, listed, rest, fills }) => ({ flag, listed, rest, fill: fills.flatMap((f) => (f.search !== null && collected.has(f.search) ? [] : f.lines)) }));
  }

  /** An option's listing: the declarations of its domains, its listing block and the first search
   *  in it, and per narrowed list the lines that fill it, with the search that may fill it instead. */
  private listing(option: A.MoveOptionDeclaration): Omit<OptionOffer, "fill"> & OptionListing & { fills: { search: OptionSearch | null; lines: string[] }[] } {
    const lines: string[] = [];
    const ownOf = (p: A.ParameterDeclaration): A.Requirement[] =>
      option.requirements.filter((r) => {
        const read = this.decisions.parametersRead(r.condition, option);
        return read.length === 1 && read[0] === p;
      });
    // A seat parameter its own requirements narrow is walked, not listed (playout-lazy-seats.ts).
    // A seat parameter whose seats are a mask is that mask (playout-lazy-seats.ts).
    const declared = option.parameters.map(
      (p) => seatMaskParameter(this.game, this.code, p, lines) ?? (ownOf(p).length > 0 ? lazySeatDomain(this.game, this.code, p, lines) : null) ?? this.domains.of(p, lines),
    );
    const flag = this.code.temp("offered");
    const block = flag.slice(1) + "$open";
    lines.push(`let ${flag} = false;`);
    let search: OptionSearch | null = null;
    const open: string[] = [`${block}: {`];
    for (const d of declared) if (d.nonEmpty) open.push(`if (!(${d.nonEmpty})) break ${block};`);
    for (const r of option.requirements.filter((r) => !this.decisions.mentionsParameters(r.condition, option))) {
      const { pre, code } = this.code.hoisted(() => this.code.expression(r.condition));
      open.push(...pre, `if (${failing(code)}) break ${block};`);
    }
    const folded = new Set<A.Requirement>();
    // Each narrowed list's filling, with the search that may keep it instead (`offeredAll`).
    const fills: { search: OptionSearch | null; lines: string[] }[] = [];
    const listed = option.parameters.map((p, j) => {
      const domain = declared[j]!;
      const own = ownOf(p);
      if (own.length === 0) return domain;
      const name = localName(this.decisions.parameterSlot(p));
      if (domain.zone) {
        // Sets are not listed (2^n of them): offered while the zone holds a card, or while the
        // empty set meets the parameter's own requirements; tested again after the draw.
        const none = this.code.inPlaceCode(() => own.map((r) => `(${this.code.expression(r.condition)})`).join(" && "));
        open.push(`if (!(N[${domain.zone.seg}]! > 0 || ((${name}: number[]): boolean => ${none})([]))) break ${block};`);
        return domain;
      }
      if (domain.ends) {
        // Only bounds narrow a range (it stays a range); any other requirement is tested after the draw.
        const bounds = own.map((r) => ({ r, ends: this.bounds(r, p) })).filter((b) => b.ends !== null);
        if (bounds.length === 0) return domain;
        let { low, high } = domain.ends;
        const lows = bounds.flatMap((b) => b.ends!.low);
        const highs = bounds.flatMap((b) => b.ends!.high);
        if (lows.length) {
          const least = this.code.temp("least");
          lines.push(`let ${least} = ${low};`);
          open.push(`${least} = Math.max(${[low, ...lows].join(", ")});`);
          low = least;
        }
        if (highs.length) {
          const most = this.code.temp("most");
          lines.push(`let ${most} = ${high};`);
          open.push(`${most} = Math.min(${[high, ...highs].join(", ")});`);
          high = most;
        }
        for (const b of bounds) folded.add(b.r);
        open.push(`if (!(${low} <= ${high})) break ${block};`);
        return this.domains.rangeOver(low, high);
      }
      // The values that meet the parameter's own requirements, in the order `check` tests them.
      const kept = this.code.newList(this.domains.elementType(p), this.domains.listCapacity(p));
      const checks: SearchTest[] = [];
      // Over the seats, each requirement's rules text too: it may be read as a set of seats.
      const held = domain.shares === "seats" || domain.mask ? this.code.heldTable : null;
      const sets: SeatSets | null = held ? { game: this.game, held, counts: this.code.countsTable, meaningOf: callerMeaning(this.game, this.decisions.parameterSlot(p), (e) => this.code.expression(e)) } : null;
      // Requirements that all read as seat sets: the seats passing them are a mask, made once; the
      // option is offered while it holds a seat, and the seat drawn is its k-th, lowest first, where
      // the list made seat by seat holds it (playout-seat-sets.ts).
      const masks = sets ? own.map((r) => seatsPassing(sets, r.condition)) : [];
      if (masks.length > 0 && masks.every((m) => m !== null)) {
        masks.forEach((m) => m!.keep());
        own.forEach((r) => folded.add(r));
        const seats = this.code.temp("seats");
        lines.push(`let ${seats} = 0;`);
        open.push(`${seats} = ${domain.mask ?? ALL_SEATS} & ${masks.map((m) => m!.mask).join(" & ")};`, `if (${seats} === 0) break ${block};`);
        return seatMaskDomain(seats);
      }
      for (const r of own) {
        // Each conjunct a test of its own: it may then be shared or branched on alone.
        for (const term of conjuncts(r.condition)) checks.push({ ...this.code.hoisted(() => this.code.expression(term)), ...(sets ? { source: { test: term, sets } } : {}) });
        folded.add(r);
      }
      // Searched alone (not in a pass shared with other options), over the seats: the seats its
      // leading tests skip are left out by masks (playout-seat-masks.ts).
      const alone = held ? sharedSeatSkips(held, [{ binder: name, tests: checks }]) : null;
      const aloneDomain: KernelDomain = alone ? { ...domain, each: (binder, body) => seatsOutside(alone.skipped, binder, body, domain.mask) } : domain;
      const aloneTests = alone ? alone.tests[0]! : checks;
      const tests = aloneTests.flatMap(({ pre, code }) => [...pre, `if (!(${code})) continue;`]);
      // Offered while some value meets them (the search stops at the first, as `some` does); the
      // list itself is built once the option is drawn (`fill`), as the compiled sampler builds it.
      const found = this.code.temp("found");
      const start = open.length;
      open.push(...searchLines({ domain: aloneDomain, binder: name, tests: aloneTests, found, block }));
      const first: OptionSearch | null = search === null ? { start, end: open.length, domain, binder: name, tests: checks, found, block, kept } : null;
      search ??= first;
      fills.push({ search: first, lines: [`${kept.size} = 0;`, ...aloneDomain.each(name, [...tests, `${kept.list}[${kept.size}++] = ${name};`])] });
      return this.domains.listed(kept);
    });
    open.push(`${flag} = true;`, "}");
    const rest = option.requirements.filter((r) => this.decisions.mentionsParameters(r.condition, option) && !folded.has(r));
    return { flag, listed, fills, rest, declarations: lines, open, search };
  }

  /** The ends a requirement sets on a range parameter, when it is a bound or a conjunction of
   *  bounds (`amount > high`); null for anything else (as option-listing.ts). */
  private bounds(r: A.Requirement, p: A.ParameterDeclaration): RangeBounds | null {
    const slot = this.decisions.parameterSlot(p);
    const isParameter = (e: A.Expression): boolean => {
      const binding = e.kind === "name" ? this.game.names.get(e) : undefined;
      return binding?.kind === "local" && binding.slot === slot;
    };
    // A bound is read in place (no statement precedes it); its aggregates become calls on the spot.
    return rangeBounds(r.condition, isParameter, (e) => this.decisions.reads(e, slot), (e) => this.code.expression(e));
  }

  /** The code of a condition read in place, the statements its aggregates need pushed to `lines`. */
  condition(e: A.Expression, lines: string[]): string {
    const { pre, code } = this.code.hoisted(() => this.code.expression(e));
    lines.push(...pre);
    return code;
  }

  /** The decision cap: DECISION_CAP for a whole game, the caller's for a game resumed (`$cap`). */
  capCheck(): string[] {
    return [`if (decisions >= $cap) throw new GameFault("fault/decision-cap", \`the game did not end within \${$cap} decisions: an endless flow loop?\`);`];
  }

  /** The trace of a move: seat, move type, parameters (a set of cards as its size, then its cards). */
  traced(seat: string, option: A.MoveOptionDeclaration, params: string[]): string {
    const values = option.parameters.map((p, j) => (this.game.types.get(p.domain)?.kind === "subsets" ? this.domains.sets.traced(params[j]!) : params[j]!));
    return `if (trace !== null) trace.push(${[seat, String(this.moveTypes.indexOf(option.name.name)), ...values].join(", ")});`;
  }
}

