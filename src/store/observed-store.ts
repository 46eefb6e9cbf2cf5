// The store as features see it: every write that changes something a person can see (the Home tab,
// mostly) is told to the change feed once it has succeeded. Reads, failed writes and bookkeeping
// nobody sees (leases, card references) pass through untouched.
import type { ChangeFeed } from '../changes.ts';
import type { Store } from './store.ts';
import type { Watch, WatchState } from './types.ts';

// What of a watch's state a person sees: whether it fires (since when), its alert message, and
// whether its channel refuses opsbot's posts. The checker saves a state every check; only these
// changes are worth refreshing anyone's Home for.
const shown = (state: WatchState) =>
  `${state.status}|${state.incidentSince}|${state.alert?.ts}|${state.cantPost?.code}`;

export function observedStore(store: Store, changes: ChangeFeed): Store {
  const digest = (channelId: string) => changes.emit({ kind: 'digest', channelId });
  const watch = (w: Pick<Watch, 'channelId'> | undefined) => {
    if (w !== undefined) changes.emit({ kind: 'watch', channelId: w.channelId });
  };

  const observed: Partial<Store> = {
    async createMcpToken(token) {
      const created = await store.createMcpToken(token);
      if (created !== 'taken') changes.emit({ kind: 'mcp-token', userId: token.userId });
      return created;
    },
    async revokeMcpToken(userId, label, at) {
      const revoked = await store.revokeMcpToken(userId, label, at);
      if (revoked) changes.emit({ kind: 'mcp-token', userId });
      return revoked;
    },
    async createRequest(input) {
      const request = await store.createRequest(input);
      changes.emit({ kind: 'request', requestId: request.id, requesterId: request.requesterId });
      return request;
    },
    async transitionRequest(id, input) {
      const result = await store.transitionRequest(id, input);
      if (result.ok)
        changes.emit({ kind: 'request', requestId: id, requesterId: result.request.requesterId });
      return result;
    },
    // An approval shows on the Home tab as progress, and one completing the count as a decision.
    async addApproval(id, input) {
      const result = await store.addApproval(id, input);
      if (result.ok)
        changes.emit({ kind: 'request', requestId: id, requesterId: result.request.requesterId });
      return result;
    },
    async lapseApprovals(id, approverIds, actor, at) {
      const changed = await store.lapseApprovals(id, approverIds, actor, at);
      const request = changed > 0 ? await store.getRequest(id) : undefined;
      if (request !== undefined)
        changes.emit({ kind: 'request', requestId: id, requesterId: request.requesterId });
      return changed;
    },

    async upsertSubscription(input) {
      const subscription = await store.upsertSubscription(input);
      digest(subscription.channelId);
      return subscription;
    },
    async deleteSubscription(channelId) {
      const deleted = await store.deleteSubscription(channelId);
      if (deleted) digest(channelId);
      return deleted;
    },
    // The Home tab shows each digest's next run, and a run in progress as "running now".
    async advanceSubscription(channelId, nextRunAt, expectedNextRunAt) {
      const advanced = await store.advanceSubscription(channelId, nextRunAt, expectedNextRunAt);
      if (advanced) digest(channelId);
      return advanced;
    },
    async claimDigestRun(input) {
      const result = await store.claimDigestRun(input);
      if (result.claimed) digest(input.channelId);
      return result;
    },
    async completeDigestRun(channelId, localDate, owner, input) {
      const result = await store.completeDigestRun(channelId, localDate, owner, input);
      if (result.ok) digest(channelId);
      return result;
    },

    async createWatch(input) {
      const created = await store.createWatch(input);
      watch(created);
      return created;
    },
    async updateWatch(id, definition, state, nextCheckAt) {
      const updated = await store.updateWatch(id, definition, state, nextCheckAt);
      watch(updated);
      return updated;
    },
    async deleteWatch(id) {
      const removed = await store.deleteWatch(id);
      watch(removed);
      return removed;
    },
    // The two writes that name only the watch's id read it first, for its channel and for what its
    // state showed; under the check's lease (or the click's moment) nothing else changes it meanwhile.
    async setWatchControls(id, controls) {
      const before = await store.getWatch(id);
      const saved = await store.setWatchControls(id, controls);
      if (saved) watch(before);
      return saved;
    },
    async saveWatchState(id, owner, state, nextCheckAt, keepLeaseUntil) {
      const before = await store.getWatch(id);
      const saved = await store.saveWatchState(id, owner, state, nextCheckAt, keepLeaseUntil);
      if (saved && before !== undefined && shown(before.state) !== shown(state)) watch(before);
      return saved;
    },
    // Home shows who acknowledged a firing watch.
    async acknowledgeIncident(id, by, byName, at) {
      const incident = await store.acknowledgeIncident(id, by, byName, at);
      if (incident !== undefined) watch(await store.getWatch(incident.watchId));
      return incident;
    },
  };
  return new Proxy(store, {
    get(target, property, receiver) {
      if (Object.hasOwn(observed, property)) return observed[property as keyof Store];
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
