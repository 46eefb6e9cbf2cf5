// One due subscription, start to finish: decide which run is due, claim it in the store (the claim
// per channel and local date is what makes a restart, a slow or overlapping tick, or a second
// replica unable to post twice), compose, post, record the outcome, move the schedule on.

import type { Clock } from '../../clock.ts';
import { CANT_POST, cantPostReason, errField, isTransientSlackError, slackErrorCode } from '../../errors.ts';
import { createJob, type JobTimers } from '../../jobs.ts';
import type { Logger } from '../../log.ts';
import type { Pacer } from '../../slack/pacer.ts';
import type { DigestSubscription, Store } from '../../store/index.ts';
import { mentionChannel } from '../../text/mrkdwn.ts';
import { minutesOrHours } from '../../text/spans.ts';
import type { WorkTracker } from '../../work-tracker.ts';
import { composeDigest, type DigestParts } from './compose.ts';
import { type DigestsOutbound, postDigest } from './outbound.ts';
import { type DueRun, decideDue, nextRunAfter } from './schedule.ts';

export type RunnerDeps = {
  store: Store;
  clock: Clock;
  logger: Logger;
  slack: DigestsOutbound;
  pacer: Pacer;
  /** Who holds the claims of this process (random per instance). */
  owner: string;
  leaseMs: number;
  catchUpMs: number;
  /** Claims of one run before giving up on it for the day. */
  maxAttempts: number;
  retryDelaysMs?: readonly number[] | undefined;
  /** Holds the lease renewals, so a shutdown waits for one in flight. */
  work: WorkTracker;
  /** The lease renewal's timers; tests drive them by hand. */
  timers?: JobTimers | undefined;
  /** The slash command as the workspace names it, for the digest's footer and the DM. */
  command: string;
};

export type RunOutcome = 'posted' | 'skipped' | 'failed' | 'retry' | 'busy' | 'already-done' | 'interrupted';

export async function runDueSubscription(
  deps: RunnerDeps,
  sub: DigestSubscription,
  parts: DigestParts,
  signal: AbortSignal,
): Promise<RunOutcome> {
  const { store, owner, leaseMs } = deps;
  const now = deps.clock();
  const decision = decideDue(sub, sub.nextRunAt, now, deps.catchUpMs);
  const { run } = decision;
  const next = nextRunAfter(sub, Math.max(now, run.scheduledFor));
  const log = deps.logger.child({ channel: sub.channelId, localDate: run.localDate });
  const advance = () => store.advanceSubscription(sub.channelId, next, sub.nextRunAt);

  if (decision.superseded) await recordSuperseded(deps, sub.channelId, decision.superseded, run, now);

  const claim = await store.claimDigestRun({
    channelId: sub.channelId,
    localDate: run.localDate,
    scheduledFor: run.scheduledFor,
    owner,
    leaseMs,
    now,
  });
  if (!claim.claimed) {
    if (claim.run.status === 'running') return 'busy';
    await advance();
    return 'already-done';
  }
  const complete = (status: 'posted' | 'skipped' | 'failed', note?: string, messageTs?: string) =>
    store.completeDigestRun(sub.channelId, run.localDate, owner, {
      status,
      at: deps.clock(),
      ...(note === undefined ? {} : { note }),
      ...(messageTs === undefined ? {} : { messageTs }),
    });

  if (decision.kind === 'skip') {
    const note = `not posted: ${minutesOrHours(run.lateMs)} late after downtime (catch-up limit ${minutesOrHours(deps.catchUpMs)})`;
    await complete('skipped', note);
    await advance();
    log.info({ event: 'digest_skipped', lateMs: run.lateMs }, 'digest too late; skipped');
    return 'skipped';
  }
  if (claim.run.attempts > deps.maxAttempts) {
    await complete('failed', `gave up after ${deps.maxAttempts} attempts`);
    await advance();
    log.warn(
      { event: 'digest_gave_up', attempts: deps.maxAttempts },
      'digest failed too often; giving up today',
    );
    return 'failed';
  }

  // The lease is renewed while the run works, so a slow post (pacing, Slack retries) is not taken
  // over by another instance; losing the lease stops this run before it posts. A renewal that fails
  // is logged (job_failed) and tried again at the next interval, well inside the lease.
  const lost = new AbortController();
  const both = AbortSignal.any([signal, lost.signal]);
  const renewal = createJob({
    name: 'digest_lease_renewal',
    intervalMs: Math.max(1_000, Math.floor(leaseMs / 3)),
    logger: log,
    work: deps.work,
    ...(deps.timers === undefined ? {} : { timers: deps.timers }),
    run: async () => {
      if (!(await store.renewDigestRun(sub.channelId, run.localDate, owner, leaseMs, deps.clock())))
        lost.abort(new Error('lease lost'));
    },
  });
  renewal.start();

  try {
    const content = await composeDigest(parts, { subscription: sub, scheduledFor: run.scheduledFor, now });
    const posted = await postDigest(deps.slack, content, {
      pacer: deps.pacer,
      signal: both,
      retryDelaysMs: deps.retryDelaysMs,
      command: deps.command,
      run: { localDate: run.localDate, scheduledFor: run.scheduledFor, lookFirst: claim.run.attempts > 1 },
    });
    const missing = content.indexes.filter((p) => !p.ok).map((p) => p.indexId);
    const note = missing.length > 0 ? `posted without: ${missing.join(', ')}` : undefined;
    const done = await complete('posted', note, posted.ts);
    if (!done.ok)
      log.error({ event: 'digest_complete_lost', ts: posted.ts }, 'posted, but the run was taken over');
    await advance();
    log.info(
      {
        event: 'digest_posted',
        ts: posted.ts,
        withImage: posted.withImage,
        missing: missing.length,
        lateMs: run.lateMs,
      },
      'digest posted',
    );
    return 'posted';
  } catch (err) {
    if (both.aborted) {
      await complete(
        'failed',
        'interrupted before posting (shutdown or lease lost); retried by the next tick',
      );
      log.warn({ event: 'digest_interrupted' }, 'digest interrupted before posting');
      return 'interrupted';
    }
    const cantPost = cantPostReason(err);
    const code = slackErrorCode(err);
    // No Slack code at all: a network failure that outlasted the client's own retries.
    if (cantPost === undefined && (isTransientSlackError(err) || code === undefined)) {
      await complete(
        'failed',
        `Slack did not take the post (${code ?? errField(err).name}); retried by the next tick`,
      );
      log.warn({ event: 'digest_post_retry', err: errField(err) }, 'digest post failed; will retry');
      return 'retry';
    }
    const reason = cantPost ?? `Slack refused the post (${code})`;
    await complete('failed', notPosted(reason));
    await advance();
    if (cantPost !== undefined && !(await refusedLastTime(store, sub.channelId, run.localDate)))
      await tellConfigurer(deps, sub, cantPost);
    else log.error({ event: 'digest_post_broken', err: errField(err) }, 'Slack refused the digest');
    return 'failed';
  } finally {
    await renewal.stop();
  }
}

