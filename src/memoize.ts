// A memo that makes repeated asks within one run share one call.

/**
 * Remembers the promise of each key, failures included, for as long as the returned function is
 * kept (one run): an index that errored for one channel is reported missing in every channel of a
 * digest tick instead of being asked for again 200 times.
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
