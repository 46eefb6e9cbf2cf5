import { describe, expect, it } from 'vitest';
import { HOUR, subscriptionInput, T0 } from '../../support/store-inputs.ts';
import type { ContractContext } from './store.contract.ts';
import { watchInput } from './store.contract-watches.ts';

const UUID = '0d6f3f5e-1111-4a2b-8c3d-9e8f7a6b5c4d';
const BY = { by: 'U0NAMER', at: T0 };

export function indexContract({ open, reopen }: ContractContext): void {
  describe('known indexes', () => {
    it('remembers an index once, its last use only moving forward, most recent first', async () => {
      const store = await open();
      await store.rememberIndex({ id: 'idx-1', kind: 'vector', at: T0 });
      await store.rememberIndex({ id: UUID, kind: 'vector', at: T0 + HOUR });
      await store.rememberIndex({ id: 'idx-1', kind: 'vector', at: T0 + 2 * HOUR });
      // A slow read finishing late doesn't turn the clock back.
      await store.rememberIndex({ id: 'idx-1', kind: 'vector', at: T0 + 1 });
      expect(await store.getKnownIndex('idx-1')).toEqual({
        id: 'idx-1',
        kind: 'vector',
        name: null,
        lastUsedAt: T0 + 2 * HOUR,
        createdAt: T0,
      });
      expect((await store.listKnownIndexes()).map((i) => i.id)).toEqual(['idx-1', UUID]);
      expect(await store.getKnownIndex('idx-9')).toBeUndefined();
    });

    it('keeps names unique: a name another index holds is refused, and found by name', async () => {
      const store = await open();
      await store.rememberIndex({ id: 'idx-1', kind: 'vector', at: T0 });
      await store.rememberIndex({ id: UUID, kind: 'vector', at: T0 });
      expect(await store.nameIndex(UUID, 'catalog', BY)).toBe('named');
      expect(await store.nameIndex('idx-1', 'catalog', BY)).toBe('taken');
      expect(await store.nameIndex('idx-9', 'other', BY)).toBe('unknown');
      expect(await store.nameIndex(UUID, 'catalog', BY)).toBe('named');
      expect((await store.findIndexByName('catalog'))?.id).toBe(UUID);
      expect((await store.getKnownIndex('idx-1'))?.name).toBeNull();
      // Renaming frees the old name for another.
      expect(await store.nameIndex(UUID, 'products', BY)).toBe('named');
      expect(await store.nameIndex('idx-1', 'catalog', BY)).toBe('named');
      expect(await store.findIndexByName('products')).toMatchObject({ id: UUID, name: 'products' });
    });

    it('keeps who named and renamed an index, and when; a refused name leaves no trace', async () => {
      const store = await open();
      await store.rememberIndex({ id: UUID, kind: 'vector', at: T0 });
      await store.rememberIndex({ id: 'idx-1', kind: 'vector', at: T0 });
      await store.nameIndex(UUID, 'catalog', { by: 'U0ALICE', at: T0 + 1 });
      await store.nameIndex('idx-1', 'other', { by: 'U0ALICE', at: T0 + 2 });
      expect(await store.nameIndex('idx-1', 'catalog', { by: 'U0MALLORY', at: T0 + 3 })).toBe('taken');
      await store.nameIndex(UUID, 'products', { by: 'U0BOB', at: T0 + HOUR });
      expect(await store.indexNameChanges(UUID)).toEqual([
        { indexId: UUID, previous: null, name: 'catalog', by: 'U0ALICE', at: T0 + 1 },
        { indexId: UUID, previous: 'catalog', name: 'products', by: 'U0BOB', at: T0 + HOUR },
      ]);
      expect(await store.indexNameChanges('idx-1')).toEqual([
        { indexId: 'idx-1', previous: null, name: 'other', by: 'U0ALICE', at: T0 + 2 },
      ]);
      // Forgetting an index forgets its names' history with it.
      expect(await store.forgetIndex(UUID)).toMatchObject({ forgotten: true });
      expect(await store.indexNameChanges(UUID)).toEqual([]);
    });

    it('gives a created index its own name unless another holds it; a later use keeps the name', async () => {
      const store = await open();
      await store.rememberIndex({ id: 'srch-1', kind: 'search', at: T0, name: 'product-search' });
      await store.rememberIndex({ id: 'srch-1', kind: 'search', at: T0 + 1, name: null });
      expect(await store.getKnownIndex('srch-1')).toMatchObject({ kind: 'search', name: 'product-search' });
      await expect(
        store.rememberIndex({ id: 'srch-2', kind: 'search', at: T0, name: 'product-search' }),
      ).rejects.toThrow();
      expect(await store.getKnownIndex('srch-2')).toBeUndefined();
    });

    it('finds by part of a name or an id, case-insensitively, most recently used first', async () => {
      const store = await open();
      await store.rememberIndex({ id: 'idx-1', kind: 'vector', at: T0 });
      await store.rememberIndex({ id: 'idx-2', kind: 'vector', at: T0 + 2 });
      await store.rememberIndex({ id: UUID, kind: 'vector', at: T0 + 1 });
      await store.rememberIndex({ id: 'idx_3', kind: 'vector', at: T0 + 3 });
      await store.nameIndex(UUID, 'catalog', BY);
      expect((await store.listKnownIndexes({ query: 'CAT' })).map((i) => i.id)).toEqual([UUID]);
      expect((await store.listKnownIndexes({ query: 'idx' })).map((i) => i.id)).toEqual([
        'idx_3',
        'idx-2',
        'idx-1',
      ]);
      expect((await store.listKnownIndexes({ query: '0d6f' })).map((i) => i.name)).toEqual(['catalog']);
      // `_` is a character here, not a wildcard.
      expect((await store.listKnownIndexes({ query: 'x_' })).map((i) => i.id)).toEqual(['idx_3']);
      expect(await store.listKnownIndexes({ query: 'idx', limit: 1 })).toHaveLength(1);
    });

    it('won’t forget an index a watch or a digest uses, saying which; forgets it once unused', async () => {
      const store = await open();
      await store.rememberIndex({ id: UUID, kind: 'vector', at: T0 });
      await store.nameIndex(UUID, 'catalog', BY);
      const watch = await store.createWatch(watchInput({ indexId: UUID }));
      await store.upsertSubscription(subscriptionInput({ indexIds: ['idx-1', UUID] }));
      await store.upsertSubscription(subscriptionInput({ channelId: 'C0ELSEWHERE', indexIds: ['idx-1'] }));
      expect(await store.forgetIndex(UUID)).toEqual({
        forgotten: false,
        reason: 'in_use',
        usedBy: { watches: [{ id: watch.id, channelId: watch.channelId }], digests: ['C0DIGEST'] },
      });
      expect((await store.findIndexByName('catalog'))?.id).toBe(UUID);
      await store.deleteWatch(watch.id);
      await store.deleteSubscription('C0DIGEST');
      expect(await store.usersOfIndex(UUID)).toEqual({ watches: [], digests: [] });
      expect(await store.forgetIndex(UUID)).toMatchObject({ forgotten: true, index: { name: 'catalog' } });
      expect(await store.findIndexByName('catalog')).toBeUndefined();
      expect(await store.forgetIndex(UUID)).toEqual({ forgotten: false, reason: 'unknown' });
    });

    it.skipIf(reopen === undefined)('keeps names and last uses across a restart', async () => {
      const first = await open();
      await first.rememberIndex({ id: UUID, kind: 'vector', at: T0 + 5 });
      await first.nameIndex(UUID, 'catalog', BY);
      const before = await first.listKnownIndexes();
      await first.close();
      const again = reopen ?? (() => Promise.reject(new Error('no reopen')));
      const second = await again(first);
      expect(await second.listKnownIndexes()).toEqual(before);
      expect(await second.findIndexByName('catalog')).toMatchObject({ id: UUID, lastUsedAt: T0 + 5 });
    });
  });
}
