// The records as the management API sends them (spec 2.2 and 2.3): every field the spec names, the
// credentials included, and room for fields it doesn't name. opsbot never sees these types; it
// reads the wire through src/api/records.ts.
import type { MessagingAccount, SearchIndex } from '../../api/records.ts';

type Complete<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

export type WirePoint = { x: string; at: number; y: number };

export type WireSearchIndex = Complete<Omit<SearchIndex, 'secretHints' | 'throughput_vector'>> & {
  token: string;
  read_only_token: string;
  throughput_vector: WirePoint[];
  [extra: string]: unknown;
};

export type WireMessagingAccount = Complete<
  Omit<
    MessagingAccount,
    'secretHints' | 'modifying_state' | 'reserved_type' | 'enterprise' | 'monitoring_enabled'
  >
> & {
  password: string;
  token: string;
  monitoring_enabled: 'true' | 'false';
  modifying_state?: string;
  reserved_type?: string;
  enterprise?: { enabled: boolean; [extra: string]: unknown };
  [extra: string]: unknown;
};
