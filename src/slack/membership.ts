// The membership questions the guardrails ask Slack: is this person in that user group
// (`usergroups.users.list`), in that channel (`conversations.members`), which channels are they in
// (`users.conversations`), and can opsbot post in a channel (`conversations.info`). Each answer is
// kept for MEMBERSHIP_MAX_AGE_MS and shared by every decision that asks the same question, and
// questions asked together while a read is in flight wait for that one read.
//
// Channel membership is read per channel with conversations.members rather than per person with
// users.conversations: it is Tier 4 (100+ calls a minute) against Tier 3 (50+), and one read answers
// everyone who picks that channel in a form. users.conversations serves the listings, where one
// read per person covers every channel a list shows.
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
};

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

    canPost: (channelId) =>
      shared<Exclude<PostCheck, 'unknown'>>(`post:${channelId}`, async () => {
        try {
          const { channel } = await client.conversations.info({ channel: channelId });
          if (channel?.is_archived) return { ok: false, code: 'is_archived' };
          // A public channel takes opsbot's posts without it joining (chat:write.public).
          if (channel?.is_private && !channel.is_member) return { ok: false, code: 'channel_not_found' };
          return { ok: true };
        } catch (error) {
          // Slack's answer for a private channel opsbot isn't in, or a channel that is gone.
          if (slackErrorCode(error) === 'channel_not_found') return { ok: false, code: 'channel_not_found' };
          throw error;
        }
      }),
  };
}
