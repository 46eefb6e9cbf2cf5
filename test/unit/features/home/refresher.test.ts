import { describe, expect, it } from 'vitest';
import { trackApiHealth } from '../../../../src/api/health.ts';
import { ManagementApiError } from '../../../../src/api/index.ts';
import { HomeRefresher } from '../../../../src/features/home/refresher.ts';
import { eventually } from '../../../support/poll.ts';

/**
 * A refresher whose views.publish budget is a gate the test opens one publish at a time; `published`
 * lists who was published, marked "(opened)" for an opening's fresh tab unless told not to.
 */
function gatedRefresher({ marksOpenings = true } = {}) {
  const turns: Array<() => void> = [];
  const published: string[] = [];
  const refresher = new HomeRefresher({
    windowMs: 60_000,
    concurrency: 1,
    turn: () => new Promise<void>((resolve) => turns.push(resolve)),
    refreshTurn: async () => undefined,
    publish: async (user, { fresh }) => {
      published.push(`${user}${marksOpenings && fresh ? ' (opened)' : ''}`);
    },
    onError: () => undefined,
  });
  return { turns, published, refresher };
}

describe('Home refreshes', () => {
  it('a burst of changes publishes each affected person once', async () => {
    const published: string[] = [];
    const refresher = new HomeRefresher({
      windowMs: 60_000,
      concurrency: 2,
      turn: async () => undefined,
      refreshTurn: async () => undefined,
      publish: async (user) => {
        published.push(user);
      },
      onError: () => undefined,
    });
    refresher.refresh(['U0REQUESTER', 'U0APPROVER', 'U0APPROVER2']);
    refresher.refresh(['U0APPROVER']);
    refresher.refresh(['U0APPROVER2', 'U0REQUESTER']);
    await refresher.settle();
    expect(published.sort()).toEqual(['U0APPROVER', 'U0APPROVER2', 'U0REQUESTER']);
    refresher.refresh(['U0APPROVER']);
    await refresher.settle();
    expect(published.filter((u) => u === 'U0APPROVER')).toHaveLength(2);
  });

  it('one person’s failed publish does not stop the others', async () => {
    const published: string[] = [];
    const failed: string[] = [];
    const refresher = new HomeRefresher({
      windowMs: 60_000,
      concurrency: 1,
      turn: async () => undefined,
      refreshTurn: async () => undefined,
      publish: async (user) => {
        if (user === 'U0BROKEN') throw new Error('views.publish failed');
        published.push(user);
      },
      onError: (user) => failed.push(user),
    });
    refresher.refresh(['U0BROKEN', 'U0FINE']);
    await refresher.stop();
    expect(failed).toEqual(['U0BROKEN']);
    expect(published).toEqual(['U0FINE']);
    refresher.refresh(['U0LATE']);
    await refresher.settle();
    expect(published).toEqual(['U0FINE']);
  });
  it('past views.publish’s budget every tab still goes out, whoever is looking first, each person once', async () => {
    const { turns, published, refresher } = gatedRefresher();
    refresher.refresh(['U0A', 'U0B', 'U0C']);
    const settled = refresher.settle();
    await eventually(() => turns.length === 1);
    // While the budget is spent, two people open Home: one with a tab waiting for a republish, one new.
    refresher.opened('U0B', 5_000);
    refresher.opened('U0NEW', undefined);
    for (let i = 0; i < 4; i++) {
      await eventually(() => turns.length > 0);
      turns.shift()?.();
    }
    await settled;
    expect(published).toEqual(['U0NEW (opened)', 'U0B (opened)', 'U0A', 'U0C']);
  });

  it('while others wait their turn, reopening a tab it keeps current (published within 15 minutes) publishes nothing', async () => {
    const { turns, published, refresher } = gatedRefresher({ marksOpenings: false });
    refresher.opened('U0FIRST', undefined);
    refresher.opened('U0SECOND', undefined);
    await eventually(() => turns.length === 1);
    // Two people wait; one whose tab went out 10 min ago reopens, one whose tab is 20 minutes old.
    refresher.opened('U0CURRENT', 10 * 60_000);
    refresher.opened('U0STALE', 20 * 60_000);
    for (let i = 0; i < 3; i++) {
      await eventually(() => turns.length > 0);
      turns.shift()?.();
    }
    await refresher.settle();
    expect(published).toEqual(['U0FIRST', 'U0SECOND', 'U0STALE']);
    // Nobody waiting: the same reopening is published at once, as it always was.
    const idle = refresher.settle();
    refresher.opened('U0CURRENT', 10 * 60_000);
    await eventually(() => turns.length > 0);
    turns.shift()?.();
    await idle;
    await refresher.settle();
    expect(published).toEqual(['U0FIRST', 'U0SECOND', 'U0STALE', 'U0CURRENT']);
  });

  it('a reopened tab that a change gathered but not yet queued concerns is published, others waiting or not', async () => {
    const { turns, published, refresher } = gatedRefresher({ marksOpenings: false });
    refresher.opened('U0FIRST', undefined);
    await eventually(() => turns.length === 1);
    // A change concerns U0CURRENT (gathered for the window); they reopen a 10 s old tab meanwhile.
    refresher.refresh(['U0CURRENT']);
    refresher.opened('U0CURRENT', 10_000);
    for (let i = 0; i < 2; i++) {
      await eventually(() => turns.length > 0);
      turns.shift()?.();
    }
    await refresher.settle();
    expect(published).toEqual(['U0FIRST', 'U0CURRENT']);
  });

  it('refreshes waiting for Slack take one place at a time: a first tab never waits behind them', async () => {
    const held: Array<() => void> = [];
    const published: string[] = [];
    const refresher = new HomeRefresher({
      windowMs: 0,
      concurrency: 3,
      turn: async () => undefined,
      refreshTurn: async () => undefined,
      publish: async (user, { fresh }) => {
        // A refresh waits its (small) share of views.publish; an opening goes at once.
        if (!fresh) await new Promise<void>((resolve) => held.push(resolve));
        published.push(user);
      },
      onError: () => undefined,
    });
    refresher.refresh(['U0A', 'U0B', 'U0C']);
    await eventually(() => held.length === 1);
    refresher.opened('U0OPENER', undefined);
    await eventually(() => published.includes('U0OPENER'));
    expect(held).toHaveLength(1);
    for (let refresh = 0; refresh < 3; refresh++) {
      await eventually(() => held.length > 0);
      expect(held).toHaveLength(1);
      held.shift()?.();
    }
    await refresher.settle();
    expect(published).toEqual(['U0OPENER', 'U0A', 'U0B', 'U0C']);
  });

  it('changes wait while the budget has nothing to spare, and go once it has', async () => {
    let spare = false;
    let asked = 0;
    const published: string[] = [];
    const refresher = new HomeRefresher({
      windowMs: 0,
      concurrency: 1,
      turn: async () => undefined,
      refreshTurn: async () => undefined,
      budgetToSpare: () => {
        asked++;
        return spare;
      },
      publish: async (user) => {
        published.push(user);
      },
      onError: () => undefined,
    });
    refresher.refresh(['U0CHANGED']);
    refresher.opened('U0OPENER', undefined);
    // Held across a look again at the budget, while the opening went out.
    await eventually(() => published.length === 1 && asked >= 2);
    expect(published).toEqual(['U0OPENER']);
    spare = true;
    await refresher.settle();
    expect(published).toEqual(['U0OPENER', 'U0CHANGED']);
  });

  it('a stop drops the tabs still waiting for their turn', async () => {
    const stopping = new AbortController();
    const published: string[] = [];
    const refresher = new HomeRefresher({
      windowMs: 60_000,
      concurrency: 1,
      turn: async () => {
        if (stopping.signal.aborted) throw stopping.signal.reason;
      },
      refreshTurn: async () => {
        if (stopping.signal.aborted) throw stopping.signal.reason;
      },
      publish: async (user) => {
        published.push(user);
      },
      onError: () => undefined,
    });
    stopping.abort(new Error('stopping'));
    refresher.opened('U0LATE', undefined);
    await refresher.stop();
    expect(published).toEqual([]);
  });
});

