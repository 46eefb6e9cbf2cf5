// How the management API has been answering this process, for people rather than probes: the Home
// tab says whether the configured credentials work and what went wrong last. Fed by every call the
// features make, so it costs no extra requests.
import type { ManagementClient } from './client.ts';
import { isManagementApiError, type ManagementApiErrorKind } from './errors.ts';

export type ApiHealthSnapshot = {
  /** When a call last succeeded; undefined before the first success. */
  lastSuccessAt: number | undefined;
  /** The last failure, by kind only (its message may quote the API; kinds never carry data). */
  lastError: { kind: ManagementApiErrorKind | 'unexpected'; at: number } | undefined;
};

type ApiHealthState = 'unknown' | 'ok' | 'failing';

export function healthStateOf(snapshot: ApiHealthSnapshot): ApiHealthState {
  const { lastSuccessAt, lastError } = snapshot;
  if (lastError !== undefined && (lastSuccessAt === undefined || lastError.at >= lastSuccessAt))
    return 'failing';
  return lastSuccessAt === undefined ? 'unknown' : 'ok';
}

export type TrackedClient = {
  client: ManagementClient;
  snapshot(): ApiHealthSnapshot;
};

/**
 * The same client, recording each call's outcome. `onStateChange` fires when the API starts or
 * stops failing, so a view of it can refresh without polling. A 404 is an answer about one index,
 * not about the API's health, so it counts as the API answering.
 */
export function trackApiHealth(
  client: ManagementClient,
  clock: () => number,
  onStateChange: (state: ApiHealthState) => void = () => undefined,
): TrackedClient {
  const state: ApiHealthSnapshot = { lastSuccessAt: undefined, lastError: undefined };

  function record(error: unknown): void {
    const before = healthStateOf(state);
    const now = clock();
    if (error === undefined || (isManagementApiError(error) && error.kind === 'not_found'))
      state.lastSuccessAt = now;
    else state.lastError = { kind: isManagementApiError(error) ? error.kind : 'unexpected', at: now };
    const after = healthStateOf(state);
    if (after !== before) onStateChange(after);
  }

  async function tracked<T>(call: () => Promise<T>): Promise<T> {
    try {
      const result = await call();
      record(undefined);
      return result;
    } catch (error) {
      record(error);
      throw error;
    }
  }

  return {
    client: {
      createSearchIndex: (input) => tracked(() => client.createSearchIndex(input)),
      listMessagingAccounts: () => tracked(() => client.listMessagingAccounts()),
      getVectorIndexStats: (id, period) => tracked(() => client.getVectorIndexStats(id, period)),
      drift: () => client.drift(),
      close: () => client.close(),
    },
    snapshot: () => ({ ...state }),
  };
}
