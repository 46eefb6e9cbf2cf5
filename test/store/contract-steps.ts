import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract.ts';
import { HOUR, requestInput, T0 } from './fixtures.ts';

const LEASE = 60_000;

export function stepRunContract({ open, reopen }: ContractContext): void {
  describe('workflow step runs', () => {
    it('records an execution once: a second delivery finds it taken', async () => {
      const store = await open();
      expect(await store.claimStepRun('Fx1', T0)).toBe(true);
      expect(await store.claimStepRun('Fx1', T0 + 1)).toBe(false);
      const request = await store.createRequest(requestInput({ stepExecutionId: 'Fx1' }));
      expect(await store.stepRunOfRequest(request.id)).toEqual({
        executionId: 'Fx1',
        requestId: request.id,
        startedAt: T0,
        completedAt: null,
        outcome: null,
      });
      expect(await store.stepRunOfRequest(request.id + 1)).toBeUndefined();
    });

    it('lists a run only once its request has ended, and a completion is claimed by one owner', async () => {
      const store = await open();
      await store.claimStepRun('Fx2', T0);
      const request = await store.createRequest(requestInput({ stepExecutionId: 'Fx2' }));
      await store.claimStepRun('Fx3', T0);
      expect(await store.listStepRunsToComplete(T0, 10)).toEqual([]);
      await store.transitionRequest(request.id, {
        from: 'pending',
        to: 'expired',
        actor: 'opsbot',
        at: T0 + HOUR,
      });
      expect((await store.listStepRunsToComplete(T0 + HOUR, 10)).map((r) => r.executionId)).toEqual(['Fx2']);

      expect(await store.claimStepCompletion('Fx2', 'a', T0 + HOUR, LEASE)).toBe(true);
      expect(await store.claimStepCompletion('Fx2', 'b', T0 + HOUR, LEASE)).toBe(false);
      expect(await store.listStepRunsToComplete(T0 + HOUR, 10)).toEqual([]);
      expect(await store.finishStepRun('Fx2', 'b', 'completed', T0 + HOUR)).toBe(false);
      expect(await store.finishStepRun('Fx2', 'a', 'completed', T0 + HOUR)).toBe(true);
      expect(await store.getStepRun('Fx2')).toMatchObject({ completedAt: T0 + HOUR, outcome: 'completed' });
      // Finished, it is never claimed again.
      expect(await store.claimStepCompletion('Fx2', 'b', T0 + 2 * HOUR, LEASE)).toBe(false);
    });

    it('lets another owner take a claim over once its lease is up (the first stopped half-way)', async () => {
      const store = await open();
      await store.claimStepRun('Fx4', T0);
      const request = await store.createRequest(requestInput({ stepExecutionId: 'Fx4' }));
      await store.transitionRequest(request.id, { from: 'pending', to: 'rejected', actor: 'U0A', at: T0 });
      expect(await store.claimStepCompletion('Fx4', 'a', T0, LEASE)).toBe(true);
      expect(await store.listStepRunsToComplete(T0 + LEASE - 1, 10)).toEqual([]);
      expect((await store.listStepRunsToComplete(T0 + LEASE, 10)).map((r) => r.executionId)).toEqual(['Fx4']);
      expect(await store.claimStepCompletion('Fx4', 'b', T0 + LEASE, LEASE)).toBe(true);
      expect(await store.finishStepRun('Fx4', 'a', 'completed', T0 + LEASE)).toBe(false);
      expect(await store.finishStepRun('Fx4', 'b', 'gone', T0 + LEASE)).toBe(true);
    });

    it.skipIf(reopen === undefined)('two stores on one database: one claim wins', async () => {
      const first = await open();
      const second = await (reopen as NonNullable<typeof reopen>)(first);
      const claims = await Promise.all([first.claimStepRun('Fx5', T0), second.claimStepRun('Fx5', T0)]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      const completions = await Promise.all([
        first.claimStepCompletion('Fx5', 'a', T0, LEASE),
        second.claimStepCompletion('Fx5', 'b', T0, LEASE),
      ]);
      expect(completions.filter(Boolean)).toHaveLength(1);
    });
  });
}
