// Bounded concurrency and a per-tick memo: many channels asking for the same (index, period) in one
// tick share one API call, and no more than `limit` calls are in flight at once.

export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

export function createLimiter(limit: number): Limiter {
  if (!(Number.isInteger(limit) && limit >= 1)) throw new RangeError('limit must be a whole number ≥ 1');
  let active = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    active -= 1;
    waiting.shift()?.();
  };
  return async (task) => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
}

/**
 * Remembers the promise of each key, failures included: an index that errored for one channel is
 * reported missing in every channel of the tick instead of being retried 200 times.
 */
export function memoize<K extends unknown[], V>(
  keyOf: (...args: K) => string,
  load: (...args: K) => Promise<V>,
): (...args: K) => Promise<V> {
  const cache = new Map<string, Promise<V>>();
  return (...args) => {
    const key = keyOf(...args);
    let hit = cache.get(key);
    if (hit === undefined) {
      hit = load(...args);
      // Rejections are observed by each caller; this keeps an unobserved one from crashing the process.
      hit.catch(() => {});
      cache.set(key, hit);
    }
    return hit;
  };
}

/** Runs `task` over `items` with at most `limit` at once; settles every item. */
export async function forEachBounded<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
