// A decision for a door that is not a Slack payload and names no place (an agent over MCP): the
// same decision as that person acting in their own DM with opsbot, made with the gate's policy and
// membership answers. A door that names nobody gets only what a rule open to everyone allows.
import { decide, NO_USER } from './decide.ts';
import type { Capability, Membership, Policy } from './types.ts';

/** Who acts. */
type ActingAction = { userId?: string };

/** The policy's sentence when this may not be done, else undefined. */
export type ActingAsPolicy = (capability: Capability, action: ActingAction) => Promise<string | undefined>;

export function actingAsPolicy(policy: { current(): Policy; membership: Membership }): ActingAsPolicy {
  return async (capability, { userId = NO_USER }) => {
    // No channel: the person's own place (as Slack names Home and DMs), where `where` needs nothing.
    const decision = await decide(policy.current(), capability, { userId }, policy.membership);
    return decision.allowed ? undefined : decision.sentence;
  };
}
