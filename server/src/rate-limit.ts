// A token bucket per connection: a burst, then a steady rate. Counts refusals in a row so a client
// that keeps flooding can be disconnected.

export class RateLimit {
  private tokens: number;
  private last = Date.now();
  refusedInARow = 0;

  constructor(private readonly limits: { readonly burst: number; readonly perSecond: number }) {
    this.tokens = limits.burst;
  }

  take(): boolean {
    const now = Date.now();
    this.tokens = Math.min(this.limits.burst, this.tokens + ((now - this.last) / 1000) * this.limits.perSecond);
    this.last = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      this.refusedInARow = 0;
      return true;
    }
    this.refusedInARow++;
    return false;
  }
}
