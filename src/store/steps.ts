// Workflow step runs: a step filed from Workflow Builder keeps its execution id with the request, so
// exactly one delivery files it and exactly one process completes it, whichever finishes the request.
// The completion is claimed under a lease (as a digest run is): a process that stops after claiming
// lets another take over once the lease is up.
import type { Db } from './db.ts';
import { StepRunGoneError } from './guards.ts';
import type { Row } from './rows.ts';
import { numOrNull, read, text, textOrNull } from './rows.ts';
import type { StepMethods } from './store.ts';
import type { StepRun } from './types.ts';

/** The request states a step waits for: the request has ended, and nothing more will happen to it. */
const ENDED = `('created', 'rejected', 'expired', 'failed')`;

const FREE_TO_CLAIM = `completed_at IS NULL AND (lease_until IS NULL OR lease_until <= :now)`;

function toStepRun(row: Row): StepRun {
  return {
    executionId: text(row, 'execution_id'),
    requestId: numOrNull(row, 'request_id'),
    startedAt: read.num(row, 'started_at'),
    completedAt: numOrNull(row, 'completed_at'),
    outcome: textOrNull(row, 'outcome'),
  };
}

/**
 * Links a new request to its step run inside the request's transaction `tx`: only a run not linked
 * yet, not finished and not being finished (the catch-up ends a run left without its request). Any
 * other run throws, and the request is not stored.
 */
export async function linkStepRunWithin(tx: Db, executionId: string, requestId: number, now: number) {
  const changed = await tx.run(
    `UPDATE workflow_step_runs SET request_id = :request_id
     WHERE execution_id = :execution_id AND request_id IS NULL AND ${FREE_TO_CLAIM}`,
    { execution_id: executionId, request_id: requestId, now },
  );
  if (changed === 0) throw new StepRunGoneError(executionId);
}

export function stepMethods(db: Db): StepMethods {
  return {
    async claimStepRun(executionId, at) {
      const changed = await db.run(
        `INSERT INTO workflow_step_runs (execution_id, started_at) VALUES (:execution_id, :at)
         ON CONFLICT (execution_id) DO NOTHING`,
        { execution_id: executionId, at },
      );
      return changed > 0;
    },

    async getStepRun(executionId) {
      const row = await db.one('SELECT * FROM workflow_step_runs WHERE execution_id = :id', {
        id: executionId,
      });
      return row === undefined ? undefined : toStepRun(row);
    },

    async stepRunOfRequest(requestId) {
      const row = await db.one('SELECT * FROM workflow_step_runs WHERE request_id = :id', { id: requestId });
      return row === undefined ? undefined : toStepRun(row);
    },

    async claimStepCompletion(executionId, owner, now, leaseMs) {
      const changed = await db.run(
        `UPDATE workflow_step_runs SET claimed_by = :owner, lease_until = :until
         WHERE execution_id = :execution_id AND ${FREE_TO_CLAIM}`,
        { execution_id: executionId, owner, now, until: now + leaseMs },
      );
      return changed > 0;
    },

    async finishStepRun(executionId, owner, outcome, at) {
      const changed = await db.run(
        `UPDATE workflow_step_runs SET completed_at = :at, outcome = :outcome, lease_until = NULL
         WHERE execution_id = :execution_id AND claimed_by = :owner AND completed_at IS NULL`,
        { execution_id: executionId, owner, outcome, at },
      );
      return changed > 0;
    },

    async claimStepRunsWithoutRequest(startedBefore, owner, now, leaseMs, limit) {
      const rows = await db.all(
        `UPDATE workflow_step_runs SET claimed_by = :owner, lease_until = :until
         WHERE execution_id IN (
           SELECT execution_id FROM workflow_step_runs
           WHERE request_id IS NULL AND started_at < :started_before AND ${FREE_TO_CLAIM}
           ORDER BY started_at, execution_id LIMIT :limit${db.dialect.skipLocked})
         AND request_id IS NULL AND ${FREE_TO_CLAIM}
         RETURNING *`,
        { owner, now, until: now + leaseMs, started_before: startedBefore, limit },
      );
      return rows.map(toStepRun).sort((a, b) => a.startedAt - b.startedAt);
    },

    async listStepRunsToComplete(now, limit) {
      const rows = await db.all(
        `SELECT s.* FROM workflow_step_runs s JOIN index_requests r ON r.id = s.request_id
         WHERE r.state IN ${ENDED} AND s.completed_at IS NULL
           AND (s.lease_until IS NULL OR s.lease_until <= :now)
         ORDER BY s.started_at, s.execution_id LIMIT :limit`,
        { now, limit },
      );
      return rows.map(toStepRun);
    },
  };
}
