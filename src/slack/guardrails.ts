// The guardrails put together for the composition root: which workspace is ours (configured, or
// learned from auth.test), the origin check and the policy gate in front of every listener, the
// shared membership answers, and the start-up check of the policy's user groups.
import type { App } from '@slack/bolt';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../log.ts';
import { type Capability, checkUserGroups } from '../policy/index.ts';
import { createSlackMembership } from './membership.ts';
import { refuseForeignPayloads } from './origin-guard.ts';
import { createPolicyGate, type PolicyGate } from './policy-gate.ts';
import { StartupRefused } from './preflight.ts';
import type { CommandRouter } from './router.ts';

export type Guardrails = {
  gate: PolicyGate;
  /** What auth.test said at start-up: the workspace whose people opsbot answers. */
  learnedWorkspace(ids: { teamId: string | undefined; enterpriseId: string | undefined }): void;
  /** Resolves the policy's user groups with Slack, or stops start-up with the one line. */
  checkAtStart(): Promise<void>;
};

export function installGuardrails(
  app: App,
  deps: {
    config: Config;
    logger: Logger;
    clock: Clock;
    router: CommandRouter;
    /** The membership reads' own client, so that their 429s hold nothing else (slack/membership.ts). */
    membershipClient: App['client'];
    onRefusal?(capability: Capability): void;
  },
): Guardrails {
  const { config, logger } = deps;
  let learned: { teamId: string | undefined; enterpriseId: string | undefined } = {
    teamId: undefined,
    enterpriseId: undefined,
  };
  app.use(
    refuseForeignPayloads({
      workspace: {
        teamId: () => config.slack.teamId ?? learned.teamId,
        enterpriseId: () => learned.enterpriseId,
      },
      appId: config.slack.appId,
      logger,
    }),
  );
  const membership = createSlackMembership({ client: deps.membershipClient, clock: deps.clock, logger });
  const gate = createPolicyGate({
    policy: config.policy,
    membership,
    router: deps.router,
    ...(deps.onRefusal ? { onRefusal: deps.onRefusal } : {}),
  });
  app.use(gate.middleware);
  return {
    gate,
    learnedWorkspace(ids) {
      learned = ids;
    },
    async checkAtStart() {
      const checked = await checkUserGroups(gate.current(), async () => {
        const answer = await app.client.usergroups.list({ include_disabled: false });
        return answer.usergroups ?? [];
      });
      if (!checked.ok) throw new StartupRefused(checked.problem);
      gate.use(checked.policy);
    },
  };
}
