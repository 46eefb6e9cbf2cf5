// Start-up's check of the policy's user groups against Slack: a handle Slack doesn't know stops
// opsbot with one line naming where it is written; a known one is resolved to its id for decisions.
import { App } from '@slack/bolt';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/config.ts';
import { type SlackSimulator, startSlackSimulator } from '../../../src/sim/slack/index.ts';
import { SIM_CREDENTIALS, simulatedAppEnv } from '../../../src/sim/workspace.ts';
import { installGuardrails } from '../../../src/slack/guardrails.ts';
import { StartupRefused } from '../../../src/slack/preflight.ts';
import { CommandRouter } from '../../../src/slack/router.ts';
import { capturingLogger } from '../../support/logs.ts';

let slack: SlackSimulator | undefined;
afterEach(async () => {
  await slack?.close();
});

async function guardrailsUnder(policy: string) {
  slack = await startSlackSimulator({
    botToken: SIM_CREDENTIALS.botToken,
    userGroups: { S0ONCALL: { handle: 'oncall-team', users: ['U0APPROVER2'] } },
  });
  const parsed = parseConfig({ ...simulatedAppEnv(slack.apiUrl, 'http://127.0.0.1:9'), POLICY: policy });
  if (!parsed.ok) throw new Error(parsed.problems.join('; '));
  const app = new App({
    token: SIM_CREDENTIALS.botToken,
    signingSecret: SIM_CREDENTIALS.signingSecret,
    clientOptions: { slackApiUrl: slack.apiUrl },
  });
  const { logger } = capturingLogger();
  return installGuardrails(app, {
    ...{ config: parsed.config, logger, clock: Date.now },
    router: new CommandRouter(),
    membershipClient: app.client,
  });
}

describe('the start-up check of the policy’s user groups', () => {
  it('stops start-up with one line naming the file, the line and the group', async () => {
    const guardrails = await guardrailsUnder('groups:\n  ops: { usergroup: ghost-team }\n');
    const refused = await guardrails.checkAtStart().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StartupRefused);
    expect((refused as Error).message).toBe(
      'POLICY, line 2, groups.ops.usergroup: Slack has no (enabled) user group @ghost-team — use its handle or its S… ID.',
    );
  });

  it('resolves a known handle to its id, keeping the handle for the words people read', async () => {
    const guardrails = await guardrailsUnder('groups:\n  oncall: { usergroup: oncall-team }\n');
    await guardrails.checkAtStart();
    expect(guardrails.gate.current().groups.oncall?.usergroup).toEqual({
      id: 'S0ONCALL',
      handle: 'oncall-team',
    });
  });
});
