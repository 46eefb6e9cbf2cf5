// Management API calls by operation and outcome (the client's own error kinds), their duration,
// and the drift the client has seen, read from its counts at scrape time. A wrapper over the client
// interface: the client itself does not know it is measured.
import type { ManagementClient } from '../api/client.ts';
import type { DriftKind } from '../api/drift.ts';
import { isManagementApiError } from '../api/errors.ts';
import { type Metrics, secondsSince } from './registry.ts';

export function instrumentManagementClient(client: ManagementClient, metrics: Metrics): ManagementClient {
  async function timed<T>(operation: string, call: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      const result = await call();
      metrics.mgmtCalls.inc({ operation, outcome: 'ok' });
      return result;
    } catch (error) {
      metrics.mgmtCalls.inc({ operation, outcome: isManagementApiError(error) ? error.kind : 'unexpected' });
      throw error;
    } finally {
      metrics.mgmtSeconds.observe({ operation }, secondsSince(started));
    }
  }
  return {
    createSearchIndex: (input) => timed('createSearchIndex', () => client.createSearchIndex(input)),
    listMessagingAccounts: () => timed('listMessagingAccounts', () => client.listMessagingAccounts()),
    getVectorIndexStats: (id, period) =>
      timed('getVectorIndexStats', () => client.getVectorIndexStats(id, period)),
    drift: () => client.drift(),
    close: () => client.close(),
  };
}

/**
 * The client counts drift per record field; the field part is dropped here, since an unknown field's
 * name comes from the API and would make the label set unbounded.
 */
export function collectDrift(client: Pick<ManagementClient, 'drift'>, metrics: Metrics): void {
  const counter = metrics.mgmtDrift;
  // prom-client calls this before each scrape; the totals replace the previous ones.
  (counter as unknown as { collect: () => void }).collect = () => {
    const totals = new Map<string, { record: string; drift: string; n: number }>();
    for (const [key, kinds] of Object.entries(client.drift())) {
      const record = key.split('.')[0] ?? 'unknown';
      for (const [drift, n] of Object.entries(kinds) as Array<[DriftKind, number]>) {
        const total = totals.get(`${record} ${drift}`) ?? { record, drift, n: 0 };
        total.n += n;
        totals.set(`${record} ${drift}`, total);
      }
    }
    counter.reset();
    for (const { record, drift, n } of totals.values()) counter.inc({ record, drift }, n);
  };
}
