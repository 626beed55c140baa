// `best_sets`: the best total score of disjoint sets of cards (runs, pairs, sets of a kind), exact
// for any number of cards. How it works and what it costs: docs/games/freak-shop.md, "How the best
// arrangement is found".
import type { CardId } from "./contract.js";
import { GameFault, type RuleSite } from "./errors.js";

type Key = number | string | boolean;

/** Cards alike to the rule and the scorer. */
interface Kind {
  readonly key: Key;
  readonly alike: Key;
  readonly cards: CardId[];
}

/** Orders numbers, strings and booleans (false before true); a field has values of one type. */
function compareKeys(a: Key, b: Key): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The cards grouped by kind (equal key and equal `alike`), sorted by key, then by `alike`. */
function kindsOf(cards: readonly CardId[], key: (card: CardId) => Key, alike: (card: CardId) => Key): Kind[] {
  const byKey = new Map<Key, Map<Key, Kind>>();
  for (const card of cards) {
    const k = key(card);
    const a = alike(card);
    let group = byKey.get(k);
    if (!group) byKey.set(k, (group = new Map()));
    let kind = group.get(a);
    if (!kind) group.set(a, (kind = { key: k, alike: a, cards: [] }));
    kind.cards.push(card);
  }
  const kinds = [...byKey.values()].flatMap((group) => [...group.values()]);
  return kinds.sort((x, y) => compareKeys(x.key, y.key) || compareKeys(x.alike, y.alike));
}

/** One state being settled: the cards left whose lowest kind is `lowest`, and how far its search
 *  has gone (the frames live on a stack of their own, so JavaScript's call stack does not bound
 *  the number of cards). */
interface Frame {
  readonly lowest: number;
  readonly state: number | string;
  /** The lowest kind's cards left in this state. */
  readonly count: number;
  best: number;
  /** "drop": about to try the branch where none of the lowest kind's cards is in a set;
   *  "dropped": waiting for that branch's total; "sets": growing sets; "set": waiting for the
   *  total of the cards left after the set in `chosen`, which scores `pending`. */
  phase: "drop" | "dropped" | "sets" | "set";
  /** The set being grown, as kind indices (the first is `lowest`), its cards out of `left`. */
  readonly chosen: number[];
  /** Per position in the set, the next kind index to try there. */
  readonly tries: number[];
  pending: number;
}

/**
 * The best total score of disjoint sets of `size` cards, each set being cards with the same key
 * ("same") or with `size` consecutive whole-number keys ("consecutive"), scored by `score`; cards
 * may be left out. Cards with equal keys and equal `kind` must be alike to `score` (it cannot tell
 * one from the other); the default treats every card as its own kind. The scorer is given the set's
 * cards in ascending order of key, then of kind, so it sees the same list for twin sets.
 *
 * The search keeps the cards left as a count per kind and always settles the lowest kind left
 * first: either none of its cards is in a set, or one of them is the lowest card of a set, whose
 * other cards are of later kinds (a run: one card at each of key + 1 .. key + size - 1; a set of
 * a kind: cards with the same key). Every arrangement is one path of this recursion, so the best
 * path is the best arrangement. Results are remembered per state; as kinds are settled in key
 * order, only the kinds within one set's reach of the lowest are ever partly used, so a state is
 * the counts of those few kinds, and few states occur.
 */
