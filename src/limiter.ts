// Bounds on async work: how many run at once (createLimiter, forEachBounded), how many may wait
// and who is turned away past that (createAdmission), and how long anyone waits for one (within).

export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * Work that holds memory while it runs (a stats read and its card), bounded twice: `running` at
 * once, and `waiting` people queued behind them. A person's work past that is turned away at once
 * with `whenFull()` (a sentence they can act on, never a process out of memory); background work, which
 * bounds its own fan-out, always waits its turn.
 */
export type Admission = {
  /** A person's work: runs in turn, or rejects with `whenFull()` when `waiting` are already queued. */
  admit: Limiter;
  /** Background work (a digest tick): always queued, never refused. */
  queue: Limiter;
  /** How many run and wait now (for tests and the log). */
  load(): { running: number; waiting: number };
  /** Whether `admit` would refuse right now (a listener can say so in its acknowledgement). */
  full(): boolean;
};

export function createAdmission(options: {
  running: number;
  waiting: number;
  whenFull: () => Error;
}): Admission {
  const { running: limit, waiting: room } = options;
  if (!(Number.isInteger(limit) && limit >= 1)) throw new RangeError('limit must be a whole number ≥ 1');
  let active = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    active -= 1;
    waiting.shift()?.();
  };
  const run = async <T>(task: () => Promise<T>, refusable: boolean): Promise<T> => {
    if (active >= limit) {
      if (refusable && waiting.length >= room) throw options.whenFull();
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    active += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
  return {
    admit: (task) => run(task, true),
    queue: (task) => run(task, false),
    load: () => ({ running: active, waiting: waiting.length }),
    full: () => active >= limit && waiting.length >= room,
  };
}

export function createLimiter(limit: number): Limiter {
  return createAdmission({ running: limit, waiting: 0, whenFull: () => new Error('never full') }).queue;
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

/**
 * `work`'s outcome when it settles within `ms` (a rejection in time rejects), else `late`; the work
 * goes on unwatched. The timer is unref'd and cleared, so it never holds the process open.
 */
export async function within<T, L>(work: Promise<T>, ms: number, late: L): Promise<T | L> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<L>((resolve) => {
    timer = setTimeout(() => resolve(late), ms).unref();
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
