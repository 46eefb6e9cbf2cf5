// What the MCP feature asks Slack about a token's person, against a fake Web API client: answers
// remembered a few minutes, one question at a time per person, Slack's failures told as such.
import { describe, expect, it } from 'vitest';
import { ACTIVE_KEPT_MS, ownDms, slackActivity } from '../../../../src/features/mcp/people.ts';
import type { WebClient } from '../../../../src/slack/web-client.ts';

function slack(answer: () => Promise<unknown>) {
  const asked: string[] = [];
  const client = {
    users: {
      info: async ({ user }: { user: string }) => {
        asked.push(`users.info ${user}`);
        return answer();
      },
    },
    conversations: {
      open: async ({ users }: { users: string }) => {
        asked.push(`conversations.open ${users}`);
        return answer();
      },
    },
  } as unknown as WebClient;
  return { client, asked };
}

describe('whether a token’s person is still active', () => {
  it('asks once for calls at the same moment, remembers the answer, and sees a deactivation after ACTIVE_KEPT_MS', async () => {
    let deleted = false;
    const { client, asked } = slack(async () => ({ ok: true, user: { deleted } }));
    let now = 0;
    const isActive = slackActivity(
      () => client,
      () => now,
    );
    expect(await Promise.all([isActive('U1'), isActive('U1'), isActive('U1')])).toEqual([true, true, true]);
    expect(asked).toEqual(['users.info U1']);
    deleted = true;
    now += ACTIVE_KEPT_MS - 1;
    expect(await isActive('U1')).toBe(true);
    now += 1;
    expect(await isActive('U1')).toBe(false);
    expect(asked).toEqual(['users.info U1', 'users.info U1']);
  });

  it('when Slack doesn’t answer, the last answer stands', async () => {
    let failing = false;
    const { client } = slack(async () => {
      if (failing) throw Object.assign(new Error('down'), { code: 'slack_webapi_request_error' });
      return { ok: true, user: { deleted: true } };
    });
    let now = 0;
    const isActive = slackActivity(
      () => client,
      () => now,
    );
    expect(await isActive('U1')).toBe(false);
    failing = true;
    now += ACTIVE_KEPT_MS;
    expect(await isActive('U1')).toBe(false);
    expect(await isActive('U2')).toBe(true);
  });
});

describe('the person’s own DM with opsbot', () => {
  it('is asked once and remembered; Slack’s failure is the call’s', async () => {
    let failing = true;
    const { client, asked } = slack(async () => {
      if (failing) throw Object.assign(new Error('down'), { code: 'slack_webapi_request_error' });
      return { ok: true, channel: { id: 'D1' } };
    });
    const dmOf = ownDms(() => client);
    await expect(dmOf('U1')).rejects.toThrow('down');
    failing = false;
    expect(await dmOf('U1')).toBe('D1');
    expect(await dmOf('U1')).toBe('D1');
    expect(asked).toEqual(['conversations.open U1', 'conversations.open U1']);
  });
});
