// Caps hold exactly on two replicas sharing one PostgreSQL database: the count and the insert are
// one transaction under a per-scope lock, so commands arriving at once on both can't each see room
// for one more. 20 `/ops watch` at once where a channel may have 3 → 3 watches, and the others
// are told the channel is full; 10 free-plan requests at once where one person may create 2 a day
// without approval → 2 created, the others refused with the daily limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { eventually } from '../support/poll.ts';
import { countViews, fieldErrors, viewFor } from '../support/search-requests.ts';
import { createTestSchema, TEST_DATABASE_URL, type TestSchema } from './database-support.ts';

const { requester } = SIM_IDS;
const CHANNEL = 'C0CAPPED';

describe.skipIf(TEST_DATABASE_URL === undefined)('e2e: caps on two replicas', () => {
  let schema: TestSchema;
  let ws: SimulatedWorkspace;
  let drivers: Array<SimulatedWorkspace['driver']>;

  beforeAll(async () => {
    schema = await createTestSchema();
    ws = await startSimulatedWorkspace({
      env: {
        DATABASE_URL: schema.urlFor(),
        LOG_LEVEL: 'info',
        POLICY: 'limits:\n  watches_per_channel: 3\n',
        APPROVALS_REQUIRED: 'free=0',
        MAX_UNAPPROVED_CREATES_PER_DAY: '2',
      },
    });
    const other = await ws.startAnotherInstance();
    drivers = [ws.driver, other.driver];
  });
  afterAll(async () => {
    await ws?.stop();
    await schema?.drop();
  });

  it('20 watches at once, cap 3: exactly 3, and every other command told the channel is full', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (drivers[i % 2] ?? ws.driver).command(`watch idx-2 monthly_cost > $${50 + i}`, {
          userId: requester,
          channelId: CHANNEL,
        }),
      ),
    );
    expect(await ws.store.listWatches(CHANNEL)).toHaveLength(3);
    await eventually(
      () =>
        ws.slack
          .ephemeralsFor(requester)
          .filter((e) => e.channel === CHANNEL && e.text.includes('already has 3 watches')).length +
          answers.filter((a) => a.body.includes('already has 3 watches')).length ===
        17,
      '17 answers saying the channel is full',
    );
  });

  it('10 free requests at once, 2 a day without approval: exactly 2 created, 8 refused', async () => {
    // The forms are opened one by one, then submitted at once on both replicas.
    const views = [];
    for (let i = 0; i < 10; i++) {
      const before = countViews(ws, requester, 'search.request');
      await ws.driver.command(`search create free-${i} eu-west-1 free`, {
        userId: requester,
        channelId: SIM_IDS.generalChannel,
      });
      views.push(await viewFor(ws, requester, 'search.request', before));
    }
    const submitted = await Promise.all(
      views.map((view, i) =>
        (drivers[i % 2] ?? ws.driver).submitView({
          userId: requester,
          view,
          values: { search_reason: { search_reason: 'Catalogue search' } },
        }),
      ),
    );
    const refused = submitted.map((s) => Object.values(fieldErrors(s))).filter((e) => e.length > 0);
    expect(refused).toHaveLength(8);
    for (const errors of refused) expect(errors.join(' ')).toContain('2 indexes that need no approval today');
    await eventually(() => ws.mgmt.createCalls.length === 2, 'the two creations');
    expect(await ws.store.listRecentRequests({ limit: 20, requesterId: requester })).toHaveLength(2);
  });
});
