// What the store is asked to write says what happened to requests, watches and digests, whichever
// feature, sweep or replica wrote it; and any store call that fails is counted by operation. The
// wrapper only observes: every call goes through unchanged and its result or error is passed on.
import type { Store } from '../store/index.ts';
import type { WatchState } from '../store/types.ts';
import type { Metrics } from './registry.ts';

export function instrumentStore(store: Store, metrics: Metrics): Store {
  // A watch's state as its check claimed it, so a save can tell a fire or a recovery from a repeat.
  // Entries live while a check holds the watch's lease.
  const claimed = new Map<number, WatchState>();

  const observed: Partial<Store> = {
    async createRequest(input) {
      const request = await store.createRequest(input);
      metrics.searchRequests.inc({ state: request.state });
      return request;
    },
    async transitionRequest(id, input) {
      const result = await store.transitionRequest(id, input);
      if (result.ok) {
        metrics.searchRequests.inc({ state: input.to });
        if (input.to === 'approved' || input.to === 'rejected')
          metrics.searchDecisionSeconds.observe(
            { decision: input.to },
            Math.max(0, input.at - result.request.createdAt) / 1000,
          );
      }
      return result;
    },
    async addApproval(id, input) {
      // The approval that completes the count moves the request to approved in the same write.
      const result = await store.addApproval(id, input);
      if (result.ok && result.completed) {
        metrics.searchRequests.inc({ state: 'approved' });
        metrics.searchDecisionSeconds.observe(
          { decision: 'approved' },
          Math.max(0, input.at - result.request.createdAt) / 1000,
        );
      }
      return result;
    },
    async claimDigestRun(input) {
      const result = await store.claimDigestRun(input);
      if (result.claimed && result.run.attempts > 1) metrics.digestTakeovers.inc();
      return result;
    },
    async completeDigestRun(channelId, localDate, owner, input) {
      const result = await store.completeDigestRun(channelId, localDate, owner, input);
      if (result.ok) metrics.digests.inc({ outcome: input.status });
      return result;
    },
    async claimDueWatches(now, owner, leaseMs, limit) {
      const watches = await store.claimDueWatches(now, owner, leaseMs, limit);
      for (const watch of watches) claimed.set(watch.id, watch.state);
      return watches;
    },
    async saveWatchState(id, owner, state, nextCheckAt, keepLeaseUntil) {
      const saved = await store.saveWatchState(id, owner, state, nextCheckAt, keepLeaseUntil);
      const before = claimed.get(id);
      if (keepLeaseUntil === undefined) claimed.delete(id);
      else if (saved) claimed.set(id, state);
      if (saved) countCheck(metrics, before, state);
      return saved;
    },
  };

  return new Proxy(store, {
    get(target, property, receiver) {
      if (Object.hasOwn(observed, property)) return countFailures(observed, property as keyof Store, metrics);
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return countFailures(target, property as keyof Store, metrics);
    },
  });
}

function countCheck(metrics: Metrics, before: WatchState | undefined, after: WatchState): void {
  // A save that keeps the lease (the alert is still being posted) is followed by the final one.
  if (before?.status === after.status && before.lastCheckedAt === after.lastCheckedAt) return;
  metrics.watchChecks.inc({ state: after.status });
  if (after.status === 'firing' && before?.status !== 'firing') metrics.watchFires.inc();
  if (after.status === 'ok' && before?.status === 'firing') {
    metrics.watchResolves.inc();
    const since = before.incidentSince;
    if (since !== null && after.lastCheckedAt !== null)
      metrics.watchResolveSeconds.observe(Math.max(0, after.lastCheckedAt - since) / 1000);
  }
}

function countFailures(owner: Partial<Store>, operation: keyof Store, metrics: Metrics) {
  const method = owner[operation] as (...args: unknown[]) => unknown;
  return (...args: unknown[]) => {
    let result: unknown;
    try {
      result = method.apply(owner, args);
    } catch (error) {
      metrics.storeFailures.inc({ operation });
      throw error;
    }
    if (result instanceof Promise) result.catch(() => metrics.storeFailures.inc({ operation }));
    return result;
  };
}
