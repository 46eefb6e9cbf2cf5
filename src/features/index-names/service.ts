// What the indexes feature does, Slack-free: remember the indexes read or created, resolve what a
// person typed (a name or an id) to an id, name, rename and forget, and find the options a picker
// offers. Every answer is a store query: the management API has no call that lists indexes.
import { describeApiError, isManagementApiError } from '../../api/index.ts';
import type { StatsReader } from '../../api/shared-reads.ts';
import type { Clock } from '../../clock.ts';
import { errField, TargetGone, UserFacingError } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import type { KnownIndex, Store } from '../../store/index.ts';
import { indexIdSchema, indexLabel } from '../../vector-index.ts';
import { isName, nearNames } from './names.ts';
import {
  badNameSentence,
  cantCheckSentence,
  cantFindToNameSentence,
  inUseSentence,
  knownNamesHint,
  type ListedIndex,
  MAX_OPTIONS,
  nameIsAnIdSentence,
  nameTakenSentence,
  noSuchNameSentence,
  optionOf,
  searchIndexSentence,
  typoSentence,
  unknownIndexSentence,
  useIdOption,
} from './views.ts';

/** A successful read of an index already remembered this recently is not written again. */
const REMEMBER_EVERY_MS = 60_000;
/** How many recent search requests are checked for a search index's name typed as a vector index. */
const SEARCH_NAMES_CHECKED = 200;
/** How many indexes `index list` shows. */
const LIST_MAX = 50;

/** Of these channels, those whose watches and digests the person asking may see listed. */
export type SeenBy = (
  channelIds: readonly string[],
) => Promise<{ seen: ReadonlySet<string>; unanswered: boolean }>;

export type IndexesServiceDeps = {
  store: Store;
  clock: Clock;
  logger: Pick<Logger, 'warn'>;
  commandName(): string;
};

