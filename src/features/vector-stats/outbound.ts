// The Slack side of showing stats: a new post (or a reply in a thread), or the same post updated in
// place from its own controls, with the card as an image block when Slack takes it. The only code
// of this feature that calls Slack on its own (the listeners answer through their payloads).

import type { Clock } from '../../clock.ts';
import { slackErrorCode, TargetGone } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import { type ImageSlot, type SentMessage, type ShowPngResult, showPng } from '../../slack/upload.ts';
import type { WebClient } from '../../slack/web-client.ts';
import type { StatsRead } from './service.ts';
import { messageGoneSentence, statsMessage } from './views.ts';

/** Where the stats go: a channel (a thread in it), or the message `ts` to update. */
type StatsPlace = { channel: string; ts?: string; threadTs?: string };

type PostOptions = {
  client: WebClient;
  logger: Logger;
  /** Who asked (or last changed the period); undefined for a workflow. */
  userId: string | undefined;
  commandName: string;
};

function showStats(view: StatsRead, place: StatsPlace, options: PostOptions): Promise<ShowPngResult> {
  const { client } = options;
  const { channel, ts, threadTs } = place;
  const send = async (image: ImageSlot): Promise<SentMessage> => {
    const message = statsMessage({
      report: view.report,
      image,
      userId: options.userId,
      updated: ts !== undefined,
    });
    if (ts === undefined) {
      const posted = await client.chat.postMessage({
        channel,
        ...message,
        ...(threadTs === undefined ? {} : { thread_ts: threadTs }),
      });
      return { channel: posted.channel ?? channel, ts: posted.ts ?? '' };
    }
    try {
      await client.chat.update({ channel, ts, ...message });
    } catch (error) {
      if (slackErrorCode(error) === 'message_not_found')
        throw new TargetGone(messageGoneSentence(options.commandName, view.report.indexId), { cause: error });
      throw error;
    }
    return { channel, ts };
  };
  if (view.card === undefined)
    return send({ kind: 'missing' }).then((sent) => ({ ...sent, shownAs: 'none' as const, attempts: 0 }));
  return showPng(client, view.card, { send, logger: options.logger });
}

export type VectorStatsOutbound = ReturnType<typeof createVectorStatsOutbound>;

export function createVectorStatsOutbound(
  { client, clock, commandName }: { client: WebClient; clock: Clock; commandName(): string },
  logger: Logger,
) {
  /** Shows what was read at `place`, as asked by `userId`; logs what was shown. */
  const show = async (read: StatsRead, place: StatsPlace, userId: string | undefined): Promise<void> => {
    const started = clock();
    const { indexId, period } = read.target;
    const shown = await showStats(read, place, {
      client,
      logger: logger.child({ indexId, period }),
      userId,
      commandName: commandName(),
    });
    logger.info(
      {
        event: place.ts === undefined ? 'vector_stats_posted' : 'vector_stats_updated',
        indexId,
        period,
        channel: shown.channel,
        ts: shown.ts,
        shownAs: shown.shownAs,
        attempts: shown.attempts,
        ms: clock() - started,
      },
      'vector index stats shown',
    );
  };
  return { show };
}
