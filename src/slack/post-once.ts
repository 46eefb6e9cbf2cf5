// The one path of every scheduled post (a digest run, an alert, a request card, a reminder): sent at
// most once. Slack may take a post and fail only to answer it (a timeout, a 5xx): the Web API
// client does not retry such a post (web-client.ts, post_outcome_unknown). Each post carries its
// key in Slack's message metadata, and before a post is sent again (its answer was lost here, or the
// caller knows an earlier attempt may have gone) opsbot looks for that key among the channel's
// newest messages: found, it is the post; not found, it is sent. A post that truly failed is sent
// again; nothing is lost, nothing twice.
import type { Block, KnownBlock } from '@slack/types';
import type { Clock } from '../clock.ts';
import { errField, slackErrorCode } from '../errors.ts';
import type { Logger } from '../log.ts';
import { LruMap } from '../lru-map.ts';
import type { Pacer } from './pacer.ts';
import type { SentMessage } from './upload.ts';
import { POST_OUTCOME_UNKNOWN, type WebClient } from './web-client.ts';

/** Slack's metadata event type of opsbot's keyed posts. */
export const POST_EVENT_TYPE = 'opsbot_post';

/** How long before the attempt a look starts when the caller names no start (clocks differ a little). */
const LOOK_MARGIN_MS = 60_000;
/** The channel's newest messages read: a post of minutes ago is among them unless the channel is very busy. */
const HISTORY_LIMIT = 100;

export type KeyedPost = {
  channel: string;
  /** What makes this post this one and no other, e.g. `digest:C0TEAM:2026-11-23`. */
  key: string;
  message: {
    text: string;
    blocks?: (KnownBlock | Block)[] | undefined;
    thread_ts?: string;
    unfurl_links?: boolean;
    unfurl_media?: boolean;
  };
  /** An earlier attempt may have been taken (a retried run): look before sending. */
  lookFirst?: boolean;
  /** When the post was first due: the look reads messages from then on (default: the lost attempt's start). */
  since?: number;
  /** Paced with the other scheduled posts, unless false (a reply in a thread a person is reading). */
  paced?: boolean;
  signal?: AbortSignal | undefined;
};

export type PostOnce = (post: KeyedPost) => Promise<SentMessage & { found: boolean }>;

export function createPostOnce(deps: {
  client: WebClient;
  pacer: Pacer;
  clock: Clock;
  logger: Pick<Logger, 'info' | 'warn'>;
}): PostOnce {
  const { client, pacer, clock, logger } = deps;
  /** Keys whose answer was lost in this process, with when that attempt began: their next attempt looks first. */
  const unsure = new LruMap<string, number>(10_000);

  const look = async (post: KeyedPost, since: number): Promise<SentMessage | undefined> => {
    try {
      const history = await client.conversations.history({
        channel: post.channel,
        oldest: (since / 1000).toFixed(6),
        limit: HISTORY_LIMIT,
        include_all_metadata: true,
      });
      const found = history.messages?.find(
        (m) =>
          m.metadata?.event_type === POST_EVENT_TYPE &&
          (m.metadata.event_payload as { key?: unknown } | undefined)?.key === post.key,
      );
      return found?.ts === undefined ? undefined : { channel: post.channel, ts: found.ts };
    } catch (err) {
      // Nothing is lost: a channel opsbot can't read (not a member of it, history scopes missing)
      // is posted to as if the earlier attempt had not been taken.
      logger.warn(
        { event: 'post_look_failed', channel: post.channel, key: post.key, err: errField(err) },
        'could not look for an earlier post; sending it',
      );
      return undefined;
    }
  };

  return async (post) => {
    const attemptAt = clock();
    const lost = unsure.get(post.key);
    const since = post.since ?? (lost ?? attemptAt) - LOOK_MARGIN_MS;
    if (post.lookFirst === true || lost !== undefined) {
      const earlier = await look(post, since);
      if (earlier !== undefined) {
        unsure.delete(post.key);
        logger.info(
          { event: 'post_found', channel: post.channel, key: post.key },
          'post already in the channel',
        );
        return { ...earlier, found: true };
      }
    }
    if (post.paced !== false) await pacer.take(post.channel, post.signal);
    post.signal?.throwIfAborted();
    try {
      const { blocks, ...rest } = post.message;
      const posted = await client.chat.postMessage({
        ...rest,
        ...(blocks === undefined ? {} : { blocks }),
        channel: post.channel,
        metadata: { event_type: POST_EVENT_TYPE, event_payload: { key: post.key } },
      });
      if (posted.channel === undefined || posted.ts === undefined)
        throw new Error('chat.postMessage answered without a channel or ts');
      unsure.delete(post.key);
      return { channel: posted.channel, ts: posted.ts, found: false };
    } catch (err) {
      if (slackErrorCode(err) !== POST_OUTCOME_UNKNOWN) throw err;
      unsure.set(post.key, lost ?? attemptAt);
      const taken = await look(post, since);
      if (taken === undefined) throw err;
      unsure.delete(post.key);
      logger.info({ event: 'post_found', channel: post.channel, key: post.key }, 'post taken, answer lost');
      return { ...taken, found: true };
    }
  };
}
