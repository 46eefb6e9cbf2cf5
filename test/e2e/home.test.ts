import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { DatabaseUnavailableError } from '../../src/store/index.ts';
import { homeOf, homeText, openHome, publishesFor, waitForHome } from '../support/home.ts';
import {
  cardFor,
  countViews,
  fileRequest,
  viewFor,
  waitForCard,
  waitForDm,
} from '../support/search-requests.ts';

const { requester, approver, secondApprover, outsider } = SIM_IDS;

describe.each(['http', 'socket'] as const)('e2e: the Home tab, where approvals wait (%s)', (mode) => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace({ mode });
    await fileRequest(ws); // #1, by the requester
    await cardFor(ws, 1);
  });
  afterAll(async () => {
    await ws?.stop();
  });

  it('shows an approver the request waiting for them, with its buttons', async () => {
    const home = await openHome(ws, approver);
    const text = homeText(ws, approver);
    expect(text).toContain('Waiting for you (1)');
    expect(text).toContain('*#1* `product-search` (eu-west-1, payg (pay as you go))');
    expect(text).toContain(`asked by <@${requester}>`);
    const buttons = JSON.stringify(home.blocks);
    expect(buttons).toContain('"action_id":"search.approve"');
    expect(buttons).toContain('"action_id":"search.reject"');
  });

  it('shows the requester their request, and nothing to decide', async () => {
    await openHome(ws, requester);
    const text = homeText(ws, requester);
    expect(text).not.toContain('Waiting for you');
    expect(text).toContain('*#1* `product-search`');
    expect(text).toContain('*pending*');
  });

  it('approving from Home opens the same modal, creates once, and updates the card and every Home', async () => {
    await openHome(ws, secondApprover);
    expect(homeText(ws, secondApprover)).toContain('Waiting for you (1)');
    await ws.driver.clickInView({
      userId: approver,
      view: homeOf(ws, approver),
      actionId: 'search.approve',
      value: '1',
    });
    const modal = await viewFor(ws, approver, 'search.approve_modal');
    const ack = await ws.driver.submitView({ userId: approver, view: modal });
    expect(ack.status).toBe(200);

    await waitForCard(ws, 1, (text) => text.includes('Created'));
    expect(ws.mgmt.createCalls).toHaveLength(1);
    const approverHome = await waitForHome(ws, approver, (t) => t.includes('Waiting for you (0)'));
    expect(approverHome).toContain('Nothing waits for your decision.');
    await waitForHome(ws, secondApprover, (t) => t.includes('Waiting for you (0)'));
    const requesterHome = await waitForHome(ws, requester, (t) => t.includes('*created*'));
    // In the requests list's own words, from the one formatter.
    expect(requesterHome).toContain(`*created* · approved by <@${approver}>`);
  });

  it('a retried app_home_opened publishes no more than the first delivery did', async () => {
    const before = publishesFor(ws, approver);
    const first = await ws.driver.openHome({ userId: approver });
    await ws.slack.waitFor(() => publishesFor(ws, approver) === before + 1);
    const retry = await ws.driver.openHome({ userId: approver, retry: { of: first.eventId, num: 1 } });
    expect(retry.status).toBe(200);
    await ws.opsbot.work.drain(2000);
    expect(publishesFor(ws, approver)).toBe(before + 1);
    expect(ws.logs.some((l) => l.includes('"home_event_retry_ignored"'))).toBe(true);
  });

  it('the Messages tab sends the event too, and publishes nothing', async () => {
    const before = publishesFor(ws, outsider);
    const res = await ws.driver.openHome({ userId: outsider, tab: 'messages' });
    expect(res.status).toBe(200);
    await ws.opsbot.work.drain(2000);
    expect(publishesFor(ws, outsider)).toBe(before);
  });

  it('a click on a Home tab gone stale is refused in a direct message, and nothing is created', async () => {
    await fileRequest(ws, { text: 'search create second-index us-central1 free' }); // #2
    await cardFor(ws, 2);
    const stale = await waitForHome(ws, approver, (t) => t.includes('Waiting for you (1)'));
    expect(stale).toContain('#2');
    const staleView = homeOf(ws, approver);
    // The other approver rejects it on the card first.
    await ws.driver.clickInView({
      userId: secondApprover,
      view: await openHome(ws, secondApprover),
      actionId: 'search.reject',
      value: '2',
    });
    const reject = await viewFor(ws, secondApprover, 'search.reject_modal');
    await ws.driver.submitView({
      userId: secondApprover,
      view: reject,
      values: { search_reject_reason: { search_reject_reason: 'Use the existing index.' } },
    });
    await waitForCard(ws, 2, (text) => text.includes('Rejected'));

    await ws.driver.clickInView({
      userId: approver,
      view: staleView,
      actionId: 'search.approve',
      value: '2',
    });
    const dms = await waitForDm(ws, approver, 'was already rejected');
    expect(dms.at(-1)).toContain('Request #2 was already rejected by');
    expect(ws.mgmt.createCalls).toHaveLength(1);
  });

  it('Stats for… asks for an index and a period, and sends the stats card by direct message', async () => {
    await openHome(ws, outsider);
    await ws.driver.clickInView({ userId: outsider, view: homeOf(ws, outsider), actionId: 'home.stats_for' });
    const form = await viewFor(ws, outsider, 'home.stats');
    const bad = await ws.driver.submitView({
      userId: outsider,
      view: form,
      values: { home_stats_index: { home_stats_index: 'not an id!' } },
    });
    expect(bad.ack).toMatchObject({
      response_action: 'errors',
      errors: { home_stats_index: expect.any(String) },
    });
    await ws.driver.submitView({
      userId: outsider,
      view: form,
      values: {
        home_stats_index: { home_stats_index: 'idx-2' },
        home_stats_period: { home_stats_period: '1d' },
      },
    });
    const dms = await waitForDm(ws, outsider, 'Vector index idx-2');
    expect(dms.at(-1)).toContain('last 24 hours');
  });

  it('shows everyone the API health, the version and the mode, without a secret', async () => {
    const text = homeText(ws, approver);
    expect(text).toContain('The management API answers with the configured credentials');
    expect(text).toMatch(
      mode === 'http' ? /opsbot \d+\.\d+\.\d+ · HTTP \(Events API\)/ : /opsbot \d+\.\d+\.\d+ · Socket Mode/,
    );
    for (const secret of Object.values(ws.env).filter(
      (v): v is string => typeof v === 'string' && v.length > 8,
    )) {
      if (/secret|pass|xox|token/i.test(secret)) expect(text).not.toContain(secret);
    }
  });
});

