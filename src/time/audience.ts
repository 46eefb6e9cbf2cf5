// Which clock a conversation reads times in, chosen here and nowhere else: what one person alone
// sees (their Home tab, a DM, a private answer) in their own zone; what a channel sees (stats cards,
// alerts and their charts, digests, lists posted there) in the channel's zone, which is its digest's,
// else UTC. Every time is then written with its zone (src/time/words.ts).
import type { Store } from '../store/index.ts';
import { UTC } from './words.ts';

/** A channel's zone: its digest's, else UTC (a store that fails to answer is UTC too). */
export async function channelTimeZone(
  store: Pick<Store, 'getSubscription'>,
  channelId: string,
): Promise<string> {
  return (await store.getSubscription(channelId).catch(() => undefined))?.timeZone ?? UTC;
}

/** One person's zone: the one Slack gave for them, else UTC until Slack names it. */
export function personTimeZone(zone: string | undefined): string {
  return zone ?? UTC;
}
