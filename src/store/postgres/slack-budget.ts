// Slack's allowance shared by every replica on one PostgreSQL database (../../slack/budget.ts): a
// reservation is one upsert of the method's schedule, so replicas asking at once queue on the row
// and each gets its own slot, in the order the database took them.
import { type Allowance, type SlackBudget, scheduleOf, waitFor } from '../../slack/budget.ts';
import type { Db } from '../db.ts';
import { read } from '../rows.ts';

/** The next slot starts within the call's longest wait. */
const SOON_ENOUGH = `GREATEST(slack_budget.tat, :now::float8) - :tolerance::float8 - :now::float8 <= :max_wait::float8`;

export function postgresBudget(db: Db): SlackBudget {
  return {
    async reserve(key: string, allowance: Allowance, now: number) {
      const { intervalMs, toleranceMs } = scheduleOf(allowance);
      // The slot is taken only when it is soon enough; `granted` says which.
      const row = await db.one(
        `INSERT INTO slack_budget (key, tat, granted) VALUES (:key, :now::float8 + :interval::float8, true)
         ON CONFLICT (key) DO UPDATE SET
           tat = CASE WHEN ${SOON_ENOUGH} THEN GREATEST(slack_budget.tat, :now::float8) + :interval::float8
                 ELSE slack_budget.tat END,
           granted = ${SOON_ENOUGH}
         RETURNING tat, granted`,
        {
          key,
          now,
          interval: intervalMs,
          tolerance: toleranceMs,
          max_wait: allowance.maxWaitMs ?? Number.MAX_VALUE,
        },
      );
      if (row === undefined) return 0;
      return row.granted === true ? waitFor(read.num(row, 'tat'), allowance, now) : undefined;
    },
    async hold(key: string, allowance: Allowance, until: number) {
      await db.run(
        `INSERT INTO slack_budget (key, tat) VALUES (:key, :tat)
         ON CONFLICT (key) DO UPDATE SET tat = GREATEST(slack_budget.tat, :tat::float8)`,
        { key, tat: until + scheduleOf(allowance).toleranceMs },
      );
    },
  };
}
