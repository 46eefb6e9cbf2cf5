// The one create call. Whoever wins the compare-and-set into `creating` calls the API; everyone
// else gets a denial. The response's credentials stay inside finishCreated: only the allowlisted
// result is stored (or held by the recorder until the database takes it), and only masked hints go
// on to the requester's message.
import type { SearchIndex } from '../../api/index.ts';
import { createSearchIndexInputSchema, describeApiError, isManagementApiError } from '../../api/index.ts';
import { errField } from '../../errors.ts';
import type { ApprovalProgress, IndexRequest } from '../../store/index.ts';
import { denialFor } from './checks.ts';
import type { Decision } from './denials.ts';
import { SYSTEM_ACTOR } from './ids.ts';
import type { Publisher, RequesterNews } from './outbound.ts';
import type { Recorder } from './recording.ts';
import { toCreatedIndex, tokenHints } from './result.ts';
import type { SearchRequestsServiceDeps } from './service.ts';

/** How long a create may take before its card says "creating". */
const CREATING_SHOWN_AFTER_MS = 1_000;

/**
 * `show` runs once CREATING_SHOWN_AFTER_MS have passed, unless settled first; `settle` waits for it
 * when it has started, so that what is shown next is shown after it.
 */
function afterAWhile(show: () => Promise<unknown>) {
  let shown: Promise<unknown> | undefined;
  const timer = setTimeout(() => {
    shown = show();
  }, CREATING_SHOWN_AFTER_MS);
  return {
    async settle() {
      clearTimeout(timer);
      await shown;
    },
  };
}

export function creator(
  deps: Pick<SearchRequestsServiceDeps, 'store' | 'mgmt' | 'clock' | 'logger'>,
  publisher: Pick<Publisher, 'publish' | 'progressFor'>,
  recorder: Pick<Recorder, 'record' | 'untold'>,
) {
  const publish = publisher.publish;
  const { store, clock, logger } = deps;

  async function runCreate(id: number, from: 'approved' | 'failed', actor: string): Promise<Decision> {
    const started = await store.transitionRequest(id, {
      from,
      to: 'creating',
      actor,
      at: clock(),
      patch: { failureMessage: null, outcomeUnknown: false },
      ...(from === 'failed' ? { note: 'retry' } : {}),
    });
    if (!started.ok) return { ok: false, denial: denialFor(started.current, id, 'retry') };
    const request = started.request;
    // Read while the database surely answers, so the outcome can be shown even if it then doesn't.
    const progress = await publisher.progressFor(request).catch(() => undefined);

    const input = createSearchIndexInputSchema.safeParse({
      name: request.name,
      region: request.region,
      type: request.plan,
    });
    if (!input.success) {
      // Only possible for a row written outside this feature; calling would just be refused.
      return finishFailed(request, 'The request’s name, region or plan is not one the API accepts.', false);
    }
    // The card says "creating" only when the API takes a moment: a card update waits its turn in
    // Slack's budget (chat.update is Tier 3), and most creates answer before it would show.
    const creating = afterAWhile(() => publish(request, undefined, progress));
    const created = await deps.mgmt.createSearchIndex(input.data).then(
      (record: SearchIndex) => ({ ok: true as const, record }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    await creating.settle();
    if (!created.ok) {
      const { error } = created;
      const unknown = isManagementApiError(error) && error.outcomeUnknown;
      logger.warn(
        { event: 'search_index_create_failed', requestId: id, outcomeUnknown: unknown, err: errField(error) },
        'creating the search index failed',
      );
      return finishFailed(request, describeApiError(error), unknown, progress);
    }
    return finishCreated(request, created.record, progress);
  }

  async function finishCreated(
    request: IndexRequest,
    record: SearchIndex,
    progress: ApprovalProgress | undefined,
  ): Promise<Decision> {
    const result = toCreatedIndex(record);
    const tokens = tokenHints(record);
    logger.info(
      { event: 'search_index_created', requestId: request.id, indexId: result.indexId },
      'search index created',
    );
    // The API's answer is what everyone sees, recorded or not: the card and the DM are built from it.
    const recorded = await recorder.record(request, result, progress);
    const created: IndexRequest = recorded ?? { ...request, state: 'created', result };
    const news: RequesterNews = tokens === undefined ? { kind: 'created' } : { kind: 'created', tokens };
    const shown = await publish(created, news, progress);
    // Not even the approvals could be read for the card: the recorder tells everyone once it can.
    if (shown === undefined) recorder.untold(request.id);
    return { ok: true, request: created };
  }

  async function finishFailed(
    request: IndexRequest,
    message: string,
    outcomeUnknown: boolean,
    progress?: ApprovalProgress,
  ): Promise<Decision> {
    const moved = await store.transitionRequest(request.id, {
      from: 'creating',
      to: 'failed',
      actor: SYSTEM_ACTOR,
      at: clock(),
      note: outcomeUnknown ? 'outcome unknown' : 'create call failed',
      patch: { failureMessage: message, outcomeUnknown },
    });
    const failed = moved.ok
      ? moved.request
      : { ...request, state: 'failed' as const, failureMessage: message, outcomeUnknown };
    await publish(failed, { kind: 'failed' }, progress);
    return { ok: true, request: failed };
  }

  return runCreate;
}
