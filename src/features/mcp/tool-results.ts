// What each tool answers: plain text for the model to read, the same facts as structured content for
// a program, built from what the Slack messages show (allowlisted records only, never a secret).
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { AccountSummary } from '../../accounts/account-text.ts';
import { attentionLine, noneNeedsAttention } from '../../accounts/attention.ts';
import { countWords, tally } from '../../approval-rule.ts';
import { SOME_ENTRIES_HIDDEN } from '../../slack/membership.ts';
import { NOTHING_UNUSUAL } from '../../stats-report/highlights.ts';
import { shown } from '../../stats-report/report.ts';
import type { ApprovalProgress, IndexRequest } from '../../store/index.ts';
import { PERIOD_WORDS } from '../../vector-index.ts';
import type { ListedIndex } from '../index-names/index.ts';
import type { StatsRead } from '../vector-stats/index.ts';
import type { FiringWatch } from '../watches/index.ts';

type Structured = Record<string, unknown>;

const answer = (text: string, structuredContent: Structured, extra: CallToolResult['content'] = []) =>
  ({ content: [{ type: 'text', text }, ...extra], structuredContent }) satisfies CallToolResult;

/** The report `/ops stats` posts, in words; the numbers; the card as a PNG when it could be drawn. */
export function statsResult({ target, report, card }: StatsRead): CallToolResult {
  const named = report.name === undefined ? target.indexId : `${report.name} (${target.indexId})`;
  const heading = `Vector index ${named}, ${report.timeRange || PERIOD_WORDS[target.period]}`;
  const news =
    report.highlights.length === 0 ? [NOTHING_UNUSUAL] : report.highlights.map((h) => `• ${h.text}`);
  const c = report.counters;
  const counters = [
    `Vectors: ${shown('count', c.currentVectors)}; pending operations: ${shown('count', c.pendingIndexOps)}`,
    `Queries today: ${shown('count', c.queriesToday)}; updates today: ${shown('count', c.updatesToday)}`,
    `Storage: ${shown('bytes', c.storageBytes)}; monthly cost: ${shown('cost', c.monthlyCost)}`,
  ];
  const rows = report.groups.flatMap((g) => g.rows);
  const series = rows.map((r) => ({
    name: r.name,
    label: r.label,
    ...(r.summary === undefined
      ? {}
      : { first: r.summary.first, last: r.summary.last, min: r.summary.min, max: r.summary.max }),
  }));
  const lines = rows
    .filter((r) => r.summary !== undefined)
    .map((r) => {
      const s = r.summary as NonNullable<typeof r.summary>;
      return `${r.label}: ${shown(r.kind, s.first)} → ${shown(r.kind, s.last)} (min ${shown(r.kind, s.min)}, max ${shown(r.kind, s.max)})`;
    });
  const text = [heading, '', 'What stands out:', ...news, '', ...counters, '', ...lines].join('\n');
  const image =
    card === undefined
      ? []
      : [{ type: 'image' as const, data: card.png.toString('base64'), mimeType: 'image/png' }];
  return answer(
    text,
    {
      index: target.indexId,
      name: report.name ?? null,
      period: target.period,
      timeRange: report.timeRange,
      highlights: report.highlights.map((h) => h.text),
      counters: { ...c },
      series,
    },
    image,
  );
}

export function accountsResult(
  summaries: readonly AccountSummary[],
  needing: readonly AccountSummary[],
): CallToolResult {
  const attention =
    needing.length === 0
      ? [noneNeedsAttention(summaries.length)]
      : [
          `${needing.length} of ${summaries.length} messaging accounts need attention:`,
          ...needing.map((s) => `• ${attentionLine(s)}`),
        ];
  const listed = summaries.map(
    ({ account: a }) =>
      `• ${a.customer_id ?? 'customer not reported'} (${a.id}): ${a.type ?? 'plan not reported'}, ${a.state ?? 'state not reported'}`,
  );
  return answer([...attention, '', 'Accounts:', ...listed].join('\n'), {
    accounts: summaries.map((s) => s.account),
    needingAttention: needing.map((s) => s.account.id),
  });
}

export function indexesResult({ listed, total }: { listed: ListedIndex[]; total: number }): CallToolResult {
  const indexes = listed.map(({ index }) => ({
    id: index.id,
    name: index.name,
    kind: index.kind,
    lastUsedAt: index.lastUsedAt === null ? null : new Date(index.lastUsedAt).toISOString(),
  }));
  const lines =
    indexes.length === 0
      ? ['opsbot knows no index yet: one is remembered once its stats are read or it is created.']
      : indexes.map((i) => `• ${i.name ?? '(no name)'} — ${i.id} (${i.kind})`);
  const more = total > listed.length ? [`…and ${total - listed.length} more.`] : [];
  return answer([...lines, ...more].join('\n'), { indexes, total });
}

export type RequestStatus = {
  request: IndexRequest;
  progress: ApprovalProgress | undefined;
  described: string;
};

function statusFacts({ request, progress }: RequestStatus): Structured {
  const counted = progress === undefined ? undefined : tally(progress);
  return {
    request: request.id,
    state: request.state,
    name: request.name,
    region: request.region,
    plan: request.plan,
    approvalsRequired: counted?.required ?? null,
    approvals: counted?.counted.map((a) => a.approverId) ?? [],
    decidedBy: request.decidedBy,
    ...(request.state === 'created' && request.result !== null
      ? { indexId: request.result.indexId, endpoint: request.result.endpoint }
      : {}),
    ...(request.state === 'failed' && request.failureMessage !== null
      ? { failure: request.failureMessage }
      : {}),
  };
}

function statusLine(status: RequestStatus): string {
  const { request, progress } = status;
  const base = `Request #${request.id} for ${request.name} (${request.region}, ${request.plan}) is ${request.state}`;
  if (request.state === 'pending' && progress !== undefined) {
    const { missing } = tally(progress);
    return `${base}: ${countWords(progress)} approvals so far; ${missing} more needed, from people in Slack.`;
  }
  if (request.state === 'created' && request.result !== null)
    return `${base}: index ${request.result.indexId}${request.result.endpoint === null ? '' : ` at ${request.result.endpoint}`}.`;
  if (request.state === 'failed' && request.failureMessage !== null)
    return `${base}: ${request.failureMessage}`;
  return `${base}.`;
}

export const requestFiledResult = (status: RequestStatus) =>
  answer(
    `${statusLine(status)} The card is in the approvals channel and the requester was told in Slack; opsbot creates the index once it is approved.`,
    statusFacts(status),
  );

export const requestStatusResult = (status: RequestStatus) => answer(statusLine(status), statusFacts(status));

export function firingResult(watches: readonly FiringWatch[], hidden: boolean): CallToolResult {
  const shownWatches = watches.map((w) => ({
    watch: w.watchId,
    index: w.indexId,
    indexName: w.indexName ?? null,
    metric: w.metric,
    channel: w.channelId,
    since: new Date(w.since).toISOString(),
    snoozedUntil: w.snoozedUntil === undefined ? null : new Date(w.snoozedUntil).toISOString(),
    muted: w.muted,
    acknowledgedBy: w.acknowledgedBy ?? null,
  }));
  const lines =
    shownWatches.length === 0
      ? ['No watch is firing.']
      : shownWatches.map(
          (w) =>
            `• ${w.metric} on ${w.indexName ?? w.index} in channel ${w.channel}, since ${w.since}${w.muted ? ' (muted)' : ''}`,
        );
  if (hidden) lines.push(SOME_ENTRIES_HIDDEN);
  return answer(lines.join('\n'), { watches: shownWatches, hidden });
}
