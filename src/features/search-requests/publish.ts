// Telling Slack after a state change: the card shows the request as the caller has it, and the
// requester hears the news. Slack failing here is logged and never undoes the change.
import { oneApprovalNeeded } from '../../approval-rule.ts';
import { errField } from '../../errors.ts';
import type { ApprovalProgress, IndexRequest } from '../../store/index.ts';
import type { RequesterNews, SearchIndexServiceDeps } from './service-types.ts';

export type Publisher = ReturnType<typeof createPublisher>;

export function createPublisher(deps: Pick<SearchIndexServiceDeps, 'store' | 'logger' | 'outbound'>) {
  const { store, logger, outbound } = deps;

  /** Slack calls after a state change: failures are logged, never undo the change. */
  async function safely(event: string, request: IndexRequest, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      logger.warn(
        { event, requestId: request.id, err: errField(error) },
        'could not update Slack after a request change',
      );
    }
  }

  async function progressFor(request: IndexRequest): Promise<ApprovalProgress> {
    const progress = (await store.approvalProgress([request.id])).get(request.id);
    return progress ?? oneApprovalNeeded(request.id);
  }

  /**
   * Updates the card and, with `news`, tells the requester. With `known`, the store is not read
   * (the outcome of a create is shown even while the database is down). Returns the progress shown.
   */
  async function publish(
    request: IndexRequest,
    news?: RequesterNews,
    known?: ApprovalProgress,
  ): Promise<ApprovalProgress | undefined> {
    let progress = known;
    await safely('search_card_update_failed', request, async () => {
      const shown = progress ?? (await progressFor(request));
      progress = shown;
      await outbound.updateCard(request, shown);
    });
    if (news)
      await safely('search_requester_notice_failed', request, async () =>
        outbound.tellRequester(request, news, progress ?? (await progressFor(request))),
      );
    return progress;
  }

  return { safely, progressFor, publish };
}
