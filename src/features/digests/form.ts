// The digest modal's values, read and checked without any I/O.
import { DEFAULT_STATS_PERIOD, STATS_PERIODS, type StatsPeriod, statsPeriodSchema } from '../../api/index.ts';
import type { DigestSubscription, Weekday } from '../../store/index.ts';
import { canonicalTimeZone, parseLocalTime } from '../../time/zones.ts';
import { INDEX_ID_MAX, INDEX_ID_RULE, indexIdSchema } from '../../vector-index.ts';
import { ACTION, BLOCK, type BlockId } from './ids.ts';
import { EVERY_DAY, WEEKDAYS } from './schedule.ts';

const DAYS_MODES = ['every', 'weekdays', 'chosen'] as const;
export type DaysMode = (typeof DAYS_MODES)[number];

export const INCLUDE = { accounts: 'accounts', requests: 'requests' } as const;

/** More than this is a reading list, not a digest; the message still copes with more (seeded, or older data). */
export const MAX_INDEXES = 20;
const DEFAULT_PERIOD: StatsPeriod = '1d';
const DEFAULT_TIME = '09:00';

export type DigestSettings = {
  indexIds: string[];
  period: StatsPeriod;
  localTime: string;
  timeZone: string;
  days: Weekday[];
  includeAccounts: boolean;
  includeRequests: boolean;
};

type FormErrors = Partial<Record<BlockId, string>>;
type FormResult = { ok: true; settings: DigestSettings } | { ok: false; errors: FormErrors };

export function daysModeOf(days: readonly Weekday[]): DaysMode {
  const set = new Set(days);
  if (set.size === 7) return 'every';
  if (set.size === 5 && WEEKDAYS.every((d) => set.has(d))) return 'weekdays';
  return 'chosen';
}

function indexProblem(ids: readonly string[]): string | undefined {
  if (ids.length === 0) return 'Choose at least one vector index.';
  if (ids.length > MAX_INDEXES)
    return `A digest covers at most ${MAX_INDEXES} indexes; you entered ${ids.length}.`;
  const bad = ids.filter((id) => !indexIdSchema.safeParse(id).success);
  if (bad.length === 0) return undefined;
  // Error texts are plain text in the modal: no escaping needed, but keep them short.
  const shown = bad.slice(0, 3).map((id) => `"${id.length > INDEX_ID_MAX ? `${id.slice(0, 20)}…` : id}"`);
  const rule = INDEX_ID_RULE.replace(/`/g, '');
  return `${shown.join(', ')}${bad.length > 3 ? ` and ${bad.length - 3} more` : ''} ${bad.length === 1 ? 'is not' : 'are not'} a valid ID (${rule}).`;
}

/** `view.state.values`: block id → action id → the element's state (Slack's ViewStateValue). */
export type StateValues = { readonly [blockId: string]: { readonly [actionId: string]: object } | undefined };

const stateOf = (values: StateValues, block: BlockId) =>
  values[block]?.[ACTION.value] as Record<string, unknown> | undefined;

function text(values: StateValues, block: BlockId): string {
  const v = stateOf(values, block)?.value;
  return typeof v === 'string' ? v : '';
}

function selected(values: StateValues, block: BlockId): string | undefined {
  const option = stateOf(values, block)?.selected_option as { value?: unknown } | null | undefined;
  return typeof option?.value === 'string' ? option.value : undefined;
}

function selectedMany(values: StateValues, block: BlockId): string[] {
  const options = stateOf(values, block)?.selected_options;
  if (!Array.isArray(options)) return [];
  return options
    .map((o) => (o as { value?: unknown }).value)
    .filter((v): v is string => typeof v === 'string');
}

/** Reads `view.state.values` as Slack sends it on submission; every field is checked. */
export function parseDigestForm(values: StateValues): FormResult {
  const errors: FormErrors = {};

  // Chosen in the type-ahead: each option's value is an index id (a name was resolved as it was offered).
  const indexIds = [...new Set(selectedMany(values, BLOCK.indexes))];
  const idProblem = indexProblem(indexIds);
  if (idProblem) errors[BLOCK.indexes] = idProblem;

  const period = statsPeriodSchema.safeParse(selected(values, BLOCK.period) ?? DEFAULT_PERIOD);
  if (!period.success) errors[BLOCK.period] = `Choose one of ${STATS_PERIODS.join(', ')}.`;

  const rawTime = stateOf(values, BLOCK.time)?.selected_time;
  const localTime = typeof rawTime === 'string' ? rawTime : '';
  if (parseLocalTime(localTime) === undefined)
    errors[BLOCK.time] = 'Pick the time of day the digest is posted.';

  const rawZone = text(values, BLOCK.zone).trim();
  const timeZone = canonicalTimeZone(rawZone);
  if (timeZone === undefined) {
    errors[BLOCK.zone] =
      rawZone === ''
        ? 'Enter a time zone such as Europe/Berlin or America/New_York.'
        : `"${rawZone.slice(0, 40)}" is not a known time zone — use an IANA name such as Europe/Berlin, America/New_York or UTC.`;
  }

  const mode = (selected(values, BLOCK.days) ?? 'every') as DaysMode;
  let days: Weekday[] = [...EVERY_DAY];
  if (mode === 'weekdays') days = [...WEEKDAYS];
  else if (mode === 'chosen') {
    days = selectedMany(values, BLOCK.chosenDays)
      .map(Number)
      .filter((d): d is Weekday => Number.isInteger(d) && d >= 0 && d <= 6);
    if (days.length === 0)
      errors[BLOCK.chosenDays] = 'Tick at least one day, or choose "Every day" or "Weekdays".';
  } else if (mode !== 'every') errors[BLOCK.days] = 'Choose every day, weekdays or chosen days.';

  const include = selectedMany(values, BLOCK.include);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    settings: {
      indexIds,
      period: period.success ? period.data : DEFAULT_STATS_PERIOD,
      localTime,
      timeZone: timeZone as string,
      days: [...new Set(days)].sort((a, b) => a - b),
      includeAccounts: include.includes(INCLUDE.accounts),
      includeRequests: include.includes(INCLUDE.requests),
    },
  };
}

/** What the modal shows first: the channel's saved digest, or defaults with the user's own zone. */
export function initialSettings(
  existing: DigestSubscription | undefined,
  userZone: string | undefined,
): DigestSettings {
  if (existing) {
    const period = statsPeriodSchema.safeParse(existing.period);
    return {
      indexIds: existing.indexIds,
      period: period.success ? period.data : DEFAULT_PERIOD,
      localTime: existing.localTime,
      timeZone: existing.timeZone,
      days: existing.days,
      includeAccounts: existing.includeAccounts,
      includeRequests: existing.includeRequests,
    };
  }
  return {
    indexIds: [],
    period: DEFAULT_PERIOD,
    localTime: DEFAULT_TIME,
    timeZone: (userZone !== undefined ? canonicalTimeZone(userZone) : undefined) ?? 'UTC',
    days: [...EVERY_DAY],
    includeAccounts: true,
    includeRequests: true,
  };
}
