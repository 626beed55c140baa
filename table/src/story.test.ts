// The story a table tells, kept from one seat's snapshots: another seat's move, whose option the seat
// never saw, is said by the rules' label when the label needs nothing but the move.
import { expect, test } from "vitest";
import { whoMayAct } from "@rules/runtime";
import { game as forSale } from "@rules/generated/for-sale";
import { LocalMatch } from "./local-match.js";
import { Story } from "./story.js";

test("another seat's bid is told by For Sale's label for it (\"bid {amount}\"), not by the move's name", () => {
  const local = new LocalMatch(forSale, { players: 3, seed: 5, bots: [], botDelayMs: 0 });
  const you = local.connect(0);
  const story = new Story(forSale, { seat: 0, view: you.current().view });
  story.add(you.current());
  you.subscribe((snapshot) => story.add(snapshot));
  // Each seat in turn raises the bid to beat by one, seat 0 included, until seats 1 and 2 have bid.
  const bids = new Map<number, number>();
  for (let high = 1; bids.size < 3; high++) {
    const seat = whoMayAct(local.match).players[0]!;
    expect(local.play(seat, { type: "raise", amount: high }).ok).toBe(true);
    bids.set(seat, high);
  }
  const told = (seat: number) => story.entries.find((entry) => entry.seat === seat)!.lines[0];
  expect(told(1)).toBe(`Seat 1 bids ${bids.get(1)}`);
  expect(told(2)).toBe(`Seat 2 bids ${bids.get(2)}`);
  // Seat 0's own move is told from the option it was offered, by the same label.
  expect(told(0)).toBe(`You bid ${bids.get(0)}`);
  you.close();
  local.close();
});
