// Every Home tab goes out through this queue, within views.publish's own budget (Tier 4, per app):
// when people ask for more tabs than Slack grants, each still gets one, later, never none. A person
// who just opened Home and has no tab yet goes first; a person's pending republishes are one, built
// with what is current when their turn comes. Changes come in bursts (a decision moves a request
// twice and updates two cards), so the people a change concerns are gathered for a short window.

export type RefresherOptions = {
  /** How long changes are collected before publishing. */
  windowMs: number;
  /** Publishes one person's Home; `fresh` even when it shows what was published last. Errors are logged. */
  publish: (userId: string, options: { fresh: boolean }) => Promise<void>;
  /** Resolves when views.publish's budget allows one more; rejects when Home is stopping. */
  turn: () => Promise<void>;
  /** Publishes in flight at once. */
  concurrency: number;
  onError: (userId: string, error: unknown) => void;
};

type Pending = Map<string, { fresh: boolean }>;

export class HomeRefresher {
  readonly #options: RefresherOptions;
  /** Changes of the current window, not yet queued. */
  readonly #gathered = new Set<string>();
  /** People who opened Home with no tab published yet: served before anyone else. */
  readonly #firstTabs: Pending = new Map();
  readonly #republishes: Pending = new Map();
  #timer: NodeJS.Timeout | undefined;
  #draining: Promise<void> | undefined;
  #stopped = false;

  constructor(options: RefresherOptions) {
    this.#options = options;
  }

  /** Marks people whose Home shows something that changed. */
  refresh(userIds: Iterable<string>): void {
    if (this.#stopped) return;
    for (const id of userIds) this.#gathered.add(id);
    if (this.#gathered.size === 0 || this.#timer !== undefined) return;
    this.#timer = setTimeout(() => this.#queueGathered(), this.#options.windowMs);
    this.#timer.unref();
  }

  /** Someone opened Home: their tab, fresh, as soon as the budget allows (first of all when `hasTab` is false). */
  opened(userId: string, hasTab: boolean): void {
    if (this.#stopped) return;
    if (hasTab && !this.#firstTabs.has(userId)) this.#republishes.set(userId, { fresh: true });
    else {
      this.#republishes.delete(userId);
      this.#firstTabs.set(userId, { fresh: true });
    }
    this.#drain();
  }

  /** Publishes what is pending now and waits for it; for shutdown and tests. */
  async settle(): Promise<void> {
    this.#queueGathered();
    while (this.#draining !== undefined) await this.#draining;
  }

  async stop(): Promise<void> {
    await this.settle();
    this.#stopped = true;
  }

  #queueGathered(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    for (const id of this.#gathered)
      if (!this.#firstTabs.has(id) && !this.#republishes.has(id)) this.#republishes.set(id, { fresh: false });
    this.#gathered.clear();
    this.#drain();
  }

  #drain(): void {
    if (this.#draining !== undefined || this.#firstTabs.size + this.#republishes.size === 0) return;
    this.#draining = this.#publishAll().finally(() => {
      this.#draining = undefined;
      // Whoever was queued while the last publishes finished.
      this.#drain();
    });
  }

  async #publishAll(): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    try {
      while (this.#firstTabs.size + this.#republishes.size > 0) {
        await this.#options.turn();
        const next = takeFirst(this.#firstTabs) ?? takeFirst(this.#republishes);
        if (next === undefined) break;
        const [userId, options] = next;
        const publishing = this.#options
          .publish(userId, options)
          .catch((error: unknown) => this.#options.onError(userId, error))
          .finally(() => inFlight.delete(publishing));
        inFlight.add(publishing);
        if (inFlight.size >= this.#options.concurrency) await Promise.race(inFlight);
      }
    } catch {
      // Stopping: what is still waiting is dropped; each person's next opening shows their tab.
      this.#firstTabs.clear();
      this.#republishes.clear();
    }
    await Promise.all(inFlight);
  }
}

function takeFirst(pending: Pending): [string, { fresh: boolean }] | undefined {
  const first = pending.entries().next();
  if (first.done) return undefined;
  pending.delete(first.value[0]);
  return first.value;
}
