// The checker's WatchSlack port over the Web API: alerts, their updates and thread notes. Times on
// the messages are in the channel's time zone (its digest's), else UTC.
import type { App } from '@slack/bolt';
import type { Store, Watch } from '../../store/index.ts';
import type { WatchSlack } from './checker.ts';
import { alertMessage, dataBackMessage, noDataMessage, resolvedMessage } from './views.ts';

type WebClient = App['client'];

export async function channelTimeZone(store: Store, channelId: string): Promise<string> {
  try {
    return (await store.getSubscription(channelId))?.timeZone ?? 'UTC';
  } catch {
    return 'UTC';
  }
}

export function watchSlack(client: WebClient, store: Store, clock: () => number): WatchSlack {
  const zone = (watch: Watch) => channelTimeZone(store, watch.channelId);
  return {
    async postAlert(watch) {
      const message = alertMessage(watch, clock(), await zone(watch));
      const posted = await client.chat.postMessage({ channel: watch.channelId, ...message });
      if (posted.channel === undefined || posted.ts === undefined)
        throw new Error('chat.postMessage returned no ts');
      return { channel: posted.channel, ts: posted.ts };
    },
    async showAlert(watch, ref) {
      await client.chat.update({ ...ref, ...alertMessage(watch, clock(), await zone(watch)) });
    },
    async showResolved(watch, ref) {
      await client.chat.update({ ...ref, ...resolvedMessage(watch, clock(), await zone(watch)) });
    },
    async postInThread(ref, text) {
      await client.chat.postMessage({ channel: ref.channel, thread_ts: ref.ts, text });
    },
    async postNoData(watch, reason) {
      const posted = await client.chat.postMessage({
        channel: watch.channelId,
        ...noDataMessage(watch, reason),
      });
      if (posted.channel === undefined || posted.ts === undefined)
        throw new Error('chat.postMessage returned no ts');
      return { channel: posted.channel, ts: posted.ts };
    },
    async showDataBack(watch, ref) {
      await client.chat.update({ ...ref, ...dataBackMessage(watch) });
    },
  };
}
