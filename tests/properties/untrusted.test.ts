// Property 9: the runtime with untrusted input, for every game at every table. A move is read once
// into a frozen plain copy that fits the game's move schema (what is checked is what is applied and
// logged); applyMove shares the log instead of copying it; each seat's log hides what the seat may
// not see; a save is its options and log, nothing else.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MatchError,
  Rng,
  applyMove,
  deserializeMatch,
  logFor,
  matchInner,
  sameJson,
  serializeMatch,
  viewFor,
  type Match,
  type Move,
} from "@rules/runtime/internal";
import { dealArb, nextDecision, playAll, runsFor, tables } from "./harness.js";

/** A proxy of `move` that counts how often each of its fields is read, by any trap. */
function counting(move: Move): { proxy: Move; reads: Map<PropertyKey, number> } {
  const reads = new Map<PropertyKey, number>();
  const count = (key: PropertyKey): void => void reads.set(key, (reads.get(key) ?? 0) + 1);
  const proxy = new Proxy(move, {
    get: (target, key) => (count(key), Reflect.get(target, key)),
    getOwnPropertyDescriptor: (target, key) => (count(key), Reflect.getOwnPropertyDescriptor(target, key)),
  });
  return { proxy, reads };
}

/** Card ids a view shows anywhere in its zones. */
function cardsShown(view: unknown): Set<number> {
  const shown = new Set<number>();
  JSON.stringify((view as { zones?: unknown }).zones ?? {}, (key, value) => {
    if ((key === "cards" || key === "known") && Array.isArray(value)) for (const card of value) if (typeof card === "number") shown.add(card);
    return value;
  });
  return shown;
}

