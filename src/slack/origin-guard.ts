// A signed request proves it came from Slack, not that it came from *our* workspace and app, nor
// from one of our people. Two checks, on by default:
// - The workspace and app: SLACK_TEAM_ID / SLACK_APP_ID when configured, else the team auth.test
//   named at start-up. Payloads naming another are dropped — and so are payloads naming none: every
//   command and interaction Slack sends carries them, so a payload without them was not built by
//   Slack for this app, and failing closed costs nothing real. Nobody is told anything.
// - The person: in a channel shared with another organisation (Slack Connect), a click from our
//   workspace may come from someone of theirs (`user.team_id`). They get one sentence and nothing
//   else. In an Enterprise Grid organisation the people of its other workspaces share channels
//   too, so there the workspace check above is the one that applies.
import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import { PolicyRefusal } from '../errors.ts';
import type { Logger } from '../log.ts';

/** Which workspace is ours: configured, or learned from auth.test (undefined until then). */
type OurWorkspace = {
  teamId(): string | undefined;
  /** An org-wide (Enterprise Grid) install answers to every workspace of the organisation. */
  enterpriseId(): string | undefined;
};

type Expected = { workspace: OurWorkspace; appId: string | undefined; logger: Logger };

const OTHER_ORGANISATION =
  'opsbot answers people of this workspace only, so it did nothing: ask someone here to do it for you.';

export function refuseForeignPayloads(expected: Expected): Middleware<AnyMiddlewareArgs> {
  return async (args) => {
    const { body, next } = args;
    const origin = originOf(body);
    const ours = (team: string | undefined, enterprise: string | undefined) => {
      const teamId = expected.workspace.teamId();
      const enterpriseId = expected.workspace.enterpriseId();
      return (
        teamId !== undefined &&
        (team === teamId || (enterpriseId !== undefined && enterprise === enterpriseId))
      );
    };
    const wrongTeam = !ours(origin.teamId, origin.enterpriseId);
    const wrongApp = expected.appId !== undefined && origin.appId !== expected.appId;
    if (wrongTeam || wrongApp) {
      expected.logger.warn(
        { event: 'foreign_payload_refused', teamId: origin.teamId ?? null, appId: origin.appId ?? null },
        'refused a payload from another workspace or app',
      );
      // No listener runs; an empty ack keeps the sender from retrying and tells it nothing.
      if ('ack' in args && typeof args.ack === 'function') await args.ack();
      return;
    }
    const ourTeam = expected.workspace.teamId();
    const fromElsewhere =
      origin.userTeamId !== undefined &&
      origin.userTeamId !== origin.teamId &&
      origin.userTeamId !== ourTeam &&
      expected.workspace.enterpriseId() === undefined;
    if (fromElsewhere)
      // The guard answers the person where they are looking, and logs it as a refusal.
      throw new PolicyRefusal(OTHER_ORGANISATION, {
        capability: 'workspace',
        user: origin.userId,
        channel: origin.channelId,
        reason: 'other-organisation',
      });
    await next();
  };
}

type Origin = {
  teamId: string | undefined;
  enterpriseId: string | undefined;
  appId: string | undefined;
  userId: string | undefined;
  userTeamId: string | undefined;
  channelId: string | undefined;
};

function originOf(body: unknown): Origin {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const team = b.team as { id?: unknown; enterprise_id?: unknown } | undefined;
  const user = b.user as { id?: unknown; team_id?: unknown } | undefined;
  const enterprise = b.enterprise as { id?: unknown } | undefined;
  const channel = b.channel as { id?: unknown } | undefined;
  return {
    teamId: text(b.team_id) ?? text(team?.id),
    enterpriseId: text(b.enterprise_id) ?? text(enterprise?.id) ?? text(team?.enterprise_id),
    appId: text(b.api_app_id),
    userId: text(b.user_id) ?? text(user?.id),
    userTeamId: text(user?.team_id),
    channelId: text(b.channel_id) ?? text(channel?.id),
  };
}