describe('e2e: every Home click and the Stats for… form answer the person when they fail', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace();
  });
  afterAll(async () => {
    await ws?.stop();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    ws.slack.clearFaults();
    ws.mgmt.reset();
  });

  async function statsForm(userId: string) {
    const before = countViews(ws, userId, 'home.stats');
    await ws.driver.clickInView({ userId, view: await openHome(ws, userId), actionId: 'home.stats_for' });
    return viewFor(ws, userId, 'home.stats', before);
  }
  const submitStats = (userId: string, form: Awaited<ReturnType<typeof statsForm>>, indexId: string) =>
    ws.driver.submitView({
      userId,
      view: form,
      values: {
        home_stats_index: { home_stats_index: indexId },
        home_stats_period: { home_stats_period: '1d' },
      },
    });

  it('Request a search index, with the database down: one sentence by DM, no form, nothing stored', async () => {
    vi.spyOn(ws.store, 'countPendingByRequester').mockRejectedValue(
      new DatabaseUnavailableError('connection refused'),
    );
    const home = await openHome(ws, requester);
    await ws.driver.clickInView({ userId: requester, view: home, actionId: 'home.request_index' });
    const dms = await waitForDm(ws, requester, 'database');
    expect(dms.at(-1)).toBe(
      ':warning: opsbot’s database isn’t answering just now, so nothing was changed. Try again in a minute.',
    );
    expect(countViews(ws, requester, 'search.request')).toBe(0);
    expect(await ws.store.listRecentRequests({ limit: 10 })).toEqual([]);
  });

  it('Stats for…, when Slack let the click expire: one sentence by DM', async () => {
    ws.slack.fail('views.open', { error: 'expired_trigger_id' }, { times: 1 });
    await ws.driver.clickInView({
      userId: outsider,
      view: await openHome(ws, outsider),
      actionId: 'home.stats_for',
    });
    const dms = await waitForDm(ws, outsider, 'took too long');
    expect(dms.at(-1)).toBe(
      ':warning: Slack took too long to open the form, so it couldn’t be shown. Please try again.',
    );
  });

  it('Stats for an index that is gone: said in the form, and no card is sent', async () => {
    const form = await statsForm(outsider);
    const dmsBefore = ws.slack.callsTo('chat.postMessage').length;
    const ack = await submitStats(outsider, form, 'idx-gone');
    expect(ack.ack).toEqual({
      response_action: 'errors',
      errors: {
        home_stats_index:
          'opsbot knows no vector index named `idx-gone`, and the management API has none with that id.',
      },
    });
    await ws.opsbot.work.drain(2000);
    expect(ws.slack.callsTo('chat.postMessage')).toHaveLength(dmsBefore);
  });

  it('Stats for… while the API fails: said in the form, and no card is sent', async () => {
    ws.mgmt.fail('stats', { status: 500 }, { times: 2 });
    const form = await statsForm(outsider);
    const dmsBefore = ws.slack.callsTo('chat.postMessage').length;
    const ack = await submitStats(outsider, form, 'idx-1');
    expect(ack.ack).toEqual({
      response_action: 'errors',
      errors: {
        home_stats_index:
          "opsbot couldn't load the stats of vector index `idx-1`. The management API is unavailable right now; try again in a minute.",
      },
    });
    await ws.opsbot.work.drain(2000);
    expect(ws.slack.callsTo('chat.postMessage')).toHaveLength(dmsBefore);
  });

  it('a workspace that renamed the command sees its name in the Home tab’s hints', async () => {
    await ws.driver.command('help', { userId: secondApprover, command: '/opsbot' });
    await openHome(ws, secondApprover);
    const text = homeText(ws, secondApprover);
    expect(text).toContain('`/opsbot digest` in a channel sets one up.');
    expect(text).not.toContain('/ops ');
  });
});
