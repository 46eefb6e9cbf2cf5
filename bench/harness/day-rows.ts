// Item 1's rows: the targets of what a person or an operator notices during a busy day.
import type { BusyDayResult } from './busy-day.ts';
import { ANSWER_KINDS, type AnswerKind } from './day-record.ts';
import { fmt, percentile } from './numbers.ts';
import { atMost, type Judgement, type Row } from './table.ts';

export const DAY_ACK_P99_MAX_MS = 100;
export const DAY_ANSWER_P99_MAX_MS = 1_000;
export const DAY_PEAK_RSS_MAX_MIB = 200;

const ms = (value: number) => fmt(value, ' ms');
const p50p99 = (values: readonly number[]) =>
  `p50 ${ms(percentile(values, 0.5))}, p99 ${ms(percentile(values, 0.99))} (${values.length})`;

/** A judgement with one more note after its own (a miss's "12% over"). */
function withNote(judged: Judgement, note: string | undefined): Judgement {
  if (note === undefined) return judged;
  return { ...judged, note: judged.note === undefined ? note : `${judged.note}; ${note}` };
}

/** "3 answers over 1 s, asked 30–34 s into the day" (when the digests fell due, say). */
function slowNote(r: BusyDayResult, kind: AnswerKind): string | undefined {
  const slow = r.slow.filter((s) => s.kind === kind);
  if (slow.length === 0) return undefined;
  const when = [...new Set(slow.map((s) => Math.round(s.atS)))].sort((a, b) => a - b);
  return `${slow.length} over 1 s, asked at ${when.join(', ')} s into the day`;
}

export function busyDayRows(r: BusyDayResult): Row[] {
  const s = r.shape;
  const day = `${fmt(r.durationMs / 1000, ' s')}: ${r.commands} commands, ${r.homes} Home opens`;
  const kinds = Object.keys(ANSWER_KINDS) as AnswerKind[];
  const every = kinds.flatMap((k) => r.answers[k]);
  const missing = kinds.reduce((n, k) => n + r.missing[k], 0);
  const answerJudgement = (values: readonly number[], missed: number) =>
    missed > 0
      ? { verdict: 'missed' as const, note: `${missed} answers not seen within the wait` }
      : atMost(percentile(values, 0.99), DAY_ANSWER_P99_MAX_MS);
  const failures =
    r.failures.length === 0
      ? undefined
      : `${r.failures.length} requests failed: ${[...new Set(r.failures)].slice(0, 3).join('; ')}`;
  const rows: Row[] = [
    {
      item: 1,
      name: `Busy day (${day}, ${s.digests} digests due in one minute, ${s.watches} watches, Slack rate limits on): ack of every request (commands, clicks, submissions, Home events)`,
      opsbot: p50p99(r.acks),
      peer: '—',
      ratio: '—',
      target: `p99 ≤ ${DAY_ACK_P99_MAX_MS} ms`,
      ...withNote(
        atMost(percentile(r.acks, 0.99), DAY_ACK_P99_MAX_MS),
        `the harness's own event-loop delay (it hosts the simulators): p99 ${ms(r.harnessLoopDelayMs.p99)}, max ${ms(r.harnessLoopDelayMs.max)}`,
      ),
    },
    {
      item: 1,
      name: 'Busy day: signed request → visible answer, every kind below together',
      opsbot: p50p99(every),
      peer: '—',
      ratio: '—',
      target: `p99 ≤ ${fmt(DAY_ANSWER_P99_MAX_MS / 1000, ' s')}`,
      ...withNote(answerJudgement(every, missing), failures),
    },
  ];
  for (const kind of kinds) {
    rows.push({
      item: 1,
      name: `Busy day: ${ANSWER_KINDS[kind]}`,
      opsbot: r.answers[kind].length === 0 ? 'n/a' : p50p99(r.answers[kind]),
      peer: '—',
      ratio: '—',
      target: `p99 ≤ ${fmt(DAY_ANSWER_P99_MAX_MS / 1000, ' s')}`,
      ...(r.answers[kind].length === 0 && r.missing[kind] === 0
        ? { verdict: 'failed' as const, note: 'not measured' }
        : withNote(answerJudgement(r.answers[kind], r.missing[kind]), slowNote(r, kind))),
    });
  }
  const sampled = r.sampledPeak;
  rows.push(
    {
      item: 1,
      name: 'Busy day: peak resident set of the app process (VmHWM, all threads)',
      opsbot: fmt(r.peakRssMiB ?? Number.NaN, ' MiB'),
      peer: '—',
      ratio: '—',
      target: `≤ ${DAY_PEAK_RSS_MAX_MIB} MiB`,
      ...withNote(
        atMost(r.peakRssMiB ?? Number.NaN, DAY_PEAK_RSS_MAX_MIB),
        sampled
          ? `VmRSS sampled every 100 ms peaked at ${fmt(sampled.mib, ' MiB')}, ${fmt(sampled.atS, ' s')} into the day`
          : undefined,
      ),
    },
    {
      item: 1,
      name: `Busy day: ${s.digests} digests due in the same minute: posted, and the last one after it fell due`,
      opsbot: `${r.digests.posted}/${r.digests.due}, last after ${fmt(r.digests.lastPostedAfterDueMs / 1000, ' s')}`,
      peer: '—',
      ratio: '—',
      target: 'all posted',
      ...(r.digests.posted === r.digests.due
        ? { verdict: 'met' as const }
        : { verdict: 'missed' as const, note: `${r.digests.due - r.digests.posted} not posted` }),
    },
    {
      item: 1,
      name: `Busy day: watch alerts (${s.watches} watches over ${s.watchIndexes} indexes in ${s.watchChannels} channels): posted, first → last`,
      opsbot: `${r.alerts.posted}/${r.alerts.expected}, ${fmt(r.alerts.firstToLastMs / 1000, ' s')}`,
      peer: '—',
      ratio: '—',
      target: 'all posted',
      verdict: r.alerts.posted >= r.alerts.expected ? 'met' : 'missed',
      note:
        (r.alerts.posted >= r.alerts.expected ? '' : `${r.alerts.expected - r.alerts.posted} not posted; `) +
        `${r.watchStatsCalls} management API stats calls for the watches’ ${s.watchIndexes} indexes`,
    },
    {
      item: 1,
      name: 'Busy day: HTTP 429s Slack answered to the digests’ and alerts’ posts and uploads',
      opsbot: String(r.postingRateLimited),
      peer: '—',
      ratio: '—',
      target: '0',
      ...(r.postingRateLimited === 0 ? { verdict: 'met' as const } : { verdict: 'missed' as const }),
    },
    {
      item: 1,
      name: 'Busy day: HTTP 429s Slack answered in all (each pauses every Web API call of the app for its Retry-After)',
      opsbot: `${r.rateLimited} (views.publish called ${r.homePublishes} times for ${r.homes} Home opens)`,
      peer: '—',
      ratio: '—',
      target: '—',
      verdict: 'info',
      ...(r.rateLimited === 0
        ? {}
        : {
            note: Object.entries(r.rateLimitedMethods)
              .map(([method, n]) => `${method} × ${n}`)
              .join(', '),
          }),
    },
  );
  return rows;
}
