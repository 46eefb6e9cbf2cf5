// A step obeys the same policy as its command (src/policy), decided with the gate's policy and
// membership answers (context.policy), for the person Slack says runs the workflow (the step's
// user_context input, which a workflow's author can't set) and in the channel the step names. The
// channel is the workflow's choice, not Slack's word for where anyone is: none is no place (refused
// where the command is limited to channels), and a DM counts only when it is the person's own with
// opsbot. A step run by nobody in particular gets only what a rule open to everyone allows.
import { type Capability, decide, NO_USER } from '../../policy/index.ts';
import type { PolicyPort } from '../../slack/policy-gate.ts';

/** Who runs the step (as Slack says) and the channel it names. */
type StepAction = { userId?: string | undefined; channelId?: string | undefined };

/** The policy's sentence when the step may not do this, else undefined. */
export type StepCheck = (capability: Capability, action: StepAction) => Promise<string | undefined>;

export function stepCheck(policy: Pick<PolicyPort, 'current' | 'membership'>): StepCheck {
  return async (capability, { userId, channelId }) => {
    const decision = await decide(
      policy.current(),
      capability,
      { userId: userId || NO_USER, ...(channelId ? { channelId } : {}), placeNamedBy: 'caller' },
      policy.membership,
    );
    return decision.allowed ? undefined : decision.sentence;
  };
}
