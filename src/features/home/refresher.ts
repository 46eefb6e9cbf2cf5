// Every Home tab goes out through this queue, within views.publish's own budget (Tier 4, per app):
// when people ask for more tabs than Slack grants, each still gets one, later, never none. Whoever
// is looking goes first: a person who just opened Home with no tab yet, then a person who reopened
// it, then the tabs a change concerns. A person's pending publishes are one, built with what is
// current when their turn comes. Changes come in bursts (a decision moves a request twice and
// updates two cards), so the people they concern are gathered for a short window, and fed to the
// queue at a rate of their own, so that refreshes nobody asked for never spend the openings' budget.
import { abortableSleep } from '../../slack/pacer.ts';

export type RefresherOptions = {
  /** How long changes are collected before publishing. */
  windowMs: number;
  /** Publishes one person's Home; `fresh` even when it shows what was published last. */
  publish: (userId: string, options: { fresh: boolean }) => Promise<void>;
  /** Resolves when views.publish's budget allows one more; rejects when Home is stopping. */
  turn: () => Promise<void>;
  /** Resolves when the share of that budget left to refreshes allows one more; rejects when stopping. */
  refreshTurn: () => Promise<void>;
  /**
   * Whether the budget has enough in hand for a refresh: when people open Home faster than Slack
   * publishes, the budget is kept for them and changes wait (their tabs are current within the
   * minute of their opening). Always, when not given.
   */
  budgetToSpare?: () => boolean;
  /** Publishes in flight at once. */
  concurrency: number;
  onError: (userId: string, error: unknown) => void;
};

type Pending = Map<string, { fresh: boolean }>;
type Queue = 'firstTabs' | 'reopened' | 'changed';
/** The order people are served in. */
const QUEUES: readonly Queue[] = ['firstTabs', 'reopened', 'changed'];

/**
 * A tab published this recently is kept current: every change that concerns it refreshes it (a
 * workspace-wide change, the tabs opened within this window), and a person with a refresh still
 * waiting is published when they reopen. Slack shows the last published tab, so while others wait
 * for their turn, reopening a current tab publishes nothing: the budget goes to people with none.
 */
export const TAB_KEPT_CURRENT_MS = 15 * 60_000;

/** How often a refresh held for the budget looks again. */
const SPARE_RECHECK_MS = 1_000;

