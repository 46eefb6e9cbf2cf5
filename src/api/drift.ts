// How far the management API's answers drift from the spec, for operators: each kind of deviation
// is logged once per process per record kind and field, and counted for /readyz. Field names only;
// never a value.
import type { ManagementClientLogger } from './transport.ts';

export type RecordKind = 'messaging_account' | 'search_index' | 'vector_index_stats';

export type DriftKind = 'missing' | 'unexpected_type' | 'unknown_enum_value' | 'unknown_field';

const IN_WORDS: Record<DriftKind, string> = {
  missing: 'lacks a field opsbot reads (shown as "not reported")',
  unexpected_type: 'has a field of another type than the spec says (read where it safely can be)',
  unknown_enum_value: 'has a value the spec does not list (shown as it is)',
  unknown_field: 'has a field the spec does not name (ignored)',
};

/** `{ "messaging_account.password": { "missing": 3 } }`: what /readyz shows under `drift`. */
export type DriftSnapshot = Record<string, Partial<Record<DriftKind, number>>>;

export class DriftLog {
  readonly #logger: ManagementClientLogger | undefined;
  readonly #counts: DriftSnapshot = {};

  constructor(logger: ManagementClientLogger | undefined) {
    this.#logger = logger;
  }

  note(record: RecordKind, field: string, kind: DriftKind): void {
    const key = `${record}.${field}`;
    const counts = this.#counts[key] ?? {};
    this.#counts[key] = counts;
    const first = counts[kind] === undefined;
    counts[kind] = (counts[kind] ?? 0) + 1;
    if (first)
      this.#logger?.warn(
        { event: 'api_drift', record, field, drift: kind },
        `the management API's ${record} record ${IN_WORDS[kind]}`,
      );
  }

  /** Records left out of a list because even their essential fields could not be read. */
  unreadable(record: RecordKind, index: number, field: string, problem: string): void {
    this.#logger?.warn(
      { event: 'api_record_unreadable', record, index, field, problem },
      `a ${record} record could not be read and was left out`,
    );
  }

  snapshot(): DriftSnapshot {
    return structuredClone(this.#counts);
  }
}
