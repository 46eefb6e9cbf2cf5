// A Membership answering from fixed tables, for tests of decisions that don't need a Slack simulator.
// Anything not in a table is 'unknown' when `unknownByDefault`, else "no".
import type { Answer, Membership, PostCheck } from '../../src/policy/index.ts';

export type MembershipTables = {
  /** group id -> member user ids */
  groups?: Record<string, string[]>;
  /** channel id -> member user ids */
  channels?: Record<string, string[]>;
  /** channel id -> why opsbot can't post there (absent: it can) */
  cantPost?: Record<string, 'is_archived' | 'channel_not_found'>;
  /** user id -> the id of their direct message with opsbot */
  dms?: Record<string, string>;
  /** Ids (group or channel) Slack doesn't answer about. */
  silent?: string[];
};

export function membershipFrom(tables: MembershipTables): Membership & { asked: string[] } {
  const asked: string[] = [];
  const answer = (id: string, members: string[] | undefined, userId: string): Answer => {
    asked.push(id);
    if (tables.silent?.includes(id)) return 'unknown';
    return members?.includes(userId) ?? false;
  };
  return {
    asked,
    inUserGroup: async (userId, groupId) => answer(groupId, tables.groups?.[groupId], userId),
    inChannel: async (userId, channelId) => answer(channelId, tables.channels?.[channelId], userId),
    canPost: async (channelId): Promise<PostCheck> => {
      if (tables.silent?.includes(`post:${channelId}`)) return 'unknown';
      const code = tables.cantPost?.[channelId];
      return code === undefined ? { ok: true } : { ok: false, code };
    },
    isOwnDm: async (userId, channelId) => {
      asked.push(`dm:${userId}`);
      if (tables.silent?.includes(`dm:${userId}`)) return 'unknown';
      return tables.dms?.[userId] === channelId;
    },
  };
}
