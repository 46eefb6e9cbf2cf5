import type { RequestState } from '../../../../../src/store/index.ts';
import { aRequest, CREATED_RESULT } from '../../../../support/index-requests.ts';

type Json = Record<string, unknown>;

/** Every interactive element (buttons etc.) in a block list. */
export function elementsOf(blocks: unknown): Json[] {
  const found: Json[] = [];
  for (const block of (blocks ?? []) as Json[]) {
    const candidates = [...((block.elements as Json[] | undefined) ?? []), block.accessory, block.element];
    for (const c of candidates) if (c && typeof (c as Json).action_id === 'string') found.push(c as Json);
  }
  return found;
}

/** A request in the given state, with what that state carries (decider, comment, result, failure). */
export function requestFor(state: RequestState) {
  return aRequest({
    state,
    decidedBy: state === 'pending' || state === 'expired' ? null : 'U0APPROVER',
    decisionComment: state === 'rejected' ? 'Use the shared index instead' : null,
    result: state === 'created' ? CREATED_RESULT : null,
    failureMessage: state === 'failed' ? 'The management API refused the request: name taken' : null,
  });
}
