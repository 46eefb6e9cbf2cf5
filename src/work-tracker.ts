// Counts work that Slack has been told about (acked) but that has not finished, so a SIGTERM
// can let it finish instead of dropping a half-done approval or digest on the floor.
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
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
      timer.unref();
    });
    try {
      while (this.inFlight.size > 0) {
        const settled = Promise.allSettled([...this.inFlight]).then(() => true as const);
        if (!(await Promise.race([settled, timedOut]))) return false;
      }
      return true;
    } finally {
      clearTimeout(timer);
    }
  }
}
