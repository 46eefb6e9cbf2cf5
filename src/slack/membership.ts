// The membership questions the guardrails ask Slack: is this person in that user group
// (`usergroups.users.list`), in that channel (`conversations.members`), can opsbot post in a channel
// and is it private (the channel directory), and so what of a channel a listing may show a person.
// Each answer is kept for a while and shared by every decision that asks the same question, and
// questions asked together while a read is in flight wait for that one read.
//
// What a channel is (public or private, archived, opsbot in it) comes from one directory of every
// channel opsbot can see, read with conversations.list and kept DIRECTORY_MAX_AGE_MS: a listing of
// a thousand digests asks about a thousand channels, which per channel (conversations.info, Tier 3,
// 50+ a minute) would take twenty minutes of 429s; the directory is a page per thousand channels
// (Tier 2, 20+ a minute). A channel it doesn't hold (a direct message, a private channel opsbot isn't
// in, one made since) is asked about alone. A channel made private since the read is shown as public
// for at most that long; who is in a private channel is read far more often (below).
//
// Channel membership is read per channel with conversations.members rather than per person with
// users.conversations: it is Tier 4 (100+ calls a minute) against Tier 3 (50+), and one read answers
// everyone who picks that channel in a form or opens a list. Listings ask about private channels
// only (a public channel's entries are everyone's), and a team has few of those.
//
// Unlike the approver list (src/slack/user-groups.ts), a failed read does not fall back to the last
// answer: someone removed from @oncall or from #ops would keep their rights for as long as Slack
// stays unreachable. A guardrail that can't ask refuses ('unknown'), and the next decision asks again.
//
// The reads go through a Web API client of their own (src/app.ts): the client holds every call
// behind a 429, and a listing's questions must never hold a digest or an alert.
//
// A decision waits at most ANSWER_WITHIN_MS for Slack (its retries included): a form must be
// answered inside Slack's 3 s, so a question Slack hasn't answered by then is 'unknown' (the
// person is told "Slack didn't say whether …, try again"), and the read goes on: its answer is kept
// for the next decision.
import type { App } from '@slack/bolt';
import type { Clock } from '../clock.ts';
import { errField, slackErrorCode } from '../errors.ts';
import { within } from '../limiter.ts';
import type { Logger } from '../log.ts';
import { LruMap } from '../lru-map.ts';
import { sharedWhileInFlight } from '../memoize.ts';
import type { Answer, Membership, PostCheck } from '../policy/index.ts';
import { MEMBERSHIP_MAX_AGE_MS } from './user-groups.ts';

type Client = Pick<App['client'], 'conversations' | 'usergroups'>;

/** Slack's page size for member and channel lists (conversations.list takes at most 1000). */
const PAGE_SIZE = 999;

/** How long the channel directory is trusted: what a channel is changes rarely, who is in it often. */
export const DIRECTORY_MAX_AGE_MS = 5 * 60_000;

/** A person's direct message with opsbot keeps its id for good; asked again daily all the same. */
const DM_MAX_AGE_MS = 24 * 3_600_000;

/** Answers kept at most: a channel's members and a group's, so a workspace's worth with room. */
const KEPT_ANSWERS = 10_000;

/** How long a decision waits for Slack's answer: the rest of Slack's 3 s is the answer's. */
export const ANSWER_WITHIN_MS = 2_000;

