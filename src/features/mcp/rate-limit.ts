// One budget of calls a minute per person, shared by all of their tokens: past it, a call is refused
// with when to retry. Counted per process (each replica keeps its own minute).
import type { Clock } from '../../clock.ts';
import { LruMap } from '../../lru-map.ts';

const MINUTE_MS = 60_000;
const PEOPLE_COUNTED = 10_000;

/** Undefined when the call may go on, else the milliseconds until the person's minute starts again. */
export type CallBudget = (userId: string) => number | undefined;

export function callsPerMinute(limit: number, clock: Clock): CallBudget {
  const windows = new LruMap<string, { start: number; calls: number }>(PEOPLE_COUNTED);
  return (userId) => {
    const now = clock();
    const current = windows.get(userId);
    const window =
      current === undefined || now - current.start >= MINUTE_MS ? { start: now, calls: 0 } : current;
    if (window.calls >= limit) return window.start + MINUTE_MS - now;
    windows.set(userId, { ...window, calls: window.calls + 1 });
    return undefined;
  };
}
