// Sending a digest: through a small port over the Web API (so the runner and its tests need no
// Bolt), paced with every other scheduled post, with the card through the one "invalid slack file"
// path of slack/upload.ts: when Slack never takes the card, the digest goes without it and says so.

import type { KnownBlock } from '@slack/types';
import type { Pacer } from '../../slack/pacer.ts';
import { type PngUpload, sendWithImage, uploadPrivatePng } from '../../slack/upload.ts';
import type { WebClient } from '../../slack/web-client.ts';
import type { DigestContent } from './compose.ts';
import { type DigestViewOptions, digestMessage } from './views/digest.ts';

export type DigestSlack = {
  postMessage(args: { channel: string; text: string; blocks?: KnownBlock[] }): Promise<{ ts: string }>;
  uploadPng(upload: PngUpload): Promise<string>;
};

export function digestSlackOf(client: WebClient): DigestSlack {
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

export type PostOptions = DigestViewOptions & {
  pacer: Pacer;
  signal?: AbortSignal;
  /** Waits before re-sending while the card is not ready yet; default that of sendWithImage. */
  retryDelaysMs?: readonly number[] | undefined;
};

export type Posted = { ts: string; withImage: boolean };

/** Posts the digest; every send (a re-send too) waits its turn in the pacer. */
export async function postDigest(
  slack: DigestSlack,
  content: DigestContent,
  options: PostOptions,
): Promise<Posted> {
  const channel = content.channelId;
  const send = async (withoutImage: boolean) => {
    await options.pacer.take(channel, options.signal);
    options.signal?.throwIfAborted();
    const message = digestMessage(content, { ...options, withoutImage });
    const { ts } = await slack.postMessage({ channel, text: message.text, blocks: message.blocks });
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
