// The shared Store contract: the store runs this same suite on SQLite and on PostgreSQL, so
// features can rely on one set of semantics whichever database is configured.
//
//   storeContract('sqlite (file)', () => openSqliteStore({ path: freshPath() }), {
//     reopen: (store) => openSqliteStore({ path: pathOf(store) }),
//   });
import { afterAll, afterEach, describe } from 'vitest';
import type { Store } from '../../src/store/store.ts';
import { approvalContract } from './contract-approvals.ts';
import { capContract } from './contract-caps.ts';
import { digestRunContract } from './contract-digest-runs.ts';
import { durabilityContract } from './contract-durability.ts';
import { indexContract } from './contract-indexes.ts';
import { mcpTokenContract } from './contract-mcp-tokens.ts';
import { observedContract } from './contract-observed.ts';
import { requestContract } from './contract-requests.ts';
import { stepRunContract } from './contract-steps.ts';
import { subscriptionContract } from './contract-subscriptions.ts';
import { watchIncidentContract } from './contract-watch-incidents.ts';
import { watchContract } from './contract-watches.ts';

export type StoreContractOptions = {
  /**
   * Opens another store on the same database as `store`: a second process or replica while it is
   * open, a restart once it is closed. Omit when the database cannot be shared (':memory:');
   * the tests that need it are then skipped, visibly.
   */
  reopen?: (store: Store) => Promise<Store>;
  /** Runs once after the whole suite (drop a test database, remove a temp folder). */
  cleanup?: () => Promise<void>;
  /** A database migrated only up to `version`, for raw SQL as an older opsbot wrote it; `open` migrates it. */
  legacy?: (version: number) => Promise<LegacyDatabase>;
};

export type LegacyDatabase = { exec(sql: string): Promise<void>; open(): Promise<Store> };

/** What each part of the suite receives. Stores it opens are closed after each test. */
export type ContractContext = {
  /** A store on a new, empty database. */
  open: () => Promise<Store>;
  reopen: ((store: Store) => Promise<Store>) | undefined;
  legacy: ((version: number) => Promise<LegacyDatabase>) | undefined;
};

export function storeContract(
  name: string,
  makeStore: () => Promise<Store>,
  options: StoreContractOptions = {},
): void {
  describe(`Store contract: ${name}`, () => {
    const opened: Store[] = [];
    const track = async (store: Promise<Store>) => {
      const s = await store;
      opened.push(s);
      return s;
    };
    const reopen = options.reopen;
    const ctx: ContractContext = {
      open: () => track(makeStore()),
      reopen: reopen === undefined ? undefined : (store) => track(reopen(store)),
      legacy:
        options.legacy === undefined
          ? undefined
          : async (version) => {
              const database = await (options.legacy as (v: number) => Promise<LegacyDatabase>)(version);
              return { exec: database.exec, open: () => track(database.open()) };
            },
    };

    afterEach(async () => {
      await Promise.all(opened.splice(0).map((s) => s.close()));
    });
    if (options.cleanup !== undefined) afterAll(options.cleanup);

    requestContract(ctx);
    subscriptionContract(ctx);
    digestRunContract(ctx);
    durabilityContract(ctx);
    watchContract(ctx);
    watchIncidentContract(ctx);
    indexContract(ctx);
    observedContract(ctx);
    approvalContract(ctx);
    stepRunContract(ctx);
    capContract(ctx);
    mcpTokenContract(ctx);
  });
}
