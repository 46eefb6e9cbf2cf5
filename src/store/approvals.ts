// Approvals of index requests, counted against the approval rule each request was filed with, and the one
// reminder a waiting request gets. The approval that completes the count moves the request to
// `approved` in the same transaction, through the same compare-and-set every transition uses.
import { countWords, hasApproved, tally } from '../approval-rule.ts';
import type { Db } from './db.ts';
import { assertNoSecrets } from './guards.ts';
import { getRequestOn, INSERT_AUDIT, transitionWithin } from './requests.ts';
import { type Row, read, text, textOrNull, toRequest } from './rows.ts';
import type { ApprovalMethods } from './store.ts';
import type { Approval, ApprovalProgress } from './types.ts';

// An approver whose approval lapsed (they left the approvers) and who approves again renews it.
const UPSERT_APPROVAL = `
  INSERT INTO request_approvals (request_id, approver_id, at, note, lapsed_at)
  VALUES (:request_id, :approver_id, :at, :note, NULL)
  ON CONFLICT (request_id, approver_id) DO UPDATE SET at = :at, note = :note, lapsed_at = NULL`;

function toApproval(row: Row): Approval {
  const lapsed = row.lapsed_at;
  return {
    requestId: read.num(row, 'request_id'),
    approverId: text(row, 'approver_id'),
    at: read.num(row, 'at'),
    note: textOrNull(row, 'note'),
    lapsedAt: lapsed === null || lapsed === undefined ? null : read.num(row, 'lapsed_at'),
  };
}

async function progressOf(on: Db, ids: readonly number[]): Promise<Map<number, ApprovalProgress>> {
  const result = new Map<number, ApprovalProgress>();
  if (ids.length === 0) return result;
  // Each id its own parameter: one text for both databases (see listRecentRequests).
  const params: Record<string, unknown> = {};
  const names = [...new Set(ids)].map((id, i) => {
    params[`id_${i}`] = id;
    return `:id_${i}`;
  });
  const list = names.join(', ');
  const policies = await on.all(
    `SELECT id, approvals_required FROM index_requests WHERE id IN (${list})`,
    params,
  );
  for (const row of policies) {
    const id = read.num(row, 'id');
    result.set(id, { requestId: id, required: read.num(row, 'approvals_required'), approvals: [] });
  }
  const rows = await on.all(
    `SELECT * FROM request_approvals WHERE request_id IN (${list}) ORDER BY at, approver_id`,
    params,
  );
  for (const row of rows) result.get(read.num(row, 'request_id'))?.approvals.push(toApproval(row));
  return result;
}

export function approvalMethods(db: Db): ApprovalMethods {
  return {
    async addApproval(id, input) {
      assertNoSecrets(input);
      return db.transaction(async (tx) => {
        // The row lock orders concurrent approvals of one request: each sees the ones before it.
        const current = await getRequestOn(tx, id, tx.dialect.forUpdate);
        if (current === undefined || current.state !== 'pending')
          return { ok: false, reason: 'not_pending', current };
        const before = (await progressOf(tx, [id])).get(id);
        if (before === undefined) return { ok: false, reason: 'not_pending', current };
        if (hasApproved(before, input.approverId)) return { ok: false, reason: 'already_approved', current };
        await tx.run(UPSERT_APPROVAL, {
          request_id: id,
          approver_id: input.approverId,
          at: input.at,
          note: input.note ?? null,
        });
        const progress = (await progressOf(tx, [id])).get(id) ?? before;
        const words = `approval ${countWords(progress)}`;
        const note = input.note === undefined ? words : `${words}: ${input.note}`;
        if (tally(progress).missing > 0) {
          await tx.run(INSERT_AUDIT, {
            request_id: id,
            actor: input.approverId,
            from_state: 'pending',
            to_state: 'pending',
            at: input.at,
            note,
          });
          return { ok: true, request: current, progress, completed: false };
        }
        const moved = await transitionWithin(tx, id, {
          from: 'pending',
          to: 'approved',
          actor: input.approverId,
          at: input.at,
          // Today's trail keeps the approver's comment as the note when one approval is all it takes.
          ...(progress.required <= 1 ? (input.note === undefined ? {} : { note: input.note }) : { note }),
          patch: { decidedBy: input.approverId, decisionComment: input.note ?? null },
        });
        if (!moved.ok) return { ok: false, reason: 'not_pending', current: moved.current };
        return { ok: true, request: moved.request, progress, completed: true };
      });
    },

    approvalProgress: (ids) => progressOf(db, ids),

    async lapseApprovals(id, approverIds, actor, at) {
      if (approverIds.length === 0) return 0;
      return db.transaction(async (tx) => {
        const current = await getRequestOn(tx, id, tx.dialect.forUpdate);
        if (current === undefined || current.state !== 'pending') return 0;
        let changed = 0;
        for (const approverId of new Set(approverIds)) {
          const n = await tx.run(
            `UPDATE request_approvals SET lapsed_at = :at
             WHERE request_id = :id AND approver_id = :approver_id AND lapsed_at IS NULL`,
            { id, approver_id: approverId, at },
          );
          if (n === 0) continue;
          changed += n;
          await tx.run(INSERT_AUDIT, {
            request_id: id,
            actor,
            from_state: 'pending',
            to_state: 'pending',
            at,
            note: `approval by ${approverId} no longer counts: not an approver any more`,
          });
        }
        return changed;
      });
    },

    async listReminderDue(now, limit) {
      // Half-way: created_at + (expires_at - created_at) / 2 <= now, kept in whole numbers.
      const rows = await db.all(
        `SELECT * FROM index_requests
         WHERE state = 'pending' AND reminded_at IS NULL AND created_at + expires_at <= :twice_now
           AND expires_at > :now
         ORDER BY created_at, id LIMIT :limit`,
        // Doubled here: pg would type `2 * :now` as an integer, too small for epoch milliseconds.
        { now, twice_now: 2 * now, limit },
      );
      return rows.map(toRequest);
    },

    async claimReminder(id, at) {
      const changed = await db.run(
        `UPDATE index_requests SET reminded_at = :at
         WHERE id = :id AND state = 'pending' AND reminded_at IS NULL`,
        { id, at },
      );
      return changed > 0;
    },
  };
}
