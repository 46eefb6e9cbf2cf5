import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { mcpRequestHandler } from '../../../../src/features/mcp/http.ts';
import { DatabaseUnavailableError } from '../../../../src/store/index.ts';
import { capturingLogger } from '../../../support/logs.ts';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(authenticate: () => Promise<undefined>) {
  const { logger, lines } = capturingLogger();
  const handle = mcpRequestHandler({
    authenticate,
    serverFor: () => {
      throw new Error('no caller may get this far');
    },
    logger,
    commandName: () => '/ops',
  });
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', () => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, lines };
}

describe('POST /mcp at the door', () => {
  it('answers anything but POST with 405: a stateless server opens no stream and ends no session', async () => {
    const { url } = await serve(async () => undefined);
    const res = await fetch(url, { method: 'GET' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('a token that can’t be checked (the database is down) is 503 with a retry, not a crash', async () => {
    const { url, lines } = await serve(async () => {
      throw new DatabaseUnavailableError('connection refused');
    });
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: 'Bearer opsbot_mcp_fake', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain('database');
    expect(lines().some((l) => l.event === 'mcp_auth_unavailable')).toBe(true);
  });
});
