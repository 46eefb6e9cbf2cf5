// Showing a PNG in a message: upload it with files.uploadV2 without a channel (the file stays
// private to the bot, which may still show it in its own messages), then send the message with an
// image block pointing at it by `slack_file.id`. A fresh upload may not be usable at once; the one
// retry-and-fall-back path for that is sendWithImage, used by the stats card, watch alerts and
// digests (a digest shares one upload across many channels, so it uploads once and sends many).
import type { ImageBlock } from '@slack/types';
import { errField, slackErrorCode } from '../errors.ts';
import type { Logger } from '../log.ts';
import { truncate } from '../text/mrkdwn.ts';
import { SLACK_LIMITS } from './limits.ts';
import { abortableSleep } from './pacer.ts';
import type { WebClient } from './web-client.ts';

export type PngUpload = {
  png: Buffer;
  /** With the `.png` extension: Slack derives the file type from it. */
  filename: string;
  /** What a screen reader says for the image (upload alt text and image block alt_text). */
  altText: string;
  title: string;
};

/** How the image appears in the message being sent. */
export type ImageSlot =
  | { kind: 'block'; block: ImageBlock }
  /** The image block was refused; the PNG is about to be shared in the message's thread. */
  | { kind: 'file-share' }
  /** The upload itself failed; the message goes without the image. */
  | { kind: 'missing' };

export type SentMessage = { channel: string; ts: string };

type ShowPngOptions = {
  /** Posts or updates the message with the given image slot; throws what the Web API throws. */
  send(slot: ImageSlot): Promise<SentMessage>;
  logger?: Pick<Logger, 'info' | 'warn'>;
  /** Waits between attempts of the image-block send; default 400, 800, 1600 ms (4 attempts in all). */
  retryDelaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
};

export type ShowPngResult = SentMessage & {
  shownAs: 'image-block' | 'file-share' | 'none';
  /** The private upload shown in the image block (or the file share's file). */
  fileId?: string;
  /** Image-block sends made, the successful one included. */
  attempts: number;
};

export const DEFAULT_RETRY_DELAYS_MS = [400, 800, 1600] as const;

// alt_txt_too_large is Slack's answer past 1000 characters at upload; the block allows 2000.
const UPLOAD_ALT_TEXT_MAX = 1000;
// image.title.max in block-kit-limits.json (not in SLACK_LIMITS, which lists what features share).
const IMAGE_TITLE_MAX = 2000;

/** The file id nested in uploadV2's answer: `files[0].files[0].id` (one completeUploadExternal per group). */
function uploadedFileId(result: unknown): string | undefined {
  const outer = (result as { files?: Array<{ files?: Array<{ id?: unknown }> }> }).files?.[0];
  const id = outer?.files?.[0]?.id;
  return typeof id === 'string' ? id : undefined;
}

/** The PNG as files.uploadV2 takes it. */
const fileOf = (upload: PngUpload) => ({
  file: upload.png,
  filename: upload.filename,
  title: upload.title,
  alt_text: truncate(upload.altText, UPLOAD_ALT_TEXT_MAX),
});

/** Uploads privately (no channel) and returns the file id. */
export async function uploadPrivatePng(client: WebClient, upload: PngUpload): Promise<string> {
  const id = uploadedFileId(await client.files.uploadV2(fileOf(upload)));
  if (id === undefined) throw new Error('files.uploadV2 answered without a file id');
  return id;
}

/** Shares the PNG as a file message in `channel` (in a thread when `threadTs` is given). */
async function sharePng(
  client: WebClient,
  upload: PngUpload,
  where: { channel: string; threadTs?: string },
): Promise<string | undefined> {
  const file = fileOf(upload);
  const result =
    where.threadTs === undefined
      ? await client.files.uploadV2({ ...file, channel_id: where.channel })
      : await client.files.uploadV2({ ...file, channel_id: where.channel, thread_ts: where.threadTs });
  return uploadedFileId(result);
}

export function imageBlock(fileId: string, upload: Pick<PngUpload, 'altText' | 'title'>): ImageBlock {
  return {
    type: 'image',
    slack_file: { id: fileId },
    alt_text: truncate(upload.altText, SLACK_LIMITS.imageAltText),
    title: { type: 'plain_text', text: truncate(upload.title, IMAGE_TITLE_MAX) },
  };
}

