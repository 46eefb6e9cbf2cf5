// The management API's drift counter alone, with a fake client: labels stay bounded whatever the
// API sends.
import { describe, expect, it } from 'vitest';
import type { ManagementClient } from '../../../src/api/client.ts';
import { collectDrift } from '../../../src/metrics/mgmt.ts';
import { createMetrics } from '../../../src/metrics/registry.ts';
import { parsePrometheusText, sampleValue } from '../../support/prometheus-text.ts';

describe('management API drift', () => {
  it('sums drift per record and kind, leaving out field names the API made up', async () => {
    const metrics = createMetrics();
    const client = {
      drift: () => ({
        'messaging_account.plan': { missing: 2 },
        'messaging_account.surprise_field_from_api': { unknown_field: 1 },
        'messaging_account.other_new_field': { unknown_field: 3 },
      }),
    } as Pick<ManagementClient, 'drift'>;
    collectDrift(client, metrics);
    const text = await metrics.registry.metrics();
    const samples = parsePrometheusText(text);
    const drift = (d: string) =>
      sampleValue(samples, 'opsbot_mgmt_api_drift_total', { record: 'messaging_account', drift: d });
    expect(drift('missing')).toBe(2);
    expect(drift('unknown_field')).toBe(4);
    expect(text).not.toContain('surprise_field_from_api');
  });
});
