// A decision for a door that is not a Slack payload (a Workflow Builder step, an agent over MCP):
// the same decision as that person acting in their own DM with opsbot, made with the gate's policy
// and membership answers. A door that names nobody is refused whatever is limited to some people.
import { decide } from './decide.ts';
import type { Capability, Membership, Policy } from './types.ts';

/** Who acts, and where the action posts (none: it only answers whoever asked). */
export type ActingAction = { userId?: string; channelId?: string };

/** The policy's sentence when this may not be done, else undefined. */
export type ActingAsPolicy = (capability: Capability, action: ActingAction) => Promise<string | undefined>;

/** No Slack user id is empty: it matches no person and no group, only a rule open to everyone. */
const NOBODY = '';

export function actingAsPolicy(policy: { current(): Policy; membership: Membership }): ActingAsPolicy {
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
