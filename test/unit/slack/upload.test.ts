import { webApi } from '@slack/bolt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { slackErrorCode } from '../../../src/errors.ts';
import { checkBlockKit, type SlackSimulator, startSlackSimulator } from '../../../src/sim/slack/index.ts';
import {
  DEFAULT_RETRY_DELAYS_MS,
  type ImageSlot,
  isInvalidSlackFile,
  type PngUpload,
  showPng,
} from '../../../src/slack/upload.ts';
import { quietSlackLogger } from '../../support/slack-client.ts';

const TOKEN = 'xoxb-test-fake-token';
// The simulator stores bytes without decoding them; a PNG signature plus a few bytes will do here.
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
const UPLOAD: PngUpload = {
  png: PNG,
  filename: 'card.png',
  altText: 'Queries per day: last 12k, min 9k, max 14k',
  title: 'Vector index idx-1, last hour',
};

describe('showPng against the Slack simulator', () => {
  let sim: SlackSimulator;
  let client: InstanceType<typeof webApi.WebClient>;
  const sleeps: number[] = [];
  const sleep = async (ms: number) => {
    sleeps.push(ms);
  };

  beforeAll(async () => {
    sim = await startSlackSimulator({ botToken: TOKEN, channels: { C1: {}, COUT: { botIsMember: false } } });
    client = new webApi.WebClient(TOKEN, {
      slackApiUrl: sim.apiUrl,
      retryConfig: { retries: 0 },
      logger: quietSlackLogger,
    });
  });
  afterAll(() => sim.close());
  beforeEach(() => {
    sim.reset();
    sleeps.length = 0;
  });

  /** A message poster that records the slots it was asked to show. */
  function poster(channel = 'C1') {
    const slots: ImageSlot['kind'][] = [];
    const send = async (slot: ImageSlot) => {
      slots.push(slot.kind);
      const blocks = [
        { type: 'section', text: { type: 'mrkdwn', text: `summary (${slot.kind})` } },
        ...(slot.kind === 'block' ? [slot.block] : []),
      ];
      expect(checkBlockKit('message', blocks)).toEqual([]);
      const res = await client.chat.postMessage({ channel, text: 'summary', blocks });
      return { channel: res.channel ?? channel, ts: res.ts ?? '' };
    };
    return { send, slots };
  }

  it('uploads privately (no channel) and shows the file in an image block by slack_file id', async () => {
    const { send, slots } = poster();
    const result = await showPng(client, UPLOAD, { send, sleep });

    expect(result).toMatchObject({ shownAs: 'image-block', attempts: 1, channel: 'C1' });
    expect(slots).toEqual(['block']);
    const file = sim.files.find((f) => f.id === result.fileId);
    expect(file?.bytes?.equals(PNG)).toBe(true);
    expect(file).toMatchObject({
      completed: true,
      alt_text: UPLOAD.altText,
      title: UPLOAD.title,
      isImage: true,
    });
    expect(file?.channel).toBeUndefined();
    expect(sim.callsTo('files.completeUploadExternal')[0]?.args.channel_id).toBeUndefined();
    const [message] = sim.messagesIn('C1');
    expect(message?.blocks?.[1]).toMatchObject({
      type: 'image',
      slack_file: { id: result.fileId },
      alt_text: UPLOAD.altText,
      title: { type: 'plain_text', text: UPLOAD.title },
    });
    expect(sleeps).toEqual([]);
  });

  it('retries "invalid slack file" with a bounded backoff, then shows the image', async () => {
    sim.failUploadedFileBlocks(2);
    const { send, slots } = poster();
    const result = await showPng(client, UPLOAD, { send, sleep });

    expect(result).toMatchObject({ shownAs: 'image-block', attempts: 3 });
    expect(slots).toEqual(['block', 'block', 'block']);
    expect(sleeps).toEqual(DEFAULT_RETRY_DELAYS_MS.slice(0, 2));
    expect(sim.messagesIn('C1')).toHaveLength(1);
    const refused = sim.callsTo('chat.postMessage').filter((c) => !c.ok);
    expect(refused.map((c) => c.error)).toEqual(['invalid_blocks', 'invalid_blocks']);
  });

  it('falls back to a file share in the thread when the file never becomes usable', async () => {
    sim.failUploadedFileBlocks(10);
    const { send, slots } = poster();
    const result = await showPng(client, UPLOAD, { send, sleep, retryDelaysMs: [5, 10] });

    expect(result).toMatchObject({ shownAs: 'file-share', attempts: 3 });
    expect(slots).toEqual(['block', 'block', 'block', 'file-share']);
    expect(sleeps).toEqual([5, 10]);
    const messages = sim.messagesIn('C1');
    expect(messages).toHaveLength(2);
    const [summary, share] = messages;
    expect(summary?.blocks?.some((b) => (b as { type: string }).type === 'image')).toBe(false);
    expect(share).toMatchObject({ via: 'files.completeUploadExternal', thread_ts: summary?.ts });
    const shared = sim.files.find((f) => f.id === result.fileId);
    expect(shared).toMatchObject({ channel: 'C1', threadTs: summary?.ts, alt_text: UPLOAD.altText });
    expect(shared?.bytes?.equals(PNG)).toBe(true);
  });

  it('sends the message without the image when the upload itself fails', async () => {
    sim.fail('files.getUploadURLExternal', { error: 'file_uploads_disabled' });
    const { send, slots } = poster();
    const result = await showPng(client, UPLOAD, { send, sleep });
    expect(result).toMatchObject({ shownAs: 'none', attempts: 0 });
    expect(slots).toEqual(['missing']);
    expect(sim.messagesIn('C1')).toHaveLength(1);
  });

  it('throws other errors of the send untouched (not_in_channel is for the caller to explain)', async () => {
    const { send, slots } = poster('COUT');
    const error = await showPng(client, UPLOAD, { send, sleep }).catch((e: unknown) => e);
    expect(slackErrorCode(error)).toBe('not_in_channel');
    expect(isInvalidSlackFile(error)).toBe(false);
    expect(slots).toEqual(['block']);
    expect(sleeps).toEqual([]);
  });

  it('recognises only the "invalid slack file" form of invalid_blocks', () => {
    const err = (errors: string[]) => ({ data: { ok: false, error: 'invalid_blocks', errors } });
    expect(isInvalidSlackFile(err(['invalid slack file [json-pointer:/blocks/1/slack_file]']))).toBe(true);
    expect(isInvalidSlackFile(err(['must be less than 3001 characters [json-pointer:/blocks/0/text]']))).toBe(
      false,
    );
    expect(isInvalidSlackFile(new Error('invalid slack file'))).toBe(false);
    expect(isInvalidSlackFile(undefined)).toBe(false);
  });
});
