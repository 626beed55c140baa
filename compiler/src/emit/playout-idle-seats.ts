// The playout kernel's early pass-by of a window's idle seats. A `window p in ... { options }` is the
// loop `for p ... { let __window_N = true; while __window_N { ask p { options... done {...} } } }`
// (parser-support.ts `windowLoop`), and a seat offered nothing but `done` is passed by as if it had
// chosen it. The decision's function tests that after listing every option (playout-decisions.ts
// `windowDecision`), reached through the loop's head and the ask's step. Where each option but `done`
// has a test that cheaply proves it is not on offer, the step that opens the seat's part of the window
// runs those tests first, and passes an idle seat by there: `done`'s body, then on past the loop.
//
// A test proves an option is not on offer when it is false, and says nothing when it is true (the
// decision then lists as before):
// - a card parameter drawn from a zone: the zone is empty, or (with `where`) its running counts say
//   no card there passes the filter (playout-counts.ts `guard`, the test the listing itself makes);
// - a requirement that reads none of the option's parameters and can neither fault nor draw
//   (`plain`: no call, aggregate or division) is false.
// Nothing random is drawn and nothing is written before the pass-by either way, so the games are the
// same; a seat the rules play is still a fault to ask (`botAsked`), as it is before the listing.
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import type { Decision, FlowMachine, Step } from "../lower/ir.js";
import type { KernelCode } from "./playout-statements.js";
import { plain, readsSlot } from "./playout-memo-reads.js";
import type { ZoneRef } from "./playout-zones.js";

export class IdleSeats {
  private readonly steps: ReadonlyMap<string, Step>;

  constructor(
    private readonly game: CheckedGame,
    machine: FlowMachine,
    private readonly code: KernelCode,
    /** The fault of asking a seat the rules play (playout-decisions.ts). */
    private readonly botAsked: (seat: string) => string[],
  ) {
    this.steps = new Map(machine.steps.map((step) => [step.label, step]));
  }

  /** Lines that end `step` before its exit, where it opens a seat's part of a window: the seat
   *  passed by when no option but `done` can be on offer. Empty for any other step. */
  passBy(step: Step, continueAt: (label: string) => string[]): string[] {
    const window = this.opened(step);
    if (!window) return [];
    const { decision, head, done } = window;
    const lines: string[] = [];
    const segs = new Map<string, string>();
    const notOffered: string[][] = [];
    for (const option of decision.ask.options.slice(0, -1)) {
      const tests = this.notOffered(option, lines, segs);
      if (tests.length === 0) return [];
      notOffered.push(tests);
    }
    const idle = allIdle(notOffered);
    const seat = this.code.temp("seat");
    const player = this.code.hoisted(() => this.code.expression(decision.ask.player!));
    if (player.pre.length > 0) return [];
    const asked = this.botAsked(seat);
    // `done` closes the flag the loop's head tests: the flow goes on where that test fails.
    const after = head.exit.kind === "branch" && this.reaches(decision.resume, head.label) ? head.exit.otherwise : decision.resume;
    return ["{", ...lines, `if (${idle}) {`, ...(asked.length > 0 ? [`const ${seat} = ${player.code};`, ...asked] : []), ...this.code.statements(done.body.statements), ...continueAt(after), "}", "}"];
  }

  /** The window `step` opens: its last effect is `let __window_N = true`, and it goes to the loop's
   *  head, which tests that flag and goes on (then) to the step that asks the window's seat. */
  private opened(step: Step): { decision: Decision; head: Step; done: A.MoveOptionDeclaration } | null {
    const last = step.effects[step.effects.length - 1];
    if (last?.kind !== "run" || last.statement.kind !== "let" || step.exit.kind !== "goto") return null;
    const flag = this.slotOf(last.statement.name);
    const value = last.statement.value;
    if (!flag || value?.kind !== "boolean" || value.value !== true) return null;
    const head = this.steps.get(step.exit.target);
    if (!head || head.effects.length > 0 || head.exit.kind !== "branch" || this.slotOf(head.exit.condition) !== flag) return null;
    const ask = this.steps.get(head.exit.then);
    if (!ask || ask.effects.length > 0 || ask.exit.kind !== "decide") return null;
    const decision = ask.exit.decision;
    if (!decision.ask.window || decision.ask.each || decision.ask.race || !decision.ask.player) return null;
    const done = decision.ask.options[decision.ask.options.length - 1]!;
    const close = done.body.statements[0];
    if (decision.optionEntries.has(done.name.name) || done.body.statements.length !== 1 || close?.kind !== "assign" || this.slotOf(close.target) !== flag) return null;
    return { decision, head, done };
  }

