// Slack's allowance shared by every replica on one PostgreSQL database (../../slack/budget.ts): a
// reservation is one upsert of the method's schedule, so replicas asking at once queue on the row
// and each gets its own slot, in the order the database took them.
import { type Allowance, type SlackBudget, scheduleOf, waitFor } from '../../slack/budget.ts';
import type { Db } from '../db.ts';
import { read } from '../rows.ts';

export function postgresBudget(db: Db): SlackBudget {
  return {
    async reserve(key: string, allowance: Allowance, now: number) {
      const row = await db.one(
        `INSERT INTO slack_budget (key, tat) VALUES (:key, :now::float8 + :interval::float8)
         ON CONFLICT (key) DO UPDATE SET tat = GREATEST(slack_budget.tat, :now::float8) + :interval::float8
         RETURNING tat`,
        { key, now, interval: scheduleOf(allowance).intervalMs },
      );
      return row === undefined ? 0 : waitFor(read.num(row, 'tat'), allowance, now);
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
