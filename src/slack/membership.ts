// The membership questions the guardrails ask Slack: is this person in that user group
// (`usergroups.users.list`), in that channel (`conversations.members`), which channels are they in
// (`users.conversations`), can opsbot post in a channel and is it private (`conversations.info`), and
// so what of a channel a listing may show a person. Each answer is kept for MEMBERSHIP_MAX_AGE_MS and
// shared by every decision that asks the same question, and questions asked together while a read
// is in flight wait for that one read.
//
// Channel membership is read per channel with conversations.members rather than per person with
// users.conversations: it is Tier 4 (100+ calls a minute) against Tier 3 (50+), and one read answers
// everyone who picks that channel in a form or opens a list. Listings ask about private channels
// only (a public channel's entries are everyone's), and a team has few of those.
//
// Unlike the approver list (src/slack/user-groups.ts), a failed read does not fall back to the last
// answer: someone removed from @oncall or from #ops would keep their rights for as long as Slack
// stays unreachable. A guardrail that can't ask refuses ('unknown'), and the next decision asks again.
import type { App } from '@slack/bolt';
import type { Clock } from '../clock.ts';
import { errField, slackErrorCode } from '../errors.ts';
import type { Logger } from '../log.ts';
import type { Answer, Membership, PostCheck } from '../policy/index.ts';
import { MEMBERSHIP_MAX_AGE_MS } from './user-groups.ts';

type Client = Pick<App['client'], 'conversations' | 'users' | 'usergroups'>;

/** Slack's page size for member and channel lists (users.conversations takes at most 999). */
const PAGE_SIZE = 999;

export type SlackMembership = Membership & {
  /** The channels the person is in (public, and private ones opsbot is in too), or 'unknown'. */
  channelsOf(userId: string): Promise<ReadonlySet<string> | 'unknown'>;
  /**
   * Whether what belongs to a channel (its digest, its watches) may be listed to the person: anyone
   * in the workspace for a public channel, members only for a private one or a direct message.
   */
  canSee(userId: string, channelId: string): Promise<Answer>;
};

/** What a listing says when it left entries out because Slack didn't answer about their channels. */
export const SOME_ENTRIES_HIDDEN =
  'Some entries are hidden because Slack didn’t answer whether you’re in their channels; ask again in a minute.';

/**
 * Of `channelIds`, those whose entries `userId` may see listed. `unanswered`: some were left out
 * because Slack didn't answer (the listing says SOME_ENTRIES_HIDDEN); a listing never shows what it
 * couldn't check.
 */
export async function channelsSeenBy(
  membership: Pick<SlackMembership, 'canSee'>,
  userId: string,
  channelIds: Iterable<string>,
): Promise<{ seen: ReadonlySet<string>; unanswered: boolean }> {
  const seen = new Set<string>();
  let unanswered = false;
  await Promise.all(
    [...new Set(channelIds)].map(async (channelId) => {
      const answer = await membership.canSee(userId, channelId);
      if (answer === true) seen.add(channelId);
      if (answer === 'unknown') unanswered = true;
    }),
  );
  return { seen, unanswered };
}

/** What conversations.info says of a channel that matters here; `found: false` for channel_not_found. */
type ChannelFacts =
  | { found: false }
  | { found: true; isPrivate: boolean; isDirect: boolean; isArchived: boolean; botIsMember: boolean };

/**
 * Answers kept for MEMBERSHIP_MAX_AGE_MS, one read in flight per question; 'unknown' (and nothing
 * kept) when Slack fails.
 */
function createSharedAnswers(clock: Clock, logger: Pick<Logger, 'warn'>) {
  const kept = new Map<string, { value: unknown; at: number }>();
  const reading = new Map<string, Promise<unknown>>();

  /** The cached or coalesced answer to `key`; 'unknown' (nothing kept) when Slack fails. */
  return async function shared<T>(key: string, read: () => Promise<T>): Promise<T | 'unknown'> {
    const hit = kept.get(key);
    if (hit !== undefined && clock() - hit.at < MEMBERSHIP_MAX_AGE_MS) return hit.value as T;
    let inFlight = reading.get(key) as Promise<T | 'unknown'> | undefined;
    if (inFlight === undefined) {
      inFlight = read()
        .then((value) => {
          kept.set(key, { value, at: clock() });
          return value;
        })
        .catch((error: unknown): 'unknown' => {
          kept.delete(key);
          logger.warn(
            { event: 'membership_unreadable', question: key, err: errField(error) },
            'Slack did not answer a membership question',
          );
          return 'unknown';
        })
        .finally(() => reading.delete(key));
      reading.set(key, inFlight);
    }
    return inFlight;
  };
}

