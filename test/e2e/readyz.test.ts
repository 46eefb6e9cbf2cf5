// GET /readyz is what a load balancer asks before routing Slack's requests to a replica: ready
// means the store answers. GET /healthz stays 200 meanwhile — the process is alive, and restarting
// it would not bring the database back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import {
  createTestSchema,
  type DatabaseProxy,
  FAKE_DB_PASSWORD,
  startDatabaseProxy,
  TEST_DATABASE_URL,
  type TestSchema,
} from './database-support.ts';

async function probe(url: string, path: '/readyz' | '/healthz') {
  const res = await fetch(`${url}${path}`);
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    body: JSON.parse(text) as { ok: boolean; store?: string },
    text,
  };
}

describe('e2e: /readyz on the embedded SQLite store', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace();
  });
  afterAll(async () => {
    await ws?.stop();
  });

  it('is 200 while the store answers and 503 with the reason once it is closed', async () => {
    expect(await probe(ws.url, '/readyz')).toMatchObject({
      status: 200,
      type: 'application/json',
      body: { ok: true, store: 'ok' },
    });
    await ws.store.close();
    expect(await probe(ws.url, '/readyz')).toMatchObject({
      status: 503,
      body: { ok: false, store: 'the store is closed' },
    });
    expect(await probe(ws.url, '/healthz')).toMatchObject({ status: 200, body: { ok: true } });
  });
});

describe.skipIf(TEST_DATABASE_URL === undefined)('e2e: /readyz on PostgreSQL', () => {
  let schema: TestSchema;
  let proxy: DatabaseProxy;
  let ws: SimulatedWorkspace;
  let other: { url: string };

  beforeAll(async () => {
    schema = await createTestSchema();
    proxy = await startDatabaseProxy();
    ws = await startSimulatedWorkspace({ env: { DATABASE_URL: proxy.via(schema.urlFor()) } });
    other = await ws.startAnotherInstance();
  });
  afterAll(async () => {
    await ws?.stop();
    await proxy?.close();
    await schema?.drop();
  });

  it('is 200 on every replica while the database answers', async () => {
    for (const url of [ws.url, other.url]) {
      expect(await probe(url, '/readyz')).toMatchObject({ status: 200, body: { ok: true, store: 'ok' } });
    }
  });

  it('is 503 naming host and port, never the password, when the database port is closed', async () => {
    await proxy.close();
    const ready = await probe(ws.url, '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({
      ok: false,
      reason: 'store unavailable',
      slack: 'ok',
      mgmt: 'ok',
      drift: expect.any(Object),
      store: expect.stringMatching(
        new RegExp(`^PostgreSQL at 127\\.0\\.0\\.1:${proxy.port}/\\w+ is not answering: .*ECONNREFUSED`),
      ),
    });
    expect(ready.text).not.toContain(FAKE_DB_PASSWORD);
    expect(await probe(other.url, '/readyz')).toMatchObject({ status: 503 });
    expect(await probe(ws.url, '/healthz')).toMatchObject({ status: 200, body: { ok: true } });
  });
});
