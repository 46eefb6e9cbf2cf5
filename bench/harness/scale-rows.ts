// The rows of items 6–8. With `--app` each row shows this checkout under "opsbot", the earlier
// one under "peer / baseline" and after ÷ before as the ratio; the verdict is this checkout's.
import type { BusyDayResult } from './busy-day.ts';
import { ANSWER_KINDS, type AnswerKind } from './day-record.ts';
import { fmt, fmtRatio, percentile, ratio } from './numbers.ts';
import { queueFloor, type RateFloor } from './rate-floor.ts';
import type { ReplicasDay, Sides } from './scale-items.ts';
import { atMost, type Judgement, type Row } from './table.ts';

export const SCALE_PEAK_RSS_MAX_MIB = 256;
export const SCALE_ANSWER_P99_MAX_MS = 1_000;
/** A first Home tab beside the floor views.publish's tier sets: p99 this much past it, nobody past the next. */
export const FIRST_TAB_OVER_FLOOR_P99_MAX_MS = 3_000;
export const FIRST_TAB_OVER_FLOOR_MAX_MS = 10_000;
/** Digests and alerts finished within this multiple of the floor Slack's rate limits set. */
export const FLOOR_RATIO_MAX = 1.2;
export const USERS_INFO_PER_PERSON_MAX = 1;
export const SLOWEST_STATEMENT_MAX_MS = 100;

/** A figure of a day: its value (for the ratio and the verdict) and how it reads. */
type Figure<T> = (day: T) => { value: number; text: string };

const ms = (v: number) => (v >= 10_000 ? fmt(v / 1000, ' s') : fmt(v, ' ms'));
const every = (r: BusyDayResult) => (Object.keys(ANSWER_KINDS) as AnswerKind[]).flatMap((k) => r.answers[k]);
const unanswered = (r: BusyDayResult) =>
  (Object.keys(ANSWER_KINDS) as AnswerKind[]).reduce((n, k) => n + r.missing[k], 0) + r.failures.length;
const p99: (values: (r: BusyDayResult) => number[]) => Figure<BusyDayResult> = (values) => (r) => {
  const v = values(r);
  const value = percentile(v, 0.99);
  return { value, text: `${ms(value)} (${v.length})` };
};

function row<T>(
  item: number,
  name: string,
  sides: Sides<T>,
  figure: Figure<T>,
  target: string,
  judge: (value: number, day: T) => Judgement,
): Row {
  const after = figure(sides.after);
  const before = sides.before === undefined ? undefined : figure(sides.before);
  return {
    item,
    name,
    opsbot: after.text,
    peer: before?.text ?? '—',
    ratio: before === undefined ? '—' : fmtRatio(ratio(after.value, before.value)),
    target,
    ...judge(after.value, sides.after),
  };
}

const info = (): Judgement => ({ verdict: 'info' });
const zero = (value: number): Judgement =>
  value === 0 ? { verdict: 'met' } : { verdict: 'missed', note: `${value}` };
const byMethod = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([m, n]) => `${m} ${n}`)
    .join(', ') || 'none';

/**
 * A floor under a second counts as a second: the scheduler looks once a second, and Slack's
 * per-channel rate is a post a second, so no fan-out can be judged against less.
 */
const FLOOR_MIN_MS = 1_000;

/** "114 s = 142× the floor of 0.80 s": the measured time beside the floor, as a ratio. */
function againstFloor(measuredMs: number, rateFloor: RateFloor): { value: number; text: string } {
  const floorMs = Math.max(rateFloor.ms, FLOOR_MIN_MS);
  const times = measuredMs / floorMs;
  const floor =
    rateFloor.ms < FLOOR_MIN_MS ? `${ms(rateFloor.ms)}, taken as ${ms(FLOOR_MIN_MS)}` : ms(floorMs);
  return { value: times, text: `${ms(measuredMs)} = ${fmt(times, '×')} the floor (${floor})` };
}

const floorNote = (tally: BusyDayResult['digests'] | BusyDayResult['alerts']) =>
  `floor bound by ${tally.floor.boundBy}; with the workspace-wide chat.postMessage figure the pacer assumes, ${ms(tally.floorWithWorkspace.ms)} (${tally.floorWithWorkspace.boundBy}); ${tally.posted}/${tally.expected} posted, ${tally.duplicates} twice or more`;

