// Item 1's eyes: waits for the visible answer to a request to appear in the Slack simulator (a
// message, an ephemeral, a response_url post, a modal, a published Home) and returns when Slack
// recorded it. One poll loop scans only what is new since each waiter's mark, so hundreds of
// waiters cost the harness (which also hosts the simulators) next to nothing; the time measured is
// the simulator's own record of the call, not when the poll noticed it.
import type { RecordedView, SimCall, SimResponse, SlackSimulator } from '../../src/sim/slack/index.ts';

/** Where the simulator's records stood right before a request was sent. */
export type Mark = { calls: number; responses: number; views: number };

type Source = 'calls' | 'responses' | 'views';
type Waiter = {
  source: Source;
  from: number;
  test(entry: unknown): boolean;
  deadline: number;
  resolve(entry: unknown): void;
  reject(error: Error): void;
};

const POLL_MS = 5;

export type Answers = {
  mark(): Mark;
  call(mark: Mark, test: (call: SimCall) => boolean, timeoutMs: number): Promise<SimCall>;
  response(mark: Mark, test: (response: SimResponse) => boolean, timeoutMs: number): Promise<SimResponse>;
  view(mark: Mark, test: (view: RecordedView) => boolean, timeoutMs: number): Promise<RecordedView>;
  close(): void;
};

export function watchAnswers(slack: SlackSimulator): Answers {
  const waiters = new Set<Waiter>();
  const list = (source: Source): readonly unknown[] => slack[source];
  const timer = setInterval(() => {
    const now = Date.now();
    for (const waiter of waiters) {
      const entries = list(waiter.source);
      for (; waiter.from < entries.length; waiter.from++) {
        if (waiter.test(entries[waiter.from])) {
          waiters.delete(waiter);
          waiter.resolve(entries[waiter.from]);
          break;
        }
      }
      if (waiters.has(waiter) && now > waiter.deadline) {
        waiters.delete(waiter);
        waiter.reject(new Error('no answer'));
      }
    }
  }, POLL_MS);
  const wait = <T>(source: Source, mark: Mark, test: (entry: T) => boolean, timeoutMs: number) =>
    new Promise<T>((resolve, reject) => {
      waiters.add({
        source,
        from: mark[source],
        test: test as (entry: unknown) => boolean,
        deadline: Date.now() + timeoutMs,
        resolve: resolve as (entry: unknown) => void,
        reject,
      });
    });
  return {
    mark: () => ({ calls: slack.calls.length, responses: slack.responses.length, views: slack.views.length }),
    call: (mark, test, timeoutMs) => wait('calls', mark, test, timeoutMs),
    response: (mark, test, timeoutMs) => wait('responses', mark, test, timeoutMs),
    view: (mark, test, timeoutMs) => wait('views', mark, test, timeoutMs),
    close() {
      clearInterval(timer);
      for (const waiter of waiters) waiter.reject(new Error('stopped'));
      waiters.clear();
    },
  };
}
