// Sending a digest: through DigestsOutbound over the Web API (so the runner and its tests need no
// Bolt), paced with every other scheduled post, with the card through the one "invalid slack file"
// path of slack/upload.ts: when Slack never takes the card, the digest goes without it and says so.

import type { KnownBlock } from '@slack/types';
import type { Pacer } from '../../slack/pacer.ts';
import type { PostOnce } from '../../slack/post-once.ts';
import { type PngUpload, sendWithImage, uploadPrivatePng } from '../../slack/upload.ts';
import type { WebClient } from '../../slack/web-client.ts';
import type { DigestContent } from './compose.ts';
import { type DigestViewOptions, digestMessage } from './views/digest.ts';

/** A digest's run: its post is keyed by it, so a retried run finds the post an earlier attempt made. */
type DigestRunKey = { localDate: string; scheduledFor: number; lookFirst: boolean };

export type DigestsOutbound = {
  postMessage(args: {
    channel: string;
    text: string;
    blocks?: KnownBlock[];
    run?: DigestRunKey;
  }): Promise<{ ts: string }>;
  uploadPng(upload: PngUpload): Promise<string>;
};

export function createDigestsOutbound(client: WebClient, postOnce: PostOnce): DigestsOutbound {
  return {
    async postMessage({ channel, text, blocks, run }) {
      const message = {
        text,
        ...(blocks === undefined ? {} : { blocks }),
        unfurl_links: false,
        unfurl_media: false,
      };
      if (run === undefined) {
        const result = await client.chat.postMessage({ channel, ...message });
        if (typeof result.ts !== 'string') throw new Error('chat.postMessage answered without a ts');
        return { ts: result.ts };
      }
      // postDigest took the pacer's turn already.
      const posted = await postOnce({
        channel,
        key: `digest:${channel}:${run.localDate}`,
        message,
        lookFirst: run.lookFirst,
        since: run.scheduledFor,
        paced: false,
      });
      return { ts: posted.ts };
    },
    uploadPng: (upload) => uploadPrivatePng(client, upload),
  };
}

type PostOptions = DigestViewOptions & {
  pacer: Pacer;
  /** The run posted for (its key); a retried run looks for an earlier attempt's post first. */
  run?: DigestRunKey;
  signal?: AbortSignal;
  /** Waits before re-sending while the card is not ready yet; default that of sendWithImage. */
  retryDelaysMs?: readonly number[] | undefined;
};

type Posted = { ts: string; withImage: boolean };

/** Posts the digest; every send (a re-send too) waits its turn in the pacer. */
export async function postDigest(
  slack: DigestsOutbound,
  content: DigestContent,
  options: PostOptions,
): Promise<Posted> {
  const channel = content.channelId;
  const send = async (withoutImage: boolean) => {
    await options.pacer.take(channel, options.signal);
    options.signal?.throwIfAborted();
    const message = digestMessage(content, { ...options, withoutImage });
    const { ts } = await slack.postMessage({
      channel,
      text: message.text,
      blocks: message.blocks,
      ...(options.run === undefined ? {} : { run: options.run }),
    });
    return { channel, ts };
  };
  if (content.card === undefined) return { ts: (await send(true)).ts, withImage: false };
  const sent = await sendWithImage(content.card, {
    send: (slot) => send(slot.kind !== 'block'),
    fallback: 'missing',
    retryDelaysMs: options.retryDelaysMs,
    signal: options.signal,
  });
  return { ts: sent.ts, withImage: sent.shownAs === 'image-block' };
}
