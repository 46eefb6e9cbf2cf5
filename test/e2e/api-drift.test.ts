// The management API answering as the world does, through signed requests: a list with one account
// opsbot can't read, a created index whose answer drifted, and /readyz on METRICS_PORT telling the operator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import {
  cardFor,
  fileRequest,
  openDecision,
  textOf,
  waitForCard,
  waitForDm,
} from '../support/search-requests.ts';

const { requester, approver, generalChannel } = SIM_IDS;

describe('e2e: a management API that drifted', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace({ env: { METRICS_PORT: '0' } });
  });
  afterAll(async () => {
    await ws?.stop();
  });

  it('accounts: one unreadable account is left out and counted, the rest are shown', async () => {
    ws.mgmt.fail('accounts', { shape: 'one-unreadable' }, { times: 1 });
    const res = await ws.driver.command('messaging accounts', {
      userId: requester,
      channelId: generalChannel,
    });
    await ws.slack.waitFor(() => ws.slack.responses.some((r) => r.url === res.responseUrl));
    const shown = textOf(ws.slack.responses.find((r) => r.url === res.responseUrl)?.blocks);
    expect(shown).toContain(`*${ws.mgmt.accounts.length - 1} accounts*`);
    expect(shown).toContain('1 account couldn’t be read — details in the log');
    const logged = ws.logs.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({ event: 'api_record_unreadable', record: 'messaging_account', field: 'id' }),
    );
  });

  it('accounts: drifted records (no password, retyped, renamed) are all listed, the gaps "not reported"', async () => {
    ws.mgmt.fail('accounts', { shape: 'drifted' }, { times: 1 });
    const res = await ws.driver.command('messaging accounts', {
      userId: requester,
      channelId: generalChannel,
    });
    await ws.slack.waitFor(() => ws.slack.responses.some((r) => r.url === res.responseUrl));
    const shown = textOf(ws.slack.responses.find((r) => r.url === res.responseUrl)?.blocks);
    expect(shown).toContain(`*${ws.mgmt.accounts.length} accounts*`);
    expect(shown).toContain('budget not reported');
    expect(shown).not.toContain('couldn’t be read');
  });

  it('create: a 200 with an id is created, and the card and DM say so with what could be read', async () => {
    await fileRequest(ws);
    const modal = await openDecision(ws, approver, 1, 'approve');
    ws.mgmt.fail('create', { shape: 'drifted' }, { times: 1 });
    await ws.driver.submitView({ userId: approver, view: modal });
    const card = await waitForCard(ws, 1, (t) => t.includes('Created'));
    expect(textOf(card.blocks)).toContain('endpoint not reported');
    const dms = await waitForDm(ws, requester, 'Your search index is ready');
    expect(dms.at(-1)).toContain('*Endpoint:* not reported');
    expect((await ws.store.getRequest(1))?.state).toBe('created');
    expect((await cardFor(ws, 1)).text).toContain('created');
  });

  it('/readyz on METRICS_PORT counts the drift by record and field, and names no value', async () => {
    expect(await (await fetch(`${ws.url}/readyz`)).json()).toEqual({ ok: true }); // the Slack port: no details
    const res = await fetch(`http://127.0.0.1:${ws.opsbot.metricsPort()}/readyz`);
    const body = (await res.json()) as { ok: boolean; drift: Record<string, Record<string, number>> };
    expect(res.status).toBe(200);
    // A credential's absence is no drift: opsbot never reads one.
    expect(body.drift['messaging_account.password']).toBeUndefined();
    expect(body.drift['messaging_account.max_requests_per_day']?.missing).toBeGreaterThan(0);
    expect(body.drift['messaging_account.max_daily_requests']?.unknown_field).toBeGreaterThan(0);
    expect(body.drift['messaging_account.monitoring_enabled']?.unexpected_type).toBeGreaterThan(0);
    expect(body.drift['search_index.partner_email']).toEqual({ missing: 1 });
    expect(body.drift['search_index.max_vectors']).toEqual({ unknown_field: 1 });
    const text = JSON.stringify(body);
    for (const secret of ws.mgmt.secretsHandedOut()) expect(text).not.toContain(secret);
  });
});
