// A decision for a door that is not a Slack payload and names no place (an agent over MCP): the
// same decision as that person acting in their own DM with opsbot, made by the gate (its policy, its
// membership answers, its count of refusals). A door that names nobody gets only what a rule open
// to everyone allows.
import type { PolicyRefusal } from '../errors.ts';
import { type Action, NO_USER } from './decide.ts';
import type { Capability } from './types.ts';

/** Who acts. */
type ActingAction = { userId?: string };

/** The policy's refusal when this may not be done (the door throws it), else undefined. */
export type ActingAsPolicy = (
  capability: Capability,
  action: ActingAction,
) => Promise<PolicyRefusal | undefined>;

export function actingAsPolicy(gate: {
  refusal(capability: Capability, action: Action): Promise<PolicyRefusal | undefined>;
}): ActingAsPolicy {
  // No channel: the person's own place (as Slack names Home and DMs), where `where` needs nothing.
  return (capability, { userId = NO_USER }) => gate.refusal(capability, { userId });
}
