// What one account says, as mrkdwn fragments. Every string that came from the API is escaped and cut
// short here, so the views can only ever place safe text.
import type { ShownMessagingAccount } from '../secrets/index.ts';
import { escapeMrkdwn, NOT_REPORTED, truncate } from '../text/mrkdwn.ts';
import { formatAmount, formatBytes, formatCount, formatMillis, formatSeconds, formatWhen } from './format.ts';

/** An account as the views receive it: allowlisted fields, plus a masked token when one exists. */
export type AccountSummary = { account: ShownMessagingAccount; tokenMask?: string };

const UNIT_NOT_STATED = '(unit not stated)';

/** An API string shown as it is: inert, one line, bounded. */
export function apiText(value: string | undefined, max = 60): string {
  if (value === undefined) return NOT_REPORTED;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we flatten
  const line = value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return line === '' ? '(empty)' : escapeMrkdwn(truncate(line, max));
}

// A Map, not an object: a plan the API calls "toString" must not find Object.prototype.toString.
const PLAN_NAMES = new Map([
  ['free', 'Free'],
  ['paid', 'Paid'],
]);

export function planName(type: string | undefined): string {
  if (type === undefined) return `plan ${NOT_REPORTED}`;
  return PLAN_NAMES.get(type) ?? apiText(type, 30);
}

/** `messaging_fixed_10m` → "Fixed 10M", `enterprise:<id>` → "Enterprise"; unknown labels as they are. */
export function reservedLabel(reservedType: string | undefined): string | undefined {
  if (reservedType === undefined || reservedType.trim() === '') return undefined;
  if (reservedType === 'messaging_fixed') return 'Fixed';
  const tier = /^messaging_fixed_(\d+)([kmbt])$/i.exec(reservedType);
  if (tier) return `Fixed ${tier[1]}${tier[2]?.toUpperCase()}`;
  if (reservedType.startsWith('enterprise:')) return 'Enterprise';
  return apiText(reservedType, 40);
}

export function planText(a: ShownMessagingAccount): string {
  const parts = [planName(a.type)];
  const reserved = reservedLabel(a.reserved_type);
  const enterprise = reserved === 'Enterprise' || a.enterprise !== undefined;
  if (reserved !== undefined && reserved !== 'Enterprise') parts.push(reserved);
  if (enterprise) parts.push(a.enterprise?.enabled === false ? 'Enterprise (not enabled)' : 'Enterprise');
  // The spec gives no currency for the reserved price (the budget alone is in dollars).
  if (a.reserved_price !== undefined && a.reserved_price !== 0)
    parts.push(`reserved price ${formatAmount(a.reserved_price)}`);
  return parts.join(' · ');
}

const KNOWN_STATES = new Set(['active', 'passive']);

type StateTone = 'active' | 'passive' | 'changing' | 'unknown';

export function stateTone(a: ShownMessagingAccount): StateTone {
  if (a.modifying_state !== undefined && a.modifying_state.trim() !== '') return 'changing';
  if (a.state === 'active') return 'active';
  if (a.state === 'passive') return 'passive';
  return 'unknown';
}

const TONE_EMOJI: Record<StateTone, string> = {
  active: ':large_green_circle:',
  passive: ':white_circle:',
  changing: ':hourglass_flowing_sand:',
  unknown: ':grey_question:',
};

/** "active — suspension in progress", "passive (active flag: on)", "migrating (unknown state; active flag: off)". */
export function stateText(a: ShownMessagingAccount): string {
  const modifying = a.modifying_state?.trim() ?? '';
  let text = a.state === undefined ? `state ${NOT_REPORTED}` : apiText(a.state, 30);
  if (modifying === 'suspended') text += ' — suspension in progress';
  else if (modifying !== '') text += ` — change in progress (${apiText(modifying, 30)})`;
  const known = a.state !== undefined && KNOWN_STATES.has(a.state);
  const flag = `active flag: ${onOff(a.active)}`;
  if (a.state !== undefined && !known) text += ` (unknown state; ${flag})`;
  else if (known && a.active !== undefined && (a.state === 'active') !== a.active) text += ` (${flag})`;
  return `${TONE_EMOJI[stateTone(a)]} ${text}`;
}

