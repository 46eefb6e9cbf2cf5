// A signed request proves it came from Slack, not that it came from *our* workspace and app.
// When SLACK_TEAM_ID / SLACK_APP_ID are configured, payloads naming another are dropped — and so are
// payloads naming none: every command and interaction Slack sends carries both, so a payload
// without them was not built by Slack for this app, and failing closed costs nothing real.
import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import type { Logger } from '../log.ts';

type Expected = { teamId: string | undefined; appId: string | undefined; logger: Logger };

export function refuseForeignPayloads(expected: Expected): Middleware<AnyMiddlewareArgs> {
  return async (args) => {
    const { body, next } = args;
    const origin = originOf(body);
    const wrongTeam = expected.teamId !== undefined && origin.teamId !== expected.teamId;
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
    await next();
  };
}

function originOf(body: unknown): { teamId: string | undefined; appId: string | undefined } {
  if (typeof body !== 'object' || body === null) return { teamId: undefined, appId: undefined };
  const b = body as Record<string, unknown>;
  const team = b.team as { id?: unknown } | undefined;
  const teamId =
    typeof b.team_id === 'string' ? b.team_id : typeof team?.id === 'string' ? team.id : undefined;
  const appId = typeof b.api_app_id === 'string' ? b.api_app_id : undefined;
  return { teamId, appId };
}
