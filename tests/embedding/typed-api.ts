// Type-level tests of the public API: `tsc -p tests/tsconfig.json` (the tests' typecheck target,
// part of `npm test`) checks this file. Each `@ts-expect-error` line must stay an error: if a change
// let a misspelt move type or a missing parameter compile, tsc reports the directive as unused
// (TS2578) and the type-check fails. The functions are never called: only their types matter.
import {
  applyMove,
  botMove,
  createMatch,
  deserializeMatch,
  legalMoves,
  logFor,
  readMove,
  viewFor,
  type Match,
  type MoveOf,
  type ViewOf,
} from "@rules/runtime";
import { game as forSale, type Move as ForSaleMove, type View as ForSaleView } from "../../generated/for-sale/index.js";
import { game as freakShop } from "../../generated/freak-shop/index.js";

/** Exact type equality: true only when A and B are the same type. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function assertType<T extends true>(): T | void {}

export function movesAreTypedByTheGame(): void {
  const match = createMatch(forSale, { players: 3, seed: 1 });
  assertType<Equal<typeof match, Match<typeof forSale>>>();
  assertType<Equal<MoveOf<typeof forSale>, ForSaleMove>>();

  applyMove(match, 0, { type: "raise", amount: 3 });
  applyMove(match, 0, { type: "pass" });
  applyMove(match, 0, { type: "sell", card: 12 });
  // @ts-expect-error a misspelt move type
  applyMove(match, 0, { type: "rasie", amount: 3 });
  // @ts-expect-error a missing parameter
  applyMove(match, 0, { type: "raise" });
  // @ts-expect-error a parameter of the wrong type
  applyMove(match, 0, { type: "raise", amount: "3" });
  // @ts-expect-error a parameter the move does not have
  applyMove(match, 0, { type: "pass", amount: 3 });
  // @ts-expect-error a move of another game
  applyMove(match, 0, { type: "good_deal", give: [], take: [] });

  const next = applyMove(match, 0, { type: "pass" });
  if (next.ok) {
    // The new match is typed by the same game: it takes the same moves.
    // @ts-expect-error still For Sale's moves only
    applyMove(next.match, 1, { type: "fair_price", give: [], take: [] });
  }
}

export function viewsAndLegalMovesAreTypedByTheGame(): void {
  const match = createMatch(forSale, { players: 3, seed: 1 });
  const view = viewFor(match, 0);
  assertType<Equal<typeof view, ForSaleView>>();
  assertType<Equal<ViewOf<typeof forSale>, ForSaleView>>();
  const coins: (number | null)[] = view.vars.coins;
  // @ts-expect-error For Sale's view has no such variable
  view.vars.gold;
  void coins;

  for (const option of legalMoves(match, 0)) {
    assertType<Equal<typeof option.type, "raise" | "pass" | "sell">>();
    if (option.type === "raise") {
      const { min, max } = option.parameters.amount as { min: number; max: number };
      void [min, max];
      // @ts-expect-error 'raise' has no parameter 'card'
      option.parameters.card;
    }
  }

  const bot: ForSaleMove = botMove(match, 0);
  void bot;
  for (const entry of logFor(match, null)) {
    if (entry.move?.type === "sell") {
      // A card another seat chose may be hidden from this one.
      const card: number | null = entry.move.card;
      void card;
    }
  }
}

export function readMoveGivesTheGamesMoves(input: unknown): void {
  const read = readMove(forSale, input);
  if (read.ok) {
    assertType<Equal<typeof read.move, ForSaleMove>>();
  }
  const loaded = deserializeMatch(freakShop, "");
  // @ts-expect-error a Freak Shop match does not take For Sale's moves
  applyMove(loaded, 0, { type: "raise", amount: 1 });
  applyMove(loaded, 0, { type: "good_deal", give: [1], take: [2] });
}

/** The helpers generated code calls are not part of the public entry point. */
// @ts-expect-error perSeat lives in @rules/runtime/internal
import { perSeat } from "@rules/runtime";
void perSeat;
