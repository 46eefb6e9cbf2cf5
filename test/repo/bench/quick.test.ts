// The smoke run of `npm run bench -- --quick`: the harness starts the apps as processes of their
// own, plays a short busy day against the simulators, times cold starts and loads the ack path,
// and plays the five-times day at a tiny shape (item 6; items 7 and 8 are the same day again).
// No thresholds here (timing belongs in bench/): it checks that every number was measured, and
// that each side answered as it should.
import { beforeAll, describe, expect, it } from 'vitest';
import { type BenchReport, runBenchmarks } from '../../../bench/harness/bench.ts';
import { ANSWER_KINDS, type AnswerKind } from '../../../bench/harness/day-record.ts';

describe('bench --quick', () => {
  let report: BenchReport;

  beforeAll(async () => {
    report = await runBenchmarks({ quick: true, items: [1, 2, 5, 6] });
  }, 180_000);

  it('plays a busy day: every kind of answer seen, digests and alerts posted, nothing failed', () => {
    const day = report.busyDay;
    if (day === undefined) throw new Error('the busy day did not run');
    expect(day.failures).toEqual([]);
    for (const kind of Object.keys(ANSWER_KINDS) as AnswerKind[]) {
      expect(day.missing[kind], kind).toBe(0);
      expect(day.answers[kind].length, kind).toBeGreaterThan(0);
    }
    // One ack per command and Home open, three more per search request (submit, Approve, decision).
    expect(day.acks).toHaveLength(day.commands + day.homes + 3 * day.answers.approved.length);
    expect(day.digests.posted).toBe(day.digests.due);
    expect(day.alerts.posted).toBe(day.alerts.expected);
    expect(day.watchStatsCalls).toBeGreaterThan(0);
    expect(day.peakRssMiB).toBeGreaterThan(0);
  });

  it('measures the ack path of opsbot and bare Bolt at 10 and 100 concurrent', () => {
    expect(report.ackPath?.map((r) => r.concurrency)).toEqual([10, 100]);
    for (const { runs } of report.ackPath ?? []) {
      for (const stream of [...runs.opsbot, ...runs.bolt, ...runs.boltCard]) {
        expect(stream.ok).toBeGreaterThan(0);
        expect(stream.errors).toBe(0);
        expect(stream.reqPerSec).toBeGreaterThan(0);
        expect(stream.p99Ms).toBeGreaterThan(0);
      }
      // opsbot acks `/ops help` with its card; the bare peer acks empty, and with the same card on /ops-card.
      expect(runs.opsbot[0]?.answerBytes).toBeGreaterThan(100);
      expect(runs.bolt[0]?.answerBytes).toBe(0);
      expect(runs.boltCard[0]?.answerBytes).toBe(runs.opsbot[0]?.answerBytes);
    }
  });

  it('times both cold starts and reads the peak resident set', () => {
    expect(report.coldStart?.opsbotMs[0]).toBeGreaterThan(0);
    expect(report.coldStart?.boltMs[0]).toBeGreaterThan(0);
    expect(report.peaks.some((p) => (p.opsbotMiB ?? 0) > 0)).toBe(true);
  });

  it('plays the larger day at both Home rates and measures each of its figures', () => {
    expect(report.fiveTimes?.map((d) => d.before)).toEqual([undefined, undefined]);
    for (const { after: day } of report.fiveTimes ?? []) {
      expect(day.failures).toEqual([]);
      for (const kind of Object.keys(ANSWER_KINDS) as AnswerKind[])
        expect(day.answers[kind].length, kind).toBeGreaterThan(0);
      expect(day.firstHome.length).toBeGreaterThan(0);
      expect(day.apps).toHaveLength(1);
      expect(day.apps[0]?.peakRssMiB).toBeGreaterThan(0);
      expect(day.apps[0]?.cpuSeconds).toBeGreaterThan(0);
      expect(day.apps[0]?.work?.requests).toBeGreaterThan(0);
      expect(day.usersInfo.people).toBeGreaterThan(0);
      expect(day.slackCalls).toBeGreaterThan(0);
      expect(day.digests).toMatchObject({ missed: 0, duplicates: 0 });
      expect(day.alerts).toMatchObject({ missed: 0, duplicates: 0 });
      expect(Number.isFinite(day.digests.lastPostedAfterDueMs)).toBe(true);
      expect(Number.isFinite(day.alerts.floor.ms)).toBe(true);
    }
  });

  it('puts a measured row for the items run in the table, and nothing else', () => {
    expect(new Set(report.rows.map((r) => r.item))).toEqual(new Set([1, 2, 5, 6]));
    for (const row of report.rows) {
      expect(row.verdict, `${row.name}: ${row.note ?? ''}`).not.toBe('failed');
      expect(row.opsbot).toMatch(/\d/);
    }
  });
});