export class HomeRefresher {
  readonly #options: RefresherOptions;
  /** People a change concerns, not yet queued. */
  readonly #gathered = new Set<string>();
  /** In the order they are served. */
  readonly #queues: Record<Queue, Pending> = {
    firstTabs: new Map(),
    reopened: new Map(),
    changed: new Map(),
  };
  #timer: NodeJS.Timeout | undefined;
  #feeding: Promise<void> | undefined;
  #draining: Promise<void> | undefined;
  #stopped = false;
  /** Wakes the publishing loop while it waits for a refresh in flight: someone opened Home. */
  #wake: (() => void) | undefined;
  /** Stopping: changes held for the budget are dropped rather than waited for. */
  #closing = false;

  constructor(options: RefresherOptions) {
    this.#options = options;
  }

  /** Marks people whose Home shows something that changed. */
  refresh(userIds: Iterable<string>): void {
    if (this.#stopped) return;
    for (const id of userIds) this.#gathered.add(id);
    if (this.#gathered.size === 0 || this.#timer !== undefined || this.#feeding !== undefined) return;
    this.#timer = setTimeout(() => this.#feed(), this.#options.windowMs);
    this.#timer.unref();
  }

  /**
   * Someone opened Home: their tab, fresh, as soon as the budget allows. `tabAgeMs`: how long ago
   * their tab was published, undefined if they have none.
   */
  opened(userId: string, tabAgeMs: number | undefined): void {
    if (this.#stopped) return;
    const { firstTabs, reopened, changed } = this.#queues;
    const changedSince = changed.has(userId) || this.#gathered.has(userId);
    if (tabAgeMs !== undefined && tabAgeMs < TAB_KEPT_CURRENT_MS && this.#pending() > 0 && !changedSince)
      return;
    changed.delete(userId);
    this.#gathered.delete(userId);
    if (!firstTabs.has(userId)) (tabAgeMs === undefined ? firstTabs : reopened).set(userId, { fresh: true });
    this.#wake?.();
    this.#drain();
  }

  /** Publishes what is pending now and waits for it; for shutdown and tests. */
  async settle(): Promise<void> {
    this.#feed();
    while (this.#feeding !== undefined || this.#draining !== undefined)
      await Promise.all([this.#feeding, this.#draining]);
  }

  async stop(): Promise<void> {
    this.#closing = true;
    await this.settle();
    this.#stopped = true;
  }

  #pending(): number {
    const { firstTabs, reopened, changed } = this.#queues;
    return firstTabs.size + reopened.size + changed.size;
  }

  #feed(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#feeding !== undefined || this.#gathered.size === 0) return;
    this.#feeding = this.#feedGathered().finally(() => {
      this.#feeding = undefined;
    });
  }

  async #feedGathered(): Promise<void> {
    const { firstTabs, reopened, changed } = this.#queues;
    try {
      for (let id = first(this.#gathered); id !== undefined; id = first(this.#gathered)) {
        // Already queued: their turn will show this change too.
        if (firstTabs.has(id) || reopened.has(id) || changed.has(id)) continue;
        await this.#options.refreshTurn();
        while (this.#options.budgetToSpare?.() === false) await this.#pause(SPARE_RECHECK_MS);
        changed.set(id, { fresh: false });
        this.#wake?.();
        this.#drain();
      }
    } catch {
      // Stopping: the changes still gathered are dropped; each person's next opening shows them.
      this.#gathered.clear();
    }
  }

  /** Waits `ms`; throws once the refresher is stopping, like the budget's turns do. */
  async #pause(ms: number): Promise<void> {
    await abortableSleep(ms);
    if (this.#closing) throw new Error('Home is stopping');
  }

  #drain(): void {
    if (this.#draining !== undefined || this.#pending() === 0) return;
    this.#draining = this.#publishAll().finally(() => {
      this.#draining = undefined;
      // Whoever was queued while the last publishes finished.
      this.#drain();
    });
  }

  async #publishAll(): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    // A refresh may wait long for Slack's budget (refreshes have a small share of it, across every
    // replica): one at a time, so that refreshes waiting never hold the places of people opening Home.
    let refreshing = 0;
    try {
      while (this.#pending() > 0 || inFlight.size > 0) {
        if (this.#pending() === 0 || (refreshing > 0 && this.#onlyChanges())) {
          // Until a publish in flight ends, or someone is queued (an opening, a change).
          await Promise.race([...inFlight, new Promise<void>((wake) => (this.#wake = wake))]);
          continue;
        }
        await this.#options.turn();
        const next = this.#next(refreshing === 0);
        if (next === undefined) break;
        const [userId, options, kind] = next;
        if (kind === 'changed') refreshing += 1;
        const publishing = this.#options
          .publish(userId, options)
          .catch((error: unknown) => this.#options.onError(userId, error))
          .finally(() => {
            inFlight.delete(publishing);
            if (kind === 'changed') refreshing -= 1;
          });
        inFlight.add(publishing);
        if (inFlight.size >= this.#options.concurrency) await Promise.race(inFlight);
      }
    } catch {
      // Stopping: what is still waiting is dropped; each person's next opening shows their tab.
      for (const queue of Object.values(this.#queues)) queue.clear();
    }
    await Promise.all(inFlight);
  }

  #onlyChanges(): boolean {
    const { firstTabs, reopened, changed } = this.#queues;
    return firstTabs.size + reopened.size === 0 && changed.size > 0;
  }

  /** The next person to publish, whoever is looking first; a refresh only when `changes` allows. */
  #next(changes: boolean): [string, { fresh: boolean }, Queue] | undefined {
    for (const kind of QUEUES) {
      if (kind === 'changed' && !changes) continue;
      const queue = this.#queues[kind];
      const oldest = queue.entries().next();
      if (oldest.done) continue;
      queue.delete(oldest.value[0]);
      return [...oldest.value, kind];
    }
    return undefined;
  }
}

/** Takes the oldest member out of a set. */
function first(set: Set<string>): string | undefined {
  const next = set.values().next();
  if (next.done) return undefined;
  set.delete(next.value);
  return next.value;
}
