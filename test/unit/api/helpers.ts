import { createServer } from 'node:net';
import {
  createManagementClient,
  type ManagementClient,
  type ManagementClientLogger,
  type ManagementClientOptions,
} from '../../../src/api/index.ts';
import { type ManagementApiSimulator, startManagementApiSimulator } from '../../../src/sim/mgmt/index.ts';

export const USERNAME = 'opsbot-test';
export const PASSWORD = 'fake-mgmt-password-9d41c7e2';
export const ENCODED_CREDENTIALS = Buffer.from(`${USERNAME}:${PASSWORD}`).toString('base64');
/** 2024-05-15 13:37:42.123 UTC: mid-minute, mid-day, so rounding mistakes show. */
export const NOW = Date.UTC(2024, 4, 15, 13, 37, 42, 123);

export interface LogEntry {
  level: 'debug' | 'info' | 'warn' | 'error';
  obj: Record<string, unknown>;
  msg: string | undefined;
}

export interface Harness {
  sim: ManagementApiSimulator;
  client: ManagementClient;
  /** Every wait the client asked for, in order. */
  sleeps: number[];
  logs: LogEntry[];
  /** A client with different options against the same simulator (closed by `close`). */
  clientWith(options: Partial<ManagementClientOptions>): ManagementClient;
  close(): Promise<void>;
}

export async function startHarness(clientOptions: Partial<ManagementClientOptions> = {}): Promise<Harness> {
  const sim = await startManagementApiSimulator({
    username: USERNAME,
    password: PASSWORD,
    now: () => NOW,
    seed: 7,
  });
  const sleeps: number[] = [];
  const logs: LogEntry[] = [];
  const record =
    (level: LogEntry['level']) =>
    (obj: Record<string, unknown>, msg?: string): void => {
      logs.push({ level, obj, msg });
    };
  const logger: ManagementClientLogger = {
    debug: record('debug'),
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
  };
  const clients: ManagementClient[] = [];
  const clientWith = (options: Partial<ManagementClientOptions>) => {
    const client = createManagementClient({
      baseUrl: sim.url,
      username: USERNAME,
      password: PASSWORD,
      timeoutMs: 5_000,
      logger,
      random: () => 0.5,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      ...options,
    });
    clients.push(client);
    return client;
  };
  const client = clientWith(clientOptions);
  return {
    sim,
    client,
    sleeps,
    logs,
    clientWith,
    async close() {
      await sim.close();
      await Promise.all(clients.map((c) => c.close()));
    },
  };
}

/** A local port that was just open and now refuses connections. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${address.port}`;
}

/** Settle a promise into the error it rejected with (fails the test if it resolved). */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the call to fail, but it succeeded');
}
