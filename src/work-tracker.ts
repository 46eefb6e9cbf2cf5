// Counts work that Slack has been told about (acked) but that has not finished, so a SIGTERM
// can let it finish instead of dropping a half-done approval or digest on the floor.
import { within } from './limiter.ts';

export class WorkTracker {
  private readonly inFlight = new Set<Promise<unknown>>();

  get size(): number {
    return this.inFlight.size;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const promise = work();
    this.inFlight.add(promise);
    try {
      return await promise;
    } finally {
      this.inFlight.delete(promise);
    }
  }

  /** Resolves true when everything in flight has settled, false when `timeoutMs` ran out first. */
  async drain(timeoutMs: number): Promise<boolean> {
    const allSettled = async () => {
      // Work started while waiting is waited for too.
      while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
      return true;
    };
    return within(allSettled(), timeoutMs, false);
  }
}
