/**
 * Counts work that outlives its HTTP response (settling and logging a relay call after the
 * answer was sent), so shutdown and tests can wait until all of it is done.
 */
export class InFlight {
  private count = 0;
  private waiters: Array<() => void> = [];

  /** Runs `work`, counting it until it settles. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    this.count += 1;
    try {
      return await work();
    } finally {
      this.count -= 1;
      if (this.count === 0) for (const resolve of this.waiters.splice(0)) resolve();
    }
  }

  get size(): number {
    return this.count;
  }

  /** Resolves once nothing is in flight. */
  idle(): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}
