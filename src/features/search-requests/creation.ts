// The one create call. Whoever wins the compare-and-set into `creating` calls the API; everyone
// else gets a refusal. The response's credentials stay inside finishCreated: only the allowlisted
// result is stored, and only masked hints go on to the requester's message.
import type { SearchIndex } from '../../api/index.ts';
import { createSearchIndexInputSchema, describeApiError, isManagementApiError } from '../../api/index.ts';
import { errField } from '../../errors.ts';
import type { IndexRequest } from '../../store/index.ts';
import { refusalFor } from './checks.ts';
import { SYSTEM_ACTOR } from './ids.ts';
import type { Publisher } from './publish.ts';
import { toCreatedIndex, tokenHints } from './result.ts';
import type { Decision, SearchIndexServiceDeps } from './service-types.ts';

export function creator(
  deps: Pick<SearchIndexServiceDeps, 'store' | 'mgmt' | 'clock' | 'logger'>,
  publish: Publisher['publish'],
) {
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
    if (!started.ok) return { ok: false, refusal: refusalFor(started.current, id, 'retry') };
    const request = started.request;
    await publish(request);

    const input = createSearchIndexInputSchema.safeParse({
      name: request.name,
      region: request.region,
      type: request.plan,
    });
    if (!input.success) {
      // Only possible for a row written outside this feature; calling would just be refused.
      return finishFailed(request, 'The request’s name, region or plan is not one the API accepts.', false);
    }
    let record: SearchIndex;
    try {
      record = await deps.mgmt.createSearchIndex(input.data);
    } catch (error) {
      const unknown = isManagementApiError(error) && error.outcomeUnknown;
      logger.warn(
        { event: 'search_index_create_failed', requestId: id, outcomeUnknown: unknown, err: errField(error) },
        'creating the search index failed',
      );
      return finishFailed(request, describeApiError(error), unknown);
    }
    return finishCreated(request, record);
  }

  async function finishCreated(request: IndexRequest, record: SearchIndex): Promise<Decision> {
    const result = toCreatedIndex(record);
    const tokens = tokenHints(record);
    logger.info(
      { event: 'search_index_created', requestId: request.id, indexId: result.indexId },
      'search index created',
    );
    let created: IndexRequest = { ...request, state: 'created', result };
    try {
      const moved = await store.transitionRequest(request.id, {
        from: 'creating',
        to: 'created',
        actor: SYSTEM_ACTOR,
        at: clock(),
        patch: { result },
      });
      if (moved.ok) created = moved.request;
      else
        logger.error({ event: 'search_create_unrecorded', requestId: request.id }, 'request left creating');
    } catch (error) {
      // The index exists either way; the people involved still hear about it.
      logger.error(
        {
          event: 'search_create_unrecorded',
          requestId: request.id,
          indexId: result.indexId,
          err: errField(error),
        },
        'the created index could not be recorded',
      );
    }
    await publish(created, tokens === undefined ? { kind: 'created' } : { kind: 'created', tokens });
    return { ok: true, request: created };
  }

  async function finishFailed(
    request: IndexRequest,
    message: string,
    outcomeUnknown: boolean,
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
    await publish(failed, { kind: 'failed' });
    return { ok: true, request: failed };
  }

  return runCreate;
}
