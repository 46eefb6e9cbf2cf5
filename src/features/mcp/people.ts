// What the MCP feature asks Slack about a token's person: their own DM with opsbot (where a call is
// decided), and whether they are still active (users.info `deleted`): a deactivated person's tokens
// stop working within ACTIVE_KEPT_MS. Asked on use, remembered a few minutes, one question at a time
// per person; the calls go through the app's Web API client, so Slack's shared rate budget
// (src/slack/budget.ts) paces them with every other call. When Slack doesn't answer whether the
// person is active, the last answer stands; with none yet, the call goes on (the policy's own
// questions to Slack still refuse when unanswered).
import type { Clock } from '../../clock.ts';
import { slackErrorCode } from '../../errors.ts';
import { LruMap } from '../../lru-map.ts';
import type { WebClient } from '../../slack/web-client.ts';

/** How long an answer stands: a deactivation takes effect within this. */
export const ACTIVE_KEPT_MS = 3 * 60_000;
const PEOPLE_REMEMBERED = 10_000;

export function slackActivity(client: () => WebClient, clock: Clock) {
  const known = new LruMap<string, { active: boolean; at: number }>(PEOPLE_REMEMBERED);
  // A second call of one person's agent while Slack is still answering waits for the same answer.
  const asking = new Map<string, Promise<boolean>>();
  const ask = async (userId: string, last: boolean | undefined): Promise<boolean> => {
    try {
      const answer = await client().users.info({ user: userId });
      const active = answer.user?.deleted !== true;
      known.set(userId, { active, at: clock() });
      return active;
    } catch (error) {
      // Slack no longer knows the person: their tokens stop as a deactivation's do.
      if (slackErrorCode(error) === 'user_not_found') {
        known.set(userId, { active: false, at: clock() });
        return false;
      }
      return last ?? true;
    }
  };
  return (userId: string): Promise<boolean> => {
    const hit = known.get(userId);
    if (hit !== undefined && clock() - hit.at < ACTIVE_KEPT_MS) return Promise.resolve(hit.active);
    let asked = asking.get(userId);
    if (asked === undefined) {
      asked = ask(userId, hit?.active).finally(() => asking.delete(userId));
      asking.set(userId, asked);
    }
    return asked;
  };
}

/**
 * The person's own DM with opsbot, as Slack names it (it never changes: remembered once known).
 * When Slack doesn't answer, the error is the call's: it is told in the sentence Slack's trouble has.
 */
export function ownDms(client: () => WebClient) {
  const known = new LruMap<string, string>(PEOPLE_REMEMBERED);
  return async (userId: string): Promise<string> => {
    const hit = known.get(userId);
    if (hit !== undefined) return hit;
    const id = (await client().conversations.open({ users: userId })).channel?.id;
    if (id === undefined) throw new Error('conversations.open named no channel');
    known.set(userId, id);
    return id;
  };
}
