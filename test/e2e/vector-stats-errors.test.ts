import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkBlockKit } from '../../src/sim/slack/index.ts';
import { type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { imageFileId, inspectPng, statsDriver, textOf, USER, until } from '../support/vector-stats.ts';

describe('e2e: /ops vector stats — bad input, API and Slack failures', () => {
  let ws: SimulatedWorkspace;
  const { postStats, ephemeralReply, expectValidBlocks, expectNoSecrets } = statsDriver(() => ws);
  beforeAll(async () => {
    ws = await startSimulatedWorkspace();
  });
  afterAll(async () => {
    await ws?.stop();
  });
  beforeEach(() => {
    ws.slack.clearFaults();
    ws.slack.failUploadedFileBlocks(0);
    ws.mgmt.reset();
  });

  it('says clearly when the index does not exist, privately, and posts nothing', async () => {
    const res = await ws.driver.command('vector stats idx-nope 3d', { userId: USER, channelId: 'C0NOPE' });
    const reply = await ephemeralReply(res.responseUrl);
    // A name-like word: no index by that name, none by that id — checking an id's case wouldn't help.
    expect(reply).toContain(
      'opsbot knows no vector index named `idx-nope`, and the management API has none with that id.',
    );
    const byId = await ws.driver.command('vector stats idx-404 3d', { userId: USER, channelId: 'C0NOPE' });
    expect(await ephemeralReply(byId.responseUrl)).toContain(
      "opsbot couldn't find vector index `idx-404`. Check the id (letters keep their case) and try again.",
    );
    expect(ws.slack.messagesIn('C0NOPE')).toHaveLength(0);
  });

  it.each([
    [{ status: 500 }, 'The management API is unavailable right now; try again in a minute.'],
    [{ status: 401 }, 'rejected opsbot’s credentials'],
    [
      { status: 400, body: '{"error":"<!channel> quota &co"}' },
      'refused the request: &lt;!channel&gt; quota &amp;co',
    ],
  ])('words API errors with describeApiError, escaped (%j), and keeps serving', async (fault, expected) => {
    // A read gets one quick retry on a 500: the fault must outlast it.
    ws.mgmt.fail('stats', fault, { times: fault.status === 500 ? 2 : 1 });
    const res = await ws.driver.command('vector stats idx-1 1d', { userId: USER, channelId: 'C0APIERR' });
    const reply = await ephemeralReply(res.responseUrl);
    expect(reply).toContain("opsbot couldn't load the stats of vector index `idx-1`");
    expect(reply).toContain(expected);
    expect(reply).not.toContain('<!channel>');
    expect(ws.slack.messagesIn('C0APIERR')).toHaveLength(0);
    const after = await postStats('vector stats idx-1 1d', 'C0APIOK');
    expect(textOf(after.blocks)).toContain('last 24 hours');
  });

  it('lists the periods when given an unknown one, without calling the API', async () => {
    const res = await ws.driver.command('vector stats idx-1 2w', { userId: USER, channelId: 'C0BAD' });
    const ack = JSON.parse(res.body);
    expect(ack.response_type).toBe('ephemeral');
    // Two weeks lies between two periods: both are offered.
    expect(textOf(ack.blocks)).toContain(
      "`2w` isn't a period opsbot can show. Did you mean `7d` or `30d`? Choose one of `1h`, `3h`, `12h`, `1d`, `3d`, `7d`, `30d`",
    );
    expect(checkBlockKit('message', ack.blocks)).toEqual([]);
    expect(ws.mgmt.statsCalls).toEqual([]);
    const near = JSON.parse((await ws.driver.command('vector stats idx-1 7dd', { userId: USER })).body);
    expect(textOf(near.blocks)).toContain("`7dd` isn't a period opsbot can show. Did you mean `7d`?");
  });

  it('says what an index id may contain, and what the command needs', async () => {
    const bad = JSON.parse((await ws.driver.command('vector stats ../admin', { userId: USER })).body);
    expect(textOf(bad.blocks)).toContain('letters, digits');
    expect(checkBlockKit('message', bad.blocks)).toEqual([]);
    const none = JSON.parse((await ws.driver.command('stats', { userId: USER })).body);
    expect(none.text).toBe(
      ':warning: `/ops stats` needs `&lt;index&gt;` next. Type `/ops stats &lt;index&gt; [period]`, e.g. `/ops stats idx-1 7d`.',
    );
    expect(ws.mgmt.statsCalls).toEqual([]);
  });

  it('retries while Slack is still processing the upload, then shows the image block', async () => {
    ws.slack.failUploadedFileBlocks(2);
    const message = await postStats('vector stats idx-1 12h', 'C0RETRY');
    const refused = ws.slack.callsTo('chat.postMessage').filter((c) => c.args.channel === 'C0RETRY' && !c.ok);
    expect(refused.map((c) => c.error)).toEqual(['invalid_blocks', 'invalid_blocks']);
    const png = await inspectPng(ws.slack.files.find((f) => f.id === imageFileId(message))?.bytes);
    expect(png.headerInk).toBeGreaterThan(2000);
  });

  it('falls back to sharing the PNG in the thread when the image block keeps failing', async () => {
    ws.slack.failUploadedFileBlocks(50);
    const message = await postStats('vector stats idx-1 3h', 'C0FALLBACK', 10_000);
    expect(imageFileId(message)).toBeUndefined();
    expect(textOf(message.blocks)).toContain('The card is in the thread');
    const share = await until(
      () => ws.slack.messagesIn('C0FALLBACK').find((m) => m.via === 'files.completeUploadExternal'),
      'the card shared in the thread',
      5000,
    );
    expect(share.thread_ts).toBe(message.ts);
    const png = await inspectPng(ws.slack.files.find((f) => f.channel === 'C0FALLBACK')?.bytes);
    expect(png.headerInk).toBeGreaterThan(2000);
  });

  it('falls back the same way when re-rendering from the picker', async () => {
    const message = await postStats('vector stats idx-2 1h', 'C0PICKBACK');
    ws.slack.failUploadedFileBlocks(50);
    await ws.driver.selectOption({
      userId: USER,
      message,
      actionId: 'vector-stats.period',
      value: '1d:idx-2',
    });
    const share = await until(
      () => ws.slack.messagesIn('C0PICKBACK').find((m) => m.via === 'files.completeUploadExternal'),
      'the card shared in the thread',
      10_000,
    );
    const [updated] = ws.slack.messagesIn('C0PICKBACK');
    expect(share.thread_ts).toBe(message.ts);
    expect(updated?.ts).toBe(message.ts);
    expect(imageFileId(updated)).toBeUndefined();
    expect(textOf(updated?.blocks)).toContain('last 24 hours');
    expect(textOf(updated?.blocks)).toContain('The card is in the thread');
  });

  it('tells the user how to invite the bot when it is not in the channel', async () => {
    ws.slack.fail('chat.postMessage', { error: 'not_in_channel' }, { times: 1 });
    const res = await ws.driver.command('vector stats idx-1', { userId: USER, channelId: 'C0NOTIN' });
    const reply = await ephemeralReply(res.responseUrl);
    expect(reply).toContain('/invite @opsbot');
    expect(ws.slack.messagesIn('C0NOTIN')).toHaveLength(0);
  });

  it('answers a failed re-render privately and leaves the message as it was', async () => {
    const message = await postStats('vector stats idx-2 1h', 'C0PICKFAIL');
    ws.mgmt.fail('stats', { status: 500 }, { times: 2 });
    const click = await ws.driver.selectOption({
      userId: USER,
      message,
      actionId: 'vector-stats.period',
      value: '30d:idx-2',
    });
    const reply = await ephemeralReply(click.responseUrl ?? '');
    expect(reply).toContain('unavailable right now');
    expect(ws.slack.callsTo('chat.update').filter((c) => c.args.channel === 'C0PICKFAIL')).toHaveLength(0);
    expect(textOf(ws.slack.messagesIn('C0PICKFAIL')[0]?.blocks)).toContain('last hour');
  });

  it('answers Details privately with what failed when the API does, and leaves the post alone', async () => {
    const message = await postStats('vector stats idx-2 3h', 'C0DETAILFAIL');
    ws.mgmt.fail('stats', { status: 500 }, { times: 2 });
    const click = await ws.driver.clickButton({ userId: USER, message, actionId: 'vector-stats.details' });
    const reply = await ephemeralReply(click.responseUrl ?? '');
    expect(reply).toContain("opsbot couldn't load the stats of vector index `idx-2`");
    expect(reply).toContain('unavailable right now');
    expect(ws.slack.messagesIn('C0DETAILFAIL')).toHaveLength(1);
    expect(ws.slack.callsTo('chat.update').filter((c) => c.args.channel === 'C0DETAILFAIL')).toHaveLength(0);
  });

  it('sent only messages that pass the Block Kit checks, and no secret reached Slack or the log', () => {
    expectValidBlocks();
    expectNoSecrets();
  });
});
