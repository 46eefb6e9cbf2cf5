// Issue 8, Load → "SIGTERM in the middle": the real `node src/main.ts` is stopped while approvals
// wait on a slow create call and new requests keep arriving. Work already acknowledged finishes
// (or is left in a state the next start resumes); nothing acknowledged is lost from the SQLite
// file; what was not acknowledged was refused plainly. Then the app starts again on the same file.
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlackDriver } from '../../src/sim/driver/driver.ts';
import type { SimView } from '../../src/sim/slack/index.ts';
import { SIM_IDS } from '../../src/sim/workspace.ts';
import { answerTo } from '../support/answers.ts';
import { textOf } from '../support/blocks.ts';
import { cardFor, fileRequest, openDecision } from '../support/search-requests.ts';
import { type Spawned, spawnedWorkspace } from './spawned.ts';

const { requester, approver, outsider, secondApprover } = SIM_IDS;
const CREATE_LATENCY_MS = 1_500;

describe('SIGTERM in the middle of work', () => {
  let sw: Spawned;
  let driver: SlackDriver;
  let child: ChildProcess;
  beforeAll(async () => {
    sw = await spawnedWorkspace();
    ({ driver, child } = await sw.start({ MAX_PENDING_REQUESTS_PER_USER: '100', DIGEST_TICK_MS: '3600000' }));
  });
  afterAll(async () => {
    await sw?.close();
  });

  it('finishes acknowledged work, stores every acknowledged request, and starts again on the same file', async () => {
    const ws = { slack: sw.slack, driver };
    // Ten pending requests with cards, to approve during the stop.
    for (let i = 0; i < 10; i++)
      await fileRequest(ws, { text: `search create to-approve-${i} eu-west-1 free` });
    const requestModal = sw.slack.views.find((v) => v.view.callback_id === 'search.request')?.view as SimView;
    const approveModal = await openDecision(ws, approver, 1, 'approve');
    // The cards share #approvals' rate (a post a second), so the tenth comes about ten seconds in.
    await cardFor(ws, 10, 20_000);

    sw.mgmt.fail('create', { latencyMs: CREATE_LATENCY_MS });
    const submit = (userId: string, name: string) =>
      driver
        .submitView({
          userId,
          view: requestModal,
          values: { search_name: { search_name: name }, search_reason: { search_reason: 'shutdown test' } },
        })
        .then((r) => ({ name, acked: r.status === 200 && r.body === '' }))
        .catch(() => ({ name, acked: false }));
    const approvals = Array.from({ length: 10 }, (_, i) =>
      driver
        .submitView({
          userId: approver,
          view: { ...approveModal, private_metadata: JSON.stringify({ requestId: i + 1 }) },
        })
        .then((r) => ({ id: i + 1, acked: r.status === 200 && r.body === '' })),
    );
    const before = Array.from({ length: 30 }, (_, i) =>
      submit([outsider, secondApprover][i % 2] ?? outsider, `before-stop-${i}`),
    );
    const approved = await Promise.all(approvals);
    expect(approved.every((a) => a.acked)).toBe(true);
    const early = await Promise.all(before);
    expect(early.every((s) => s.acked)).toBe(true);
    // The creates are now in flight (each takes 1.5 s); stop the process while requests keep coming.
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const inFlight = 10 - sw.mgmt.created.length;
    expect(inFlight).toBeGreaterThan(0);
    child.kill('SIGTERM');
    const during = Array.from({ length: 30 }, (_, i) => submit(requester, `during-stop-${i}`));
    const submitted = [...early, ...(await Promise.all(during))];
    expect(await exited).toBe(0);

    const logs = sw.logs();
    expect(logs.map((l) => l.event)).toContain('shutdown');
    expect(logs.at(-1)?.event).toBe('stopped');
    expect(logs.some((l) => l.event === 'shutdown_incomplete')).toBe(false);

    const store = await sw.openDatabase();
    const stored = await store.listRecentRequests({ limit: 1_000 });
    await store.close();
    const byName = new Map(stored.map((r) => [r.name, r]));
    // Nothing acknowledged is lost.
    const acked = submitted.filter((s) => s.acked);
    expect(acked.length).toBeGreaterThanOrEqual(30);
    for (const { name } of acked) expect(byName.get(name)?.state, name).toBe('pending');
    // Approvals in flight completed: created once each, none left approved/creating.
    const decided = stored.filter((r) => r.name.startsWith('to-approve-'));
    expect(decided.map((r) => r.state).sort()).toEqual(Array.from({ length: 10 }, () => 'created'));
    expect(sw.mgmt.createCalls).toHaveLength(10);
    console.log(
      `sigterm: ${acked.length}/${submitted.length} submissions acknowledged (the rest refused during shutdown), ` +
        `${inFlight} approvals in flight at SIGTERM, all 10 created`,
    );

    // The next start serves the same data.
    sw.mgmt.reset();
    const again = await sw.start({ DIGEST_TICK_MS: '3600000' });
    const res = await again.driver.command('search requests', { userId: requester });
    expect(textOf((await answerTo(sw, res.responseUrl)).blocks)).toContain('Search index requests');
    again.child.kill('SIGTERM');
  }, 60_000);
});
