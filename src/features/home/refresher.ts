// Home tabs are republished when something on them changes, not on a timer. Changes come in bursts
// (a decision moves a request twice and updates two cards), and views.publish is rate-limited, so
// the people to refresh are collected for a short window and each is published once per window.
import { forEachBounded } from '../../limiter.ts';

export type RefresherOptions = {
  /** How long changes are collected before publishing. */
  windowMs: number;
  /** Publishes one person's Home. Errors are the caller's to log; the refresher carries on. */
  publish: (userId: string) => Promise<void>;
  /** Publishes in flight at once, so a burst of many people stays within Slack's rate. */
  concurrency: number;
  onError: (userId: string, error: unknown) => void;
};

export class HomeRefresher {
  readonly #options: RefresherOptions;
  readonly #dirty = new Set<string>();
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();
  #stopped = false;

  constructor(options: RefresherOptions) {
    this.#options = options;
  }

  /** Marks people whose Home shows something that changed. */
  refresh(userIds: Iterable<string>): void {
    if (this.#stopped) return;
    for (const id of userIds) this.#dirty.add(id);
    if (this.#dirty.size === 0 || this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#flushing = this.#flushing.then(() => this.#flush());
    }, this.#options.windowMs);
    this.#timer.unref();
  }

  /** Publishes what is pending now and waits for it; for shutdown and tests. */
  async settle(): Promise<void> {
    if (this.#timer !== undefined) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
      this.#flushing = this.#flushing.then(() => this.#flush());
    }
    await this.#flushing;
  }

  async stop(): Promise<void> {
    await this.settle();
    this.#stopped = true;
  }

  async #flush(): Promise<void> {
    const people = [...this.#dirty];
    this.#dirty.clear();
    await forEachBounded(people, this.#options.concurrency, (userId) =>
      this.#options.publish(userId).catch((error: unknown) => this.#options.onError(userId, error)),
    );
  }
}
