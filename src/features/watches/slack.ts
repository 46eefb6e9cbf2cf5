// The feature's WatchSlack port over the Web API: alerts, their updates and thread notes. Times on
// the messages are in the channel's time zone (its digest's), else UTC.
import type { KnownBlock } from '@slack/types';
import type { Point } from '../../api/schemas.ts';
import { errField } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import { renderWatchChart } from '../../render/index.ts';
import type { Pacer } from '../../slack/pacer.ts';
import { type ImageSlot, type PngUpload, type SentMessage, showPng } from '../../slack/upload.ts';
import type { WebClient } from '../../slack/web-client.ts';
import type { Store, Watch, WatchIncident } from '../../store/index.ts';
import { localTimeOf } from '../../time/zones.ts';
import type { WatchSlack } from './checker.ts';
import {
  alertMessage,
  changedMessage,
  dataBackMessage,
  type Message,
  noDataMessage,
  removedMessage,
  resolvedMessage,
  type ShownWatch,
} from './views.ts';
import { formatMetricValue, metricByKey } from './watchable.ts';

export async function channelTimeZone(store: Store, channelId: string): Promise<string> {
  try {
    return (await store.getSubscription(channelId))?.timeZone ?? 'UTC';
  } catch {
    return 'UTC';
  }
}

export function watchSlack(
  client: WebClient,
  store: Store,
  clock: () => number,
  logger: Pick<Logger, 'warn' | 'error' | 'info'>,
  pacer: Pacer,
): WatchSlack {
  const zone = (watch: Watch) => channelTimeZone(store, watch.channelId);
  const postTop = async (channel: string, message: Message): Promise<SentMessage> => {
    // Top-level posts share the digests' budget: Slack's per-channel and workspace rates.
    await pacer.take(channel);
    const posted = await client.chat.postMessage({ channel, ...message });
    if (posted.channel === undefined || posted.ts === undefined)
      throw new Error('chat.postMessage returned no ts');
    return { channel: posted.channel, ts: posted.ts };
  };
  const post = (watch: Watch, timeZone: string, image?: KnownBlock, incident?: WatchIncident) =>
    postTop(watch.channelId, alertMessage(watch, clock(), timeZone, image, incident));
  return {
    async postAlert(watch, points, incident) {
      const timeZone = await zone(watch);
      const chart = await chartOf(watch, points, timeZone, logger);
      if (chart === undefined) return post(watch, timeZone, undefined, incident);
      // The stats card's upload path: a private upload, then the message with an image block (or
      // the file shared in its thread, or no image) — see src/slack/upload.ts.
      const shown = await showPng(client, chart, {
        logger,
        send: (slot: ImageSlot) =>
          post(watch, timeZone, slot.kind === 'block' ? slot.block : undefined, incident),
      });
      return { channel: shown.channel, ts: shown.ts };
    },
    async showAlert(watch, ref, incident) {
      await client.chat.update({
        ...ref,
        ...alertMessage(watch, clock(), await zone(watch), undefined, incident),
      });
    },
    async showResolved(watch, ref, incident) {
      await client.chat.update({ ...ref, ...resolvedMessage(watch, clock(), await zone(watch), incident) });
    },
    async showChanged(watch, ref, by) {
      await client.chat.update({ ...ref, ...changedMessage(watch, by) });
    },
    async showRemoved(watch, ref, by) {
      await client.chat.update({ ...ref, ...removedMessage(watch, by) });
    },
    async postInThread(ref, text) {
      await client.chat.postMessage({ channel: ref.channel, thread_ts: ref.ts, text });
    },
    postNoData: (watch, reason) => postTop(watch.channelId, noDataMessage(watch, reason)),
    async showDataBack(watch, ref) {
      await client.chat.update({ ...ref, ...dataBackMessage(watch) });
    },
  };
}

/** The last hour of the watched series with the threshold across it; none for a scalar metric. */
async function chartOf(
  watch: Watch,
  points: readonly Point[],
  timeZone: string,
  logger: Pick<Logger, 'error'>,
): Promise<PngUpload | undefined> {
  const metric = metricByKey(watch.metric);
  if (metric === undefined || points.length === 0) return undefined;
  const first = points[0]?.at ?? 0;
  const last = points.at(-1)?.at ?? first;
  const title = `${(watch as ShownWatch).indexName ?? watch.indexId} · ${metric.label}`;
  const lastValue = points.at(-1)?.y ?? 0;
  try {
    const png = await renderWatchChart({
      title,
      points,
      threshold: watch.threshold,
      thresholdLabel: formatMetricValue(metric, watch.threshold),
      lastLabel: formatMetricValue(metric, lastValue),
      caption: `last hour · ${localTimeOf(first, timeZone)}–${localTimeOf(last, timeZone)} ${timeZone}`,
    });
    return {
      png,
      filename: `watch-${watch.id}.png`,
      title,
      altText: `${title} over the last hour: now ${formatMetricValue(metric, lastValue)}, ${watch.direction} the threshold ${formatMetricValue(metric, watch.threshold)}.`,
    };
  } catch (error) {
    logger.error(
      { event: 'watch_chart_render_failed', watchId: watch.id, err: errField(error) },
      'alert chart not rendered',
    );
    return undefined;
  }
}

/**
 * The port with each watch named as the team named its index (issue 26): alerts, their updates and
 * no-data notes say `catalog (0d6f3f5e…)` rather than a bare id. A name that can't be read is left out.
 */
export function namingIndexes(slack: WatchSlack, shown: (watch: Watch) => Promise<ShownWatch>): WatchSlack {
  return {
    postAlert: async (watch, points, incident) => slack.postAlert(await shown(watch), points, incident),
    showAlert: async (watch, ref, incident) => slack.showAlert(await shown(watch), ref, incident),
    showResolved: async (watch, ref, incident) => slack.showResolved(await shown(watch), ref, incident),
    showChanged: async (watch, ref, by) => slack.showChanged(await shown(watch), ref, by),
    showRemoved: async (watch, ref, by) => slack.showRemoved(await shown(watch), ref, by),
    postInThread: (ref, text) => slack.postInThread(ref, text),
    postNoData: async (watch, reason) => slack.postNoData(await shown(watch), reason),
    showDataBack: async (watch, ref) => slack.showDataBack(await shown(watch), ref),
  };
}
