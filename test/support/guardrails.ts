// A workspace run under a policy, for the guardrails' e2e tests: the simulator's channels and who is
// in them (SIM_CHANNELS), an @oncall-team user group, and a policy a 200-person team might write.
import type { MessageLike } from '../../src/sim/driver/driver.ts';
import {
  SIM_CREDENTIALS,
  type SimulatedWorkspace,
  startSimulatedWorkspace,
} from '../../src/sim/workspace.ts';
import { SIM_CHANNELS } from '../../src/sim/workspace-channels.ts';
import { parsedLogs } from './logs.ts';

/** ops: the approver, by user id; oncall: the second approver, through the @oncall-team user group. */
export const GUARDRAILS_POLICY = `
groups:
  ops: { users: [U0APPROVER] }
  oncall: { usergroup: oncall-team }
channels:
  ops-rooms: [C0OPS, C0INCIDENTS]
allow:
  stats: { who: everyone, where: [ops-rooms, C0GENERAL] }
  accounts: { who: [ops], where: [ops-rooms] }
  search.request: { who: [ops, oncall], where: [ops-rooms] }
  watch.manage: { who: [ops, oncall] }
  watch.respond: { who: [ops, oncall] }
  digest.manage: { who: [ops], where: [ops-rooms] }
  index.manage: { who: [ops] }
`;

export function startGuardedWorkspace(mode: 'http' | 'socket'): Promise<SimulatedWorkspace> {
  return startSimulatedWorkspace({
    mode,
    env: {
      POLICY: GUARDRAILS_POLICY,
      METRICS_PORT: '0',
      ...(mode === 'socket' ? { SLACK_APP_TOKEN: SIM_CREDENTIALS.appToken } : {}),
    },
    slack: {
      channels: SIM_CHANNELS,
      userGroups: { S0ONCALL: { handle: 'oncall-team', users: ['U0APPROVER2'] } },
    },
  });
}

/** The `policy_refused` lines logged so far. */
export const refusalsLogged = (ws: SimulatedWorkspace) =>
  parsedLogs(ws.logs).filter((line) => line.event === 'policy_refused');

/** What a refused action must not have caused: Slack posts and forms, management API calls. */
export function sideEffects(ws: SimulatedWorkspace) {
  const methods = ['chat.postMessage', 'views.open', 'views.push', 'files.completeUploadExternal'];
  return {
    posts: ws.slack.calls.filter((c) => methods.includes(c.method)).length,
    api: ws.apiRequestsAfterStart().length,
  };
}

/** A message in `channel` carrying one button, as opsbot would have posted it. */
export function messageWithButton(channel: string, actionId: string, value = '1'): MessageLike {
  return {
    channel,
    ts: '1700000000.000100',
    blocks: [
      {
        type: 'actions',
        block_id: 'guardrails_test',
        elements: [{ type: 'button', action_id: actionId, value, text: { type: 'plain_text', text: 'Go' } }],
      },
    ],
  };
}
