// The one path of scheduled posts (a digest run, an alert, a request card): sent once. Slack may
// take a post and fail only to answer it (a timeout, a 5xx): the Web API client does not retry such
// a post (web-client.ts, POST_OUTCOME_UNKNOWN). Each post carries its key in Slack's message
// metadata, and before a post is sent again (its answer was lost, or the caller knows an earlier
// attempt may have gone) opsbot looks for that key among the channel's newest messages: found, it
// is the post. Not found after a 5xx (Slack is done with it), it is sent again at once, as the
// client would have; not found after a timeout (it may still land), the caller's next attempt
// looks first. Nothing lost, nothing twice.
import type { Block, KnownBlock } from '@slack/types';
import type { Clock } from '../clock.ts';
import { errField, slackErrorCode } from '../errors.ts';
import type { Logger } from '../log.ts';
import { LruMap } from '../lru-map.ts';
import { abortableSleep, type Pacer } from './pacer.ts';
import type { SentMessage } from './upload.ts';
import { POST_OUTCOME_UNKNOWN, POST_SERVER_ERROR, type WebClient } from './web-client.ts';

/** Slack's metadata event type of opsbot's keyed posts. */
export const POST_EVENT_TYPE = 'opsbot_post';

/** How long before the attempt a look starts when the caller names no start (clocks differ a little). */
const LOOK_MARGIN_MS = 60_000;
/** The channel's newest messages read: a post of minutes ago is among them unless the channel is very busy. */
const HISTORY_LIMIT = 100;
/** Waits before sending again a post Slack answered with a 5xx and did not keep: the client's retries. */
const SERVER_ERROR_RETRY_MS = [500, 1_000, 2_000] as const;

type KeyedPost = {
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

  const send = async (post: KeyedPost): Promise<SentMessage> => {
    const { blocks, ...rest } = post.message;
    const posted = await client.chat.postMessage({
      ...rest,
      ...(blocks === undefined ? {} : { blocks }),
      channel: post.channel,
      metadata: { event_type: POST_EVENT_TYPE, event_payload: { key: post.key } },
    });
    if (posted.channel === undefined || posted.ts === undefined)
      throw new Error('chat.postMessage answered without a channel or ts');
    return { channel: posted.channel, ts: posted.ts };
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
    for (let retry = 0; ; retry++) {
      if (post.paced !== false) await pacer.take(post.channel, post.signal);
      post.signal?.throwIfAborted();
      try {
        const sent = await send(post);
        unsure.delete(post.key);
        return { ...sent, found: false };
      } catch (err) {
        const code = slackErrorCode(err);
        if (code === undefined || !POST_OUTCOME_UNKNOWN.has(code)) throw err;
        unsure.set(post.key, lost ?? attemptAt);
        const taken = await look(post, since);
        if (taken !== undefined) {
          unsure.delete(post.key);
          logger.info(
            { event: 'post_found', channel: post.channel, key: post.key },
            'post taken, answer lost',
          );
          return { ...taken, found: true };
        }
        const wait = SERVER_ERROR_RETRY_MS[retry];
        if (code !== POST_SERVER_ERROR || wait === undefined) throw err;
        await abortableSleep(wait, post.signal);
      }
    }
  };
}
