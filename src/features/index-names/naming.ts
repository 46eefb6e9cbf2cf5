// `index name`, `index rename` and `index forget`: the commands that change what a team calls its
// indexes. Each problem is a UserFacingError with the sentence the person sees.
import { describeApiError, isManagementApiError } from '../../api/index.ts';
import type { StatsReader } from '../../api/shared-reads.ts';
import { TargetGone, UserFacingError } from '../../errors.ts';
import type { KnownIndex } from '../../store/index.ts';
import { isVectorIndexName } from '../../text/index-names.ts';
import type { IndexNamesServiceDeps } from './service.ts';
import {
  badNameSentence,
  cantCheckSentence,
  cantFindToNameSentence,
  inUseSentence,
  nameIsAnIdSentence,
  nameTakenSentence,
  noSuchNameSentence,
} from './views.ts';

/** What naming takes from the rest of the service. */
type NamingNeeds = {
  /** The id a name or an id stands for (the service's resolve). */
  resolve(typed: string): Promise<string>;
  /** The names of the known indexes, for the problems that list them. */
  names(): Promise<string[]>;
  /** A forgotten index is no longer known: its next read is remembered again at once. */
  forgotten(id: string): void;
};

export function indexNaming(deps: IndexNamesServiceDeps, needs: NamingNeeds) {
  const { store, clock } = deps;

  /** The index a name means, for rename and forget (which act on names). */
  async function byName(typed: string): Promise<KnownIndex> {
    const found = isVectorIndexName(typed.toLowerCase())
      ? await store.findIndexByName(typed.toLowerCase())
      : undefined;
    const index = found ?? (await store.getKnownIndex(typed));
    if (index === undefined)
      throw new UserFacingError(noSuchNameSentence(typed, await needs.names(), deps.commandName()));
    return index;
  }

  async function checkName(name: string, forId: string): Promise<void> {
    if (!isVectorIndexName(name)) throw new UserFacingError(badNameSentence(name));
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
      throw new UserFacingError(noSuchNameSentence(index.id, await needs.names(), deps.commandName()));
    return { ...index, name };
  }

  return {
    /**
     * Names `target` (a name or an id). An id opsbot hasn't seen is read first through `reader`
     * (which remembers it), so only an index that exists gets a name.
     */
    async name(target: string, name: string, reader: StatsReader, userId: string): Promise<KnownIndex> {
      const id = await needs.resolve(target);
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
        needs.forgotten(index.id);
        return result.index;
      }
      if (result.reason === 'unknown')
        throw new UserFacingError(noSuchNameSentence(target, await needs.names(), deps.commandName()));
      throw new UserFacingError(inUseSentence(index.name ?? index.id, result.usedBy, deps.commandName()));
    },
  };
}

/** Reads an index about to be named; a problem becomes the sentence the person sees. */
async function readToName(reader: StatsReader, id: string): Promise<void> {
  try {
    await reader.getVectorIndexStats(id, '1h');
  } catch (error) {
    if (!isManagementApiError(error)) throw error;
    if (error.kind === 'not_found') throw new TargetGone(cantFindToNameSentence(id), { cause: error });
    throw new UserFacingError(cantCheckSentence(id, describeApiError(error)), { cause: error });
  }
}
