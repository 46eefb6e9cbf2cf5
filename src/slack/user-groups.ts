// Who may approve: the approver IDs from the configuration, and the members of a Slack user group
// (`usergroups.users.list`, scope usergroups:read). Membership is read from Slack and kept a short
// while, so someone added to the group in Slack approves within a minute with no restart. When
// Slack can't say who is in the group, the last list read is used; with none, the answer is
// 'unknown' and the caller refuses: this never fails open.
import type { App } from '@slack/bolt';
import type { Clock } from '../clock.ts';
import { errField, slackErrorCode } from '../errors.ts';
import type { Logger } from '../log.ts';
import { StartupRefused } from './preflight.ts';

/** How long a membership read is trusted before a decision reads it again. */
export const MEMBERSHIP_MAX_AGE_MS = 30_000;
/** A clicker not in the list read is looked up again at once, but not more often than this. */
const RECHECK_MIN_GAP_MS = 2_000;

type UserGroup = { id: string; handle: string };

export type ApproverDirectory = {
  /** Start-up: finds the group by ID or handle. Throws StartupRefused naming APPROVER_GROUP. */
  resolve(): Promise<void>;
  /**
   * Everyone who may approve now. With `mustInclude`, a list that lacks that person is read again
   * (an approver just added to the group). 'unknown' when Slack can't say and nothing was read yet.
   */
  approvers(options?: { mustInclude?: string }): Promise<ReadonlySet<string> | 'unknown'>;
  /** The group, once resolved: for `<!subteam^…>` on the card and "@handle" in words. */
  group(): UserGroup | undefined;
};

type Client = Pick<App['client'], 'usergroups'>;

export function createApproverDirectory(options: {
  client: Client;
  /** APPROVER_GROUP: an S… ID or a handle (without "@"). */
  group: string | undefined;
  staticIds: readonly string[];
  clock: Clock;
  logger: Pick<Logger, 'warn' | 'info'>;
}): ApproverDirectory {
  const { client, clock, logger, staticIds } = options;
  const configured = options.group;
  let resolved: UserGroup | undefined =
    configured !== undefined && /^S[A-Z0-9]+$/.test(configured) ? { id: configured, handle: '' } : undefined;
  let known: { members: Set<string>; at: number } | undefined;
  let lastAttempt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | undefined;

  const withStatic = (members: Iterable<string>) => new Set([...staticIds, ...members]);

  async function readMembers(): Promise<void> {
    if (resolved === undefined) return;
    lastAttempt = clock();
    try {
      const answer = await client.usergroups.users.list({ usergroup: resolved.id });
      known = { members: new Set(answer.users ?? []), at: clock() };
    } catch (error) {
      const code = slackErrorCode(error);
      // A group that was deleted or disabled since start-up has no members: a definite answer.
      if (code === 'no_such_subteam') {
        known = { members: new Set(), at: clock() };
        logger.warn({ event: 'approver_group_gone', group: resolved.id }, 'the approver group is gone');
        return;
      }
      logger.warn(
        {
          event: 'approver_group_unreadable',
          group: resolved.id,
          lastKnown: known !== undefined,
          err: errField(error),
        },
        'could not read the approver group; using the last list read',
      );
    }
  }

  function refresh(): Promise<void> {
    reading ??= readMembers().finally(() => {
      reading = undefined;
    });
    return reading;
  }

  return {
    async resolve() {
      if (configured === undefined) return;
      let groups: Array<{ id?: string; handle?: string }>;
      try {
        groups = (await client.usergroups.list({})).usergroups ?? [];
      } catch (error) {
        const code = slackErrorCode(error) ?? errField(error).name;
        if (code === 'plan_upgrade_required')
          throw new StartupRefused(
            'APPROVER_GROUP is set, but this Slack workspace’s plan has no user groups (plan_upgrade_required): name the approvers in APPROVER_USER_IDS instead.',
          );
        if (code === 'missing_scope')
          throw new StartupRefused(
            'APPROVER_GROUP needs the usergroups:read scope (missing_scope): add it to the app (manifest.yml has it) and reinstall.',
          );
        // An ID needs no look-up to be used; a handle does.
        if (resolved !== undefined) {
          logger.warn(
            { event: 'approver_group_unchecked', err: errField(error) },
            'could not list user groups',
          );
          return;
        }
        throw new StartupRefused(`Could not look up APPROVER_GROUP @${configured} in Slack (${code}).`);
      }
      const found = groups.find((g) => g.id === configured || g.handle === configured);
      if (found?.id === undefined)
        throw new StartupRefused(
          `APPROVER_GROUP names ${/^S[A-Z0-9]+$/.test(configured) ? configured : `@${configured}`}, but this Slack workspace has no such (enabled) user group: use its handle or its S… ID.`,
        );
      resolved = { id: found.id, handle: found.handle ?? '' };
      await refresh();
      logger.info(
        { event: 'approver_group_resolved', group: resolved.id, members: known?.members.size ?? null },
        'approver group found',
      );
    },

    async approvers(opts = {}) {
      if (resolved === undefined) return withStatic([]);
      const now = clock();
      const stale = known === undefined || now - known.at >= MEMBERSHIP_MAX_AGE_MS;
      const lacking =
        opts.mustInclude !== undefined &&
        !staticIds.includes(opts.mustInclude) &&
        known?.members.has(opts.mustInclude) !== true &&
        now - lastAttempt >= RECHECK_MIN_GAP_MS;
      if (stale || lacking) await refresh();
      return known === undefined ? 'unknown' : withStatic(known.members);
    },

    group: () => (resolved === undefined ? undefined : { ...resolved }),
  };
}
