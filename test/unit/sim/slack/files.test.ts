import { webApi } from '@slack/bolt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SlackSimulator, startSlackSimulator } from '../../../../src/sim/slack/index.ts';
import { quietSlackLogger } from '../../../support/slack-client.ts';

const TOKEN = 'xoxb-test-fake-token';
// A PNG signature and a few more bytes are enough: the simulator stores bytes, it does not decode them.
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]);

type UploadResult = { files: Array<{ files: Array<{ id: string }> }> };

describe('Slack simulator: files upload v2', () => {
  let sim: SlackSimulator;
  let client: InstanceType<typeof webApi.WebClient>;
  beforeAll(async () => {
    sim = await startSlackSimulator({
      botToken: TOKEN,
      channels: { C1: {}, COUT: { botIsMember: false } },
    });
    client = new webApi.WebClient(TOKEN, {
      slackApiUrl: sim.apiUrl,
      retryConfig: { retries: 0 },
      logger: quietSlackLogger,
    });
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.reset());

  async function upload(args: Record<string, unknown> = {}): Promise<string> {
    const result = (await client.files.uploadV2({
      file: PNG,
      filename: 'spark.png',
      ...args,
    } as never)) as unknown as UploadResult;
    return result.files[0]?.files[0]?.id ?? '';
  }

  it('takes the real SDK through all three steps, stores the bytes and shares the file', async () => {
    const id = await upload({
      channel_id: 'C1',
      initial_comment: 'daily digest',
      alt_text: 'orders sparkline',
    });
    expect(sim.calls.map((c) => c.method)).toEqual([
      'files.getUploadURLExternal',
      'upload',
      'files.completeUploadExternal',
    ]);
    expect(sim.callsTo('files.getUploadURLExternal')[0]?.args).toMatchObject({
      filename: 'spark.png',
      length: '16',
    });
    expect(sim.files).toMatchObject([
      {
        id,
        filename: 'spark.png',
        title: 'spark.png',
        alt_text: 'orders sparkline',
        channel: 'C1',
        isImage: true,
      },
    ]);
    expect(sim.files[0]?.bytes?.equals(PNG)).toBe(true);
    expect(sim.messagesIn('C1')).toMatchObject([
      { text: 'daily digest', upload: true, files: [{ id, name: 'spark.png', mimetype: 'image/png' }] },
    ]);
  });

  it('keeps a file private when no channel is given, and files.info finds it', async () => {
    const id = await upload();
    expect(sim.messagesIn('C1')).toEqual([]);
    expect((await client.files.info({ file: id })).file).toMatchObject({ id, channels: [] });
  });

  it('accepts raw bytes at the upload URL too', async () => {
    const { upload_url, file_id } = await client.files.getUploadURLExternal({ filename: 'a.gif', length: 3 });
    const res = await fetch(upload_url ?? '', { method: 'POST', body: new Uint8Array([7, 8, 9]) });
    expect(res.status).toBe(200);
    await client.files.completeUploadExternal({ files: [{ id: file_id ?? '', title: 'A gif' }] });
    expect(sim.files[0]).toMatchObject({ title: 'A gif', mimetype: 'image/gif' });
    expect([...(sim.files[0]?.bytes ?? [])]).toEqual([7, 8, 9]);
  });

  it('refuses to complete a file that was never uploaded, and sharing into a channel the bot is not in', async () => {
    const { file_id } = await client.files.getUploadURLExternal({ filename: 'a.png', length: 3 });
    await expect(
      client.files.completeUploadExternal({ files: [{ id: file_id ?? '' }] }),
    ).rejects.toMatchObject({
      data: { error: 'file_not_found' },
    });
    await expect(upload({ channel_id: 'COUT' })).rejects.toMatchObject({ data: { error: 'not_in_channel' } });
  });

  it('shows uploaded images in image blocks and rejects unknown or non-image files', async () => {
    const id = await upload();
    const image = (fileId: string) => [{ type: 'image', slack_file: { id: fileId }, alt_text: 'spark' }];
    await expect(
      client.chat.postMessage({ channel: 'C1', text: 'x', blocks: image(id) }),
    ).resolves.toMatchObject({
      ok: true,
    });
    await expect(
      client.chat.postMessage({ channel: 'C1', text: 'x', blocks: image('F404') }),
    ).rejects.toMatchObject({
      data: { error: 'invalid_blocks', errors: ['invalid slack file [json-pointer:/blocks/0/slack_file]'] },
    });
    const csv = (await client.files.uploadV2({
      content: 'a,b',
      filename: 'x.csv',
    })) as unknown as UploadResult;
    const csvId = csv.files[0]?.files[0]?.id ?? '';
    await expect(
      client.chat.postMessage({ channel: 'C1', text: 'x', blocks: image(csvId) }),
    ).rejects.toMatchObject({
      data: { error: 'invalid_blocks' },
    });
  });

  it('can make just-uploaded files fail in image blocks, like Slack while it still processes them', async () => {
    const id = await upload();
    sim.failUploadedFileBlocks(1);
    const blocks = [{ type: 'divider' }, { type: 'image', slack_file: { id }, alt_text: 'spark' }];
    await expect(client.chat.postMessage({ channel: 'C1', text: 'x', blocks })).rejects.toMatchObject({
      data: {
        error: 'invalid_blocks',
        response_metadata: { messages: ['[ERROR] invalid slack file [json-pointer:/blocks/1/slack_file]'] },
      },
    });
    await expect(client.chat.postMessage({ channel: 'C1', text: 'x', blocks })).resolves.toMatchObject({
      ok: true,
    });
  });
});