/** Every item of a cursor-paged Slack list. */
async function allPages<T>(
  page: (cursor: string | undefined) => Promise<{ items: T[]; next?: string | undefined }>,
) {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const answer = await page(cursor);
    items.push(...answer.items);
    cursor = answer.next || undefined;
  } while (cursor !== undefined);
  return items;
}

export function createSlackMembership(options: {
  client: Client;
  clock: Clock;
  logger: Pick<Logger, 'warn'>;
  /** Items per page of a paged list; tests page through small lists with a smaller one. */
  pageSize?: number;
}): SlackMembership {
  const { client, clock, logger, pageSize = PAGE_SIZE } = options;
  const shared = createSharedAnswers(clock, logger);

  const groupMembers = (groupId: string) =>
    shared(`group:${groupId}`, async () => {
      try {
        return new Set((await client.usergroups.users.list({ usergroup: groupId })).users ?? []);
      } catch (error) {
        // A group deleted or disabled since start-up has nobody in it.
        if (slackErrorCode(error) === 'no_such_subteam') return new Set<string>();
        throw error;
      }
    });

  const channelMembers = (channelId: string) =>
    shared(
      `members:${channelId}`,
      async () =>
        new Set(
          await allPages(async (cursor) => {
            const answer = await client.conversations.members({
              channel: channelId,
              limit: pageSize,
              ...(cursor ? { cursor } : {}),
            });
            return { items: answer.members ?? [], next: answer.response_metadata?.next_cursor };
          }),
        ),
    );

  const channelFacts = (channelId: string) =>
    shared<ChannelFacts>(`info:${channelId}`, async () => {
      try {
        const { channel } = await client.conversations.info({ channel: channelId });
        return {
          found: true,
          isPrivate: channel?.is_private === true,
          isDirect: channel?.is_im === true || channel?.is_mpim === true,
          isArchived: channel?.is_archived === true,
          botIsMember: channel?.is_member === true,
        };
      } catch (error) {
        // Slack's answer for a private channel opsbot isn't in, or a channel that is gone.
        if (slackErrorCode(error) === 'channel_not_found') return { found: false };
        throw error;
      }
    });

  return {
    async inUserGroup(userId, groupId): Promise<Answer> {
      const members = await groupMembers(groupId);
      return members === 'unknown' ? 'unknown' : members.has(userId);
    },

    async inChannel(userId, channelId): Promise<Answer> {
      const members = await channelMembers(channelId);
      return members === 'unknown' ? 'unknown' : members.has(userId);
    },

    channelsOf: (userId) =>
      shared(
        `channels:${userId}`,
        async () =>
          new Set(
            await allPages(async (cursor) => {
              const answer = await client.users.conversations({
                user: userId,
                types: 'public_channel,private_channel',
                limit: pageSize,
                ...(cursor ? { cursor } : {}),
              });
              return {
                items: (answer.channels ?? []).flatMap((c) => (c.id ? [c.id] : [])),
                next: answer.response_metadata?.next_cursor,
              };
            }),
          ),
      ),

    async canPost(channelId): Promise<PostCheck> {
      const facts = await channelFacts(channelId);
      if (facts === 'unknown') return 'unknown';
      if (!facts.found) return { ok: false, code: 'channel_not_found' };
      if (facts.isArchived) return { ok: false, code: 'is_archived' };
      // A public channel takes opsbot's posts without it joining (chat:write.public).
      if (facts.isPrivate && !facts.botIsMember) return { ok: false, code: 'channel_not_found' };
      return { ok: true };
    },

    async canSee(userId, channelId): Promise<Answer> {
      const facts = await channelFacts(channelId);
      if (facts === 'unknown') return 'unknown';
      // A private channel opsbot isn't in (or one that is gone): its members can't be read, so no.
      if (!facts.found) return false;
      if (!facts.isPrivate && !facts.isDirect) return true;
      const members = await channelMembers(channelId);
      return members === 'unknown' ? 'unknown' : members.has(userId);
    },
  };
}
