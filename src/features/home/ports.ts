// What the Home tab needs from the features it shows, as Home sees them. app.ts hands in their ports
// (context.uses); each port must satisfy these types. Home imports nothing else of those features.
import type { ModalView } from '@slack/types';
import type { IndexRequest, RequestState } from '../../store/index.ts';
import type { FiringWatch } from './types.ts';

/** A request waiting for the viewer's approval, with how far its approvals have got. */
export type WaitingRequest = IndexRequest & { progressWords?: string };

/** Search index requests, as the Home tab lists them and starts one. */
export type HomeRequests = {
  /**
   * Pending requests `viewerId` can still approve (an approver now, not their own, not approved by
   * them yet, not expired), oldest first, with their progress in words ("Approvals 1 of 2").
   */
  pendingFor(viewerId: string): Promise<WaitingRequest[]>;
  /** `requesterId`'s most recent requests, newest first, at most `limit`. */
  recentOf(requesterId: string, limit: number): Promise<IndexRequest[]>;
  /** Who may approve now (configured people and the approver group's members). */
  approverIds(): Promise<readonly string[]>;
  /**
   * The request form for `userId`, opened from the Home tab: with no channel to answer in, its
   * confirmation goes to their DM. Throws a UserFacingError when they may not file another request.
   */
  requestForm(userId: string): Promise<ModalView>;
  /** What was asked for, in a few words: "`product-search` (eu-west-1, payg (pay as you go))". */
  describe(request: IndexRequest): string;
  /** A state as a person reads it: an emoji and a word ("pending", "created"…). */
  stateWords(state: RequestState): { emoji: string; label: string };
  /** The approval card's Approve and Reject buttons, shown on the tab too (search-index handles them). */
  decisionActions: { approve: string; reject: string };
};

/** Watches that need attention (snoozed and muted ones included, marked). */
export type HomeWatches = { firing(): Promise<FiringWatch[]> };
