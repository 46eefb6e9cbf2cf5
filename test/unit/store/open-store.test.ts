import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/log.ts';
import { openStore } from '../../../src/store/open-store.ts';

const root = mkdtempSync(join(tmpdir(), 'opsbot-open-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function collectingLogger() {
  const lines: string[] = [];
  const logger = createLogger({ level: 'info', destination: { write: (line: string) => lines.push(line) } });
  return { logger, lines };
}

describe('openStore', () => {
  it('opens the SQLite file at DATABASE_PATH when no DATABASE_URL is set', async () => {
    const { logger, lines } = collectingLogger();
    const path = join(root, 'nested', 'opsbot.sqlite');
    const store = await openStore({ url: undefined, path, poolSize: 10 }, logger);
    try {
      expect(await store.health()).toEqual({ ok: true });
      expect(lines.map((l) => JSON.parse(l))).toContainEqual(
        expect.objectContaining({ msg: 'store opened', store: 'sqlite', path }),
      );
    } finally {
      await store.close();
    }
  });

  it('opens PostgreSQL when DATABASE_URL is set, naming an unreachable host but never the password', async () => {
    const { logger, lines } = collectingLogger();
    const url = 'postgres://opsbot:fake-password-123@127.0.0.1:1/opsbot';
    const opening = openStore({ url, path: join(root, 'unused.sqlite'), poolSize: 10 }, logger);
    await expect(opening).rejects.toThrow(/^cannot reach PostgreSQL at 127\.0\.0\.1:1 \(database "opsbot"\)/);
    await expect(opening).rejects.not.toThrow(/fake-password-123/);
    expect(lines.join('\n')).not.toContain('fake-password-123');
  });
});
