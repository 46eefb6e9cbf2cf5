// Who may see and do what on the Home tab, decided once here; the views show the reason.
import { mentionUser } from '../../text/mrkdwn.ts';
import type { Permission } from './types.ts';

const NAMED_APPROVERS = 5;

export function decidePermission(viewerId: string, approverIds: readonly string[]): Permission {
  if (approverIds.includes(viewerId))
    return {
      allowed: true,
      reason: 'You are an approver: requests from others wait here for your decision.',
    };
  // A user group can be large: a few names say who to ask.
  const shown = approverIds.slice(0, NAMED_APPROVERS).map(mentionUser);
  const more = approverIds.length - shown.length;
  const who = shown.length > 0 ? ` (${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''})` : '';
  return { allowed: false, reason: `Only approvers${who} decide search index requests.` };
}

/**
 * Approvers answer for the whole workspace's spend, so they see every firing watch; anyone else sees
 * the watches they set up. Either way a private channel's watches reach only its members (the
 * service leaves out the channels the viewer may not see).
 */
export function watchScope(viewerId: string, approverIds: readonly string[]): Permission {
  return approverIds.includes(viewerId)
    ? { allowed: true, reason: 'As an approver you see every firing watch.' }
    : { allowed: false, reason: 'Showing the watches you set up.' };
}
