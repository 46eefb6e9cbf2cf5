// A step obeys the same policy as its command (src/policy), decided by the gate itself
// (context.policy.refusal, counted as every refusal is), for the person Slack says runs the workflow
// (the step's user_context input, which a workflow's author can't set) and in the channel it names. The
// channel is the workflow's choice, not Slack's word for where anyone is: none is no place (refused
// where the command is limited to channels), and a DM counts only when it is the person's own with
// opsbot. A step run by nobody in particular gets only what a rule open to everyone allows.

import type { PolicyRefusal } from '../../errors.ts';
import { type Capability, NO_USER } from '../../policy/index.ts';
import type { PolicyPort } from '../../slack/policy-gate.ts';

/** Who runs the step (as Slack says) and the channel it names. */
type StepAction = { userId?: string | undefined; channelId?: string | undefined };

/** The policy's refusal when the step may not do this (counted as the gate counts its own), else undefined. */
export type StepCheck = (capability: Capability, action: StepAction) => Promise<PolicyRefusal | undefined>;

export function stepCheck(policy: Pick<PolicyPort, 'refusal'>): StepCheck {
  return (capability, { userId, channelId }) =>
    policy.refusal(capability, {
      userId: userId || NO_USER,
      ...(channelId ? { channelId } : {}),
      placeNamedBy: 'caller',
    });
}
