// Sending a digest: through a small port over the Web API (so the runner and its tests need no
// Bolt), with the image block retried while Slack is still processing a fresh upload, and errors
// sorted into "this channel cannot be reached", "try again later" and "our own bug".
import type { webApi } from '@slack/bolt';
import type { KnownBlock } from '@slack/types';
import type { Pacer } from '../../slack/pacer.ts';
import { abortableSleep } from '../../slack/pacer.ts';
import type { PngUpload } from '../../slack/upload.ts';
import { isInvalidSlackFile, slackErrorCode, uploadPrivatePng } from '../../slack/upload.ts';
import type { DigestContent } from './compose.ts';
import { type DigestViewOptions, digestMessage } from './digest-view.ts';

export type DigestSlack = {
  postMessage(args: { channel: string; text: string; blocks?: KnownBlock[] }): Promise<{ ts: string }>;
  uploadPng(upload: PngUpload): Promise<string>;
};

export function digestSlackOf(client: webApi.WebClient): DigestSlack {
  return {
    async postMessage({ channel, text, blocks }) {
      const result = await client.chat.postMessage({
        channel,
        text,
        ...(blocks === undefined ? {} : { blocks }),
        unfurl_links: false,
        unfurl_media: false,
      });
      if (typeof result.ts !== 'string') throw new Error('chat.postMessage answered without a ts');
      return { ts: result.ts };
    },
    uploadPng: (upload) => uploadPrivatePng(client, upload),
  };
}

/** Slack's answers meaning "this bot cannot post here": nobody but a person can fix it. */
const UNREACHABLE = new Set([
  'not_in_channel',
  'channel_not_found',
  'is_archived',
  'channel_is_archived',
  'restricted_action',
  'restricted_action_read_only_channel',
  'restricted_action_thread_only_channel',
  'restricted_action_non_threadable_channel',
  'ekm_access_denied',
  'team_access_not_granted',
  'access_denied',
]);

const TRANSIENT = new Set([
  'ratelimited',
  'rate_limited',
  'internal_error',
  'fatal_error',
  'service_unavailable',
  'request_timeout',
]);

export type PostFailure = { kind: 'unreachable' | 'transient' | 'broken'; code: string };

export function classifyPostError(err: unknown): PostFailure {
  const code = slackErrorCode(err);
  if (code !== undefined) {
    if (UNREACHABLE.has(code)) return { kind: 'unreachable', code };
    if (TRANSIENT.has(code)) return { kind: 'transient', code };
    return { kind: 'broken', code };
  }
  // No platform code: an HTTP or network failure that outlasted the client's own retries.
  const name = (err as { code?: unknown })?.code;
  return {
    kind: 'transient',
    code: typeof name === 'string' ? name : err instanceof Error ? err.name : 'unknown',
  };
}

export const UNREACHABLE_WORDS: Record<string, string> = {
  not_in_channel: 'opsbot is not a member of the channel',
  channel_not_found: 'the channel is private and opsbot is not in it (or the channel is gone)',
  is_archived: 'the channel is archived',
  channel_is_archived: 'the channel is archived',
};

export type PostOptions = DigestViewOptions & {
  pacer?: Pacer;
  signal?: AbortSignal;
  /** Waits before re-sending when the image is not ready yet; default 400, 800, 1600 ms. */
  retryDelaysMs?: readonly number[];
};

export type Posted = { ts: string; withImage: boolean };

/**
 * Posts the digest. While Slack still processes the card ("invalid slack file") the same message is
 * re-sent after a short wait; when the waits run out it goes without the image, and says so.
 */
export async function postDigest(
  slack: DigestSlack,
  content: DigestContent,
  options: PostOptions = {},
): Promise<Posted> {
  const delays = options.retryDelaysMs ?? [400, 800, 1600];
  const send = async (withoutImage: boolean) => {
    await options.pacer?.take(content.channelId, options.signal);
    options.signal?.throwIfAborted();
    const message = digestMessage(content, { ...options, withoutImage });
    return slack.postMessage({ channel: content.channelId, text: message.text, blocks: message.blocks });
  };
  if (content.card === undefined) return { ts: (await send(true)).ts, withImage: false };
  for (let attempt = 0; ; attempt++) {
    try {
      return { ts: (await send(false)).ts, withImage: true };
    } catch (err) {
      if (!isInvalidSlackFile(err)) throw err;
      const delay = delays[attempt];
      if (delay === undefined) break;
      await abortableSleep(delay, options.signal);
    }
  }
  return { ts: (await send(true)).ts, withImage: false };
}
