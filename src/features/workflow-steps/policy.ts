// A step obeys the same policy as its command (src/policy), decided with the gate's policy and
// membership answers (context.policy). A workflow step runs as nobody in particular unless it names
// a person (the request step's requester), so a capability limited to some people is refused to a
// step that names none.
import { type Capability, decide } from '../../policy/index.ts';
import type { PolicyPort } from '../../slack/policy-gate.ts';

/** Who a step acts for and where it posts (none: it only answers the workflow). */
export type StepAction = { userId?: string; channelId?: string };

/** The policy's sentence when the step may not do this, else undefined. */
export type StepPolicy = (capability: Capability, action: StepAction) => Promise<string | undefined>;

/** No Slack user id is empty: it matches no person and no group, only a rule open to everyone. */
const NOBODY = '';

export function stepPolicy(policy: Pick<PolicyPort, 'current' | 'membership'>): StepPolicy {
  return async (capability, { userId = NOBODY, channelId }) => {
    const decision = await decide(
      policy.current(),
      capability,
      { userId, ...(channelId === undefined ? {} : { channelId }) },
      policy.membership,
    );
    return decision.allowed ? undefined : decision.sentence;
  };
}
