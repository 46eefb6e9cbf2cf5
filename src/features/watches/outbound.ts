// The feature's WatchesOutbound over the Web API: alerts, their updates and thread notes. Each watch
// is named as the team named its index, so messages say `catalog (0d6f3f5e…)` rather than a bare id
// (a name that can't be read is left out). Times are in the channel's time zone (its digest's), else UTC.
import type { KnownBlock } from '@slack/types';
import type { Point } from '../../api/schemas.ts';
import type { Clock } from '../../clock.ts';
import { errField } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import { renderWatchChart } from '../../render/index.ts';
import type { Pacer } from '../../slack/pacer.ts';
import type { PostOnce } from '../../slack/post-once.ts';
import { type PngUpload, type SentMessage, showPng } from '../../slack/upload.ts';
import type { WebClient } from '../../slack/web-client.ts';
import type { MessageRef, Store, Watch } from '../../store/index.ts';
import { channelTimeZone } from '../../time/audience.ts';
import { rangeInWords } from '../../time/words.ts';
import type { WatchesOutbound } from './service.ts';
import {
  alertMessage,
  changedMessage,
  dataBackMessage,
  type Message,
  noDataMessage,
  removedMessage,
  resolvedMessage,
} from './views/views.ts';
import { plainIndexWords, type ShownWatch } from './views/watch-words.ts';
import { formatMetricValue, metricByKey } from './watchable.ts';

/** `shown`: the watch with its index's name. */
export function createWatchesOutbound(
  {
    client,
    pacer,
    postOnce,
    clock,
    store,
  }: { client: WebClient; pacer: Pacer; postOnce: PostOnce; clock: Clock; store: Store },
  logger: Logger,
  shown: (watch: Watch) => Promise<ShownWatch>,
): WatchesOutbound {
  const zone = (watch: Watch) => channelTimeZone(store, watch.channelId);
  /**
   * Top-level posts share the digests' budget (Slack's per-channel and workspace rates) and their
   * path: keyed by the watch, so an alert whose answer was lost is found rather than posted again.
   */
  const postTop = async (key: string, channel: string, message: Message): Promise<SentMessage> => {
    const sent = await postOnce({ channel, key, message });
    return { channel: sent.channel, ts: sent.ts };
  };
  const update = async (ref: MessageRef, message: Message) => {
    await client.chat.update({ ...ref, ...message });
  };
  return {
    async postAlert(bare, points, incident) {
      const watch = await shown(bare);
      const timeZone = await zone(watch);
      const post = (image?: KnownBlock) =>
        postTop(
          `watch-alert:${watch.id}`,
          watch.channelId,
          alertMessage(watch, clock(), timeZone, image, incident),
        );
      const chart = await chartOf(watch, points, timeZone, logger);
      if (chart === undefined) return post();
      // The stats card's upload path: a private upload, then the message with an image block (or
      // the file shared in its thread, or no image) — see src/slack/upload.ts.
      const sent = await showPng(client, chart, {
        logger,
        send: (slot) => post(slot.kind === 'block' ? slot.block : undefined),
      });
      return { channel: sent.channel, ts: sent.ts };
    },
    showAlert: async (watch, ref, incident) =>
      update(ref, alertMessage(await shown(watch), clock(), await zone(watch), undefined, incident)),
    showResolved: async (watch, ref, incident) =>
      update(ref, resolvedMessage(await shown(watch), clock(), await zone(watch), incident)),
    showChanged: async (watch, ref, by) => update(ref, changedMessage(await shown(watch), by)),
    showRemoved: async (watch, ref, by) => update(ref, removedMessage(await shown(watch), by)),
    async postInThread(ref, text) {
      await client.chat.postMessage({ channel: ref.channel, thread_ts: ref.ts, text });
    },
    postNoData: async (watch, reason) =>
      postTop(`watch-no-data:${watch.id}`, watch.channelId, noDataMessage(await shown(watch), reason)),
    showDataBack: async (watch, ref) => update(ref, dataBackMessage(await shown(watch))),
    async tellCreator(watch, text) {
      await pacer.take(watch.createdBy);
      await client.chat.postMessage({ channel: watch.createdBy, text });
    },
  };
}

/** The last hour of the watched series with the threshold across it; none for a scalar metric. */
async function chartOf(
  watch: ShownWatch,
  points: readonly Point[],
  timeZone: string,
  logger: Pick<Logger, 'error'>,
): Promise<PngUpload | undefined> {
  const metric = metricByKey(watch.metric);
  if (metric === undefined || points.length === 0) return undefined;
  const first = points[0]?.at ?? 0;
  const last = points.at(-1)?.at ?? first;
  const title = `${plainIndexWords(watch)} · ${metric.name}`;
  const lastValue = points.at(-1)?.y ?? 0;
  // The chart and its alt text say the same values, written alike.
  const said = {
    thresholdLabel: formatMetricValue(metric, watch.threshold),
    lastLabel: formatMetricValue(metric, lastValue),
    minLabel: formatMetricValue(metric, Math.min(...points.map((p) => p.y))),
    maxLabel: formatMetricValue(metric, Math.max(...points.map((p) => p.y))),
    caption: `last hour · ${rangeInWords(first, last, timeZone)}`,
  };
  try {
    const png = await renderWatchChart({ title, points, threshold: watch.threshold, ...said, timeZone });
    return {
      png,
      filename: `watch-${watch.id}.png`,
      title,
      altText: `${title}, ${said.caption}: now ${said.lastLabel}, ${watch.direction} the threshold ${said.thresholdLabel}; lowest ${said.minLabel}, highest ${said.maxLabel}.`,
    };
  } catch (error) {
    logger.error(
      { event: 'watch_chart_render_failed', watchId: watch.id, err: errField(error) },
      'alert chart not rendered',
    );
    return undefined;
  }
}