export function createIndexesService(deps: IndexesServiceDeps) {
  const { store, clock } = deps;
  const lastWritten = new Map<string, number>();

  /** Names of the known indexes — of one kind, when a refusal offers only those that would do. */
  const names = async (kind?: KnownIndex['kind']): Promise<string[]> =>
    (await store.listKnownIndexes())
      .filter((i) => kind === undefined || i.kind === kind)
      .map((i) => i.name)
      .filter((n): n is string => n !== null);
  const vectorNames = () => names('vector');

  /** A search index's name typed where a vector index is asked: said so, never looked up as one. */
  async function refuseSearchIndex(name: string): Promise<void> {
    const known = await store.findIndexByName(name);
    const requested =
      known === undefined &&
      (await store.listRecentRequests({ limit: SEARCH_NAMES_CHECKED })).some((r) => r.name === name);
    if (known?.kind === 'search' || requested)
      throw new UserFacingError(searchIndexSentence(name, deps.commandName()));
  }

  async function remember(id: string, at = clock()): Promise<void> {
    const last = lastWritten.get(id);
    if (last !== undefined && at - last < REMEMBER_EVERY_MS) return;
    lastWritten.set(id, at);
    await store.rememberIndex({ id, kind: 'vector', at });
  }

  /** The index a name or an id means, or a refusal naming the known ones. */
  async function resolve(typed: string): Promise<string> {
    const token = typed.trim();
    if (isName(token.toLowerCase())) {
      const named = await store.findIndexByName(token.toLowerCase());
      if (named?.kind === 'vector') return named.id;
      await refuseSearchIndex(token.toLowerCase());
    }
    if (!indexIdSchema.safeParse(token).success)
      throw new UserFacingError(unknownIndexSentence(token, await vectorNames(), deps.commandName()));
    const byId = await store.getKnownIndex(token);
    if (byId?.kind === 'search')
      throw new UserFacingError(searchIndexSentence(byId.name ?? token, deps.commandName()));
    if (byId !== undefined) return token;
    // An id opsbot hasn't read yet goes through (the first read checks it), unless it is so close
    // to a known name that it is surely a typo of it.
    const known = await vectorNames();
    const near = nearNames(token, known);
    if (near.length > 0) throw new UserFacingError(typoSentence(token, near, known, deps.commandName()));
    return token;
  }

  /** The index a name means, for rename and forget (which act on names). */
  async function byName(typed: string): Promise<KnownIndex> {
    const found = isName(typed.toLowerCase()) ? await store.findIndexByName(typed.toLowerCase()) : undefined;
    const index = found ?? (await store.getKnownIndex(typed));
    if (index === undefined)
      throw new UserFacingError(noSuchNameSentence(typed, await names(), deps.commandName()));
    return index;
  }

  async function checkName(name: string, forId: string): Promise<void> {
    if (!isName(name)) throw new UserFacingError(badNameSentence(name));
    const asId = await store.getKnownIndex(name);
    if (asId !== undefined && asId.id !== forId) throw new UserFacingError(nameIsAnIdSentence(name));
  }

  /** Names `index`, recording `userId` as who did it. */
  async function setName(index: KnownIndex, name: string, userId: string): Promise<KnownIndex> {
    await checkName(name, index.id);
    const result = await store.nameIndex(index.id, name, { by: userId, at: clock() });
    if (result === 'taken') {
      const holder = await store.findIndexByName(name);
      throw new UserFacingError(nameTakenSentence(name, holder?.id ?? '?'));
    }
    if (result === 'unknown')
      throw new UserFacingError(noSuchNameSentence(index.id, await names(), deps.commandName()));
    return { ...index, name };
  }

  return {
    remember,
    resolve,
    names,
    async nameOf(id: string): Promise<string | undefined> {
      return (await store.getKnownIndex(id))?.name ?? undefined;
    },
    async label(id: string): Promise<string> {
      return indexLabel(id, (await store.getKnownIndex(id))?.name);
    },
    async knownNamesHint(): Promise<string> {
      const known = await vectorNames();
      return known.length === 0 ? '' : knownNamesHint(known, deps.commandName());
    },

    /**
     * Names `target` (a name or an id). An id opsbot hasn't seen is read first through `reader`
     * (which remembers it), so only an index that exists gets a name.
     */
    async name(target: string, name: string, reader: StatsReader, userId: string): Promise<KnownIndex> {
      const id = await resolve(target);
      if ((await store.getKnownIndex(id)) === undefined) await readToName(reader, id);
      const index = await store.getKnownIndex(id);
      if (index === undefined) throw new Error(`index ${id} was read but not remembered`);
      return setName(index, name.toLowerCase(), userId);
    },
    async rename(from: string, to: string, userId: string): Promise<{ from: string; index: KnownIndex }> {
      const index = await byName(from);
      return { from: index.name ?? index.id, index: await setName(index, to.toLowerCase(), userId) };
    },
    async forget(target: string): Promise<KnownIndex> {
      const index = await byName(target);
      const result = await store.forgetIndex(index.id);
      if (result.forgotten) {
        lastWritten.delete(index.id);
        return result.index;
      }
      if (result.reason === 'unknown')
        throw new UserFacingError(noSuchNameSentence(target, await names(), deps.commandName()));
      throw new UserFacingError(inUseSentence(index.name ?? index.id, result.usedBy, deps.commandName()));
    },
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
      const channelOf = new Map((await store.listWatches()).map((w) => [w.id, w.channelId]));
      const channels = rows.flatMap((r) => [
        ...r.users.digests,
        ...r.users.watches.flatMap((id) => channelOf.get(id) ?? []),
      ]);
      const { seen, unanswered } = await seenBy(channels);
      const listed = rows.map((row) => ({
        ...row,
        users: {
          watches: row.users.watches.filter((id) => seen.has(channelOf.get(id) ?? '')),
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

    /** A search index created through an approval, with its own name when that is free and fits. */
    async rememberCreated(id: string, requestedName: string): Promise<void> {
      const at = clock();
      const name = requestedName.toLowerCase();
      const free =
        isName(name) &&
        (await store.findIndexByName(name)) === undefined &&
        (await store.getKnownIndex(name)) === undefined;
      try {
        await store.rememberIndex({ id, kind: 'search', at, name: free ? name : null });
      } catch (error) {
        // Named meanwhile by someone else: remembered without it.
        deps.logger.warn(
          { event: 'index_name_not_given', indexId: id, err: errField(error) },
          'created index kept without its name',
        );
        await store.rememberIndex({ id, kind: 'search', at, name: null });
      }
    },
  };
}

export type IndexesService = ReturnType<typeof createIndexesService>;

/** Reads an index about to be named; a refusal becomes the sentence the person sees. */
async function readToName(reader: StatsReader, id: string): Promise<void> {
  try {
    await reader.getVectorIndexStats(id, '1h');
  } catch (error) {
    if (!isManagementApiError(error)) throw error;
    if (error.kind === 'not_found') throw new TargetGone(cantFindToNameSentence(id), { cause: error });
    throw new UserFacingError(cantCheckSentence(id, describeApiError(error)), { cause: error });
  }
}
