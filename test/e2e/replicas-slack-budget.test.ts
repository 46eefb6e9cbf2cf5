// Two replicas on one PostgreSQL database share Slack's allowance: each has its own Web API client,
// configured as app.ts configures it, over its own store (its own pool), against a Slack simulator
// whose tier for users.info is set tiny. Together they stay under the tier; a 429 answered to one
// holds the method for the other until Retry-After has passed.
import { webApi } from '@slack/bolt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.ts';
import { startSlackSimulator } from '../../src/sim/slack/index.ts';
import type { SlackSimulator } from '../../src/sim/slack/types.ts';
import { memoryBudget, type SlackBudget } from '../../src/slack/budget.ts';
import { webClientOptions } from '../../src/slack/web-client.ts';
import { openPostgresStore } from '../../src/store/postgres/postgres-store.ts';
import type { Store } from '../../src/store/store.ts';
import { createTestSchema, TEST_DATABASE_URL, type TestSchema } from './database-support.ts';

const TOKEN = 'xoxb-fake-budget-test';
// Slack's tier as the simulator enforces it, and opsbot's allowance a little under it.
const TIER = { perMinute: 600, burst: 3 };
const ALLOWANCES = { 'users.info': { perMinute: 480, burst: 2 } };

describe.skipIf(TEST_DATABASE_URL === undefined)('e2e: replicas share Slack’s budget (PostgreSQL)', () => {
  let schema: TestSchema;
  let stores: Store[] = [];
  let sim: SlackSimulator;

  beforeAll(async () => {
    schema = await createTestSchema('opsbot_budget');
    const logger = createLogger({ level: 'silent' });
    stores = await Promise.all(
      [1, 2].map(() => openPostgresStore({ url: schema.urlFor(), poolSize: 4, logger })),
    );
  });
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    await schema?.drop();
  });
  afterEach(async () => {
    await sim?.close();
  });

  const clientOver = (budget: SlackBudget) =>
    new webApi.WebClient(TOKEN, webClientOptions(sim.apiUrl, { budget, allowances: ALLOWANCES }));
  const lookUps = (client: webApi.WebClient, count: number) =>
    Array.from({ length: count }, (_, i) => client.users.info({ user: `U0PERSON${i}` }));

  async function startSim() {
    sim = await startSlackSimulator({
      botToken: TOKEN,
      rateLimits: true,
      rateLimitOverrides: { 'users.info': TIER },
    });
  }

  it('keeps two replicas together under the tier: no 429, every call answered', async () => {
    await startSim();
    const [a, b] = stores.map((s) => clientOver(s.slackBudget as SlackBudget));
    const answers = await Promise.all([
      ...lookUps(a as webApi.WebClient, 6),
      ...lookUps(b as webApi.WebClient, 6),
    ]);
    expect(answers.every((answer) => answer.ok)).toBe(true);
    expect(sim.callsTo('users.info')).toHaveLength(12);
    expect(sim.rateLimitedCount).toBe(0);
  });

  it('is what keeps them under it: with a budget each, the same calls are answered 429', async () => {
    await startSim();
    const [a, b] = [clientOver(memoryBudget()), clientOver(memoryBudget())];
    await Promise.allSettled([...lookUps(a, 6), ...lookUps(b, 6)]);
    expect(sim.rateLimitedCount).toBeGreaterThan(0);
  });

  it('holds the method for the other replica when Slack answers one of them 429', async () => {
    await startSim();
    sim.fail('users.info', { rateLimited: 2 }, { times: 1 });
    const [a, b] = stores.map((s) => clientOver(s.slackBudget as SlackBudget)) as [
      webApi.WebClient,
      webApi.WebClient,
    ];
    await a.users.info({ user: 'U0FIRST' });
    const refused = sim.calls.find((c) => c.method === 'users.info' && c.status === 429);
    expect(refused).toBeDefined();
    await b.users.info({ user: 'U0SECOND' });
    const second = sim.callsTo('users.info').find((c) => c.args.user === 'U0SECOND');
    // Retry-After was 2 s: the other replica's call reached Slack no sooner.
    expect((second?.at ?? 0) - (refused?.at ?? 0)).toBeGreaterThanOrEqual(2_000 - 50);
  });

  it('takes no slot for a call that may not wait that long, on either replica', async () => {
    await startSim();
    const [a, b] = stores.map((s) => s.slackBudget as SlackBudget) as [SlackBudget, SlackBudget];
    const patient = { perMinute: 60, burst: 1 };
    const hurried = { ...patient, maxWaitMs: 1_500 };
    const t = 5_000_000;
    expect(await a.reserve('budget.test', patient, t)).toBe(0);
    expect(await b.reserve('budget.test', hurried, t)).toBe(1_000);
    expect(await a.reserve('budget.test', hurried, t)).toBeUndefined();
    // The refused call took nothing: the next patient one is two seconds out, not three.
    expect(await b.reserve('budget.test', patient, t)).toBe(2_000);
  });
});
