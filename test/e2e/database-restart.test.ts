// The database goes away under a running opsbot (every connection terminated by the server, new
// ones refused) and comes back. Meanwhile a command that needs it answers with one clear sentence
// and /readyz says 503; afterwards the same process answers normally — no restart, no crash.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import {
  cardFor,
  countViews,
  fileRequest,
  openDecision,
  textOf,
  waitForCard,
} from '../support/search-requests.ts';
import {
  createTestSchema,
  type DatabaseProxy,
  FAKE_DB_PASSWORD,
  startDatabaseProxy,
  TEST_DATABASE_URL,
  type TestSchema,
} from './database-support.ts';

const { requester, approver } = SIM_IDS;
const DATABASE_DOWN =
  'opsbot’s database isn’t answering just now, so nothing was changed. Try again in a minute.';

describe.skipIf(TEST_DATABASE_URL === undefined)('e2e: a database restart during operation', () => {
  let schema: TestSchema;
  let proxy: DatabaseProxy;
  let ws: SimulatedWorkspace;

  beforeAll(async () => {
    schema = await createTestSchema();
    proxy = await startDatabaseProxy();
    ws = await startSimulatedWorkspace({ env: { DATABASE_URL: proxy.via(schema.urlFor()) } });
  });
  afterAll(async () => {
    await ws?.stop();
    await proxy?.close();
    await schema?.drop();
  });

  /** `/ops <text>` and the reply the user sees (ephemeral, through the response_url). */
  async function ask(text: string): Promise<string> {
    const { responseUrl } = await ws.driver.command(text, {
      userId: requester,
      channelId: SIM_IDS.generalChannel,
    });
    await ws.slack.waitFor(() => ws.slack.responses.some((r) => r.url === responseUrl));
    const reply = ws.slack.responses.find((r) => r.url === responseUrl);
    expect(reply?.response_type).toBe('ephemeral');
    return `${reply?.text ?? ''}\n${textOf(reply?.blocks)}`;
  }

  const readiness = async () => {
    const res = await fetch(`${ws.url}/readyz`);
    return { status: res.status, body: (await res.json()) as { ok: boolean; reason?: string } };
  };

  it('answers with a clear sentence while the database is gone, and recovers by itself', async () => {
    await fileRequest(ws);
    expect(await ask('search requests')).toContain('product-search');

    const terminated = await proxy.goDown();
    expect(terminated).toBeGreaterThan(0);

    const listing = await ask('search requests');
    expect(listing).toContain(`:warning: ${DATABASE_DOWN}`);
    expect(listing).not.toMatch(/Error|ECONN|terminat|127\.0\.0\.1/);
    const creating = await ask('search create other-index eu-west-1 free');
    expect(creating).toContain(`:warning: ${DATABASE_DOWN}`);
    const click = await ws.driver.clickButton({
      userId: approver,
      message: await cardFor(ws, 1),
      actionId: 'search.approve',
    });
    await ws.slack.waitFor(() => ws.slack.responses.some((r) => r.url === click.responseUrl));
    expect(ws.slack.responses.find((r) => r.url === click.responseUrl)?.text).toBe(
      `:warning: ${DATABASE_DOWN}`,
    );
    expect(countViews(ws, approver, 'search.approve_modal')).toBe(0);
    const ready = await readiness();
    expect(ready).toEqual({ status: 503, body: { ok: false, reason: 'database unavailable' } });

    proxy.comeBack();
    // The same process, not restarted: the next command works and nothing was lost.
    const after = await ask('search requests');
    expect(after).toContain('product-search');
    expect(after).not.toContain('couldn’t');
    expect(await readiness()).toEqual({ status: 200, body: { ok: true } });
    await fileRequest(ws, { text: 'search create after-restart eu-west-1 free' });
    expect((await ws.store.getRequest(2))?.name).toBe('after-restart');
    const modal = await openDecision(ws, approver, 1, 'approve');
    expect((await ws.driver.submitView({ userId: approver, view: modal })).ack).toBeUndefined();
    // After the restart every pooled connection is new (TCP, startup, search_path) and the approval
    // runs several writes, the create and a chat.update in turn; on a loaded machine that has taken
    // more than the usual 5 s. The poll ends as soon as the card shows.
    await waitForCard(ws, 1, (t) => t.includes('*Created*'), 20_000);
    expect(ws.mgmt.createCalls).toHaveLength(1);

    // The outage is in the log for the operator (host and port, never the password).
    const lines = ws.logs.join('\n');
    expect(lines).toContain('"event":"action_failed"');
    expect(lines).toContain('is unavailable');
    expect(lines).not.toContain(FAKE_DB_PASSWORD);
    // Its own polls wait up to 20 s for the card: the test's limit must be above theirs.
  }, 60_000);
});