  /** Whether the flow at `from` goes on to `to` through steps that do nothing but go on. */
  private reaches(from: string, to: string): boolean {
    for (let label = from, hops = 0; hops < 8; hops++) {
      if (label === to) return true;
      const step = this.steps.get(label);
      if (!step || step.effects.length > 0 || step.exit.kind !== "goto") return false;
      label = step.exit.target;
    }
    return false;
  }

  /** Tests each true only when `option` cannot be on offer now (see the file's comment). */
  private notOffered(option: A.MoveOptionDeclaration, lines: string[], segs: Map<string, string>): string[] {
    const tests: string[] = [];
    for (const p of option.parameters) {
      if (this.game.types.get(p.domain)?.kind !== "zone") continue;
      let z: ZoneRef | null = null;
      const zone = this.code.hoisted(() => (z = this.code.zone(p.domain)).seg);
      if (zone.pre.length > 0 || !z) continue;
      // Each zone's segment bound once, for the tests of every option that reads it.
      const seg = segs.get(zone.code) ?? this.code.temp("seg");
      const test = p.condition ? this.code.countsTable?.guard(p.condition, this.game.filterBinders.get(p), (z as ZoneRef).layout, seg) : `N[${seg}]! > 0`;
      if (!test) continue;
      if (!segs.has(zone.code)) lines.push(`const ${seg} = ${zone.code};`);
      segs.set(zone.code, seg);
      tests.push(`!(${test})`);
    }
    const params = option.parameters.map((p) => this.slotOf(p.name));
    for (const r of option.requirements) {
      if (!plain(r.condition) || params.some((slot) => readsSlot(this.game, r.condition, slot))) continue;
      const test = this.code.hoisted(() => this.code.expression(r.condition));
      if (test.pre.length === 0) tests.push(`!(${test.code})`);
    }
    return tests;
  }

  private slotOf(e: A.Expression | A.Identifier): unknown {
    const binding = this.game.names.get(e as A.Expression);
    return binding?.kind === "local" ? binding.slot : null;
  }
}

/** The test that no option is on offer, from each option's tests (any one true: that option is not).
 *  A test several options make is made once for them all (`(t || a) && (t || b)` is `t || (a && b)`),
 *  the test most options make first, and so on within; where one of them makes no other, that test
 *  decides for them alone. The tests are plain reads: their order changes nothing but their cost. */
export function allIdle(notOffered: readonly (readonly string[])[]): string {
  const times = new Map<string, number>();
  for (const tests of notOffered) for (const t of new Set(tests)) times.set(t, (times.get(t) ?? 0) + 1);
  const shared = [...times].reduce<[string, number] | null>((best, entry) => (entry[1] > (best?.[1] ?? 1) ? entry : best), null);
  const any = (tests: readonly string[]): string => (tests.length === 1 ? tests[0]! : `(${tests.join(" || ")})`);
  if (shared === null) return notOffered.map(any).join(" && ");
  const [test] = shared;
  const rest = notOffered.filter((tests) => tests.includes(test)).map((tests) => tests.filter((t) => t !== test));
  const group = rest.some((tests) => tests.length === 0) ? test : `(${test} || (${allIdle(rest)}))`;
  // The group stands where its first option stood.
  const first = notOffered.findIndex((tests) => tests.includes(test));
  const terms = notOffered.flatMap((tests, i) => (i === first ? [group] : tests.includes(test) ? [] : [any(tests)]));
  return terms.join(" && ");
}
