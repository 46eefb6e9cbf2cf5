// A watch's check, as pure arithmetic: a value (or an API failure) in, the next state and what the
// channel must be told out. Thresholds, margins and counts live here and nowhere else.
import { isMuted, type WatchControls, type WatchDirection, type WatchState } from '../../store/index.ts';

/** Back past the threshold by this share of it before a recovery counts, so a value on the line doesn't flap. */
const RECOVERY_MARGIN = 0.05;
/** Checks in a row the API can't be read before the watch says "no data". */
export const NO_DATA_AFTER = 3;
/** A firing watch posts at most one threaded update this often, and only when markedly worse. */
export const WORSE_UPDATE_EVERY_MS = 60 * 60_000;
/** "Markedly worse": this many times as far past the threshold as the value last told. */
const WORSE_FACTOR = 1.5;

export type Check = { kind: 'value'; value: number } | { kind: 'no_data'; reason: string };

export type Effect =
  /** Crossed for enough checks: one top-level alert. */
  | 'fire'
  /** Back for enough checks: the alert updated in place, a note in its thread. */
  | 'resolve'
  /** Still firing and markedly worse: a threaded update. */
  | 'worse'
  /** The API couldn't be read for NO_DATA_AFTER checks: one message saying why. */
  | 'no_data'
  /** Readable again after "no data". */
  | 'data_back';

export type WatchRule = { direction: WatchDirection; threshold: number; forChecks: number };

export const INITIAL_STATE: WatchState = {
  status: 'ok',
  breaches: 0,
  breachSince: null,
  recoveries: 0,
  failures: 0,
  incidentSince: null,
  lastValue: null,
  lastCheckedAt: null,
  alert: null,
  notifiedValue: null,
  notifiedAt: null,
  noDataReason: null,
  noDataAlert: null,
  incidentId: null,
};

export const NO_CONTROLS: WatchControls = {
  snoozedUntil: null,
  snoozedBy: null,
  mutedBy: null,
  mutedAt: null,
  mutedUntil: null,
  history: [],
};

function isBeyond(rule: WatchRule, value: number): boolean {
  return rule.direction === 'above' ? value > rule.threshold : value < rule.threshold;
}

/** Back on the safe side by the margin (hysteresis). */
function isRecovered(rule: WatchRule, value: number): boolean {
  const margin = Math.abs(rule.threshold) * RECOVERY_MARGIN;
  return rule.direction === 'above' ? value <= rule.threshold - margin : value >= rule.threshold + margin;
}

export function evaluate(
  rule: WatchRule,
  previous: WatchState,
  check: Check,
  now: number,
): { state: WatchState; effects: Effect[] } {
  const effects: Effect[] = [];
  if (check.kind === 'no_data') {
    const failures = previous.failures + 1;
    const state: WatchState = { ...previous, failures, lastCheckedAt: now };
    if (failures >= NO_DATA_AFTER && previous.noDataReason === null) {
      effects.push('no_data');
      state.noDataReason = check.reason;
    }
    if (failures >= NO_DATA_AFTER && previous.status === 'ok') state.status = 'no_data';
    return { state, effects };
  }

  let state: WatchState = { ...previous, failures: 0, lastValue: check.value, lastCheckedAt: now };
  if (previous.noDataReason !== null) {
    effects.push('data_back');
    state.noDataReason = null;
    if (state.status === 'no_data') state.status = 'ok';
  }
  const value = check.value;
  if (isBeyond(rule, value)) {
    const breaches = state.breaches + 1;
    state = { ...state, breaches, recoveries: 0, breachSince: state.breachSince ?? now };
    if (state.status !== 'firing' && breaches >= rule.forChecks) {
      state = {
        ...state,
        status: 'firing',
        incidentSince: state.breachSince,
        notifiedValue: value,
        notifiedAt: now,
      };
      effects.push('fire');
    } else if (state.status === 'firing' && isMarkedlyWorse(rule, state, value, now)) {
      state = { ...state, notifiedValue: value, notifiedAt: now };
      effects.push('worse');
    }
    return { state, effects };
  }
  state = { ...state, breaches: 0, breachSince: null };
  if (state.status !== 'firing') return { state: { ...state, recoveries: 0 }, effects };
  // Firing: only a value past the margin counts towards recovery; one on the line starts over.
  const recoveries = isRecovered(rule, value) ? state.recoveries + 1 : 0;
  state = { ...state, recoveries };
  if (recoveries >= rule.forChecks) {
    state = { ...state, status: 'ok', recoveries: 0 };
    effects.push('resolve');
  }
  return { state, effects };
}

function isMarkedlyWorse(rule: WatchRule, state: WatchState, value: number, now: number): boolean {
  if (state.notifiedValue === null || state.notifiedAt === null) return false;
  if (now - state.notifiedAt < WORSE_UPDATE_EVERY_MS) return false;
  const told = Math.abs(state.notifiedValue - rule.threshold);
  const nowFar = Math.abs(value - rule.threshold);
  return nowFar >= Math.max(told, Math.abs(rule.threshold) * RECOVERY_MARGIN) * WORSE_FACTOR;
}

/** Whether the channel hears of it now: snoozed or muted watches keep evaluating, quietly. */
export function isSilenced(
  controls: Pick<WatchControls, 'snoozedUntil' | 'mutedBy' | 'mutedUntil'>,
  now: number,
): boolean {
  return isMuted(controls, now) || (controls.snoozedUntil !== null && controls.snoozedUntil > now);
}
