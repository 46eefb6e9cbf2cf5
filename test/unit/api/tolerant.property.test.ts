// Records as the spec describes them, then bent the ways real APIs drift: fields dropped or nulled,
// types swapped, new fields (credential-looking ones carrying canaries). For every mutation each
// feature still answers, shows what it could read truthfully, and no canary reaches what it shows
// or logs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DriftLog } from '../../../src/api/drift.ts';
import { readMessagingAccountList, readSearchIndex, readVectorIndexStats } from '../../../src/api/records.ts';
import { listAccountSummaries } from '../../../src/features/messaging-accounts/service.ts';
import { accountsView } from '../../../src/features/messaging-accounts/views.ts';
import { toCreatedIndex, tokenHints } from '../../../src/features/search-requests/result.ts';
import { createdMessage } from '../../../src/features/search-requests/views/messages.ts';
import { detailsMessage } from '../../../src/features/vector-stats/details-view.ts';
import { statsMessage } from '../../../src/features/vector-stats/views.ts';
import { makeMessagingAccount } from '../../../src/sim/mgmt/accounts.ts';
import { makeSearchIndexRecord } from '../../../src/sim/mgmt/search.ts';
import { DEFAULT_VECTOR_INDEXES, makeVectorIndexStats } from '../../../src/sim/mgmt/stats.ts';
import { buildReport } from '../../../src/stats-report/report.ts';
import { aRequest } from '../../support/index-requests.ts';

const NOW = Date.UTC(2026, 10, 24, 12, 0);
const RUNS = { numRuns: 60 };
type Json = Record<string, unknown>;

/** What a drifted field may become. `canary` marks values that must never be shown or logged. */
const mutation = fc.oneof(
  fc.constant({ kind: 'drop' as const }),
  fc.constant({ kind: 'null' as const }),
  fc.constant({ kind: 'string' as const }),
  fc.constant({ kind: 'flip-boolean' as const }),
  fc.constant({ kind: 'float' as const }),
  fc.constant({ kind: 'empty-string' as const }),
  fc.constant({ kind: 'object' as const }),
  fc.string({ minLength: 1, maxLength: 12 }).map((value) => ({ kind: 'enum' as const, value })),
);

type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

function mutate(value: unknown, m: Mutation): unknown {
  switch (m.kind) {
    case 'drop':
      return undefined;
    case 'null':
      return null;
    case 'string':
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
    case 'flip-boolean':
      return typeof value === 'boolean'
        ? String(value)
        : value === 'true'
          ? true
          : value === 'false'
            ? false
            : value;
    case 'float':
      return typeof value === 'number' ? value + 0.5 : value;
    case 'empty-string':
      return '';
    case 'object':
      return { nested: true };
    case 'enum':
      return typeof value === 'string' ? m.value : value;
  }
}

const CANARY_KEYS = ['api_key', 'signing_secret', 'webhook_token', 'admin_password', 'private_key'];

/** A record with some of its non-essential fields mutated and a few unknown fields added. */
function drifted(record: Json, essential: readonly string[]) {
  const fields = Object.keys(record).filter((k) => !essential.includes(k));
  return fc
    .record({
      changes: fc.dictionary(fc.constantFrom(...fields), mutation, { maxKeys: 12 }),
      secrets: fc.subarray(CANARY_KEYS, { minLength: 1 }),
      extra: fc.dictionary(
        fc.stringMatching(/^[a-z][a-z_]{2,15}$/).filter((k) => !(k in record)),
        fc.oneof(fc.integer(), fc.boolean(), fc.string({ maxLength: 8 })),
        { maxKeys: 3 },
      ),
      seq: fc.nat(),
    })
    .map(({ changes, secrets, extra, seq }) => {
      const out: Json = { ...record };
      for (const [field, m] of Object.entries(changes)) {
        const next = mutate(out[field], m);
        if (next === undefined) delete out[field];
        else out[field] = next;
      }
      const canaries = secrets.map((key, i) => `canary-${key}-${seq}-${i}-zq8x`);
      secrets.forEach((key, i) => {
        out[key] = canaries[i];
      });
      return { raw: JSON.parse(JSON.stringify({ ...extra, ...out })) as Json, canaries, changes };
    });
}

function logCollector() {
  const lines: string[] = [];
  const sink = (obj: Record<string, unknown>, msg?: string) => lines.push(JSON.stringify({ ...obj, msg }));
  return { lines, drift: new DriftLog({ debug: sink, info: sink, warn: sink, error: sink }) };
}

function expectNoCanary(text: string, canaries: readonly string[]) {
  for (const canary of canaries) expect(text).not.toContain(canary);
  expect(text).not.toContain('zq8x');
}