export function budgetText(budget: number | undefined): string {
  if (budget === undefined) return NOT_REPORTED;
  return budget === 0 ? 'no limit' : `$${formatAmount(budget)}/month`;
}

const onOff = (on: boolean | undefined) => (on === undefined ? NOT_REPORTED : on ? 'on' : 'off');

/** The card's text: who, plan, state, money, switches, history. */
export function accountLines(summary: AccountSummary, nowMs: number): string[] {
  const a = summary.account;
  const created = formatWhen(a.creation_time, nowMs);
  const upgraded = formatWhen(a.last_plan_upgrade_time, nowMs);
  const by =
    a.created_by === undefined || a.created_by.trim() === '' ? '' : ` by ${apiText(a.created_by, 80)}`;
  const monitoring = a.monitoring_enabled === undefined ? undefined : a.monitoring_enabled === 'true';
  const switches = [`metrics export ${onOff(monitoring)}`, `prod pack ${onOff(a.prod_pack_enabled)}`];
  if (summary.tokenMask !== undefined) switches.push(`token ${escapeMrkdwn(summary.tokenMask)}`);
  return [
    `*${apiText(a.customer_id, 80)}*  ·  ${planText(a)}`,
    `${stateText(a)}  ·  region ${apiText(a.region, 30)}  ·  budget ${budgetText(a.budget)}`,
    switches.join('  ·  '),
    `${created === undefined ? 'Created (time not given)' : `Created ${created.relative} (${created.absolute})`}${by}`,
    upgraded === undefined
      ? 'Last plan upgrade: none recorded'
      : `Last plan upgrade ${upgraded.relative} (${upgraded.absolute})`,
    `ID \`${apiText(a.id, 64).replace(/`/g, 'ˋ')}\``,
  ];
}

type LimitGroup = { title: string; lines: string[] };

/** The limits, grouped the way a person looks for them. */
export function limitGroups(a: ShownMessagingAccount): LimitGroup[] {
  const n = formatCount;
  return [
    {
      title: 'Messages',
      lines: [
        `max size ${formatBytes(a.max_message_size)}`,
        `requests/day ${n(a.max_requests_per_day)} soft · ${n(a.max_requests_per_day_hard)} hard`,
        `requests/second ${n(a.max_requests_per_second)} · rate limit ${n(a.rate_limit)}`,
      ],
    },
    {
      title: 'Topics & queues',
      lines: [
        `topics ${n(a.max_topics)} · queues ${n(a.max_queues)} · schedules ${n(a.max_schedules)}`,
        `endpoints per topic ${n(a.max_endpoints_per_topic)}`,
      ],
    },
    {
      title: 'Delivery',
      lines: [
        `retries ${n(a.max_retries)} · timeout ${formatSeconds(a.timeout)}`,
        `max delay ${formatSeconds(a.max_delay)}`,
        `parallelism ${n(a.max_parallelism)} per endpoint · ${n(a.max_global_parallelism)} global`,
      ],
    },
    {
      title: 'Dead-letter queue',
      lines: [
        `size ${n(a.max_dlq_size)} ${UNIT_NOT_STATED}`,
        `retention ${formatMillis(a.max_dlq_retention_time_milis)}`,
      ],
    },
    {
      title: 'Completions',
      lines: [
        `tokens ${n(a.max_completion_tokens_per_day)}/day · ${n(a.max_completion_tokens_per_minute)}/minute`,
        `calls ${n(a.max_completions_per_day)}/day · ${n(a.max_completions_per_minute)}/minute`,
      ],
    },
    {
      title: 'Events & retention',
      lines: [
        `events size ${n(a.max_events_size)} ${UNIT_NOT_STATED}`,
        `retention ${n(a.retention)} ${UNIT_NOT_STATED}`,
      ],
    },
  ];
}
