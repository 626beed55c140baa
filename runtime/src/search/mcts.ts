// Information-set Monte Carlo tree search (single-observer ISMCTS with UCT) for any compiled game.
//
// Each iteration draws a full state from what the deciding seat knows (the game's compiled
// `sample`), walks the tree by UCB1 among the moves legal in that state (counting how often each
// was available, as ISMCTS does), adds one node, plays random moves to the end and credits every
// move on the path with its own seat's share of the win. So the bot never reads hidden data: the
// true state is only ever passed to `sample`, which keeps what the seat's view shows.
//
// Rounds where several seats act are handled the same way: a secret simultaneous choice is a
// decoupled round (each seat picks from its own statistics at the same node, not seeing the others'
// picks; the child follows their joint choice); in a race the seat to act is drawn at random (the
// deciding seat itself at the root). Decisions with too many moves to list (wide bids, sets of
// cards) grow their candidates by progressive widening: a new random legal move is added while a
// node has fewer than WIDEN_BASE + sqrt(visits) of them.

import type { BaseState, Game, Move, Seat } from "../contract.js";
import { GameFault, MatchError } from "../errors.js";
import { cloneJson } from "../json.js";
import { chooseRandomMove } from "../random-play.js";
import { playOnRandom } from "../play-on.js";
import { Rng } from "../random.js";
import { rankPlayers } from "../result.js";
import { listMoves, moveKey } from "./moves.js";

export interface MctsOptions {
  /** Iterations per decision (default 1000), unless `timeMs` is given. */
  readonly iterations?: number;
  /** A time budget per decision instead of a number of iterations. Not reproducible: use iterations for seeded runs. */
  readonly timeMs?: number;
  /** UCB1's exploration constant; rewards are in [0, 1]. */
  readonly exploration?: number;
  /** Random moves after which a playout is scored as it stands (an endless flow loop). */
  readonly playoutCap?: number;
  /** Playouts on the game's playout kernel where it has one (the default): the same moves as on its
   *  state machine, several times faster. false: on the state machine (for comparisons). */
  readonly kernel?: boolean;
}

export const DEFAULT_ITERATIONS = 1000;
const DEFAULT_EXPLORATION = 0.7;
const WIDEN_BASE = 2;

interface Edge {
  readonly key: string;
  readonly seat: Seat;
  readonly move: Move;
  visits: number;
  /** Sum of the seat's rewards over the iterations through this edge. */
  reward: number;
  /** Iterations in which this move was legal at its node. */
  available: number;
}

class TreeNode {
  /** Every edge of the node, in the order they were made. */
  readonly edges: Edge[] = [];
  /** The edges by seat, then by their move's key: found without joining the seat and the key into
   *  a new string for each legal move of each node an iteration passes. */
  readonly bySeat: Map<string, Edge>[] = [];
  readonly children = new Map<string, TreeNode>();
  visits = 0;
}

export interface SearchResult {
  readonly move: Move;
  readonly iterations: number;
  /** The root's moves for the deciding seat: visits and mean reward, most visited first. */
  readonly stats: readonly { readonly move: Move; readonly visits: number; readonly mean: number }[];
}

/** The move ISMCTS chooses for `seat` in `state` (which it does not change). */
export function searchMove<S extends BaseState>(game: Game<S>, state: S, seat: Seat, rng: Rng, options: MctsOptions = {}): SearchResult {
  if (!game.sample && hasSecrets(game)) {
    // An app that imported the game for play (`@rules/generated/<game>`) gets this: sample is in `<game>/search`.
    throw new MatchError(
      "match/bots",
      `${game.title} has hidden information but no \`sample\`: a search bot would see everything (a compiled game has it in its search entry, @rules/generated/${game.id}/search)`,
    );
  }
  const only = singleMove(game, state, seat);
  if (only) return { move: only, iterations: 0, stats: [{ move: only, visits: 0, mean: 0 }] };
  const search = new Search(game, seat, rng, options);
  const root = new TreeNode();
  const deadline = options.timeMs !== undefined ? Date.now() + options.timeMs : Infinity;
  const iterations = options.timeMs !== undefined ? Infinity : (options.iterations ?? DEFAULT_ITERATIONS);
  // Each iteration copies the state; a compiled game's copy (its sample's) is fast for a state that
  // is not frozen, and a match's is: the search copies it once, unfrozen, and iterates from that.
  const truth = Object.isFrozen(state) ? cloneJson(state) : state;
  let done = 0;
  while (done < iterations && (done === 0 || Date.now() < deadline)) {
    search.iterate(root, truth);
    done++;
  }
  const mine = root.edges.filter((e) => e.seat === seat && e.visits > 0);
  if (mine.length === 0) return { move: chooseRandomMove(game, state, seat, rng), iterations: done, stats: [] };
  // Most visited first; ties by mean reward, then by key, so the choice never depends on map order.
  mine.sort((a, b) => b.visits - a.visits || b.reward / b.visits - a.reward / a.visits || (a.key < b.key ? -1 : 1));
  return {
    move: cloneJson(mine[0]!.move),
    iterations: done,
    stats: mine.map((e) => ({ move: e.move, visits: e.visits, mean: e.reward / e.visits })),
  };
}

/** Whether some zone or variable of the game is not public: then only `sample` may show the search a state. */
function hasSecrets(game: Game<BaseState>): boolean {
  return game.meta.zones.some((z) => z.visibility !== "public") || game.meta.vars.some((v) => v.visibility !== "public");
}

