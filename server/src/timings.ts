// The server's own time per accepted move (message in to answer out, the store's write included),
// kept as a bounded sample so a long run costs fixed memory: what `rules serve` reports on stop.

import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";

const SAMPLE = 100_000;

export class MoveTimings {
  private readonly sample: number[] = [];
  count = 0;

  record(ms: number): void {
    this.count++;
    if (this.sample.length < SAMPLE) this.sample.push(ms);
    else {
      // Reservoir sampling: every move equally likely to be kept.
      const slot = Math.floor(Math.random() * this.count);
      if (slot < SAMPLE) this.sample[slot] = ms;
    }
  }

  private loop: IntervalHistogram | null = null;

  /** Starts measuring how late the event loop runs (a message waits that long before it is read). */
  watchLoop(): void {
    this.loop ??= monitorEventLoopDelay({ resolution: 10 });
    this.loop.enable();
  }

  summary(): { moves: number; p50Ms: number; p99Ms: number; maxMs: number; loopDelayP99Ms: number; loopDelayMaxMs: number } {
    const loopDelayP99Ms = this.loop === null ? 0 : Math.round(this.loop.percentile(99) / 1e4) / 100;
    const loopDelayMaxMs = this.loop === null ? 0 : Math.round(this.loop.max / 1e4) / 100;
    const sorted = [...this.sample].sort((a, b) => a - b);
    const at = (p: number): number => (sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! * 100) / 100);
    return { moves: this.count, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: sorted.length === 0 ? 0 : Math.round(sorted.at(-1)! * 100) / 100, loopDelayP99Ms, loopDelayMaxMs };
  }
}
