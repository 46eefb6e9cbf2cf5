// The create response holds the index's credentials. What opsbot keeps, stores and shows is built
// from an allowlist here; the record itself never leaves the service function that received it.
import type { SearchIndex } from '../../api/index.ts';
import { defineAllowlist, maskSecret, pickAllowed } from '../../secrets/index.ts';
import type { CreatedIndex, LimitsSummary } from '../../store/index.ts';
import { LIMIT_KEYS } from './format.ts';

/** Spec 2.2 fields worth keeping. Never `token`, `read_only_token`, or a field the spec doesn't name. */
export const CREATED_INDEX_ALLOWLIST = defineAllowlist({
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
  return {
    indexId: String(shown.id),
    endpoint: String(shown.endpoint),
    region: String(shown.region),
    type: String(shown.type),
    creationTime: Number(shown.creation_time),
    limits,
  };
}

/** Masked forms only (`••••` + last 4): enough to tell tokens apart in the console. */
export type TokenHints = { token: string; readOnlyToken: string };

export function tokenHints(record: SearchIndex): TokenHints {
  return { token: maskSecret(record.token), readOnlyToken: maskSecret(record.read_only_token) };
}
