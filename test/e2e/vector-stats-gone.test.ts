// Every control on a stats post answers the person who used it when its target is gone (the index,
// the message) or the control is not opsbot's, in one sentence, and changes nothing. The feature
// keeps nothing in the store, so there is no store failure to answer. A workspace that renamed the
// command sees its name in the usage and in these sentences.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { statsDriver, textOf, USER, until } from '../support/vector-stats.ts';

describe('e2e: stats controls whose target is gone, and a renamed command', () => {
  let ws: SimulatedWorkspace;
  const { postStats, ephemeralReply } = statsDriver(() => ws);
  beforeAll(async () => {
    ws = await startSimulatedWorkspace();
  });
  afterAll(async () => {
    await ws?.stop();
  });
  beforeEach(() => {
    ws.slack.clearFaults();
    ws.mgmt.reset();
  });

  const updatesIn = (channel: string) =>
    ws.slack.callsTo('chat.update').filter((c) => c.args.channel === channel && c.ok);

  it('the period picker on an index that is gone: one sentence, the post as it was', async () => {
    const message = await postStats('vector stats idx-2 1h', 'C0GONEPICK');
    ws.mgmt.fail('stats', { status: 404 }, { times: 1 });
    const click = await ws.driver.selectOption({
      userId: USER,
      message,
      actionId: 'vector-stats.period',
      value: '7d:idx-2',
    });
    expect(await ephemeralReply(click.responseUrl ?? '')).toContain(
      ":warning: opsbot couldn't find vector index `idx-2`. Check the id (letters keep their case) and try again.",
    );
    expect(updatesIn('C0GONEPICK')).toHaveLength(0);
    expect(textOf(ws.slack.messagesIn('C0GONEPICK')[0]?.blocks)).toContain('last hour');
  });

  it('Refresh on a message that was deleted: one sentence, nothing posted instead', async () => {
    const message = await postStats('vector stats idx-1 1h', 'C0GONEMSG');
    ws.slack.fail('chat.update', { error: 'message_not_found' }, { times: 1 });
    const click = await ws.driver.clickButton({ userId: USER, message, actionId: 'vector-stats.refresh' });
    expect(await ephemeralReply(click.responseUrl ?? '')).toContain(
      ':warning: That stats message was deleted, so there is nothing to update. `/ops vector stats idx-1` posts a new one.',
    );
    expect(ws.slack.messagesIn('C0GONEMSG').filter((m) => m.via === 'chat.postMessage')).toHaveLength(1);
  });

  it('Details (every series) on an index that is gone: one sentence, the post left alone', async () => {
    const message = await postStats('vector stats idx-2 3h', 'C0GONEDETAIL');
    ws.mgmt.fail('stats', { status: 404 }, { times: 1 });
    const click = await ws.driver.clickButton({ userId: USER, message, actionId: 'vector-stats.details' });
    expect(await ephemeralReply(click.responseUrl ?? '')).toContain(
      ":warning: opsbot couldn't find vector index `idx-2`.",
    );
    expect(ws.slack.messagesIn('C0GONEDETAIL')).toHaveLength(1);
    expect(updatesIn('C0GONEDETAIL')).toHaveLength(0);
  });

  it('a workspace that renamed the command to /opsbot sees /opsbot in the usage and the answers', async () => {
    const usage = await ws.driver.command('vector stats', { userId: USER, command: '/opsbot' });
    expect(textOf(JSON.parse(usage.body).blocks)).toContain(
      ':warning: `/opsbot vector stats` needs `&lt;index&gt;` next. Type `/opsbot vector stats &lt;index&gt; [period]`, e.g. `/opsbot stats idx-1 7d`.',
    );

    await ws.driver.command('vector stats idx-1 1h', {
      userId: USER,
      channelId: 'C0RENAMED',
      command: '/opsbot',
    });
    const message = await until(() => ws.slack.messagesIn('C0RENAMED')[0], 'the stats message', 8000);
    // A control opsbot didn't build (a forged or very old value) is refused the same way.
    const forged = {
      ...message,
      blocks: (message.blocks as Array<{ type: string; elements?: unknown[] }>).map((b) =>
        b.type === 'actions'
          ? {
              ...b,
              elements: [
                {
                  type: 'button',
                  action_id: 'vector-stats.refresh',
                  text: { type: 'plain_text', text: 'x' },
                  value: 'x',
                },
              ],
            }
          : b,
      ),
    };
    const stale = await ws.driver.clickButton({
      userId: USER,
      message: forged,
      actionId: 'vector-stats.refresh',
    });
    expect(await ephemeralReply(stale.responseUrl ?? '')).toContain(
      ':warning: That control is out of date. Run `/opsbot vector stats &lt;index&gt; [period]` again.',
    );

    ws.slack.fail('chat.update', { error: 'message_not_found' }, { times: 1 });
    const gone = await ws.driver.clickButton({ userId: USER, message, actionId: 'vector-stats.refresh' });
    const reply = await until(
      () => ws.slack.responses.find((r) => r.url === gone.responseUrl && r.ok)?.text,
      'the answer to the click',
      5000,
    );
    expect(reply).toContain('`/opsbot vector stats idx-1` posts a new one.');
    expect(updatesIn('C0RENAMED')).toHaveLength(0);
  });
});
