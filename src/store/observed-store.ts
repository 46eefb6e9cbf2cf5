// The store as features see it: every write that changes something a person can see is told to the
// change feed once it has succeeded. Reads and failed writes pass through untouched.
import type { ChangeFeed } from '../changes.ts';
import type { Store } from './store.ts';

export function observedStore(store: Store, changes: ChangeFeed): Store {
  const observed: Partial<Store> = {
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
    async upsertSubscription(input) {
      const subscription = await store.upsertSubscription(input);
      changes.emit({ kind: 'digest', channelId: subscription.channelId });
      return subscription;
    },
    async deleteSubscription(channelId) {
      const deleted = await store.deleteSubscription(channelId);
      if (deleted) changes.emit({ kind: 'digest', channelId });
      return deleted;
    },
    async completeDigestRun(channelId, localDate, owner, input) {
      const result = await store.completeDigestRun(channelId, localDate, owner, input);
      if (result.ok) changes.emit({ kind: 'digest', channelId });
      return result;
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
