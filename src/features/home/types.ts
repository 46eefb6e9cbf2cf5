// What the Home tab shows, as plain data: the service fills it, the views turn it into blocks.
import type { ApiHealthSnapshot } from '../../api/health.ts';
import type { DigestRun, DigestSubscription, IndexRequest } from '../../store/index.ts';
import type { FiringWatch } from '../watches/index.ts';

/** A decision about what someone may see or do, with the reason the Home tab shows them. */
export type Permission = { allowed: boolean; reason: string };

// The watches feature's own type, re-exported while Home still imports it from here.
export type { FiringWatch } from '../watches/index.ts';

/** Lists the watches that are firing now (snoozed and muted ones included, marked). */
export type FiringWatchSource = () => Promise<FiringWatch[]>;

export type Listed<T> = { items: T[]; total: number };

/** A section whose data could not be read says so instead of pretending to be empty. */
export type Loaded<T> = { ok: true; value: T } | { ok: false };

export type DigestLine = { subscription: DigestSubscription; lastRun: DigestRun | undefined };

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
  waiting: Loaded<Listed<IndexRequest>> | undefined;
  mine: Loaded<IndexRequest[]>;
  /** Absent when this deployment has no watches to report. */
  watches: Loaded<Listed<FiringWatch>> | undefined;
  watchScope: Permission;
  digests: Loaded<Listed<DigestLine>>;
  health: HomeHealth;
  approvalChannelId: string;
};