/** True for Slack's "the file in this image block is not usable (yet)" answer. */
export function isInvalidSlackFile(err: unknown): boolean {
  if (slackErrorCode(err) !== 'invalid_blocks') return false;
  const data = (err as { data: { errors?: unknown; response_metadata?: unknown } }).data;
  const messages = (data.response_metadata as { messages?: unknown } | undefined)?.messages;
  const reasons = [
    ...(Array.isArray(data.errors) ? data.errors : []),
    ...(Array.isArray(messages) ? messages : []),
  ];
  return reasons.some((r) => typeof r === 'string' && r.includes('invalid slack file'));
}

/** A PNG already uploaded privately: what an image block needs. */
type UploadedImage = { fileId: string; altText: string; title: string };

type SendWithImageOptions = {
  /** Posts or updates the message with the given image slot; throws what the Web API throws. */
  send(slot: ImageSlot): Promise<SentMessage>;
  /**
   * What is sent when the image block is still refused after the last wait: `file-share` (the
   * caller shares the PNG in the message's thread) or `missing` (the message says it goes without).
   */
  fallback: 'file-share' | 'missing';
  logger?: Pick<Logger, 'info' | 'warn'> | undefined;
  /** Waits between attempts of the image-block send; default 400, 800, 1600 ms (4 attempts in all). */
  retryDelaysMs?: readonly number[] | undefined;
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  /** Ends the waits early (a shutdown); the send in progress is the caller's to abort. */
  signal?: AbortSignal | undefined;
};

type SentWithImage = SentMessage & { shownAs: 'image-block' | 'fallback'; attempts: number };

/**
 * The one "invalid slack file" path. Sends the message with the uploaded image in an image block;
 * while Slack is still processing the upload it answers `invalid_blocks` / "invalid slack file", so
 * the same send is retried after a short, bounded backoff, and when that runs out the message goes
 * with `options.fallback` instead. Any other error of `send` (not_in_channel, ratelimited…) is
 * thrown to the caller untouched.
 */
export async function sendWithImage(
  image: UploadedImage,
  options: SendWithImageOptions,
): Promise<SentWithImage> {
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const sleep = options.sleep ?? abortableSleep;
  const block = imageBlock(image.fileId, image);
  for (let attempt = 1; ; attempt++) {
    try {
      return { ...(await options.send({ kind: 'block', block })), shownAs: 'image-block', attempts: attempt };
    } catch (err) {
      if (!isInvalidSlackFile(err)) throw err;
      const delay = delays[attempt - 1];
      if (delay === undefined) break;
      options.logger?.info(
        { event: 'slack_file_not_ready', fileId: image.fileId, attempt, retryInMs: delay },
        'retrying image block',
      );
      await sleep(delay, options.signal);
    }
  }
  const attempts = delays.length + 1;
  options.logger?.warn(
    { event: 'slack_file_fallback', fileId: image.fileId, attempts, fallback: options.fallback },
    'image block refused; sending without it',
  );
  const sent = await options.send({ kind: options.fallback });
  return { ...sent, shownAs: 'fallback', attempts };
}

/**
 * Uploads `upload`, then sends the message through `options.send` with the image in it (see
 * sendWithImage); when the image block is refused to the end, the PNG follows as a file share in
 * the message's thread (one message in the channel, and a re-render doesn't add another). When the
 * upload itself fails the message goes without the image.
 */
export async function showPng(
  client: WebClient,
  upload: PngUpload,
  options: ShowPngOptions,
): Promise<ShowPngResult> {
  const log = options.logger;
  let fileId: string;
  try {
    fileId = await uploadPrivatePng(client, upload);
  } catch (err) {
    // The message is still worth sending without its picture (files:write missing, upload refused…).
    log?.warn({ event: 'png_upload_failed', err: errField(err) }, 'upload failed');
    const sent = await options.send({ kind: 'missing' });
    return { ...sent, shownAs: 'none', attempts: 0 };
  }
  const sent = await sendWithImage(
    { fileId, altText: upload.altText, title: upload.title },
    {
      send: options.send,
      fallback: 'file-share',
      logger: log,
      retryDelaysMs: options.retryDelaysMs,
      sleep: options.sleep,
    },
  );
  if (sent.shownAs === 'image-block') return { ...sent, shownAs: 'image-block', fileId };
  try {
    const sharedId = await sharePng(client, upload, { channel: sent.channel, threadTs: sent.ts });
    return { ...sent, shownAs: 'file-share', ...(sharedId === undefined ? {} : { fileId: sharedId }) };
  } catch (err) {
    log?.warn({ event: 'png_share_failed', err: errField(err) }, 'file share failed');
    return { ...sent, shownAs: 'none' };
  }
}
