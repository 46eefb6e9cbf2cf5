// A new request: stored (pending) before anything about it is posted anywhere, then its card goes
// to the approvals channel and the requester is told where it waits.
import type { ModalView } from '@slack/types';
import { approvalsFor } from '../../approval-rule.ts';
import { errField } from '../../errors.ts';
import { CapReachedError, type IndexRequest } from '../../store/index.ts';
import type { Decision, Denial } from './denials.ts';
import { denialError } from './denials.ts';
import type { Publisher } from './outbound.ts';
import { parseCreateArgs } from './parse.ts';
import type { SearchRequestsServiceDeps } from './service.ts';
import type { ValidRequest } from './validation.ts';
import { approvalNotes, requestModal } from './views/modals.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Where the form was asked for: the channel the confirmation goes to (without one, from the Home
 * tab, it goes to a direct message) and the words after `search create`, to prefill it.
 */
type FormOrigin = { channelId?: string | undefined; words?: readonly string[] | undefined };

export function createFiling(
  deps: Pick<
    SearchRequestsServiceDeps,
    'store' | 'clock' | 'logger' | 'approvals' | 'outbound' | 'approvers' | 'commandName'
  >,
  publisher: Publisher,
) {
  const { store, clock, logger, approvals } = deps;

  /** Undefined when `userId` may file another request, else why not (read before the form opens). */
  async function capDenial(userId: string): Promise<Denial | undefined> {
    const pending = await store.countPendingByRequester(userId, clock());
    const max = approvals.maxPendingPerUser;
    return pending >= max ? { code: 'at_cap', pending, max } : undefined;
  }

  return {
    capDenial,

    /** The request form for `userId`; throws, for the guard to show, when they have as many pending as allowed. */
    async requestForm(userId: string, { channelId = '', words = [] }: FormOrigin = {}): Promise<ModalView> {
      // A local read, well inside the trigger's 3 s: better than a form that can't be submitted.
      const cap = await capDenial(userId);
      if (cap) throw denialError(cap, { viewerId: userId, style: 'mrkdwn', command: deps.commandName() });
      const note = approvalNotes(approvals.rule, deps.approvers.group());
      return requestModal(parseCreateArgs(words), { channelId }, note);
    },

    /**
     * Stores the request (pending) — before anything about it is posted anywhere. Its caps are
     * counted by the store in the insert's transaction, so requests filed at once (on any replica)
     * can't pass them together; a step's run (`stepExecutionId`) is linked in that transaction too.
     */
    async submit(input: {
      requesterId: string;
      /** Who it is for, when not the requester: shown, and they can't approve it either. */
      onBehalfOf?: string | undefined;
      channelId: string;
      form: ValidRequest;
      /** The Workflow Builder step run filing it: linked in the request's own write. */
      stepExecutionId?: string | undefined;
    }): Promise<Decision> {
      const now = clock();
      const required = approvalsFor(approvals.rule, input.form.plan);
      // A plan needing no approval would otherwise let one person create paid indexes without
      // limit: those are counted per UTC day.
      const dayStart = now - (now % DAY_MS);
      let request: IndexRequest;
      try {
        request = await store.createRequest({
          requesterId: input.requesterId,
          onBehalfOf: input.onBehalfOf === input.requesterId ? null : (input.onBehalfOf ?? null),
          requesterChannelId: input.channelId,
          ...input.form,
          createdAt: now,
          expiresAt: now + approvals.requestTtlHours * HOUR_MS,
          approvalsRequired: required,
          caps: {
            maxPending: approvals.maxPendingPerUser,
            now,
            unapproved: { max: approvals.maxUnapprovedPerDay, since: dayStart },
          },
          ...(input.stepExecutionId === undefined ? {} : { stepExecutionId: input.stepExecutionId }),
        });
      } catch (error) {
        if (!(error instanceof CapReachedError)) throw error;
        return {
          ok: false,
          denial:
            error.cap === 'unapproved_per_day'
              ? { code: 'unapproved_daily_cap', max: error.max, resetsAt: dayStart + DAY_MS }
              : { code: 'at_cap', pending: error.count, max: error.max },
        };
      }
      logger.info(
        { event: 'search_request_created', requestId: request.id, approvalsRequired: required },
        'index request stored',
      );
      if (required > 0) return { ok: true, request };
      // A plan whose policy is 0 is created on the requester's word, and the trail says so.
      const moved = await store.transitionRequest(request.id, {
        from: 'pending',
        to: 'approved',
        actor: input.requesterId,
        at: now,
        note: `created without approval: plan ${input.form.plan} needs none`,
      });
      return moved.ok ? { ok: true, request: moved.request, completed: true } : { ok: true, request };
    },

    /** Posts the approval card and tells the requester; a card that can't be posted keeps the request. */
    async announce(request: IndexRequest): Promise<void> {
      let cardError: string | undefined;
      const progress = await publisher.progressFor(request);
      try {
        const card = await deps.outbound.postCard(request, progress);
        await store.setRequestCard(request.id, card);
      } catch (error) {
        const err = errField(error);
        cardError = err.code ?? err.name;
        logger.warn(
          { event: 'search_card_post_failed', requestId: request.id, error: cardError, err },
          'card not posted',
        );
      }
      await publisher.safely('search_requester_notice_failed', request, () =>
        deps.outbound.tellRequester(
          request,
          cardError === undefined ? { kind: 'submitted' } : { kind: 'submitted', cardError },
          progress,
        ),
      );
    },
  };
}
