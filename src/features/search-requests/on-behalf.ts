// Filing a request without the form (a Workflow Builder step, any door that is not a Slack payload
// of its own), and hearing when requests end. The door says who acts (the person Slack vouches for)
// and where; everything else is decided here, once: the policy for that person and place, then the
// form's path exactly: the same validation with the sentences shown under the form's fields, the
// same caps, the same approval rule, the same card and the same DM. The person a request is filed
// "on behalf of" is shown on the card and can't approve it; their permission never counts.
import type { ChangeFeed } from '../../changes.ts';
import { errField } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import { decide, type Membership, NO_USER, type Policy } from '../../policy/index.ts';
import type { IndexRequest, RequestState, Store } from '../../store/index.ts';
import type { createDecisions } from './decisions.ts';
import { denialText } from './denials.ts';
import type { createFiling } from './filing.ts';
import { type RequestForm, validateRequestForm } from './validation.ts';

/** The states a request never leaves on its own: nothing more happens to it unless someone retries. */
const ENDED_STATES: readonly RequestState[] = ['created', 'rejected', 'expired', 'failed'];

export type FiledRequest =
  /** Stored (pending, or approved on the requester's word); `proceed` posts the card, tells the requester and, when no approval is needed, creates the index. */
  | { ok: true; request: IndexRequest; proceed(): Promise<void> }
  /** Not filed: the sentence the form (or its cap denial) would have shown. */
  | { ok: false; sentence: string };

/** Who files a request, and where, as the door was told by Slack. */
export type Filer = {
  /** The person acting (NO_USER when the door names nobody): their permission, caps and approvals count. */
  actor: string;
  /** Who the request is for, when not the actor: shown on the card; they can't approve it either. */
  onBehalfOf?: string | undefined;
  /** The channel the door says it acts in (none: nowhere, refused where requests are limited to channels). */
  channelId?:
    | string
    | undefined /** The Workflow Builder step run filing it: stored with the request in one write, or neither. */;
  stepExecutionId?: string | undefined;
};

/** Slack named nobody, so nobody could be told of the request or held to a cap. */
const NOBODY_TO_FILE_FOR =
  'Slack didn’t say who is running this, so no request was filed: start the workflow as a person (a link or a button).';

export function filer(
  service: Pick<ReturnType<typeof createFiling>, 'submit' | 'announce'> &
    Pick<ReturnType<typeof createDecisions>, 'settle'>,
  policy: { current(): Policy; membership: Membership },
  commandName: () => string,
) {
  return async (who: Filer, form: RequestForm): Promise<FiledRequest> => {
    const { actor, onBehalfOf } = who;
    const decision = await decide(
      policy.current(),
      'search.request',
      { userId: actor, ...(who.channelId ? { channelId: who.channelId } : {}), placeNamedBy: 'caller' },
      policy.membership,
    );
    if (!decision.allowed) return { ok: false, sentence: decision.sentence };
    if (actor === NO_USER) return { ok: false, sentence: NOBODY_TO_FILE_FOR };
    const checked = validateRequestForm(form);
    if (!checked.ok) return { ok: false, sentence: Object.values(checked.errors).join(' ') };
    // No channel of its own: the confirmation goes to the actor's DM, as from the Home tab.
    const submitted = await service.submit({
      requesterId: actor,
      onBehalfOf,
      channelId: '',
      form: checked.value,
      stepExecutionId: who.stepExecutionId,
    });
    if (!submitted.ok)
      return { ok: false, sentence: denialText(submitted.denial, actor, 'plain', commandName()) };
    return {
      ok: true,
      request: submitted.request,
      async proceed() {
        await service.announce(submitted.request);
        if (submitted.completed === true) await service.settle(submitted, actor);
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
