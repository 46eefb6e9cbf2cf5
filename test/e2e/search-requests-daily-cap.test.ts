// A plan that needs no approval is created on the requester's word, so one person's creations of
// it are capped per UTC day (MAX_UNAPPROVED_CREATES_PER_DAY, 5 by default): the next is refused in
// one sentence saying the limit and when it resets, nothing is filed, others are unaffected, and
// the next UTC day it works again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { eventually } from '../support/poll.ts';
import { fieldErrors, fileRequest } from '../support/search-requests.ts';

const { requester, outsider } = SIM_IDS;
const DAY = 24 * 3_600_000;

describe('e2e: creations without approval are capped per person per UTC day', () => {
  let ws: SimulatedWorkspace;
  let now = Date.now();
  const nextMidnight = () => now - (now % DAY) + DAY;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace({ clock: () => now, env: { APPROVALS_REQUIRED: 'free=0' } });
  });
  afterAll(async () => {
    await ws?.stop();
  });

  /** Files a free-plan request; resolves with the field errors the modal showed (none when filed). */
  async function fileFree(userId: string, name: string) {
    const calls = ws.mgmt.createCalls.length;
    const submitted = await fileRequest(ws, { userId, text: `search create ${name} eu-west-1 free` });
    const errors = Object.values(fieldErrors(submitted));
    if (errors.length === 0)
      await eventually(() => ws.mgmt.createCalls.length === calls + 1, `${name} created`);
    return errors;
  }

  it('refuses the sixth of the day in one sentence, files nothing, and leaves others alone', async () => {
    for (let i = 1; i <= 5; i++) expect(await fileFree(requester, `free-${i}`)).toEqual([]);
    const resetsAt = `${new Date(nextMidnight()).toISOString().slice(0, 10)} 00:00 UTC`;

    expect(await fileFree(requester, 'free-6')).toEqual([
      `You’ve already asked for 5 indexes that need no approval today, the most one person may per day; you can ask again after ${resetsAt}.`,
    ]);
    expect(await ws.store.listRecentRequests({ limit: 20, requesterId: requester })).toHaveLength(5);
    expect(ws.mgmt.createCalls).toHaveLength(5);

    expect(await fileFree(outsider, 'theirs')).toEqual([]);
    expect(ws.mgmt.createCalls).toHaveLength(6);
  });

  it('lets the same person create again the next UTC day', async () => {
    now = nextMidnight() + 60_000;
    expect(await fileFree(requester, 'next-day')).toEqual([]);
    // The create runs after the form closes: wait for it rather than read the row mid-way.
    await eventually(async () => {
      const [newest] = await ws.store.listRecentRequests({ limit: 1, requesterId: requester });
      return newest?.name === 'next-day' && newest.state === 'created';
    }, 'the next day’s request to be created');
    expect(ws.mgmt.createCalls).toHaveLength(7);
  });
});
