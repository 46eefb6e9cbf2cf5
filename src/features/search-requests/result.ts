// The create response holds the index's credentials. What opsbot keeps, stores and shows is built
// from an allowlist here; the record itself never leaves the service function that received it.
import type { SearchIndex } from '../../api/index.ts';
import { defineAllowlist, pickAllowed } from '../../secrets/index.ts';
import type { CreatedIndex, LimitsSummary } from '../../store/index.ts';
import { LIMIT_KEYS } from './views/format.ts';

/** Spec 2.2 fields worth keeping. Never `token`, `read_only_token`, or a field the spec doesn't name. */
const CREATED_INDEX_ALLOWLIST = defineAllowlist({
  id: true,
  endpoint: true,
  region: true,
  type: true,
  creation_time: true,
  ...Object.fromEntries(LIMIT_KEYS.map((key) => [key, true as const])),
});

export function toCreatedIndex(record: SearchIndex): CreatedIndex {
  const shown: Record<string, unknown> = pickAllowed(record, CREATED_INDEX_ALLOWLIST);
  const limits: LimitsSummary = {};
  for (const key of LIMIT_KEYS) {
    const value = shown[key];
    if (typeof value === 'number' && Number.isFinite(value)) limits[key] = value;
  }
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return {
    indexId: String(shown.id),
    endpoint: text(shown.endpoint),
    region: text(shown.region),
    type: text(shown.type),
    creationTime: typeof shown.creation_time === 'number' ? shown.creation_time : null,
    limits,
  };
}

/** Masked forms only (`••••` + last 4): enough to tell tokens apart in the console. */
export type TokenHints = { token: string; readOnlyToken: string };

/** The masks the API boundary kept (the tokens themselves never got past it); undefined without a token. */
export function tokenHints(record: SearchIndex): TokenHints | undefined {
  const { token, read_only_token: readOnly } = record.secretHints;
  if (token === undefined) return undefined;
  return { token, readOnlyToken: readOnly ?? NOT_SENT };
}

const NOT_SENT = 'not sent';
