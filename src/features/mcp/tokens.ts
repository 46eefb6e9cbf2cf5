// A person's MCP tokens: minted in Slack and shown once, kept only as their sha256, listed, revoked,
// and checked on every call (missing, unknown, expired, revoked, or its person deactivated: refused).
import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import { UserFacingError } from '../../errors.ts';
import type { McpToken, Store } from '../../store/index.ts';
import { escapeMrkdwn, quoteUserText } from '../../text/mrkdwn.ts';

/** Every token starts so: people and secret scanners recognise it (src/log.ts scrubs it by shape). */
export const TOKEN_PREFIX = 'opsbot_mcp_';
const DAY_MS = 24 * 60 * 60_000;
/** A label names the agent: `claude-desktop`, `ci.release`. */
export const LABEL = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;

export const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Who a token acts for, as a call through it is decided. */
export type Caller = { userId: string; teamId: string; label: string; tokenId: number };

export type TokenDeps = {
  store: Pick<
    Store,
    'createMcpToken' | 'mcpTokenByHash' | 'listMcpTokens' | 'revokeMcpToken' | 'touchMcpToken'
  >;
  clock: Clock;
  ttlDays: number;
  /** Whether Slack says the person is still active (cached a few minutes; see people.ts). */
  isActive(userId: string): Promise<boolean>;
};

export function labelProblem(label: string): string | undefined {
  return LABEL.test(label)
    ? undefined
    : `${quoteUserText(label, 40)} can’t be a token label: use up to 40 letters, digits, dots, dashes or underscores, e.g. \`claude-desktop\`.`;
}

export function createTokens(deps: TokenDeps) {
  const { store, clock } = deps;
  return {
    /** A new token for `userId`: the token itself is returned once and never stored. */
    async mint(userId: string, teamId: string, label: string): Promise<{ token: string; record: McpToken }> {
      const problem = labelProblem(label);
      if (problem !== undefined) throw new UserFacingError(problem);
      const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const now = clock();
      const record = await store.createMcpToken({
        hash: hashOf(token),
        label,
        userId,
        teamId,
        createdAt: now,
        expiresAt: now + deps.ttlDays * DAY_MS,
      });
      if (record === 'taken')
        throw new UserFacingError(
          `You already have a token labelled \`${escapeMrkdwn(label)}\`: revoke it first, or pick another label.`,
        );
      return { token, record };
    },

    list: (userId: string) => store.listMcpTokens(userId),

    /** Revokes `userId`'s token `label`; throws with what to do when there is none. */
    async revoke(userId: string, label: string): Promise<void> {
      if (!(await store.revokeMcpToken(userId, label, clock())))
        throw new UserFacingError(`You have no token labelled ${quoteUserText(label, 40)}.`);
    },

    /** The caller a bearer token stands for, or undefined for any token that may not call. */
    async authenticate(bearer: string | undefined): Promise<Caller | undefined> {
      if (bearer === undefined || !bearer.startsWith(TOKEN_PREFIX)) return undefined;
      // Looked up by its hash: what an attacker could time is the hash of what they sent, not ours.
      const token = await store.mcpTokenByHash(hashOf(bearer));
      if (token === undefined) return undefined;
      const now = clock();
      if (token.revokedAt !== null || token.expiresAt <= now) return undefined;
      if (!(await deps.isActive(token.userId))) return undefined;
      await store.touchMcpToken(token.id, now);
      return { userId: token.userId, teamId: token.teamId, label: token.label, tokenId: token.id };
    },
  };
}

export type Tokens = ReturnType<typeof createTokens>;
