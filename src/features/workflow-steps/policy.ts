// A step obeys the same policy as its command (src/policy). A workflow step runs as nobody in
// particular unless it names a person (the request step's requester), so a capability limited to
// some people is refused to a step that names none.
import type { FeatureContext } from '../../feature-context.ts';
import { type Capability, decide } from '../../policy/index.ts';
import { createSlackMembership } from '../../slack/membership.ts';

/** Who a step acts for and where it posts (none: it only answers the workflow). */
export type StepAction = { userId?: string; channelId?: string };

/** The policy's sentence when the step may not do this, else undefined. */
export type StepPolicy = (capability: Capability, action: StepAction) => Promise<string | undefined>;

/** No Slack user id is empty: it matches no person and no group, only a rule open to everyone. */
const NOBODY = '';

export function stepPolicy(context: Pick<FeatureContext, 'app' | 'clock' | 'config' | 'logger'>): StepPolicy {
  const membership = createSlackMembership({
    client: context.app.client,
    clock: context.clock,
    logger: context.logger,
  });
  return async (capability, { userId = NOBODY, channelId }) => {
    const decision = await decide(
      context.config.policy,
      capability,
      { userId, ...(channelId === undefined ? {} : { channelId }) },
      membership,
    );
    return decision.allowed ? undefined : decision.sentence;
  };
}