/** Each first opener's wait (one that never got a tab: the day's answer timeout) and its floor. */
function firstTabs(r: BusyDayResult): { waits: number[]; floors: number[] } {
  const floors = queueFloor(
    'views.publish',
    r.firstOpens.map((o) => o.sentAt),
  );
  return { waits: r.firstOpens.map((o) => o.ms ?? r.answerTimeoutMs), floors };
}

/** Item 6: one day of the five-times shape. */
export function fiveTimesRows(sides: Sides<BusyDayResult>): Row[] {
  const s = sides.after.shape as BusyDayResult['shape'] & { homesPerSec: number; commandsPerSec: number };
  const at = `5× (Home ${s.homesPerSec}/s)`;
  const rows: Row[] = [
    row(
      6,
      `${at}: peak resident set (VmHWM, all threads), one process, SQLite`,
      sides,
      peak,
      `≤ ${SCALE_PEAK_RSS_MAX_MIB} MiB`,
      (v) => atMost(v, SCALE_PEAK_RSS_MAX_MIB),
    ),
    row(
      6,
      `${at}: signed request → visible answer (no API wait), every kind together`,
      sides,
      p99(every),
      `p99 ≤ ${ms(SCALE_ANSWER_P99_MAX_MS)}`,
      (v) => atMost(v, SCALE_ANSWER_P99_MAX_MS),
    ),
  ];
  for (const kind of Object.keys(ANSWER_KINDS) as AnswerKind[])
    rows.push(
      row(
        6,
        `${at}: ${ANSWER_KINDS[kind]}`,
        sides,
        p99((r) => r.answers[kind]),
        `p99 ≤ ${ms(SCALE_ANSWER_P99_MAX_MS)}`,
        (v) => atMost(v, SCALE_ANSWER_P99_MAX_MS),
      ),
    );
  rows.push(
    row(
      6,
      `${at}: requests that failed or got no answer (429s waited out)`,
      sides,
      (r) => ({ value: unanswered(r), text: String(unanswered(r)) }),
      '0',
      zero,
    ),
    row(
      6,
      `${at}: Home opens never answered`,
      sides,
      (r) => ({
        value: r.missing.home,
        text: `${r.missing.home} of ${r.homes} (${r.currentTabs} reopened within 15 minutes of their last tab, which the app keeps current)`,
      }),
      '0',
      zero,
    ),
    row(
      6,
      `${at}: first Home tab of each person who opened it, beside the floor views.publish's tier sets for that many first tabs`,
      sides,
      (r) => {
        const { waits, floors } = firstTabs(r);
        const [value, floor] = [percentile(waits, 0.99), percentile(floors, 0.99)];
        return { value: value - floor, text: `p99 ${ms(value)}, floor p99 ${ms(floor)} (${waits.length})` };
      },
      `p99 ≤ floor + ${ms(FIRST_TAB_OVER_FLOOR_P99_MAX_MS)}`,
      (v) => atMost(v, FIRST_TAB_OVER_FLOOR_P99_MAX_MS),
    ),
    row(
      6,
      `${at}: the longest any first opener waited past their floor (no tab at all: the day's whole wait)`,
      sides,
      (r) => {
        const { waits, floors } = firstTabs(r);
        const value = Math.max(0, ...waits.map((w, i) => w - (floors[i] ?? 0)));
        return { value, text: ms(value) };
      },
      `≤ ${ms(FIRST_TAB_OVER_FLOOR_MAX_MS)}`,
      (v) => atMost(v, FIRST_TAB_OVER_FLOOR_MAX_MS),
    ),
    row(
      6,
      `${at}: \`users.info\` calls per person over the day (most for one person)`,
      sides,
      (r) => ({
        value: r.usersInfo.maxPerPerson,
        text: `${r.usersInfo.maxPerPerson} (${r.usersInfo.calls} calls for ${r.usersInfo.people} people)`,
      }),
      `≤ ${USERS_INFO_PER_PERSON_MAX}`,
      (v) => atMost(v, USERS_INFO_PER_PERSON_MAX),
    ),
    row(
      6,
      `${at}: HTTP 429s Slack answered, by method`,
      sides,
      (r) => ({
        value: r.rateLimited,
        text: `${r.rateLimited} (${byMethod(r.rateLimitedMethods)}); views.publish ${r.homePublishes} calls for ${r.homes} opens`,
      }),
      '—',
      info,
    ),
    row(
      6,
      `${at}: digests and alerts together, the digests' due time → the last of either posted, against the floor of all their posts`,
      sides,
      (r) => {
        const measured = r.together.lastAt - Math.min(r.digests.dueAt, r.together.firstAt);
        return againstFloor(measured, r.together.floor);
      },
      `≤ ${FLOOR_RATIO_MAX}× the floor`,
      (v, r) => ({
        ...atMost(v, FLOOR_RATIO_MAX),
        note: `floor bound by ${r.together.floor.boundBy}, with the workspace-wide chat.postMessage figure the app's pacer assumes (Slack publishes none); the alerts fall due 10 s after the digests and again each check cycle, so the floor is a lower bound`,
      }),
    ),
    row(
      6,
      `${at}: digests, due → last posted, against Slack's floor`,
      sides,
      (r) => againstFloor(r.digests.lastPostedAfterDueMs, r.digests.floor),
      'information',
      (_v, r) => ({ verdict: 'info', note: floorNote(r.digests) }),
    ),
    row(
      6,
      `${at}: alerts, first → last, against Slack's floor`,
      sides,
      (r) => againstFloor(r.alerts.firstToLastMs, r.alerts.floor),
      'information',
      (_v, r) => ({ verdict: 'info', note: floorNote(r.alerts) }),
    ),
  );
  return rows;
}