describe.each(tables)("$name", (table) => {
  it("reads a move once, into a frozen copy that is what gets checked, applied and logged", () => {
    fc.assert(
      fc.property(dealArb, fc.nat(), (deal, pick) => {
        const matches = playAll(table, deal).filter((match) => match.state.pc !== "end");
        if (matches.length === 0) return;
        const match = matches[pick % matches.length]!;
        const { seat, move } = nextDecision(match, new Rng(deal.botSeed), deal.policy);
        const { proxy, reads } = counting(move);
        const outcome = applyMove(match, seat, proxy);
        expect(outcome.ok).toBe(true);
        for (const [key, times] of reads) expect({ key, times }).toEqual({ key, times: Math.min(times, 1) });
        const logged = outcome.ok ? outcome.match.log[outcome.match.log.length - 1]!.move : null;
        expect(logged).not.toBe(proxy);
        expect(Object.isFrozen(logged)).toBe(true);
        expect(logged).toStrictEqual({ ...move });

        // A field too many, a field missing, a getter: refused, and the getter never runs.
        const extra = applyMove(match, seat, { ...move, note: "hi" } as Move);
        expect(extra.ok ? "accepted" : extra.error.code).toBe("move/bad-parameter");
        const [field] = Object.keys(move).filter((key) => key !== "type");
        if (field !== undefined) {
          const { [field]: _, ...missing } = move;
          const outcomeMissing = applyMove(match, seat, missing as Move);
          expect(outcomeMissing.ok ? "accepted" : outcomeMissing.error.code).toBe("move/bad-parameter");
          let calls = 0;
          const withGetter = Object.defineProperty({ ...move }, field, { enumerable: true, get: () => (calls++, move[field]) });
          const got = applyMove(match, seat, withGetter);
          expect(got.ok ? "accepted" : got.error.code).toBe("move/malformed");
          expect(calls).toBe(0);
        }
      }),
      runsFor(table, 60, "frozen moves"),
    );
  });

  it("adds a move to the log without copying the log", () => {
    fc.assert(
      fc.property(dealArb, (deal) => {
        const matches = playAll(table, deal);
        for (let i = 1; i < matches.length; i++) {
          const [before, after] = [matches[i - 1]!, matches[i]!];
          // Asserted only when wrong: an assertion per move cost more than the checks.
          if (matchInner(after).tail!.previous !== matchInner(before).tail) expect(matchInner(after).tail!.previous, `move ${i}`).toBe(matchInner(before).tail);
          if (after.moveCount !== before.moveCount + 1) expect(after.moveCount, `move ${i}`).toBe(before.moveCount + 1);
        }
        const last = matches[matches.length - 1]!;
        expect(last.log.slice(0, -1)).toStrictEqual(matches[matches.length - 2]?.log ?? []);
      }),
      runsFor(table, 20, "log not copied"),
    );
  });

  it("shows each seat its own moves, hides open secret choices and cards it cannot see, and no random state", () => {
    fc.assert(
      fc.property(dealArb, fc.nat(), (deal, pick) => {
        const matches = playAll(table, deal);
        const match: Match = matches[pick % matches.length]!;
        const open = match.state.pending?.filter((submitted) => submitted !== null).length ?? 0;
        const kinds = match.game.moves!;
        for (const seat of [null, ...Array.from({ length: match.state.players }, (_, s) => s)]) {
          const entries = logFor(match, seat);
          expect(entries).toHaveLength(match.log.length);
          const visible = cardsShown(viewFor(match, seat));
          // What is wrong with each entry, asserted once for the seat: an assertion per entry and
          // field cost more than the checks.
          const problems: string[] = [];
          entries.forEach((entry, i) => {
            const full = match.log[i]!;
            const wrong = (what: string) => problems.push(`entry ${i} (seat ${full.seat}'s ${full.move.type}): ${what}`);
            if (Object.keys(entry).sort().join() !== "move,seat") wrong(`has the fields ${Object.keys(entry).sort().join(", ")}`);
            if (entry.seat !== full.seat) wrong(`says seat ${entry.seat}`);
            if (full.seat === seat) {
              if (!sameJson(entry.move, full.move)) wrong(`shows its own move as ${JSON.stringify(entry.move)}`);
              return;
            }
            if (i >= match.log.length - open) {
              if (entry.move !== null) wrong(`shows an open secret choice: ${JSON.stringify(entry.move)}`);
              return;
            }
            if (entry.move === null) return wrong("hides a move that is no secret any more");
            for (const [name, kind] of Object.entries(kinds[full.move.type]!)) {
              const shown = (entry.move as Record<string, unknown>)[name];
              if (kind === "card") {
                if (!(shown === null || visible.has(shown as number))) wrong(`shows ${name} ${JSON.stringify(shown)}, a card the seat cannot see`);
              } else if (kind === "cards") {
                if ((shown as (number | null)[]).some((card) => !(card === null || visible.has(card)))) wrong(`shows ${name} ${JSON.stringify(shown)}, cards the seat cannot see`);
              } else if (!sameJson(shown, full.move[name])) wrong(`shows ${name} as ${JSON.stringify(shown)}, not ${JSON.stringify(full.move[name])}`);
            }
          });
          if (problems.length > 0) expect(problems, `seat ${seat}`).toEqual([]);
        }
      }),
      runsFor(table, 40, "seat logs"),
    );
  });

  it("saves only the options and log; a save with a state of its own is refused, a cut log loads as the earlier match", () => {
    fc.assert(
      fc.property(dealArb, fc.nat(), fc.constantFrom("state", "initial", "random"), (deal, pick, field) => {
        const matches = playAll(table, deal);
        const at = 1 + (pick % (matches.length - 1));
        const saved = JSON.parse(serializeMatch(matches[at]!));
        expect(Object.keys(saved).sort()).toEqual(["format", "game", "log", "options", "version"]);
        const tampered = JSON.stringify({ ...saved, [field]: matches[0]!.state });
        expect(() => deserializeMatch(table.game, tampered)).toThrow(MatchError);
        const cut = deserializeMatch(table.game, JSON.stringify({ ...saved, log: saved.log.slice(0, -1) }));
        expect(cut.state).toStrictEqual(matches[at - 1]!.state);
      }),
      runsFor(table, 30, "saves"),
    );
  });
});
