// The smoke run of `npm run bench -- --quick`: the harness starts both apps, loads them from its
// own process and times their starts. No thresholds here (timing belongs in bench/): it checks
// that every number of items 1 and 6 was measured, and that each side answered as it should.
import { beforeAll, describe, expect, it } from 'vitest';
import { type BenchReport, runBenchmarks } from '../../bench/harness/bench.ts';

describe('bench --quick', () => {
  let report: BenchReport;

  beforeAll(async () => {
    report = await runBenchmarks({ quick: true, items: [1, 6] });
  }, 60_000);

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

  it('puts a measured row for items 1 and 6 in the table, and nothing else', () => {
    expect(new Set(report.rows.map((r) => r.item))).toEqual(new Set([1, 6]));
    for (const row of report.rows) {
      expect(row.verdict, `${row.name}: ${row.note ?? ''}`).not.toBe('failed');
      expect(row.opsbot).toMatch(/\d/);
    }
  });
});