export function bestSets(
  cards: readonly CardId[],
  size: number,
  key: (card: CardId) => Key,
  rule: "same" | "consecutive",
  score: (set: CardId[]) => number,
  kind: (card: CardId) => Key = (card) => card,
  at?: RuleSite,
): number {
  if (!Number.isInteger(size) || size < 1) throw new GameFault("fault/set-size", `a set must have at least 1 card, not ${size}`, at);
  const kinds = kindsOf(cards, key, kind);
  const n = kinds.length;
  const left = new Uint32Array(n);
  kinds.forEach((k, i) => (left[i] = k.cards.length));
  // The kinds holding each key, as index ranges [from, to) into `kinds` (sorted by key).
  const kindsWithKey = new Map<Key, [number, number]>();
  kinds.forEach((k, i) => {
    const range = kindsWithKey.get(k.key);
    if (range) range[1] = i + 1;
    else kindsWithKey.set(k.key, [i, i + 1]);
  });

  // Sets are scored once per multiset of kinds, named by a number while one fits.
  const scores = new Map<number | string, number>();
  const numberedSets = n ** size <= Number.MAX_SAFE_INTEGER;
  /** The score of a set given as kind indices in ascending order (each repeated per card used). */
  const scoreOf = (chosen: readonly number[]): number => {
    let id: number | string = 0;
    if (numberedSets) for (const i of chosen) id = id * n + i;
    else id = chosen.join(",");
    let known = scores.get(id);
    if (known === undefined) {
      // The second card of a kind in one set is its second card, and so on.
      known = score(chosen.map((k, i) => kinds[k]!.cards[i - chosen.indexOf(k)]!));
      scores.set(id, known);
    }
    return known;
  };

  // Sets are made from the lowest kind left up, so the kinds beyond the reach of a set from the
  // lowest (a key `size` or more above it for a run, a greater key for a set of a kind) are still
  // whole: the counts from the lowest kind to its reach are the whole state. They are named by a
  // number (each count a digit in the base of its kind's cards + 1) while one fits.
  const reach = kinds.map((k, i) => {
    let end = i;
    while (end < n && (rule === "same" ? kinds[end]!.key === k.key : (kinds[end]!.key as number) < (k.key as number) + size)) end++;
    return end;
  });
  const numberedStates = kinds.map((_, i) => {
    let states = 1;
    for (let j = i; j < reach[i]!; j++) states *= kinds[j]!.cards.length + 1;
    return states <= Number.MAX_SAFE_INTEGER;
  });
  const stateOf = (lowest: number): number | string => {
    if (!numberedStates[lowest]) return left.subarray(lowest, reach[lowest]).join(",");
    let state = 0;
    for (let j = reach[lowest]! - 1; j >= lowest; j--) state = state * (kinds[j]!.cards.length + 1) + left[j]!;
    return state;
  };
  /** Per lowest kind: the best total of each state. */
  const memo = kinds.map(() => new Map<number | string, number>());
  /** The lowest kind that has cards left, from `from` on (n when none has). */
  const lowestFrom = (from: number): number => {
    while (from < n && left[from] === 0) from++;
    return from;
  };
  /** The best total of the cards `left`, whose lowest kind is `lowest`, if known. */
  const known = (lowest: number): number | undefined => (lowest === n ? 0 : memo[lowest]!.get(stateOf(lowest)));

  // The kinds that may fill position p of a set growing in `frame`, as a range [from, to): for a
  // set of a kind, those from the kind at p - 1 to the last with its key; for a run, those holding
  // the key p above the lowest (kept per kind and position in runFrom and runTo).
  const runFrom = new Uint32Array(rule === "same" ? 0 : n * size);
  const runTo = new Uint32Array(rule === "same" ? 0 : n * size);
  if (rule === "consecutive") {
    kinds.forEach((k, i) => {
      for (let p = 1; p < size; p++) {
        const range = kindsWithKey.get((k.key as number) + p);
        if (range) [runFrom[i * size + p], runTo[i * size + p]] = range;
      }
    });
  }
  const firstTry = (frame: Frame, p: number): number => (rule === "same" ? frame.chosen[p - 1]! : runFrom[frame.lowest * size + p]!);
  const lastTry = (frame: Frame, p: number): number => (rule === "same" ? reach[frame.chosen[p - 1]!]! : runTo[frame.lowest * size + p]!);

  /** Takes back the last card of the set growing in `frame`; the next try at its place is the next kind. */
  const takeBack = (frame: Frame): void => {
    const i = frame.chosen.pop()!;
    left[i]!++;
    frame.tries[frame.chosen.length] = i + 1;
  };

  /** Runs `frame` until it needs the best total of another state (returns that state's lowest
   *  kind; `answer` brings the total back at the next call) or has settled (returns -1). */
  const step = (frame: Frame, answer: number): number => {
    const { lowest, chosen, tries } = frame;
    if (frame.phase === "drop") {
      // None of the lowest kind's cards is in a set.
      left[lowest] = 0;
      const next = lowestFrom(lowest + 1);
      const total = known(next);
      if (total === undefined) {
        frame.phase = "dropped";
        return next;
      }
      answer = total;
      frame.phase = "dropped";
    }
    if (frame.phase === "dropped") {
      frame.best = answer;
      // One of them is the lowest card of a set.
      left[lowest] = frame.count - 1;
      chosen.push(lowest);
      tries[1] = firstTry(frame, 1);
      frame.phase = "sets";
    } else if (frame.phase === "set") {
      if (frame.pending + answer > frame.best) frame.best = frame.pending + answer;
      if (size === 1) return settled(frame);
      takeBack(frame);
      frame.phase = "sets";
    }
    for (;;) {
      const p = chosen.length;
      if (p === size) {
        // A whole set: its score plus the best for the cards left after it.
        const next = lowestFrom(lowest);
        const total = known(next);
        if (total === undefined) {
          frame.pending = scoreOf(chosen);
          frame.phase = "set";
          return next;
        }
        const made = scoreOf(chosen) + total;
        if (made > frame.best) frame.best = made;
        if (size === 1) return settled(frame);
        takeBack(frame);
        continue;
      }
      // The next kind with a card left that may fill position p; none: back to position p - 1.
      let i = tries[p]!;
      const end = lastTry(frame, p);
      while (i < end && left[i] === 0) i++;
      if (i < end) {
        left[i]!--;
        chosen.push(i);
        if (p + 1 < size) tries[p + 1] = firstTry(frame, p + 1);
      } else if (p === 1) {
        return settled(frame);
      } else {
        takeBack(frame);
      }
    }
  };
  const settled = (frame: Frame): number => {
    left[frame.lowest] = frame.count;
    return -1;
  };

  const stack: Frame[] = [];
  const open = (lowest: number): void => {
    stack.push({ lowest, state: stateOf(lowest), count: left[lowest]!, best: 0, phase: "drop", chosen: [], tries: new Array<number>(size).fill(0), pending: 0 });
  };
  const first = lowestFrom(0);
  if (first === n) return 0;
  open(first);
  let answer = 0;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const next = step(frame, answer);
    if (next >= 0) {
      open(next);
      continue;
    }
    memo[frame.lowest]!.set(frame.state, frame.best);
    stack.pop();
    answer = frame.best;
  }
  return answer;
}
