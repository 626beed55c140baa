// A clock per decision: when a decision opens, its seats get `seconds`; a simultaneous decision or a
// race keeps its deadline while seats submit or decline (the same decision), a new decision resets it.

import { botMove, defaultMove, type Activity, type AnyGame, type Match, type Move } from "@rules/runtime";

type Timer = { clear(): void };

export class TurnClock {
  private timer: Timer | null = null;
  private deadline = 0;
  private kind: Activity["kind"] | null = null;
  private seats: readonly number[] = [];

  constructor(
    private readonly seconds: number,
    private readonly schedule: (run: () => void, ms: number) => Timer,
    private readonly onTimeout: () => void,
  ) {}

  decide(activity: Activity): void {
    if (this.seconds <= 0 || activity.kind === "over" || activity.players.length === 0) return this.stop();
    const sameDecision =
      this.timer !== null && activity.kind !== "turn" && activity.kind === this.kind && activity.players.every((seat) => this.seats.includes(seat));
    this.kind = activity.kind;
    this.seats = [...activity.players];
    if (sameDecision) return;
    this.timer?.clear();
    this.deadline = Date.now() + this.seconds * 1000;
    this.timer = this.schedule(() => {
      this.timer = null;
      this.onTimeout();
    }, this.seconds * 1000);
  }

  stop(): void {
    this.timer?.clear();
    this.timer = null;
    this.kind = null;
    this.seats = [];
  }

  current(): { deadline: number; seats: readonly number[] } | null {
    return this.timer === null ? null : { deadline: this.deadline, seats: this.seats };
  }
}

/**
 * The move a seat makes when its time is up or the server plays it: the rules' default for the decision
 * (`default pass`, a race's decline, a window's done) when it is legal now; otherwise a random legal move.
 */
export function timeoutMove(match: Match<AnyGame>, seat: number): Move {
  return defaultMove(match, seat) ?? botMove(match, seat);
}
