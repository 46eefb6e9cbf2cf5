// Private things stay private, and index names say who gave them: in a workspace with public and
// private channels, a private channel's digest and watches are listed (`digest list`, `watch list`,
// `index list`'s "used by", Home) to its members only; when Slack doesn't answer, the entry is left
// out with one sentence. `index list` shows who named and who renamed each index. HTTP and Socket Mode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SIM_CREDENTIALS,
  SIM_IDS,
  type SimulatedWorkspace,
  startSimulatedWorkspace,
} from '../../src/sim/workspace.ts';
import { SIM_CHANNEL_IDS, SIM_CHANNELS } from '../../src/sim/workspace-channels.ts';
import { DIRECTORY_MAX_AGE_MS } from '../../src/slack/membership.ts';
import { answerTo } from '../support/answers.ts';
import { textOf } from '../support/blocks.ts';
import { openHome } from '../support/home.ts';
import { storedWatch } from '../support/watch-steering.ts';

// The requester is in #ops but not in the private #ops-private; the approver is in both.
const { requester, approver } = SIM_IDS;
const { ops, opsPrivate, general, secret } = SIM_CHANNEL_IDS;
const HIDDEN = 'Some entries are hidden because Slack didn’t answer whether you’re in their channels';

describe.each(['http', 'socket'] as const)('e2e: private listings and index names’ history (%s)', (mode) => {
  let ws: SimulatedWorkspace;
  let now = Date.UTC(2026, 10, 24, 10, 0);
  const privateWatch = { id: 0 };
  const publicWatch = { id: 0 };

  /** What `person` is told by `/ops <text>` in #general, as they read it. */
  async function told(text: string, person: string, channelId: string = general): Promise<string> {
    const answers = () => [...ws.slack.callsTo('response_url'), ...ws.slack.callsTo('chat.postEphemeral')];
    const before = new Set(answers());
    const res = await ws.driver.command(text, { userId: person, channelId });
    const fresh = () => answers().filter((c) => !before.has(c));
    await ws.slack.waitFor(() => fresh().length > 0);
    const [answer] = fresh();
    return `${res.body} ${String(answer?.args.text ?? '')} ${textOf(answer?.args.blocks ?? [])}`;
  }

  beforeAll(async () => {
    ws = await startSimulatedWorkspace({
      mode,
      clock: () => now,
      slack: { channels: SIM_CHANNELS },
      ...(mode === 'socket' ? { env: { SLACK_APP_TOKEN: SIM_CREDENTIALS.appToken } } : {}),
    });
    for (const channelId of [ops, opsPrivate])
      await ws.store.upsertSubscription({
        channelId,
        configuredBy: approver,
        indexIds: ['idx-1'],
        period: '1d',
        localTime: '09:00',
        timeZone: 'UTC',
        days: [1, 2, 3, 4, 5],
        includeAccounts: false,
        includeRequests: false,
        nextRunAt: now + 86_400_000,
      });
    const watch = (channelId: string) => ws.store.createWatch(storedWatch(channelId, approver, now));
    privateWatch.id = (await watch(opsPrivate)).id;
    publicWatch.id = (await watch(ops)).id;
  });
  afterAll(async () => {
    await ws?.stop();
  });

  it('index list says who named an index and who renamed it, on the asker’s clock with its zone', async () => {
    await told('index name idx-1 catalog', requester);
    now += 3_600_000;
    await told('index rename catalog products', approver);
    const list = await told('index list', requester);
    expect(list).toMatch(
      new RegExp(
        `\\*products\\* \\(\`idx-1\`\\) · named by <@${requester}> on Tue 24 Nov, 11:00 Europe/Berlin, renamed by <@${approver}> on Tue 24 Nov, 12:00 Europe/Berlin`,
      ),
    );
  });

  it('a non-member of the private channel sees only the public channel’s digest and watch', async () => {
    const digests = await told('digest list', requester);
    expect(digests).toContain(`<#${ops}>`);
    expect(digests).not.toContain(opsPrivate);
    const indexes = await told('index list', requester);
    expect(indexes).toContain(`watches #${publicWatch.id} · digests in <#${ops}>`);
    expect(indexes).not.toContain(`#${privateWatch.id},`);
    expect(indexes).not.toContain(opsPrivate);
    const home = textOf((await openHome(ws, requester)).blocks);
    expect(home).toContain(`<#${ops}>`);
    expect(home).not.toContain(opsPrivate);
  });

  it('a member sees both, and the private channel’s watches in its own watch list', async () => {
    const digests = await told('digest list', approver);
    expect(digests).toContain(`<#${ops}>`);
    expect(digests).toContain(`<#${opsPrivate}>`);
    const indexes = await told('index list', approver);
    expect(indexes).toContain(`digests in <#${ops}>, <#${opsPrivate}>`);
    const watches = await told('watch list', approver, opsPrivate);
    expect(watches).toContain(`#${privateWatch.id}`);
    const home = textOf((await openHome(ws, approver)).blocks);
    expect(home).toContain(`<#${opsPrivate}>`);
  });

  it('watch list where opsbot isn’t a member lists the watch (its answer goes through the response_url)', async () => {
    const { id } = await ws.store.createWatch(storedWatch(secret, requester, now));
    const { responseUrl } = await ws.driver.command('watch list', { userId: requester, channelId: secret });
    const watches = textOf((await answerTo(ws, responseUrl)).blocks);
    expect(watches).toContain('Watches in this channel');
    expect(watches).toContain(`#${id}`);
    // Nothing else was said: no refusal of the channel alongside the list.
    await ws.opsbot.work.drain(5_000);
    expect(ws.slack.ephemeralsFor(requester).filter((e) => e.channel === secret)).toHaveLength(1);
  });

  it('Slack not answering whether a channel is private: its entries are left out, with one sentence', async () => {
    now += DIRECTORY_MAX_AGE_MS; // past the channel directory kept from before
    ws.slack.fail('conversations.list', { error: 'internal_error' }, { times: 50 });
    // The directory kept answers while it is read again; once that read has failed it is let go.
    await told('digest list', approver);
    await ws.slack.waitFor((c) => c.method === 'conversations.list' && !c.ok);
    const digests = await told('digest list', approver);
    expect(digests).not.toContain(`<#${ops}>`);
    expect(digests).not.toContain(`<#${opsPrivate}>`);
    expect(digests).toContain(HIDDEN);
    ws.slack.clearFaults();
  });
});