describe('tolerant reading, property-tested over drifted records', () => {
  it('messaging accounts: every drifted account is listed, true to what it sent, no canary shown or logged', async () => {
    const base = makeMessagingAccount({ id: 'acct-1', customer_id: 'team@example.com' });
    await fc.assert(
      fc.asyncProperty(drifted(base, ['id']), async ({ raw, canaries }) => {
        const log = logCollector();
        const read = readMessagingAccountList([raw], log.drift);
        if (!read.ok) throw new Error('a list must always read');
        const { summaries, unreadable } = await listAccountSummaries({
          listMessagingAccounts: async () => read.value,
        });
        expect(unreadable).toBe(0);
        expect(summaries).toHaveLength(1);
        const view = accountsView(summaries, NOW, unreadable);
        const page = view.pages[0];
        if (page === undefined) throw new Error('no page');
        const shown = JSON.stringify(view.render(page, { kind: 'ephemeral' }));
        expectNoCanary(shown, canaries);
        expectNoCanary(log.lines.join('\n'), canaries);
        expect(shown).not.toMatch(/\bundefined\b|\bNaN\b/);
        // True to the input: a limit sent as a number is shown as that number; anything that isn't a
        // number (or a numeric string) is "not reported", never a made-up value.
        const topics = raw.max_topics;
        const numeric =
          typeof topics === 'number' || (typeof topics === 'string' && /^-?\d+(\.\d+)?$/.test(topics.trim()));
        const shownTopics = /topics ([^ ·]+(?: reported)?)/.exec(shown)?.[1];
        if (numeric) expect(shownTopics).not.toBe('not reported');
        else expect(shownTopics).toBe('not reported');
        // A change the spec doesn't allow is noted for operators, by field name.
        if (raw.max_topics !== base.max_topics && typeof raw.max_topics !== 'number')
          expect(log.lines.some((l) => l.includes('"field":"max_topics"'))).toBe(true);
      }),
      RUNS,
    );
  });

  it('a created index: the card and the DM say created, with the id and whatever else was readable', () => {
    const base = makeSearchIndexRecord(
      { name: 'catalog', region: 'eu-west-1', type: 'free' },
      'team',
      NOW,
    ) as Json;
    fc.assert(
      fc.property(drifted(base, ['id', 'name']), ({ raw, canaries }) => {
        const log = logCollector();
        const read = readSearchIndex(raw, log.drift);
        if (!read.ok) throw new Error('a record with id and name must read');
        const result = toCreatedIndex(read.value);
        expect(result.indexId).toBe(base.id);
        const message = createdMessage(
          aRequest({ state: 'created', result, decidedBy: 'U0APPROVER' }),
          tokenHints(read.value),
        );
        const shown = JSON.stringify(message);
        expect(shown).toContain(String(base.id));
        expect(shown).not.toMatch(/\bundefined\b|\bNaN\b/);
        expectNoCanary(shown, canaries);
        expectNoCanary(log.lines.join('\n'), canaries);
      }),
      RUNS,
    );
  });

  it('vector index stats: the message and its details answer, no canary, no invented number', () => {
    const base = makeVectorIndexStats('idx-1', '1h', NOW, 1, DEFAULT_VECTOR_INDEXES['idx-1']) as Json;
    fc.assert(
      fc.property(drifted(base, []), ({ raw, canaries }) => {
        const log = logCollector();
        const read = readVectorIndexStats(raw, log.drift);
        if (!read.ok) throw new Error('an object must always read');
        const report = buildReport('idx-1', '1h', read.value);
        const shown = JSON.stringify([
          statsMessage({ report, userId: 'U0REQUESTER' }),
          detailsMessage(report),
        ]);
        expect(shown).not.toMatch(/\bundefined\b|\bNaN\b/);
        expectNoCanary(shown, canaries);
        expectNoCanary(log.lines.join('\n'), canaries);
        // A monthly cost is shown only when the API sent one that reads as a number.
        const cost = raw.monthly_cost;
        if (cost === undefined || cost === null || typeof cost === 'boolean' || typeof cost === 'object')
          expect(read.value.monthly_cost).toBeUndefined();
      }),
      RUNS,
    );
  });

  it('one account without an id is left out and counted; the others are all shown', () => {
    const accounts = [makeMessagingAccount(), makeMessagingAccount(), makeMessagingAccount()] as Json[];
    const { id: _gone, ...idless } = accounts[1] as Json;
    const log = logCollector();
    const read = readMessagingAccountList([accounts[0], idless, accounts[2]], log.drift);
    if (!read.ok) throw new Error('a list must always read');
    expect(read.value.accounts.map((a) => a.id)).toEqual([accounts[0]?.id, accounts[2]?.id]);
    expect(read.value.unreadable).toBe(1);
    expect(log.lines.join('\n')).toContain('"event":"api_record_unreadable"');
    expect(log.lines.join('\n')).toContain('"field":"id"');
  });
});
