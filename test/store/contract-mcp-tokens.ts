import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract.ts';
import { HOUR, T0 } from './fixtures.ts';

const DAY = 24 * HOUR;
const token = (label: string, hash: string, userId = 'U1') => ({
  hash,
  label,
  userId,
  teamId: 'T1',
  createdAt: T0,
  expiresAt: T0 + 90 * DAY,
});

export function mcpTokenContract({ open, reopen }: ContractContext): void {
  describe('MCP tokens', () => {
    it('keeps a token by its hash, one live token per person and label', async () => {
      const store = await open();
      const created = await store.createMcpToken(token('ci', 'a'.repeat(64)));
      expect(created).toEqual({
        id: expect.any(Number),
        label: 'ci',
        userId: 'U1',
        teamId: 'T1',
        createdAt: T0,
        lastUsedAt: null,
        expiresAt: T0 + 90 * DAY,
        revokedAt: null,
      });
      expect(await store.createMcpToken(token('ci', 'b'.repeat(64)))).toBe('taken');
      expect(await store.createMcpToken(token('ci', 'c'.repeat(64), 'U2'))).not.toBe('taken');
      expect((await store.mcpTokenByHash('a'.repeat(64)))?.label).toBe('ci');
      expect(await store.mcpTokenByHash('b'.repeat(64))).toBeUndefined();
      expect((await store.listMcpTokens('U1')).map((t) => t.label)).toEqual(['ci']);
    });

    it('revokes by label, and the label can be minted again', async () => {
      const store = await open();
      await store.createMcpToken(token('ci', 'd'.repeat(64)));
      expect(await store.revokeMcpToken('U1', 'ci', T0 + HOUR)).toBe(true);
      expect(await store.revokeMcpToken('U1', 'ci', T0 + HOUR)).toBe(false);
      expect((await store.mcpTokenByHash('d'.repeat(64)))?.revokedAt).toBe(T0 + HOUR);
      expect(await store.listMcpTokens('U1')).toEqual([]);
      expect(await store.createMcpToken(token('ci', 'e'.repeat(64)))).not.toBe('taken');
    });

    it('an expired token gives its label up to a new one', async () => {
      const store = await open();
      await store.createMcpToken({ ...token('old', 'f'.repeat(64)), expiresAt: T0 + HOUR });
      const again = await store.createMcpToken({ ...token('old', '1'.repeat(64)), createdAt: T0 + 2 * HOUR });
      expect(again).not.toBe('taken');
      expect((await store.mcpTokenByHash('f'.repeat(64)))?.revokedAt).toBe(T0 + 2 * HOUR);
    });

    it('records a use at most once a minute', async () => {
      const store = await open();
      const created = await store.createMcpToken(token('ci', '2'.repeat(64)));
      if (created === 'taken') throw new Error('unexpected');
      await store.touchMcpToken(created.id, T0 + 1_000);
      await store.touchMcpToken(created.id, T0 + 2_000);
      expect((await store.mcpTokenByHash('2'.repeat(64)))?.lastUsedAt).toBe(T0 + 1_000);
      await store.touchMcpToken(created.id, T0 + 61_000);
      expect((await store.mcpTokenByHash('2'.repeat(64)))?.lastUsedAt).toBe(T0 + 61_000);
    });

    it.skipIf(reopen === undefined)('another process finds the token', async () => {
      const store = await open();
      await store.createMcpToken(token('ci', '3'.repeat(64)));
      const other = await reopen?.(store);
      expect((await other?.mcpTokenByHash('3'.repeat(64)))?.userId).toBe('U1');
    });
  });
}