async function recordSuperseded(
  deps: RunnerDeps,
  channelId: string,
  missed: DueRun,
  replacedBy: DueRun,
  now: number,
): Promise<void> {
  const claim = await deps.store.claimDigestRun({
    channelId,
    localDate: missed.localDate,
    scheduledFor: missed.scheduledFor,
    owner: deps.owner,
    leaseMs: deps.leaseMs,
    now,
  });
  if (!claim.claimed) return;
  await deps.store.completeDigestRun(channelId, missed.localDate, deps.owner, {
    status: 'skipped',
    at: now,
    note: `not posted: missed during downtime; the run of ${replacedBy.localDate} replaces it`,
  });
}

const notPosted = (reason: string) => `not posted: ${reason}`;

/** The channel's run before this one was refused too: its configurer was told then, once is enough. */
async function refusedLastTime(store: Store, channelId: string, localDate: string): Promise<boolean> {
  const previous = (await store.listDigestRuns(channelId, 2)).find((r) => r.localDate !== localDate);
  return (
    previous?.status === 'failed' && Object.values(CANT_POST).some((why) => previous.note === notPosted(why))
  );
}

/** A DM to whoever set the digest up: the channel cannot be told, so the person who can fix it is. */
async function tellConfigurer(deps: RunnerDeps, sub: DigestSubscription, reason: string): Promise<void> {
  const text =
    `:warning: I could not post today's digest in ${mentionChannel(sub.channelId)}: ${reason}. ` +
    `Invite me there (\`/invite @opsbot\`), or stop the digest with \`${deps.command} digest remove\` in that channel.`;
  try {
    await deps.pacer.take(sub.configuredBy);
    await deps.slack.postMessage({ channel: sub.configuredBy, text });
  } catch (err) {
    deps.logger.warn(
      { event: 'digest_dm_failed', channel: sub.channelId, err: errField(err) },
      'could not tell the configurer',
    );
  }
}
