// MCP tokens: a person's bearer tokens for agents, kept by the sha256 of the token (never the token).
// A label names one live token per person; an expired one gives its label up when a new one takes it.
import type { Db } from './db.ts';
import type { Row } from './rows.ts';
import { numOrNull, read, text } from './rows.ts';
import type { McpTokenMethods } from './store.ts';
import type { McpToken } from './types.ts';

/** A token used within this long is not written again: one write a minute per token at most. */
const LAST_USED_GRAIN_MS = 60_000;

function toMcpToken(row: Row): McpToken {
  return {
    id: read.num(row, 'id'),
    label: text(row, 'label'),
    userId: text(row, 'user_id'),
    teamId: text(row, 'team_id'),
    createdAt: read.num(row, 'created_at'),
    lastUsedAt: numOrNull(row, 'last_used_at'),
    expiresAt: read.num(row, 'expires_at'),
    revokedAt: numOrNull(row, 'revoked_at'),
  };
}

export function mcpTokenMethods(db: Db): McpTokenMethods {
  return {
    async createMcpToken(token) {
      return db.transaction(async (tx) => {
        await tx.run(
          `UPDATE mcp_tokens SET revoked_at = :now
           WHERE user_id = :user_id AND label = :label AND revoked_at IS NULL AND expires_at <= :now`,
          { user_id: token.userId, label: token.label, now: token.createdAt },
        );
        const row = await tx.one(
          `INSERT INTO mcp_tokens (token_hash, label, user_id, team_id, created_at, expires_at)
           VALUES (:hash, :label, :user_id, :team_id, :created_at, :expires_at)
           ON CONFLICT (user_id, label) WHERE revoked_at IS NULL DO NOTHING
           RETURNING *`,
          {
            hash: token.hash,
            label: token.label,
            user_id: token.userId,
            team_id: token.teamId,
            created_at: token.createdAt,
            expires_at: token.expiresAt,
          },
        );
        return row === undefined ? 'taken' : toMcpToken(row);
      });
    },

    async mcpTokenByHash(hash) {
      const row = await db.one('SELECT * FROM mcp_tokens WHERE token_hash = :hash', { hash });
      return row === undefined ? undefined : toMcpToken(row);
    },

    async listMcpTokens(userId) {
      const rows = await db.all(
        'SELECT * FROM mcp_tokens WHERE user_id = :user_id AND revoked_at IS NULL ORDER BY created_at DESC, id DESC',
        { user_id: userId },
      );
      return rows.map(toMcpToken);
    },

    async revokeMcpToken(userId, label, at) {
      const changed = await db.run(
        `UPDATE mcp_tokens SET revoked_at = :at
         WHERE user_id = :user_id AND label = :label AND revoked_at IS NULL`,
        { user_id: userId, label, at },
      );
      return changed > 0;
    },

    async touchMcpToken(id, at) {
      await db.run(
        `UPDATE mcp_tokens SET last_used_at = :at
         WHERE id = :id AND (last_used_at IS NULL OR last_used_at <= :stale)`,
        { id, at, stale: at - LAST_USED_GRAIN_MS },
      );
    },
  };
}
