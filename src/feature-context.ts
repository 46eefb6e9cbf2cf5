// What the composition root hands to each feature's register(). It lives apart from app.ts so the
// features can depend on it without importing the composition root that imports them.
import type { App } from '@slack/bolt';
import type { ManagementClient } from './api/client.ts';
import type { StatsReader } from './api/shared-reads.ts';
import type { ChangeFeed } from './changes.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Admission } from './limiter.ts';
import type { Logger } from './log.ts';
import type { Pacer } from './slack/pacer.ts';
import type { PolicyPort } from './slack/policy-gate.ts';
import type { PostOnce } from './slack/post-once.ts';
import type { RetryPolicy } from './slack/preflight.ts';
import type { CommandRouter } from './slack/router.ts';
import type { UserTimeZone } from './slack/user-time-zone.ts';
import type { WebClient } from './slack/web-client.ts';
import type { Store } from './store/index.ts';
import type { WorkTracker } from './work-tracker.ts';

export type AppDeps = {
  config: Config;
  logger: Logger;
  mgmt: ManagementClient;
  store: Store;
  clock: Clock;
  /** How start-up waits between attempts to reach Slack; tests shorten it. */
  retry?: RetryPolicy;
  /** How much statistics work runs and waits at once (STATS_ADMISSION); tests make a burst small. */
  statsAdmission?: { running: number; waiting: number };
  /** How long one Web API call may take (SLACK_CALL_TIMEOUT_MS); tests shorten it. */
  slackTimeoutMs?: number;
};

/** Background jobs (sweeps, schedulers) start after the server listens and stop before it drains. */
export type Lifecycle = {
  /**
   * A start-up check that needs Slack (the credentials were accepted) and must pass before opsbot
   * logs `listening`: a StartupRefused thrown here ends start-up with its one line.
   */
  checkBeforeListening(hook: () => void | Promise<void>): void;
  onStart(hook: () => void | Promise<void>): void;
  onStop(hook: () => void | Promise<void>): void;
};

/**
 * What each feature's register() receives: the shared parts, and in `uses` the services of the
 * features it builds on, handed along by the composition root (app.ts). Read only there and in the
 * features' index.ts: every feature folder exports `register(context)`, which hands its listeners
 * and outbound what they use and returns its service; nothing else of a feature is imported by
 * another but its service's type.
 */
export type FeatureContext<Uses = unknown> = AppDeps & {
  uses: Uses;
  app: App;
  router: CommandRouter;
  work: WorkTracker;
  lifecycle: Lifecycle;
  /** Told of every stored change a person could see; views that show them refresh from it. */
  changes: ChangeFeed;
  /** Statistics reads for everyone (schedulers and people): a read on its way is shared by all who ask. */
  scheduledStats: StatsReader;
  /**
   * The process's one admission for statistics work that holds memory (a read and its card):
   * people's work is refused with the BUSY sentence past it, background work waits its turn.
   */
  statsWork: Admission;
  /** The one pacer of scheduled posts (digests, alerts), so together they stay within Slack's rates. */
  pacer: Pacer;
  /** The one path of scheduled posts (digests, alerts, request cards): keyed, paced, sent once. */
  postOnce: PostOnce;
  /** A person's time zone from users.info, through the app's one cache (once a day per person). */
  userTimeZone: UserTimeZone;
  /**
   * A Web API client with the app's options and a request queue of its own: a 429 it waits out
   * pauses only its own calls (a client pauses all of its calls for a Retry-After).
   */
  slackClientOfItsOwn(): WebClient;
  /**
   * The guardrails: `protect` declares what the feature's clicks, forms and type-aheads need (a
   * subcommand declares its `capability` where it registers); the policy gate enforces both.
   */
  policy: PolicyPort;
  /** The slash command as this workspace names it (`/ops`, or what it was renamed to), for hints. */
  commandName(): string;
};
