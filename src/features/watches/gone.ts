// What a click on a watch removed meanwhile is told: one sentence, whichever button it was.
import { TargetGone } from '../../errors.ts';
import type { Store, Watch } from '../../store/index.ts';

export const nothingTo = (verb: string) => `That watch was removed, so there is nothing to ${verb}.`;

/** The watch `id`, or TargetGone with `gone`, the sentence the person who clicked sees. */
export async function existingWatch(store: Store, id: number, gone: string): Promise<Watch> {
  const watch = Number.isInteger(id) ? await store.getWatch(id) : undefined;
  if (watch === undefined) throw new TargetGone(gone);
  return watch;
}
