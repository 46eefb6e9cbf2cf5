// Checks the store applies before writing, before any SQL, so both databases refuse the same inputs
// with the same errors.
import {
  type DigestSubscriptionInput,
  isRequestState,
  type RequestState,
  type TransitionInput,
  type Weekday,
} from './types.ts';

/** A write carried a credential. The message names the key's path, never its value. */
export class SecretInStoreError extends Error {
  override readonly name = 'SecretInStoreError';
  readonly path: string;

  constructor(path: string) {
    super(
      `refusing to store a secret: the data has a "${path}" field (credentials never go to the database)`,
    );
    this.path = path;
  }
}

/** The input cannot be stored as given (a programming error in the caller, not a user error). */
export class InvalidStoreInputError extends Error {
  override readonly name = 'InvalidStoreInputError';
}

/**
 * A cap counted in the write's own transaction was reached: nothing was written. `count` is what
 * the cap counted (at least `max`).
 */
export class CapReachedError extends Error {
  readonly cap: 'watches_per_channel' | 'pending_per_requester' | 'unapproved_per_day';
  readonly count: number;
  readonly max: number;
  constructor(cap: CapReachedError['cap'], count: number, max: number) {
    super(`cap ${cap} reached: ${count} of ${max}`);
    this.name = 'CapReachedError';
    this.cap = cap;
    this.count = count;
    this.max = max;
  }
}

/** The step run named by a new request is unknown, finished or being finished: the request is not stored. */
export class StepRunGoneError extends Error {
  readonly executionId: string;
  constructor(executionId: string) {
    super(`workflow step run ${executionId} can no longer take a request`);
    this.name = 'StepRunGoneError';
    this.executionId = executionId;
  }
}

/** The database was migrated by a newer opsbot than this one; running on would risk corrupting it. */
export class SchemaTooNewError extends Error {
  override readonly name = 'SchemaTooNewError';
  readonly databaseVersion: number;
  readonly knownVersion: number;

  constructor(databaseVersion: number, knownVersion: number) {
    super(
      `the database schema is at version ${databaseVersion} but this opsbot only knows up to version ` +
        `${knownVersion}; deploy a newer opsbot or point it at another database`,
    );
    this.databaseVersion = databaseVersion;
    this.knownVersion = knownVersion;
  }
}

// Matched loosely (case, `_`, `-`) because a secret under `readOnlyToken` is just as secret.
const SECRET_KEYS = new Set(['token', 'readonlytoken', 'password']);

function isSecretKey(key: string): boolean {
  return SECRET_KEYS.has(key.toLowerCase().replace(/[_-]/g, ''));
}

/** Throws SecretInStoreError when `value` holds a secret-named key at any depth. */
export function assertNoSecrets(value: unknown, path = '$'): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      assertNoSecrets(item, `${path}[${i}]`);
    });
    return;
  }
  for (const [key, inner] of Object.entries(value)) {
    const innerPath = `${path}.${key}`;
    if (isSecretKey(key)) throw new SecretInStoreError(innerPath);
    assertNoSecrets(inner, innerPath);
  }
}

export function fromStates(input: TransitionInput): RequestState[] {
  const from: readonly RequestState[] = typeof input.from === 'string' ? [input.from] : input.from;
  if (from.length === 0) throw new InvalidStoreInputError('a transition needs at least one `from` state');
  for (const state of [...from, input.to]) {
    if (!isRequestState(state)) throw new InvalidStoreInputError(`unknown request state "${String(state)}"`);
  }
  return [...new Set(from)];
}

const LOCAL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const LOCAL_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Validates a subscription and returns its days sorted and without duplicates. */
export function normalizeDays(input: DigestSubscriptionInput): Weekday[] {
  if (!LOCAL_TIME.test(input.localTime)) {
    throw new InvalidStoreInputError(`localTime must be "HH:mm" (24-hour), got "${input.localTime}"`);
  }
  if (input.indexIds.length === 0) throw new InvalidStoreInputError('a digest needs at least one index id');
  const days = [...new Set(input.days)].sort((a, b) => a - b);
  if (days.length === 0) throw new InvalidStoreInputError('a digest needs at least one day');
  for (const day of days) {
    if (!Number.isInteger(day) || day < 0 || day > 6) {
      throw new InvalidStoreInputError(`days are 0 (Sunday) to 6 (Saturday), got ${day}`);
    }
  }
  return days as Weekday[];
}

export function assertLocalDate(localDate: string): void {
  if (!LOCAL_DATE.test(localDate)) {
    throw new InvalidStoreInputError(`localDate must be "YYYY-MM-DD", got "${localDate}"`);
  }
}

export function assertPositiveLease(leaseMs: number): void {
  // Written so that NaN fails too.
  if (!(leaseMs > 0)) throw new InvalidStoreInputError('leaseMs must be positive');
}

export function checkWatch(input: { threshold: number; forChecks: number; direction: string }): void {
  if (!Number.isFinite(input.threshold))
    throw new InvalidStoreInputError('threshold must be a finite number');
  if (!Number.isInteger(input.forChecks) || input.forChecks < 1)
    throw new InvalidStoreInputError('forChecks must be a positive integer');
  if (input.direction !== 'above' && input.direction !== 'below')
    throw new InvalidStoreInputError('direction must be above or below');
}
