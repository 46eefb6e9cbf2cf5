// What the indexes feature does, Slack-free: remember the indexes read or created, resolve what a
// person typed (a name or an id) to an id, name, rename and forget (naming.ts), and list them and
// find the options a picker offers (listing.ts). Every answer is a store query: the management API
// has no call that lists indexes.
import type { PlainTextOption } from '@slack/types';
import type { StatsReader } from '../../api/shared-reads.ts';
import type { Clock } from '../../clock.ts';
import { errField, UserFacingError } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import type { KnownIndex, Store } from '../../store/index.ts';
import { nearWords } from '../../text/did-you-mean.ts';
import { isVectorIndexName } from '../../text/index-names.ts';
import { indexIdSchema, indexLabel } from '../../vector-index.ts';
import { indexListing } from './listing.ts';
import { nearNames } from './names.ts';
import { indexNaming } from './naming.ts';
import { rememberingReads } from './remembering.ts';
import { knownNamesHint, searchIndexSentence, typoSentence, unknownIndexSentence } from './views.ts';

/** A successful read of an index already remembered this recently is not written again. */
const REMEMBER_EVERY_MS = 60_000;
/** How many of the most recently used indexes help's example is chosen from. */
const EXAMPLE_CANDIDATES = 20;
/** How many recent search requests are checked for a search index's name typed as a vector index. */
const SEARCH_NAMES_CHECKED = 200;

/** Where a picker's options requests are answered (Bolt's `app.options`, in the listeners). */
export type OptionsAnswerer = (
  where: { blockId: string; actionId: string },
  options: (typed: string) => Promise<PlainTextOption[]>,
) => void;

export type IndexNamesServiceDeps = {
  store: Store;
  clock: Clock;
  logger: Pick<Logger, 'warn'>;
  commandName(): string;
  answerOptions: OptionsAnswerer;
};

/**
 * The names a team gave its indexes: every feature that takes an index builds on it (resolve what
 * was typed, show a name, offer the known indexes as you type).
 */
export function createIndexNamesService(deps: IndexNamesServiceDeps) {
  const { store, clock } = deps;
  const lastWritten = new Map<string, number>();

  /** Names of the known indexes — of one kind, when a problem offers only those that would do. */
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

  /** Records a successful read of vector index `id` (the reads through `rememberingReads` do it). */
  async function remember(id: string, at = clock()): Promise<void> {
    const last = lastWritten.get(id);
    if (last !== undefined && at - last < REMEMBER_EVERY_MS) return;
    lastWritten.set(id, at);
    await store.rememberIndex({ id, kind: 'vector', at });
  }

  /** The id a name or an id stands for; throws a UserFacingError naming the known indexes (a problem) when neither. */
  async function resolve(typed: string): Promise<string> {
    const token = typed.trim();
    if (isVectorIndexName(token.toLowerCase())) {
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

  const listing = indexListing(store);
  return {
    remember,
    resolve,
    names,
    /** The index's name, if it has one. */
    async nameOf(id: string): Promise<string | undefined> {
      return (await store.getKnownIndex(id))?.name ?? undefined;
    },
    /** `*catalog* (`0d6f3f5e…`)`, or the id in code: how messages show an index. */
    async label(id: string): Promise<string> {
      return indexLabel(id, (await store.getKnownIndex(id))?.name);
    },
    /**
     * The index help's examples name: the most recently used vector index with a name, else the
     * most recently read id; undefined while opsbot knows none.
     */
    async exampleIndex(): Promise<string | undefined> {
      const recent = (await store.listKnownIndexes({ limit: EXAMPLE_CANDIDATES })).filter(
        (i) => i.kind === 'vector',
      );
      return recent.find((i) => i.name !== null)?.name ?? recent[0]?.id;
    },
    /**
     * "Did you mean `idx-1`? Known names: …", said after "couldn't find vector index `typed`": the
     * known ids and names `typed` is near, then the names; empty while opsbot knows neither.
     */
    async knownNamesHint(typed?: string): Promise<string> {
      const vector = (await store.listKnownIndexes()).filter((i) => i.kind === 'vector');
      const known = vector.map((i) => i.name).filter((n): n is string => n !== null);
      // `idx1` right after `idx-1` was read: the ids and names opsbot knows that it is a typo of.
      const near = typed === undefined ? [] : nearWords(typed, [...vector.map((i) => i.id), ...known]);
      return knownNamesHint(known, near, deps.commandName());
    },

    ...indexNaming(deps, { resolve, names, forgotten: (id) => lastWritten.delete(id) }),
    ...listing,
    /**
     * Answers the options requests of an `external_select` / `multi_external_select` at this block
     * and action id with the known vector indexes. The element must set `min_query_length: 0`.
     */
    offerIn(where: { blockId: string; actionId: string }): void {
      deps.answerOptions(where, listing.options);
    },
    /** `reader` with every successful stats read remembered: the one place reads are recorded. */
    rememberingReads<T extends StatsReader>(reader: T): T {
      return rememberingReads(reader, { remember }, deps.logger);
    },

    /** A search index created through an approval, with its own name when that is free and fits. */
    async rememberCreated(id: string, requestedName: string): Promise<void> {
      const at = clock();
      const name = requestedName.toLowerCase();
      const free =
        isVectorIndexName(name) &&
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

export type IndexNamesService = ReturnType<typeof createIndexNamesService>;
