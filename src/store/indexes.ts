// Known indexes and their names, on either database. Names are unique (a UNIQUE column: of two
// people naming at once, one is refused); what refers to an index (watches, digests) is read in the
// same transaction that forgets it, so a forgotten name never leaves a watch or digest behind. Each
// naming is kept with who and when (index_name_changes), written with the name itself.
import type { Db } from './db.ts';
import { textOrNull, toKnownIndex, toNameChange } from './rows.ts';
import type { IndexMethods } from './store.ts';
import type { IndexUsers } from './types.ts';

// The last use only moves forward: a slow read finishing after a newer one doesn't turn it back.
// Spelled with CASE because the two databases name "the larger of" differently (MAX vs GREATEST).
const REMEMBER = `
  INSERT INTO known_indexes (id, kind, name, last_used_at, created_at)
  VALUES (:id, :kind, :name, :at, :at)
  ON CONFLICT (id) DO UPDATE SET
    last_used_at = CASE
      WHEN known_indexes.last_used_at IS NULL OR known_indexes.last_used_at < excluded.last_used_at
      THEN excluded.last_used_at ELSE known_indexes.last_used_at END,
    name = COALESCE(known_indexes.name, excluded.name)`;

/** `%` and `_` typed by a person are themselves, not wildcards. */
const likeEscaped = (query: string) => query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

async function usersOf(db: Db, id: string): Promise<IndexUsers> {
  const watches = await db.all('SELECT id, channel_id FROM watches WHERE index_id = :id ORDER BY id', { id });
  // `index list` asks this for each index it lists: the database finds the digests that use it
  // (an array on one database, JSON on the other), rather than every subscription being decoded.
  const digests = (
    await db.all(
      `SELECT channel_id FROM digest_subscriptions WHERE ${db.dialect.overlaps('index_ids', 'ids')}
       ORDER BY channel_id${db.dialect.byCodePoint}`,
      { ids: [id] },
    )
  ).map((row) => String(row.channel_id));
  return { watches: watches.map((w) => ({ id: Number(w.id), channelId: String(w.channel_id) })), digests };
}

export function indexMethods(db: Db): IndexMethods {
  return {
    async rememberIndex(input) {
      await db.run(REMEMBER, { id: input.id, kind: input.kind, name: input.name ?? null, at: input.at });
    },
    async getKnownIndex(id) {
      const row = await db.one('SELECT * FROM known_indexes WHERE id = :id', { id });
      return row === undefined ? undefined : toKnownIndex(row);
    },
    async findIndexByName(name) {
      const row = await db.one('SELECT * FROM known_indexes WHERE name = :name', { name });
      return row === undefined ? undefined : toKnownIndex(row);
    },
    async listKnownIndexes({ query, limit = 1_000 } = {}) {
      const where =
        query === undefined || query === ''
          ? ''
          : `WHERE LOWER(COALESCE(name, '')) LIKE :pattern ESCAPE '\\' OR LOWER(id) LIKE :pattern ESCAPE '\\'`;
      const rows = await db.all(
        `SELECT * FROM known_indexes ${where}
         ORDER BY COALESCE(last_used_at, created_at) DESC, id LIMIT :limit`,
        { limit, ...(where === '' ? {} : { pattern: `%${likeEscaped(query ?? '')}%` }) },
      );
      return rows.map(toKnownIndex);
    },
    async nameIndex(id, name, change) {
      try {
        // The name and its history change together: a refused name leaves no trace.
        return await db.transaction(async (tx) => {
          const before = await tx.one(
            `SELECT name FROM known_indexes WHERE id = :id${tx.dialect.forUpdate}`,
            {
              id,
            },
          );
          if (before === undefined) return 'unknown' as const;
          await tx.run('UPDATE known_indexes SET name = :name WHERE id = :id', { id, name });
          await tx.run(
            `INSERT INTO index_name_changes (index_id, previous, name, changed_by, changed_at)
             VALUES (:id, :previous, :name, :by, :at)`,
            { id, previous: textOrNull(before, 'name'), name, by: change.by, at: change.at },
          );
          return 'named' as const;
        });
      } catch (error) {
        // The UNIQUE constraint refused it; anything else is the database's own trouble.
        const holder =
          name === null
            ? undefined
            : await db.one('SELECT id FROM known_indexes WHERE name = :name', { name });
        if (holder !== undefined && holder.id !== id) return 'taken';
        throw error;
      }
    },
    usersOfIndex: (id) => usersOf(db, id),
    async indexNameChanges(id) {
      const rows = await db.all('SELECT * FROM index_name_changes WHERE index_id = :id ORDER BY id', { id });
      return rows.map(toNameChange);
    },
    forgetIndex(id) {
      return db.transaction(async (tx) => {
        const row = await tx.one(`SELECT * FROM known_indexes WHERE id = :id${tx.dialect.forUpdate}`, { id });
        if (row === undefined) return { forgotten: false, reason: 'unknown' } as const;
        const usedBy = await usersOf(tx, id);
        if (usedBy.watches.length > 0 || usedBy.digests.length > 0)
          return { forgotten: false, reason: 'in_use', usedBy } as const;
        await tx.run('DELETE FROM known_indexes WHERE id = :id', { id });
        await tx.run('DELETE FROM index_name_changes WHERE index_id = :id', { id });
        return { forgotten: true, index: toKnownIndex(row) } as const;
      });
    },
  };
}
