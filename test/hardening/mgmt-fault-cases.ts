// The faults of issue 8's "Faults (management API) × every command", and what each command must
// show for each: shared by faults-mgmt.test.ts (accounts, create) and faults-mgmt-stats.test.ts.
import type { SimFault } from '../../src/sim/mgmt/index.ts';

export const AUTH =
  'The management API rejected opsbot’s credentials — check MGMT_API_USERNAME / MGMT_API_PASSWORD.';
export const notFound = (what: string) =>
  `The management API answered “not found” (404) for ${what} — check that MGMT_API_URL points at the management API, without /v2.`;
export const RATE_2_MIN = 'The management API is rate-limiting opsbot; try again in 2 minutes.';
export const RATE = 'The management API is rate-limiting opsbot; try again in a minute.';
export const DOWN = 'The management API is unavailable right now; try again in a minute.';
export const LATE = 'The management API didn’t answer in time; try again in a minute.';
export const GARBLED =
  'The management API answered in a form opsbot doesn’t understand; the details are in the log.';
const CHECK = ' Check the console to see whether the index exists before trying again.';
const DOWN_CREATING = `The management API failed while creating the search index, so it may or may not exist.${CHECK}`;
const LATE_CREATING = `The management API didn’t answer in time, so opsbot can’t tell whether the index was created.${CHECK}`;
const GARBLED_CREATING = `The management API answered in a form opsbot doesn’t understand, so the index may exist without opsbot knowing its details.${CHECK}`;

/** What `/ops messaging accounts` shows: an error sentence, or a list (drift the bot absorbs). */
type AccountsOutcome = { says: string } | { lists: string[] };
/** What happens to an approved request: it fails with a sentence (outcome known or not), or is created. */
type CreateOutcome = { fails: string; outcomeUnknown: boolean } | { created: true };

/** The sentence for the statistics call (stats command, digest modal and digest), or none: shown fine. */
type StatsOutcome = { says: string } | { shows: true };

export type Case = {
  name: string;
  fault: SimFault;
  accounts: AccountsOutcome;
  create: CreateOutcome;
  stats: StatsOutcome;
};

export const NO_SUCH_INDEX =
  'The management API has no vector index with that ID — check the ID and try again.';

export const CASES: Case[] = [
  {
    name: '401',
    fault: { status: 401 },
    accounts: { says: AUTH },
    create: { fails: AUTH, outcomeUnknown: false },
    stats: { says: AUTH },
  },
  {
    name: '403',
    fault: { status: 403 },
    accounts: { says: AUTH },
    create: { fails: AUTH, outcomeUnknown: false },
    stats: { says: AUTH },
  },
  {
    name: '404',
    fault: { status: 404 },
    accounts: { says: notFound('the messaging accounts') },
    create: { fails: notFound('the search index'), outcomeUnknown: false },
    stats: { says: NO_SUCH_INDEX },
  },
  {
    name: '429 with Retry-After',
    fault: { status: 429, retryAfter: '120' },
    accounts: { says: RATE_2_MIN },
    create: { fails: RATE_2_MIN, outcomeUnknown: false },
    stats: { says: RATE_2_MIN },
  },
  {
    name: '429 without Retry-After',
    fault: { status: 429 },
    accounts: { says: RATE },
    create: { fails: RATE, outcomeUnknown: false },
    stats: { says: RATE },
  },
  {
    name: '500',
    fault: { status: 500 },
    accounts: { says: DOWN },
    create: { fails: DOWN_CREATING, outcomeUnknown: true },
    stats: { says: DOWN },
  },
  {
    name: '503',
    fault: { status: 503 },
    accounts: { says: DOWN },
    create: { fails: DOWN_CREATING, outcomeUnknown: true },
    stats: { says: DOWN },
  },
  {
    name: 'hang past the timeout',
    fault: { hang: true },
    accounts: { says: LATE },
    create: { fails: LATE_CREATING, outcomeUnknown: true },
    stats: { says: LATE },
  },
  {
    name: 'malformed JSON',
    fault: { malformedJson: true },
    accounts: { says: GARBLED },
    create: { fails: GARBLED_CREATING, outcomeUnknown: true },
    stats: { says: GARBLED },
  },
  {
    name: 'a field opsbot can do without, missing',
    fault: { shape: 'missing-field' },
    accounts: { lists: ['not reported'] },
    create: { created: true },
    stats: { shows: true },
  },
  {
    name: 'a number sent as a string',
    fault: { shape: 'wrong-type' },
    accounts: { lists: ['accounts*'] },
    create: { created: true },
    stats: { shows: true },
  },
  {
    name: 'drifted records (renamed, retyped, nulls, unnamed secrets)',
    fault: { shape: 'drifted' },
    accounts: { lists: ['accounts*', 'not reported'] },
    create: { created: true },
    stats: { shows: true },
  },
  {
    name: 'unreadable (the essential fields gone)',
    fault: { shape: 'unreadable' },
    accounts: { says: GARBLED },
    create: { fails: GARBLED_CREATING, outcomeUnknown: true },
    stats: { says: GARBLED },
  },
  {
    name: 'extra unknown fields',
    fault: { shape: 'extra-fields' },
    accounts: { lists: ['accounts*'] },
    create: { created: true },
    stats: { shows: true },
  },
  {
    name: 'unknown enum values',
    fault: { shape: 'unknown-enum' },
    accounts: { lists: ['migrating', 'ap-southeast-1'] },
    create: { created: true },
    stats: { shows: true },
  },
  {
    name: 'empty array',
    fault: { shape: 'empty-array' },
    accounts: { lists: ['There are no messaging accounts.'] },
    create: { created: true },
    stats: { shows: true },
  },
  {
    name: 'huge array',
    fault: { shape: 'huge-array' },
    accounts: { lists: ['*5000 accounts*', 'Show more'] },
    create: { created: true },
    stats: { shows: true },
  },
];