const peak: Figure<BusyDayResult> = (r) => ({
  value: r.peakRssMiB ?? Number.NaN,
  text: fmt(r.peakRssMiB ?? Number.NaN, ' MiB'),
});

/** Item 7: ten times the day on replicas sharing PostgreSQL. */
/** Items 7 and 9: the day at `times` its size on replicas sharing PostgreSQL. */
export function replicasRows(sides: Sides<ReplicasDay>, item = 7, times = 10): Row[] {
  const n = sides.after.apps.length;
  const at = `${times}× on ${n} replicas`;
  const perReplica =
    (f: (a: ReplicasDay['apps'][number]) => number | undefined, unit = '') =>
    (r: ReplicasDay) =>
      r.apps.map((a) => fmt(f(a) ?? Number.NaN, unit)).join(' / ');
  const once = (which: 'digests' | 'alerts') => (r: ReplicasDay) => ({
    value: r[which].duplicates + r[which].missed,
    text: `${r[which].posted}/${r[which].expected} posted; ${r[which].duplicates} twice or more, ${r[which].missed} never`,
  });
  const rows: Row[] = [
    row(
      item,
      `${at}: peak resident set of each replica (VmHWM)`,
      sides,
      (r) => ({ value: r.peakRssMiB ?? Number.NaN, text: perReplica((a) => a.peakRssMiB, ' MiB')(r) }),
      `each ≤ ${SCALE_PEAK_RSS_MAX_MIB} MiB`,
      (v) => atMost(v, SCALE_PEAK_RSS_MAX_MIB),
    ),
    row(
      item,
      `${at}: every digest exactly once (the simulator's record)`,
      sides,
      once('digests'),
      '0 twice, 0 never',
      zero,
    ),
    row(
      item,
      `${at}: every alert exactly once (the simulator's record)`,
      sides,
      once('alerts'),
      '0 twice, 0 never',
      zero,
    ),
    row(
      item,
      `${at}: each replica's share — Slack requests / digests posted / watch checks / CPU s / its event loop's delay p99, max`,
      sides,
      (r) => ({
        value: Number.NaN,
        text: r.apps
          .map((a) =>
            a.endedEarly !== undefined
              ? a.endedEarly
              : `${a.work ? `${a.work.requests} / ${a.work.digestsPosted} / ${a.work.watchChecks}` : 'n/a'} / ${fmt(a.cpuSeconds ?? Number.NaN)}${a.work ? ` / ${ms(a.work.loopDelayMs.p99)}, ${ms(a.work.loopDelayMs.max)}` : ''}`,
          )
          .join(' · '),
      }),
      'no replica idle',
      info,
    ),
    row(
      item,
      `${at}: signed request → visible answer, every kind together`,
      sides,
      p99(every),
      `p99 ≤ ${ms(SCALE_ANSWER_P99_MAX_MS)}`,
      (v) => atMost(v, SCALE_ANSWER_P99_MAX_MS),
    ),
    ...(Object.keys(ANSWER_KINDS) as AnswerKind[]).map((kind) =>
      row(
        item,
        `${at}: ${ANSWER_KINDS[kind]}`,
        sides,
        p99((r) => r.answers[kind]),
        'information',
        info,
      ),
    ),
    // The harness hosts the simulators and times every answer: a long delay of its own is in each
    // answer's time too, and is not the app's.
    row(
      item,
      `${at}: the harness's own event-loop delay (it hosts the simulators and times the answers)`,
      sides,
      (r) => ({
        value: r.harnessLoopDelayMs.p99,
        text: `p99 ${ms(r.harnessLoopDelayMs.p99)}, max ${ms(r.harnessLoopDelayMs.max)}`,
      }),
      'information',
      info,
    ),
    row(
      item,
      `${at}: the slowest statement the database saw`,
      sides,
      (r) => ({
        value: r.database.slowest?.ms ?? 0,
        text: `${ms(r.database.slowest?.ms ?? 0)}; ${fmt(r.database.perSecond)} ${r.database.counted}/s over ${fmt(r.database.seconds, ' s')}`,
      }),
      `≤ ${ms(SLOWEST_STATEMENT_MAX_MS)}`,
      (v, r) => ({
        ...atMost(v, SLOWEST_STATEMENT_MAX_MS),
        note: r.database.slowest
          ? `${r.database.slowest.how}: ${r.database.slowest.query}`
          : 'no statement of the replicas seen running',
      }),
    ),
    row(
      item,
      `${at}: digests and alerts together, the digests' due time → the last of either posted, against the floor of all their posts`,
      sides,
      (r) =>
        againstFloor(r.together.lastAt - Math.min(r.digests.dueAt, r.together.firstAt), r.together.floor),
      `≤ ${FLOOR_RATIO_MAX}× the floor`,
      (v, r) => ({ ...atMost(v, FLOOR_RATIO_MAX), note: `floor bound by ${r.together.floor.boundBy}` }),
    ),
    row(
      item,
      `${at}: HTTP 429s Slack answered, by method`,
      sides,
      (r) => ({ value: r.rateLimited, text: `${r.rateLimited} (${byMethod(r.rateLimitedMethods)})` }),
      '0',
      zero,
    ),
  ];
  // Item 9 is information: twenty times the day on five replicas of a 2-core machine.
  return item === 9 ? rows.map((r) => ({ ...r, verdict: 'info' as const })) : rows;
}

