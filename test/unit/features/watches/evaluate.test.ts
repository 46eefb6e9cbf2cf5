import { describe, expect, it } from 'vitest';
import {
  type Check,
  evaluate,
  INITIAL_STATE,
  isSilenced,
  NO_DATA_AFTER,
  type WatchRule,
  WORSE_UPDATE_EVERY_MS,
} from '../../../../src/features/watches/evaluate.ts';
import { parseThreshold } from '../../../../src/features/watches/threshold.ts';
import { findMetric } from '../../../../src/features/watches/watchable.ts';
import type { WatchState } from '../../../../src/store/index.ts';

const T0 = Date.UTC(2026, 10, 24, 10, 0);
const STEP = 300_000;
const above: WatchRule = { direction: 'above', threshold: 250, forChecks: 3 };

/** Runs checks one interval apart; returns every state and the effects of each check. */
function run(values: Array<number | 'fail'>, rule = above, start: WatchState = INITIAL_STATE) {
  let state = start;
  const effects: string[][] = [];
  values.forEach((v, i) => {
    const check: Check =
      v === 'fail'
        ? { kind: 'no_data', reason: 'the management API couldn’t be reached' }
        : { kind: 'value', value: v };
    const next = evaluate(rule, state, check, T0 + i * STEP);
    state = next.state;
    effects.push(next.effects);
  });
  return { state, effects };
}

describe('evaluating a watch', () => {
  it('fires once after N consecutive checks beyond the threshold, dated from the first of them', () => {
    const { state, effects } = run([100, 260, 270, 280, 300, 320]);
    expect(effects).toEqual([[], [], [], ['fire'], [], []]);
    expect(state).toMatchObject({ status: 'firing', incidentSince: T0 + STEP, breaches: 5 });
  });

  it('a dip back below resets the count: no alert for values that only touch the line', () => {
    const { effects } = run([260, 270, 240, 260, 270, 200]);
    expect(effects.flat()).toEqual([]);
  });

  it('recovers only past the margin (hysteresis), for the same N checks', () => {
    const firing = run([300, 300, 300]).state;
    // 245 is below the threshold but inside the 5 % margin: a value teetering on the line.
    const teeter = run([245, 245, 245, 245], above, firing);
    expect(teeter.effects.flat()).toEqual([]);
    expect(teeter.state.status).toBe('firing');
    const back = run([230, 230, 230], above, firing);
    expect(back.effects).toEqual([[], [], ['resolve']]);
    expect(back.state.status).toBe('ok');
  });

  it('below-threshold watches mirror it', () => {
    const rule: WatchRule = { direction: 'below', threshold: 100, forChecks: 1 };
    expect(run([90], rule).effects).toEqual([['fire']]);
    const firing = run([90], rule).state;
    expect(run([103], rule, firing).effects).toEqual([[]]);
    expect(run([106], rule, firing).effects).toEqual([['resolve']]);
  });

  it('no data after a few failed reads, said once; readable again says so', () => {
    const { state, effects } = run(['fail', 'fail', 'fail', 'fail', 'fail']);
    expect(effects.findIndex((e) => e.includes('no_data'))).toBe(NO_DATA_AFTER - 1);
    expect(effects.flat().filter((e) => e === 'no_data')).toHaveLength(1);
    expect(state).toMatchObject({
      status: 'no_data',
      noDataReason: 'the management API couldn’t be reached',
    });
    const back = run([100], above, state);
    expect(back.effects).toEqual([['data_back']]);
    expect(back.state).toMatchObject({ status: 'ok', noDataReason: null, failures: 0 });
  });

  it('a firing watch whose API fails stays firing: it never pretends to be OK', () => {
    const firing = run([300, 300, 300]).state;
    expect(run(['fail', 'fail', 'fail'], above, firing).state.status).toBe('firing');
  });

  it('markedly worse: one threaded update at most every hour', () => {
    const firing = run([300, 300, 300]).state; // told 300 (50 past the line)
    const soon = evaluate(above, firing, { kind: 'value', value: 400 }, T0 + 3 * STEP);
    expect(soon.effects).toEqual([]);
    const later = evaluate(
      above,
      firing,
      { kind: 'value', value: 400 },
      T0 + 2 * STEP + WORSE_UPDATE_EVERY_MS,
    );
    expect(later.effects).toEqual(['worse']);
    const slightly = evaluate(
      above,
      firing,
      { kind: 'value', value: 320 },
      T0 + 2 * STEP + WORSE_UPDATE_EVERY_MS,
    );
    expect(slightly.effects).toEqual([]);
  });

  it('snooze ends by itself; mute holds until unmuted', () => {
    const snoozed = { snoozedUntil: T0 + 3_600_000, mutedBy: null };
    expect(isSilenced(snoozed, T0)).toBe(true);
    expect(isSilenced(snoozed, T0 + 3_600_000)).toBe(false);
    expect(isSilenced({ snoozedUntil: null, mutedBy: 'U0ALICE' }, T0 + 10 * 3_600_000)).toBe(true);
  });
});

describe('thresholds in the metric’s unit', () => {
  const metric = (key: string) => {
    const m = findMetric(key);
    if (m === undefined) throw new Error(key);
    return m;
  };

  it.each([
    ['storage_usage', '500 MB', 500e6],
    ['storage_usage', '2GiB', 2 * 1024 ** 3],
    ['storage_usage', '1024', 1024],
    ['monthly_cost', '$50', 50],
    ['monthly_cost', '49.99', 49.99],
    ['pending_index_count', '10k', 10_000],
    ['pending_index_count', '10,000', 10_000],
    ['p99-query-latency', '250', 250],
  ])('%s: %s is %d', (key, text, value) => {
    expect(parseThreshold(text, metric(key))).toEqual({ ok: true, value });
  });

  it.each([
    ['storage_usage', 'lots', '500 MB'],
    ['monthly_cost', '50 EUR', '$50'],
    ['pending_index_count', '10 MB', 'write it like 10k'],
  ])('%s: %s is refused with an example', (key, text, example) => {
    const result = parseThreshold(text, metric(key));
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.problem).toContain(example);
  });
});
