// What each step hands the workflow: outputs as manifest.yml declares them, built from what the
// features already show (allowlisted records only, so never a secret). Plain text: a workflow's
// variables are not mrkdwn.
import type { AccountSummary } from '../../accounts/account-text.ts';
import { attentionLine, noneNeedsAttention } from '../../accounts/attention.ts';
import { NOTHING_UNUSUAL } from '../../stats-report/highlights.ts';
import type { IndexRequest } from '../../store/index.ts';
import { truncate } from '../../text/mrkdwn.ts';
import { PERIOD_WORDS } from '../../vector-index.ts';
import type { StatsRead } from '../vector-stats/index.ts';
import type { StepOutputs } from './outbound.ts';

/** The manifest's limit for the stats step's summary. */
export const SUMMARY_MAX = 1_000;
const SLACK_USER_ID = /^[UW][A-Z0-9]+$/;

/** The request step's outputs once the request has ended. */
export function requestOutputs(request: IndexRequest): StepOutputs {
  const outputs: StepOutputs = { request_id: request.id, state: request.state, index_name: request.name };
  if (request.state === 'created' && request.result !== null) {
    outputs.index_id = request.result.indexId;
    if (request.result.endpoint !== null) outputs.endpoint = request.result.endpoint;
  }
  // Only a person's decision: a plan needing no approval, or an expiry, has nobody to name.
  if (request.decidedBy !== null && SLACK_USER_ID.test(request.decidedBy))
    outputs.decided_by = request.decidedBy;
  return outputs;
}

/** The stats step's outputs: the highlights in words, and each number the API reported. */
export function statsOutputs({ target, report }: StatsRead): StepOutputs {
  const heading = `Vector index ${report.name ?? target.indexId}, ${PERIOD_WORDS[target.period]}:`;
  const news =
    report.highlights.length === 0 ? [NOTHING_UNUSUAL] : report.highlights.map((h) => `• ${h.text}`);
  const c = report.counters;
  const p99 = report.groups.flatMap((g) => g.rows).find((r) => r.name === 'query_latency_99')?.summary?.last;
  const numbers: Record<string, number | undefined> = {
    vectors: c.currentVectors,
    pending_operations: c.pendingIndexOps,
    queries_today: c.queriesToday,
    updates_today: c.updatesToday,
    monthly_cost: c.monthlyCost,
    storage_bytes: c.storageBytes,
    p99_query_latency: p99,
  };
  const outputs: StepOutputs = { summary: truncate([heading, ...news].join('\n'), SUMMARY_MAX) };
  for (const [name, value] of Object.entries(numbers))
    if (value !== undefined && Number.isFinite(value)) outputs[name] = value;
  return outputs;
}

/** The accounts step's outputs: how many, how many need attention, and a line for each of those. */
export function accountsOutputs(
  summaries: readonly AccountSummary[],
  needing: readonly AccountSummary[],
): StepOutputs {
  return {
    accounts: summaries.length,
    needing_attention: needing.length,
    summary:
      needing.length === 0 ? noneNeedsAttention(summaries.length) : needing.map(attentionLine).join('\n'),
  };
}