export type SlackMembership = Membership & {
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

/** What Slack says of a channel that matters here; `found: false` for channel_not_found. */
type ChannelFacts =
  | { found: false }
  | { found: true; isPrivate: boolean; isDirect: boolean; isArchived: boolean; botIsMember: boolean };

/**
 * Answers kept for `maxAgeMs` (the KEPT_ANSWERS most recent), one read in flight per question;
 * 'unknown' (and nothing kept) when Slack fails.
 */
function createSharedAnswers(clock: Clock, logger: Pick<Logger, 'warn'>, answerWithinMs: number) {
  const kept = new LruMap<string, { value: unknown; at: number }>(KEPT_ANSWERS);
  /** Questions whose read in flight was late for someone already (and said so). */
  const late = new Set<string>();
  const reading = sharedWhileInFlight(
    (key: string, _read: () => Promise<unknown>) => key,
    (key: string, read: () => Promise<unknown>) =>
      read()
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
        }),
  );

  /**
   * The cached or coalesced answer to `key`; 'unknown' (nothing kept) when Slack fails. With
   * `staleWhileReading`, an answer past its age is still given while the new one is read (the
   * channel directory: what channels are changes slowly, and its read of thousands of channels
   * takes longer than a decision may wait).
   */
  return async function shared<T>(
    key: string,
    read: () => Promise<T>,
    maxAgeMs = MEMBERSHIP_MAX_AGE_MS,
    staleWhileReading = false,
  ): Promise<T | 'unknown'> {
    const hit = kept.get(key);
    if (hit !== undefined && clock() - hit.at < maxAgeMs) return hit.value as T;
    const inFlight = reading(key, read) as Promise<T | 'unknown'>;
    if (hit !== undefined && staleWhileReading) return hit.value as T;
    const answer = await within(inFlight, answerWithinMs, 'late' as const);
    if (answer !== 'late') return answer;
    // Once per read that is late, not once per caller waiting on it (a Home tab asks per channel).
    if (!late.has(key)) {
      late.add(key);
      void inFlight.finally(() => late.delete(key));
      logger.warn(
        { event: 'membership_late', question: key, ms: answerWithinMs },
        'Slack did not answer a membership question in time; answered as unknown',
      );
    }
    return 'unknown';
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
  /** How long a decision waits for Slack (ANSWER_WITHIN_MS). */
  answerWithinMs?: number;
}): SlackMembership {
  const { client, clock, logger, pageSize = PAGE_SIZE, answerWithinMs = ANSWER_WITHIN_MS } = options;
  const shared = createSharedAnswers(clock, logger, answerWithinMs);

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

  const factsOf = (channel: {
    is_private?: boolean;
    is_im?: boolean;
    is_mpim?: boolean;
    is_archived?: boolean;
    is_member?: boolean;
  }): ChannelFacts => ({
    found: true,
    isPrivate: channel.is_private === true,
    isDirect: channel.is_im === true || channel.is_mpim === true,
    isArchived: channel.is_archived === true,
    botIsMember: channel.is_member === true,
  });

  /** Every channel opsbot can see: public ones, and private ones it is in. */
  const directory = () =>
    shared(
      'directory',
      async () =>
        new Map(
          await allPages(async (cursor) => {
            const answer = await client.conversations.list({
              types: 'public_channel,private_channel',
              limit: pageSize,
              ...(cursor ? { cursor } : {}),
            });
            return {
              items: (answer.channels ?? []).flatMap((c) => (c.id ? [[c.id, factsOf(c)] as const] : [])),
              next: answer.response_metadata?.next_cursor,
            };
          }),
        ),
      DIRECTORY_MAX_AGE_MS,
      true,
    );

  /** One channel the directory doesn't hold: a direct message, a private channel opsbot isn't in, a new one. */
  const askedAlone = (channelId: string) =>
    shared<ChannelFacts>(`info:${channelId}`, async () => {
      try {
        const { channel } = await client.conversations.info({ channel: channelId });
        return factsOf(channel ?? {});
      } catch (error) {
        // Slack's answer for a private channel opsbot isn't in, or a channel that is gone.
        if (slackErrorCode(error) === 'channel_not_found') return { found: false };
        throw error;
      }
    });

  const channelFacts = async (channelId: string): Promise<ChannelFacts | 'unknown'> => {
    const all = await directory();
    if (all === 'unknown') return 'unknown';
    return all.get(channelId) ?? askedAlone(channelId);
  };

  return {
    async inUserGroup(userId, groupId): Promise<Answer> {
      const members = await groupMembers(groupId);
      return members === 'unknown' ? 'unknown' : members.has(userId);
    },

    async inChannel(userId, channelId): Promise<Answer> {
      const members = await channelMembers(channelId);
      return members === 'unknown' ? 'unknown' : members.has(userId);
    },

    async canPost(channelId): Promise<PostCheck> {
      const facts = await channelFacts(channelId);
      if (facts === 'unknown') return 'unknown';
      if (!facts.found) return { ok: false, code: 'channel_not_found' };
      if (facts.isArchived) return { ok: false, code: 'is_archived' };
      // A public channel takes opsbot's posts without it joining (chat:write.public).
      if (facts.isPrivate && !facts.botIsMember) return { ok: false, code: 'channel_not_found' };
      return { ok: true };
    },

    async isOwnDm(userId, channelId): Promise<Answer> {
      // conversations.open for one person is opsbot's own DM with them: Slack names its id.
      const own = await shared(
        `dm:${userId}`,
        async () => (await client.conversations.open({ users: userId })).channel?.id,
        DM_MAX_AGE_MS,
      );
      return own === 'unknown' ? 'unknown' : own === channelId;
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
