// The recorder on its own: a created index the database refuses is held, written again with a
// doubling wait (capped), recorded once the database takes it, and named in the log at shutdown
// when it never was.
import { describe, expect, it, vi } from 'vitest';
import { createRecorder } from '../../../../src/features/search-requests/recording.ts';
import type { IndexRequest, Store } from '../../../../src/store/index.ts';
import { openSqliteStore } from '../../../../src/store/sqlite/sqlite-store.ts';
import { CREATED_RESULT, T0 } from '../../../support/index-requests.ts';
import { capturingLogger } from '../../../support/logs.ts';

/** A store whose next `failures` request transitions throw, as a database that doesn't answer does. */
async function setup() {
  let now = T0;
  const clock = () => now;
  const store: Store = await openSqliteStore({ path: ':memory:', clock });
  const blink = { failures: 0 };
  const transition = store.transitionRequest.bind(store);
  vi.spyOn(store, 'transitionRequest').mockImplementation(async (id, input) => {
    if (blink.failures === 0) return transition(id, input);
    blink.failures -= 1;
    throw new Error('connect ECONNREFUSED');
  });
  const { logger, lines } = capturingLogger('debug');
  const publish = vi.fn(async () => undefined);
  const recorder = createRecorder({ store, clock, logger }, publish);
  const { id } = await store.createRequest({
    requesterId: 'U0REQUESTER',
    requesterChannelId: 'C0GENERAL',
    name: 'product-search',
    region: 'eu-west-1',
    plan: 'payg',
    reason: 'catalogue',
    createdAt: T0,
    expiresAt: T0 + 3_600_000,
  });
  for (const [from, to] of [
    ['pending', 'approved'],
    ['approved', 'creating'],
  ] as const)
    await store.transitionRequest(id, { from, to, actor: 'U0APPROVER', at: T0 });
  const request = (await store.getRequest(id)) as IndexRequest;
  const events = (event: string) => lines().filter((line) => line.event === event);
  return { store, recorder, blink, publish, request, events, advance: (ms: number) => (now += ms) };
}

describe('recording a created index the database did not take', () => {
  it('writes it again after 2 s, then 4, 8, 16, 32 and at most 60 s, until it is recorded', async () => {
    const t = await setup();
    t.blink.failures = 7;
    expect(await t.recorder.record(t.request, CREATED_RESULT, undefined)).toBeUndefined();
    expect(t.recorder.holds(t.request.id)).toBe(true);
    expect(t.events('search_create_unrecorded')[0]).toMatchObject({
      requestId: t.request.id,
      indexId: CREATED_RESULT.indexId,
      name: 'product-search',
    });

    await t.recorder.retryDue(); // not due yet: no attempt
    expect(t.blink.failures).toBe(6);
    for (const wait of [2_000, 4_000, 8_000, 16_000, 32_000, 60_000]) {
      t.advance(wait);
      await t.recorder.retryDue();
    }
    expect(t.events('search_create_record_retry_failed').map((line) => line.nextInMs)).toEqual([
      4_000, 8_000, 16_000, 32_000, 60_000, 60_000,
    ]);
    expect((await t.store.getRequest(t.request.id))?.state).toBe('creating');

    t.advance(60_000);
    await t.recorder.retryDue();
    expect(t.recorder.holds(t.request.id)).toBe(false);
    expect(await t.store.getRequest(t.request.id)).toMatchObject({
      state: 'created',
      result: CREATED_RESULT,
    });
    expect(t.events('search_create_recorded')).toEqual([expect.objectContaining({ attempts: 8 })]);
    expect(t.publish).not.toHaveBeenCalled(); // the card and the DM already showed it
  });

  it('tells the card and the requester once it is recorded when they could not be told before', async () => {
    const t = await setup();
    t.blink.failures = 1;
    await t.recorder.record(t.request, CREATED_RESULT, undefined);
    t.recorder.untold(t.request.id);
    t.advance(2_000);
    await t.recorder.retryDue();
    expect(t.publish).toHaveBeenCalledWith(
      expect.objectContaining({ id: t.request.id, state: 'created', result: CREATED_RESULT }),
      { kind: 'created' },
      undefined,
    );
  });

  it('names the index in the log at shutdown when the database never took it', async () => {
    const t = await setup();
    t.blink.failures = 100;
    await t.recorder.record(t.request, CREATED_RESULT, undefined);
    await t.recorder.lastAttempt();
    expect(t.events('search_create_unrecorded')).toEqual([
      expect.objectContaining({ indexId: CREATED_RESULT.indexId }),
      expect.objectContaining({ indexId: CREATED_RESULT.indexId, name: 'product-search', stopping: true }),
    ]);
    expect(t.blink.failures).toBe(98); // the first write and one last attempt
  });
});
