// The results of a run's chunks as they arrive, in any order and perhaps twice (a queue retries a
// job whose worker went silent, and the silent one may have finished after all): kept by chunk, the
// first result of a chunk wins and a later one is dropped, so no game is counted twice.

import { emptyTally, mergeTallies, type Tally } from "./tally.js";

export class ChunkResults {
  private readonly byChunk = new Map<number, Tally>();

  constructor(
    private readonly chunks: number,
    private readonly seats: number,
  ) {}

  /** Keeps a chunk's tally; false when that chunk already had one (this one is dropped). */
  add(index: number, tally: Tally): boolean {
    if (!Number.isInteger(index) || index < 0 || index >= this.chunks) throw new Error(`no chunk ${index} in this run`);
    if (this.byChunk.has(index)) return false;
    this.byChunk.set(index, tally);
    return true;
  }

  has(index: number): boolean {
    return this.byChunk.has(index);
  }

  get done(): number {
    return this.byChunk.size;
  }

  /** All chunks merged in the order of the games; throws while some are missing. */
  merged(): Tally {
    let total = emptyTally(this.seats);
    for (let index = 0; index < this.chunks; index++) {
      const tally = this.byChunk.get(index);
      if (!tally) throw new Error(`chunk ${index} of the run has no result`);
      total = mergeTallies(total, tally);
    }
    return total;
  }
}