/** Work a day did: commands, Home opens, digests posted and alerts posted. */
const units = (r: BusyDayResult) => r.commands + r.homes + r.digests.posted + r.alerts.posted;
const cpu = (r: BusyDayResult) => r.apps.reduce((s, a) => s + (a.cpuSeconds ?? Number.NaN), 0);

/** Item 8: peak RSS, CPU and Slack calls per unit of work, at each multiple. */
export function growthRows(points: readonly { times: number; sides: Sides<BusyDayResult> }[]): Row[] {
  const base = points[0]?.sides;
  const perUnit = (f: (r: BusyDayResult) => number) => (r: BusyDayResult) => f(r) / units(r);
  const growth = (f: (r: BusyDayResult) => number) => (r: BusyDayResult) =>
    base === undefined ? '' : `, ${fmtRatio(ratio(f(r), f(base.after)))} of 1×`;
  return points.flatMap(({ times, sides }) => [
    row(
      8,
      `${times}×: peak resident set (one process)`,
      sides,
      (r) => ({
        value: r.peakRssMiB ?? Number.NaN,
        text: `${fmt(r.peakRssMiB ?? Number.NaN, ' MiB')}${growth((d) => d.peakRssMiB ?? Number.NaN)(r)}`,
      }),
      '—',
      info,
    ),
    row(
      8,
      `${times}×: CPU seconds (all threads), and per unit of work`,
      sides,
      (r) => ({
        value: cpu(r),
        text: `${fmt(cpu(r), ' s')}; ${fmt(perUnit(cpu)(r) * 1000, ' ms')} per unit${growth(perUnit(cpu))(r)}`,
      }),
      '—',
      info,
    ),
    row(
      8,
      `${times}×: Slack Web API calls per unit of work (commands, Home opens, digests, alerts)`,
      sides,
      (r) => ({
        value: perUnit((d) => d.slackCalls)(r),
        text: `${fmt(perUnit((d) => d.slackCalls)(r))} (${r.slackCalls} calls for ${units(r)} units)${growth(perUnit((d) => d.slackCalls))(r)}`,
      }),
      'flat',
      info,
    ),
  ]);
}
