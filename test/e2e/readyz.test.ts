// GET /readyz is what a load balancer asks before routing Slack's requests to a replica: ready
// means the store answers. GET /healthz stays 200 meanwhile — the process is alive, and restarting
// it would not bring the database back. The Slack-facing port faces the internet, so there /readyz
// says only `ok` or the reason's kind; the database's host and error go to the log, and to /readyz
// on METRICS_PORT.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { parsedLogs } from '../support/logs.ts';
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
    body: JSON.parse(text) as Record<string, unknown>,
    text,
  };
}

const metricsUrl = (ws: SimulatedWorkspace) => `http://127.0.0.1:${ws.opsbot.metricsPort()}`;

describe('e2e: /readyz on the embedded SQLite store', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace();
  });
  afterAll(async () => {
    await ws?.stop();
  });

  it('is 200 {ok} while the store answers and 503 with the reason’s kind once it is closed', async () => {
    expect(await probe(ws.url, '/readyz')).toEqual({
      status: 200,
      type: 'application/json',
      body: { ok: true },
      text: '{"ok":true}',
    });
    await ws.store.close();
    expect(await probe(ws.url, '/readyz')).toMatchObject({
      status: 503,
      body: { ok: false, reason: 'database unavailable' },
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
    ws = await startSimulatedWorkspace({
      env: { DATABASE_URL: proxy.via(schema.urlFor()), METRICS_PORT: '0' },
    });
    other = await ws.startAnotherInstance();
  });
  afterAll(async () => {
    await ws?.stop();
    await proxy?.close();
    await schema?.drop();
  });

  it('is 200 on every replica while the database answers', async () => {
    for (const url of [ws.url, other.url]) {
      expect(await probe(url, '/readyz')).toMatchObject({ status: 200, body: { ok: true } });
    }
  });

  it('is 503 saying only “database unavailable” on the Slack port when the database port is closed', async () => {
    await proxy.close();
    const ready = await probe(ws.url, '/readyz');
    expect(ready).toMatchObject({ status: 503, text: '{"ok":false,"reason":"database unavailable"}' });
    expect(await probe(other.url, '/readyz')).toMatchObject({ status: 503 });
    expect(await probe(ws.url, '/healthz')).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('names host, port and error — never the password — on METRICS_PORT and once in the log', async () => {
    const detailed = new RegExp(
      `^PostgreSQL at 127\\.0\\.0\\.1:${proxy.port}/\\w+ is not answering: .*(ECONNREFUSED|Connection terminated)`,
    );
    const ready = await probe(metricsUrl(ws), '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({
      ok: false,
      reason: 'database unavailable',
      slack: 'ok',
      mgmt: 'ok',
      drift: expect.any(Object),
      store: expect.stringMatching(detailed),
    });
    expect(ready.text).not.toContain(FAKE_DB_PASSWORD);
    await probe(ws.url, '/readyz');
    // Three probes on the two replicas' Slack ports so far; the change is logged once by each.
    const changes = parsedLogs(ws.logs).filter((l) => l.event === 'readiness_changed' && !l.ready);
    const line = { level: 'warn', reason: 'database unavailable', store: expect.stringMatching(detailed) };
    expect(changes).toEqual([expect.objectContaining(line), expect.objectContaining(line)]);
    expect(ws.logs.join('\n')).not.toContain(FAKE_DB_PASSWORD);
  });
});
