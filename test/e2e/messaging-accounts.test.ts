import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ACCOUNT_PRESETS,
  makeMessagingAccounts,
  type SimMessagingAccount,
} from '../../src/sim/mgmt/index.ts';
import { findBlockKitViolations, type SimEphemeral, type SimResponse } from '../../src/sim/slack/index.ts';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { textWeight } from '../../src/slack/blocks.ts';
import { buttonsIn, textOf } from '../support/blocks.ts';
import { until } from '../support/poll.ts';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const DAY_S = 86_400;
const nowS = NOW / 1000;
const user = SIM_IDS.requester;
const channel = SIM_IDS.generalChannel;

describe('e2e: /ops messaging accounts', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace({ clock: () => NOW });
  });
  afterAll(async () => {
    await ws?.stop();
  });
  beforeEach(() => {
    ws.slack.reset();
  });

  /** Runs the command and returns what came back through its response_url. */
  async function run(text = 'messaging accounts'): Promise<SimResponse> {
    const res = await ws.driver.command(text, { userId: user, channelId: channel });
    expect(res.status).toBe(200);
    return until(() => ws.slack.responses.find((r) => r.url === res.responseUrl), 'the summary');
  }

  function latestEphemeral(): SimEphemeral {
    const all = ws.slack.ephemeralsFor(user);
    const last = all[all.length - 1];
    if (last === undefined) throw new Error('no ephemeral message');
    return last;
  }

  function expectValidMessage(blocks: unknown) {
    expect(findBlockKitViolations('message', blocks)).toEqual([]);
    expect((blocks as unknown[]).length).toBeLessThanOrEqual(50);
    expect(textWeight(blocks as unknown[])).toBeLessThanOrEqual(11_000);
  }

  it('says plainly that there are no accounts', async () => {
    ws.mgmt.accounts = [];
    const reply = await run();
    expect(reply.ok).toBe(true);
    expect(reply.response_type).toBe('ephemeral');
    expect(textOf(reply.blocks)).toContain('There are no messaging accounts.');
    expect(buttonsIn(reply.blocks)).toEqual([]);
    expectValidMessage(reply.blocks);
  });

  it('shows one free account as a card, ephemerally, with a Share button', async () => {
    ws.mgmt.accounts = [
      ACCOUNT_PRESETS.free({
        creation_time: nowS - 90 * DAY_S,
        last_plan_upgrade_time: nowS - 3 * DAY_S,
        created_by: 'alice@example.com',
      }),
    ];
    const res = await ws.driver.command('messaging accounts', { userId: user, channelId: channel });
    // The ack is immediate and empty; the summary follows through response_url.
    expect(res.body).toBe('');
    const reply = await until(() => ws.slack.responses.find((r) => r.url === res.responseUrl), 'summary');
    expect(reply.response_type).toBe('ephemeral');
    expect(ws.slack.messagesIn(channel)).toEqual([]);
    const text = textOf(reply.blocks);
    expect(text).toContain('*solo-dev@example.com*  ·  Free');
    expect(text).toContain(':large_green_circle: active  ·  region eu-central-1  ·  budget no limit');
    expect(text).toContain('metrics export off  ·  prod pack off');
    expect(text).toContain('Created 3 months ago (17 Oct 2025 12:00 UTC) by alice@example.com');
    expect(text).toContain('Last plan upgrade 3 days ago (12 Jan 2026 12:00 UTC)');
    expect(text).toContain('max size 1 MiB');
    expect(text).toContain('requests/day 1,000 soft · 1,500 hard');
    expect(text).toContain('max delay 7 days');
    expect(text).toContain('retries 3 · timeout 15 minutes');
    expect(text).toContain('retention 7 days');
    expect(text).toContain('tokens 100,000/day · 10,000/minute');
    expect(text).toContain('retention 3 (unit not stated)');
    expect(text).toMatch(/token ••••[A-Za-z0-9-]{4}/);
    expect(buttonsIn(reply.blocks).map((b) => b.text)).toEqual(['Share in channel']);
    expectValidMessage(reply.blocks);
  });

  it('answers the alias /ops accounts with two accounts: fixed tier and enterprise', async () => {
    ws.mgmt.accounts = [ACCOUNT_PRESETS.fixed(), ACCOUNT_PRESETS.enterprise()];
    const reply = await run('accounts');
    const text = textOf(reply.blocks);
    expect(text).toContain('*2 accounts*');
    expect(text).toContain('*T0SEARCHTEAM*  ·  Paid · Fixed 10M · reserved price 180');
    expect(text).toContain('*platform@bigcorp.example.com*  ·  Paid · Enterprise · reserved price 2,499.50');
    expect(text).toContain('budget $10,000/month');
    expect(text).toContain('metrics export on  ·  prod pack on');
    expect(text).toContain('requests/day 500,000,000 soft · 600,000,000 hard');
    expect(text).not.toContain('enterprise:acme-42');
    expectValidMessage(reply.blocks);
  });

  it('shows a change in progress, a disagreeing active flag, and unknown values as they are', async () => {
    ws.mgmt.accounts = [
      ACCOUNT_PRESETS.suspending({ customer_id: 'a-suspending@example.com' }),
      ACCOUNT_PRESETS.unknownState({ customer_id: 'b-unknown@example.com' }),
      ACCOUNT_PRESETS.free({ customer_id: 'c-flag@example.com', active: false }),
      ACCOUNT_PRESETS.free({
        customer_id: 'd-<!channel>@example.com',
        region: 'ap-<south>-1',
        type: 'team',
        state: '<!here>',
        max_topics: 2_147_483_647,
      }),
    ];
    const reply = await run();
    const text = textOf(reply.blocks);
    expect(text).toContain(':hourglass_flowing_sand: active — suspension in progress');
    expect(text).toContain(':grey_question: migrating (unknown state; active flag: off)');
    expect(text).toContain(':large_green_circle: active (active flag: off)');
    expect(text).toContain('*d-&lt;!channel&gt;@example.com*  ·  team');
    expect(text).toContain('&lt;!here&gt; (unknown state; active flag: on)');
    expect(text).toContain('region ap-&lt;south&gt;-1');
    expect(text).toContain('topics unlimited');
    expect(text).toContain('1 with a change in progress');
    const raw = ws.slack.calls.map((c) => c.rawBody).join('\n');
    expect(raw).not.toContain('<!channel>');
    expect(raw).not.toContain('<!here>');
    expectValidMessage(reply.blocks);
  });

  it('pages 40 accounts of every kind with "Show more", whole cards only, every page within limits', async () => {
    // The simulator dates its accounts by the real clock; this workspace runs on a fixed one.
    ws.mgmt.accounts = makeMessagingAccounts(40).map((a) => ({
      ...a,
      creation_time: nowS - 100 * DAY_S,
      last_plan_upgrade_time: nowS - 10 * DAY_S,
    }));
    const first = await run();
    expectValidMessage(first.blocks);
    expect(textOf(first.blocks)).toContain('*40 accounts*');
    const seen: string[] = [];
    const collect = (blocks: unknown) => {
      for (const m of textOf(blocks).matchAll(/\*(customer-\d{5}@example\.com)\*/g))
        seen.push(m[1] as string);
    };
    collect(first.blocks);
    let pages = 1;
    for (;;) {
      const message = latestEphemeral();
      const more = buttonsIn(message.blocks).find((b) => b.action_id === 'accounts.more');
      if (more === undefined) break;
      expect(more.value).toMatch(/^\d+$/); // a list position, nothing else
      const before = ws.slack.ephemeralsFor(user).length;
      const click = await ws.driver.clickButton({ userId: user, message, actionId: 'accounts.more' });
      expect(click.status).toBe(200);
      await until(() => (ws.slack.ephemeralsFor(user).length > before ? true : undefined), 'next page');
      const page = latestEphemeral();
      expectValidMessage(page.blocks);
      collect(page.blocks);
      pages += 1;
      expect(pages).toBeLessThan(41);
    }
    expect(pages).toBeGreaterThan(1);
    expect(seen).toHaveLength(40);
    expect(new Set(seen).size).toBe(40);
    expect([...seen].sort()).toEqual(seen); // sorted by customer
    const all = ws.slack
      .ephemeralsFor(user)
      .map((e) => textOf(e.blocks))
      .join('\n');
    for (const phrase of [
      'Fixed 10M',
      'Enterprise',
      'active — suspension in progress',
      'migrating (unknown state; active flag: off)',
      'passive',
      '·  Free',
      'Created 3 months ago',
    ]) {
      expect(all).toContain(phrase);
    }
    const listed = ws.logs.map((l) => JSON.parse(l)).findLast((l) => l.event === 'accounts_listed');
    expect(listed).toMatchObject({ accounts: 40, pages, page: 1 });
  });

  it('"Share in channel" posts the same summary in the channel, attributed, without buttons', async () => {
    ws.mgmt.accounts = [ACCOUNT_PRESETS.paid(), ACCOUNT_PRESETS.fixed()];
    const reply = await run();
    const message = latestEphemeral();
    const share = buttonsIn(message.blocks).find((b) => b.action_id === 'accounts.share');
    expect(share?.value).toBe('0');
    await ws.driver.clickButton({ userId: user, message, actionId: 'accounts.share' });
    const post = await ws.slack.waitFor((c) => c.method === 'chat.postMessage');
    expect(post.ok).toBe(true);
    expect(post.args.channel).toBe(channel);
    const [posted] = ws.slack.messagesIn(channel);
    expect(posted?.via).toBe('chat.postMessage');
    const shared = textOf(posted?.blocks);
    expect(shared).toContain(`Shared by <@${user}>`);
    expect(buttonsIn(posted?.blocks)).toEqual([]);
    expectValidMessage(posted?.blocks);
    // Same cards as the private summary.
    const cards = (text: string) => text.split('\n').filter((line) => !/Shared by|times in UTC/.test(line));
    expect(cards(shared)).toEqual(cards(textOf(reply.blocks)).filter((l) => l !== 'Share in channel'));
  });

  it('shares the page the button was on', async () => {
    ws.mgmt.accounts = makeMessagingAccounts(40);
    await run();
    const firstPage = latestEphemeral();
    await ws.driver.clickButton({ userId: user, message: firstPage, actionId: 'accounts.more' });
    await until(() => (ws.slack.ephemeralsFor(user).length > 1 ? true : undefined), 'page 2');
    const second = latestEphemeral();
    await ws.driver.clickButton({ userId: user, message: second, actionId: 'accounts.share' });
    await ws.slack.waitFor((c) => c.method === 'chat.postMessage');
    const posted = textOf(ws.slack.messagesIn(channel)[0]?.blocks);
    const firstOf = (text: string) => /\*(customer-\d{5}@example\.com)\*/.exec(text)?.[1];
    expect(firstOf(posted)).toBe(firstOf(textOf(second.blocks)));
    expect(firstOf(posted)).not.toBe(firstOf(textOf(firstPage.blocks)));
    expect(posted).toMatch(/\d+ more not shown here/);
  });

  it('tells a user who adds words what the command takes', async () => {
    const res = await ws.driver.command('messaging accounts paid', { userId: user, channelId: channel });
    const ack = JSON.parse(res.body);
    expect(ack.response_type).toBe('ephemeral');
    expect(ack.text).toBe(
      ':warning: `/ops messaging accounts` takes no arguments, but got `paid`. Type `/ops messaging accounts`.',
    );
  });

  it('is listed in /ops help', async () => {
    const res = await ws.driver.command('help', { userId: user, channelId: channel });
    expect(res.body).toContain('/ops messaging accounts');
  });

  it('keeps serving when a button value was tampered with', async () => {
    ws.mgmt.accounts = [ACCOUNT_PRESETS.free()] as SimMessagingAccount[];
    await run();
    const message = latestEphemeral();
    const forged = {
      ...message,
      blocks: (message.blocks as Array<Record<string, unknown>>).map((b) =>
        b.type === 'actions'
          ? {
              ...b,
              elements: [
                {
                  type: 'button',
                  action_id: 'accounts.share',
                  text: { type: 'plain_text', text: 'x' },
                  value: 'x',
                },
              ],
            }
          : b,
      ),
    };
    await ws.driver.clickButton({ userId: user, message: forged, actionId: 'accounts.share' });
    const stale = await until(
      () => ws.slack.ephemeralsFor(user).find((e) => e.text.includes('out of date')),
      'stale-button message',
    );
    expect(stale.text).toContain('That button is out of date');
    expect(ws.slack.messagesIn(channel)).toEqual([]);
    const again = await run();
    expect(textOf(again.blocks)).toContain('solo-dev@example.com');
  });
});
