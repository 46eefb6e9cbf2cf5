// Filing a request for someone without the form (a Workflow Builder step), and hearing when
// requests end. Filing is the form's path exactly: the same validation with the sentences shown
// under the form's fields, the same cap, the same approval policy, the same card and the same DM.
import type { ChangeFeed } from '../../changes.ts';
import { errField } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import type { IndexRequest, RequestState, Store } from '../../store/index.ts';
import { refusalText } from './refusals.ts';
import type { SearchIndexService } from './service.ts';
import { type RequestForm, validateRequestForm } from './validation.ts';

/** The states a request never leaves on its own: nothing more happens to it unless someone retries. */
export const ENDED_STATES: readonly RequestState[] = ['created', 'rejected', 'expired', 'failed'];

export type FiledRequest =
  /** Stored (pending, or approved on the requester's word); `proceed` posts the card, tells the requester and, when no approval is needed, creates the index. */
  | { ok: true; request: IndexRequest; proceed(): Promise<void> }
  /** Not filed: the sentence the form (or its cap refusal) would have shown. */
  | { ok: false; sentence: string };

export function filerOnBehalf(
  service: Pick<SearchIndexService, 'submit' | 'announce' | 'settle'>,
  commandName: () => string,
) {
  /** `stepExecutionId`: the step run filing it, stored with the request in one write. */
  return async (requesterId: string, form: RequestForm, stepExecutionId?: string): Promise<FiledRequest> => {
    const checked = validateRequestForm(form);
    if (!checked.ok) return { ok: false, sentence: Object.values(checked.errors).join(' ') };
    // No channel: the confirmation goes to the requester's DM, as from the Home tab.
    const submitted = await service.submit({
      requesterId,
      channelId: '',
      form: checked.value,
      stepExecutionId,
    });
    if (!submitted.ok)
      return { ok: false, sentence: refusalText(submitted.refusal, requesterId, 'plain', commandName()) };
    return {
      ok: true,
      request: submitted.request,
      async proceed() {
        await service.announce(submitted.request);
        if (submitted.completed === true) await service.settle(submitted, requesterId);
      },
    };
  };
}

/**
 * Calls `listener` with each request that ends in this process (a request may be announced more
 * than once: listeners claim what they do in the store). Another replica's requests are not heard.
 */
export function endedRequests(deps: {
  changes: ChangeFeed;
  store: Pick<Store, 'getRequest'>;
  logger: Logger;
}) {
  return (listener: (request: IndexRequest) => void): void => {
    deps.changes.subscribe((change) => {
      if (change.kind !== 'request') return;
      deps.store.getRequest(change.requestId).then(
        (request) => {
          if (request !== undefined && ENDED_STATES.includes(request.state)) listener(request);
        },
        (error: unknown) =>
          deps.logger.warn(
            { event: 'search_request_unreadable', requestId: change.requestId, err: errField(error) },
            'an ended request could not be read',
          ),
      );
    });
  };
}