describe('API health as the Home tab reports it', () => {
  const refusing = new ManagementApiError({
    kind: 'auth',
    operation: 'listMessagingAccounts',
    message: 'refused',
  });

  it('records successes and failures by kind, and says when the API starts and stops failing', async () => {
    let now = 1_000;
    let fail: unknown;
    const states: string[] = [];
    const tracked = trackApiHealth(
      {
        createSearchIndex: async () => {
          throw new Error('not used');
        },
        listMessagingAccounts: async () => {
          if (fail) throw fail;
          return { accounts: [], unreadable: 0 };
        },
        getVectorIndexStats: async () => {
          throw new ManagementApiError({
            kind: 'not_found',
            operation: 'getVectorIndexStats',
            message: 'no index',
          });
        },
        drift: () => ({}),
        close: async () => undefined,
      },
      () => now,
      (state) => states.push(state),
    );
    await tracked.client.listMessagingAccounts();
    expect(tracked.snapshot()).toEqual({ lastSuccessAt: 1_000, lastError: undefined });
    fail = refusing;
    now = 2_000;
    await expect(tracked.client.listMessagingAccounts()).rejects.toBe(refusing);
    expect(tracked.snapshot().lastError).toEqual({ kind: 'auth', at: 2_000 });
    // A missing index is the API answering, not the API failing.
    now = 3_000;
    await expect(tracked.client.getVectorIndexStats('idx-gone')).rejects.toThrow();
    expect(tracked.snapshot().lastSuccessAt).toBe(3_000);
    expect(states).toEqual(['ok', 'failing', 'ok']);
  });
});
