// A memo that makes repeated asks within one run share one call, and a share of what is in flight
// that keeps nothing once it settles.
import { LruMap } from './lru-map.ts';

/**
 * Remembers the promise of each key, failures included, for as long as the returned function is
 * kept (one run): an index that errored for one channel is reported missing in every channel of a
 * digest tick instead of being asked for again 200 times.
 */
export function memoize<K extends unknown[], V>(
  keyOf: (...args: K) => string,
  load: (...args: K) => Promise<V>,
  /** At most this many kept (the least recently asked forgotten first); all, when not given. */
  max?: number,
): (...args: K) => Promise<V> {
  const cache = max === undefined ? new Map<string, Promise<V>>() : new LruMap<string, Promise<V>>(max);
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

/** `load` shared while in flight; `has` says whether an ask would join one already on its way. */
type SharedWhileInFlight<K extends unknown[], V> = ((...args: K) => Promise<V>) & {
  has(...args: K): boolean;
};

/**
 * `load`, with one promise per key while it is in flight: whoever asks for the same key meanwhile
 * gets that promise. Nothing is kept once it settles, failures included.
 */
export function sharedWhileInFlight<K extends unknown[], V>(
  keyOf: (...args: K) => string,
  load: (...args: K) => Promise<V>,
): SharedWhileInFlight<K, V> {
  const inFlight = new Map<string, Promise<V>>();
  const shared = (...args: K) => {
    const key = keyOf(...args);
    const pending = inFlight.get(key);
    if (pending !== undefined) return pending;
    const started = load(...args);
    inFlight.set(key, started);
    const done = () => {
      if (inFlight.get(key) === started) inFlight.delete(key);
    };
    started.then(done, done);
    return started;
  };
  return Object.assign(shared, { has: (...args: K) => inFlight.has(keyOf(...args)) });
}
