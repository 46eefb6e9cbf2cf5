// What the Home tab shows, as plain data: the service fills it, the views turn it into blocks.
import type { ApiHealthSnapshot } from '../../api/health.ts';
import type { McpToken } from '../../store/index.ts';
import type { DigestWithLastRun } from '../digests/index.ts';
import type { OwnRequest, SearchRequestsService, WaitingRequest } from '../search-requests/index.ts';
import type { FiringWatch } from '../watches/index.ts';

/** A decision about what someone may see or do, with the reason the Home tab shows them. */
export type Permission = { allowed: boolean; reason: string };

/** A watch that needs attention: the watches service reports it, the Home tab shows it. */
export type { FiringWatch };

/** `hidden`: some items were left out because Slack didn't answer whether the viewer is in their channel. */
export type Listed<T> = { items: T[]; total: number; hidden?: boolean };

/** A section whose data could not be read says so instead of pretending to be empty. */
export type Loaded<T> = { ok: true; value: T } | { ok: false };

export type HomeHealth = {
  api: ApiHealthSnapshot;
  version: string;
  mode: 'socket' | 'http';
};

export type HomeData = {
  viewerId: string;
  /** The viewer's IANA zone (users.info), UTC when Slack didn't say. */
  timeZone: string;
  now: number;
  decide: Permission;
  /** Pending requests the viewer may decide, oldest first; absent when they may not decide. */
  waiting: Loaded<Listed<WaitingRequest>> | undefined;
  mine: Loaded<OwnRequest[]>;
  watches: Loaded<Listed<FiringWatch>>;
  watchScope: Permission;
  digests: Loaded<Listed<DigestWithLastRun>>;
  health: HomeHealth;
  approvalChannelId: string;
  /** How requests are worded and decided, as the search-requests feature says. */
  requestWords: Pick<SearchRequestsService, 'describe' | 'stateWords' | 'decisionActions'>;
  /** The slash command as this workspace names it, for the hints. */
  commandName: string;
  /** The viewer's MCP tokens; absent while MCP is off. */
  tokens?: Loaded<McpToken[]>;
};
