// What the indexes feature shows of the indexes it knows: `index list`, and the options a picker
// offers. Reads only; nothing here changes what is remembered.
import type { Store } from '../../store/index.ts';
import { indexIdSchema } from '../../vector-index.ts';
import { type ListedIndex, MAX_OPTIONS, optionOf, useIdOption } from './views.ts';

/** How many indexes `index list` shows. */
const LIST_MAX = 50;

/** Of these channels, those whose watches and digests the person asking may see listed. */
type SeenBy = (channelIds: readonly string[]) => Promise<{ seen: ReadonlySet<string>; unanswered: boolean }>;

export function indexListing(store: Store) {
  return {
    /**
     * `index list`: the indexes, who named them, and the watches and digests using each, of the
     * channels `seenBy` says the person may see; `hidden` when Slack didn't answer about some.
     */
    async list(seenBy: SeenBy): Promise<{ listed: ListedIndex[]; total: number; hidden: boolean }> {
      const all = await store.listKnownIndexes();
      const rows = await Promise.all(
        all.slice(0, LIST_MAX).map(async (index) => ({
          index,
          users: await store.usersOfIndex(index.id),
          names: await store.indexNameChanges(index.id),
        })),
      );
      const channels = rows.flatMap((r) => [...r.users.digests, ...r.users.watches.map((w) => w.channelId)]);
      const { seen, unanswered } = await seenBy(channels);
      const listed = rows.map((row) => ({
        ...row,
        users: {
          watches: row.users.watches.filter((w) => seen.has(w.channelId)),
          digests: row.users.digests.filter((channelId) => seen.has(channelId)),
        },
      }));
      return { listed, total: all.length, hidden: unanswered };
    },

    /** What a picker offers for `typed`: matching vector indexes, most recently used first, then *Use ID …*. */
    async options(typed: string) {
      const query = typed.trim();
      const rows = (await store.listKnownIndexes({ query, limit: MAX_OPTIONS })).filter(
        (i) => i.kind === 'vector',
      );
      const found = rows.map(optionOf);
      const exact = rows.some((i) => i.id === query || i.name === query.toLowerCase());
      if (query === '' || exact || !indexIdSchema.safeParse(query).success) return found;
      return [...found.slice(0, MAX_OPTIONS - 1), useIdOption(query)];
    },

    /** The option a picker shows for an index already chosen (a form opened to edit). */
    async optionOf(id: string) {
      return optionOf({ id, name: (await store.getKnownIndex(id))?.name ?? null });
    },
  };
}
