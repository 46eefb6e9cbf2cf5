import { describe, expect, it } from 'vitest';
import { callsPerMinute } from '../../../../src/features/mcp/rate-limit.ts';
import { createTokens, hashOf, labelProblem } from '../../../../src/features/mcp/tokens.ts';
import { agentReason } from '../../../../src/features/mcp/tools.ts';
import { openSqliteStore } from '../../../../src/store/sqlite/sqlite-store.ts';

const DAY = 24 * 60 * 60_000;

async function tokensAt(clock: { now: number }, active = () => true) {
  const store = await openSqliteStore({ path: ':memory:' });
  return {
    store,
    tokens: createTokens({ store, clock: () => clock.now, ttlDays: 90, isActive: async () => active() }),
  };
}

describe('MCP tokens', () => {
  it('mints opsbot_mcp_ tokens the store keeps by hash only, valid for the TTL', async () => {
    const clock = { now: 1_000_000 };
    const { store, tokens } = await tokensAt(clock);
    const { token, record } = await tokens.mint('U1', 'T1', 'ci');
    expect(token).toMatch(/^opsbot_mcp_[A-Za-z0-9_-]{43}$/);
    expect(record.expiresAt).toBe(clock.now + 90 * DAY);
    expect((await store.mcpTokenByHash(hashOf(token)))?.label).toBe('ci');
    expect(await tokens.authenticate(token)).toEqual({
      userId: 'U1',
      teamId: 'T1',
      label: 'ci',
      tokenId: record.id,
    });
    clock.now += 90 * DAY;
    expect(await tokens.authenticate(token)).toBeUndefined();
    await store.close();
  });

  it('refuses a missing, malformed, unknown or revoked token, and one whose person left', async () => {
    const clock = { now: 1_000_000 };
    let active = true;
    const { store, tokens } = await tokensAt(clock, () => active);
    const { token } = await tokens.mint('U1', 'T1', 'ci');
    for (const bearer of [undefined, '', 'xoxb-1', 'opsbot_mcp_unknown'])
      expect(await tokens.authenticate(bearer)).toBeUndefined();
    active = false;
    expect(await tokens.authenticate(token)).toBeUndefined();
    active = true;
    await tokens.revoke('U1', 'ci');
    expect(await tokens.authenticate(token)).toBeUndefined();
    await expect(tokens.revoke('U1', 'ci')).rejects.toThrow('You have no token labelled `ci`.');
    await store.close();
  });

  it('echoes a label typed into Slack inert: no mention pings, no `*` restyles the sentence', async () => {
    const { store, tokens } = await tokensAt({ now: 1_000_000 });
    await expect(tokens.revoke('U1', '<!channel> *now*')).rejects.toThrow(
      'You have no token labelled `&lt;!channel&gt; *now*`.',
    );
    expect(labelProblem('*big* <!here>')).toMatch(/^`\*big\* &lt;!here&gt;` can’t be a token label/);
    await store.close();
  });

  it('labels are short words: the sentence says what would do', () => {
    expect(labelProblem('claude-desktop')).toBeUndefined();
    expect(labelProblem('ci.release_2')).toBeUndefined();
    expect(labelProblem('two words')).toBe(
      '`two words` can’t be a token label: use up to 40 letters, digits, dots, dashes or underscores, e.g. `claude-desktop`.',
    );
    // Too long: refused, the sentence quoting it cut short.
    expect(labelProblem('x'.repeat(41))).toBe(
      `\`${'x'.repeat(39)}…\` can’t be a token label: use up to 40 letters, digits, dots, dashes or underscores, e.g. \`claude-desktop\`.`,
    );
    expect(labelProblem('x'.repeat(40))).toBeUndefined();
  });
});

describe('a person’s minute of calls', () => {
  it('lets `limit` calls through a minute, then says how long until the minute starts again', () => {
    let now = 0;
    const budget = callsPerMinute(2, () => now);
    expect([budget('U1'), budget('U1'), budget('U2')]).toEqual([undefined, undefined, undefined]);
    now = 15_000;
    expect(budget('U1')).toBe(45_000);
    now = 60_000;
    expect(budget('U1')).toBeUndefined();
  });
});

describe('the reason approvers read', () => {
  it('says the request came through an agent and names the token', () => {
    expect(agentReason('ci', ' For the release ')).toBe(
      'Asked by an agent over MCP (token `ci`): For the release',
    );
    expect(agentReason('ci', undefined)).toBe(
      'Asked by an agent over MCP (token `ci`), which gave no reason.',
    );
  });
});