/** The seat's one legal move when it has exactly one (no search needed), else null. */
function singleMove<S extends BaseState>(game: Game<S>, state: S, seat: Seat): Move | null {
  const moves = listMoves(game.legalMoves(state, seat), 1);
  return moves && moves.length === 1 ? moves[0]! : null;
}

class Search<S extends BaseState> {
  private readonly exploration: number;
  private readonly playoutCap: number;
  private readonly kernel: boolean;
  private readonly draw: (n: number) => number;

  constructor(
    private readonly game: Game<S>,
    private readonly seat: Seat,
    private readonly rng: Rng,
    options: MctsOptions,
  ) {
    this.exploration = options.exploration ?? DEFAULT_EXPLORATION;
    this.playoutCap = options.playoutCap ?? 10_000;
    this.kernel = options.kernel ?? true;
    this.draw = (n) => rng.int(n);
  }

  /** One iteration: determinize, select and expand, play out, back up. */
  iterate(root: TreeNode, truth: S): void {
    const { game } = this;
    // Without secrets (searchMove refuses a game with secrets and no sample) the state is all public.
    const state = game.sample ? game.sample(truth, this.seat, this.draw) : cloneJson(truth);
    const path: Edge[] = [];
    let node = root;
    try {
      for (;;) {
        const activity = game.activity(state);
        if (activity.kind === "over" || activity.players.length === 0) break;
        const seats = this.roundSeats(activity.kind, activity.players, node === root);
        const keys: string[] = [];
        let expanded = false;
        for (const seat of seats) {
          const edge = this.select(node, state, seat);
          if (edge.visits === 0) expanded = true;
          game.apply(state, seat, cloneJson(edge.move));
          path.push(edge);
          keys.push(edge.key);
        }
        node.visits++;
        const key = keys.join("|");
        let child = node.children.get(key);
        if (!child) node.children.set(key, (child = new TreeNode()));
        node = child;
        if (expanded) break;
      }
      const reward = this.playout(state);
      for (const edge of path) {
        edge.visits++;
        edge.reward += reward[edge.seat] ?? 0;
      }
    } catch (error) {
      // A drawn state the game cannot go on from (a guess it contradicts) teaches nothing: skip it.
      if (!(error instanceof GameFault)) throw error;
    }
  }

  /** Who chooses at this node: one seat for a turn, each seat still to choose for a secret round
   *  (the deciding seat first at the root), one drawn at random in a race. */
  private roundSeats(kind: string, players: readonly Seat[], atRoot: boolean): Seat[] {
    if (atRoot && players.includes(this.seat)) {
      return kind === "simultaneous" ? [this.seat, ...players.filter((p) => p !== this.seat)] : [this.seat];
    }
    if (kind === "simultaneous") return [...players];
    return [players.length === 1 ? players[0]! : this.rng.pick(players)];
  }

  /** The edge `seat` takes at `node` in this state: an untried legal move first, else by UCB1. */
  private select(node: TreeNode, state: S, seat: Seat): Edge {
    const legal = this.candidates(node, state, seat);
    if (legal.length === 0) throw new GameFault("fault/no-legal-move", `seat ${seat} must act but has no legal move`);
    for (const edge of legal) edge.available++;
    const untried = legal.filter((e) => e.visits === 0);
    if (untried.length > 0) return untried[this.rng.int(untried.length)]!;
    let best = legal[0]!;
    let bestScore = -Infinity;
    for (const edge of legal) {
      const score = edge.reward / edge.visits + this.exploration * Math.sqrt(Math.log(edge.available) / edge.visits);
      if (score > bestScore) [best, bestScore] = [edge, score];
    }
    return best;
  }

  /** The node's edges for `seat` that are legal in this state, listing or widening them. */
  private candidates(node: TreeNode, state: S, seat: Seat): Edge[] {
    const keys: string[] = [];
    const listed = listMoves(this.game.legalMoves(state, seat), undefined, keys);
    if (listed) return listed.map((move, i) => this.edge(node, seat, move, keys[i]!));
    const legal = node.edges.filter((e) => e.seat === seat && this.game.check(state, seat, e.move) === null);
    if (legal.length === 0 || legal.length < WIDEN_BASE + Math.sqrt(node.visits)) {
      const move = chooseRandomMove(this.game, state, seat, this.rng, this.draw);
      const edge = this.edge(node, seat, move);
      if (!legal.includes(edge)) legal.push(edge);
    }
    return legal;
  }

  private edge(node: TreeNode, seat: Seat, move: Move, moveId: string = moveKey(move)): Edge {
    const edges = (node.bySeat[seat] ??= new Map<string, Edge>());
    let edge = edges.get(moveId);
    if (!edge) {
      edge = { key: `${seat}:${moveId}`, seat, move, visits: 0, reward: 0, available: 0 };
      edges.set(moveId, edge);
      node.edges.push(edge);
    }
    return edge;
  }

  /** Random moves to the end, leaning as the rules' playout preferences say where they state some
   *  (a playout as a sensible player would play it); each seat's share of the win (a shared win split
   *  evenly). On the game's playout kernel from the first state it can take (playOnRandom). */
  private playout(state: S): number[] {
    const played = playOnRandom(this.game, state, this.rng, { preferred: true, maxDecisions: this.playoutCap, kernel: this.kernel });
    // No end in sight: nobody is credited more than another.
    if (played.scores === null) return new Array<number>(state.players).fill(1 / state.players);
    const { winners } = rankPlayers(played.scores);
    const reward = new Array<number>(state.players).fill(0);
    for (const winner of winners) reward[winner] = 1 / winners.length;
    return reward;
  }
}
