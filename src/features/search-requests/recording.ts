// Once the management API has answered with an index, that answer is the truth, whatever the
// database says. When writing `created` fails (the database blinked), the result — its allowlisted
// fields, never a token — is held here and written again with backoff until the database takes it.
// Meanwhile the card and the requester already show it, and the sweep leaves the request alone
// instead of calling it "outcome unknown" and offering a Retry that would create a second index.
import { errField } from '../../errors.ts';
import { within } from '../../limiter.ts';
import { doublingDelay } from '../../retry-delay.ts';
import type { ApprovalProgress, CreatedIndex, IndexRequest, RequestState } from '../../store/index.ts';
import { SYSTEM_ACTOR } from './ids.ts';
import type { Publisher } from './outbound.ts';
import type { SearchRequestsServiceDeps } from './service.ts';

/** The first retry comes this soon and the wait doubles up to the cap: a blip is caught at once, an outage isn't hammered. */
export const FIRST_RECORD_RETRY_MS = 2_000;
const MAX_RECORD_RETRY_MS = 60_000;
/** How long a shutdown waits for the last attempt to record what is held. */
const LAST_ATTEMPT_MS = 2_000;

/** A create the API answered and the database has not taken yet. */
type Unrecorded = {
  request: IndexRequest;
  result: CreatedIndex;
  progress: ApprovalProgress | undefined;
  attempts: number;
  nextAt: number;
  writing: boolean;
  /** False when the card and the DM could not be published: they are, once it is recorded. */
  told: boolean;
};

const LATE_NOTE = 'recorded once the database answered again';
const OVERTURN_NOTE = 'the create call had succeeded: the index exists';

export type Recorder = ReturnType<typeof createRecorder>;

export function createRecorder(
  deps: Pick<SearchRequestsServiceDeps, 'store' | 'clock' | 'logger'>,
  publish: Publisher['publish'],
) {
  const { store, clock, logger } = deps;
  const unrecorded = new Map<number, Unrecorded>();

  /** What an operator needs to find the index: its id and name. Never a token (the result has none). */
  const whichIndex = (request: IndexRequest, result: CreatedIndex) => ({
    requestId: request.id,
    indexId: result.indexId,
    name: request.name,
    region: request.region,
  });

  const transition = (request: IndexRequest, result: CreatedIndex, from: RequestState, note?: string) =>
    store.transitionRequest(request.id, {
      from,
      to: 'created',
      actor: SYSTEM_ACTOR,
      at: clock(),
      patch: { result, failureMessage: null, outcomeUnknown: false },
      ...(note === undefined ? {} : { note }),
    });

  /**
   * `creating → created`, or `failed → created` when a sweep (another replica's, which knew
   * nothing of this answer) called the request "outcome unknown" meanwhile: the truth wins.
   */
  async function write(held: Pick<Unrecorded, 'request' | 'result'>, late: boolean) {
    const moved = await transition(held.request, held.result, 'creating', late ? LATE_NOTE : undefined);
    if (moved.ok || moved.current?.state !== 'failed') return { moved, overturned: false };
    return { moved: await transition(held.request, held.result, 'failed', OVERTURN_NOTE), overturned: true };
  }

  function logNotRecordable(request: IndexRequest, result: CreatedIndex, state: RequestState | undefined) {
    logger.error(
      { event: 'search_create_unrecorded', ...whichIndex(request, result), state: state ?? 'gone' },
      'the created index could not be recorded: the request is no longer being created',
    );
  }

  /** Records a create now; when the database doesn't take it, holds it for retries. The request as recorded, or undefined. */
  async function record(
    request: IndexRequest,
    result: CreatedIndex,
    progress: ApprovalProgress | undefined,
  ): Promise<IndexRequest | undefined> {
    try {
      const { moved } = await write({ request, result }, false);
      if (moved.ok) return moved.request;
      logNotRecordable(request, result, moved.current?.state);
    } catch (error) {
      logger.error(
        { event: 'search_create_unrecorded', ...whichIndex(request, result), err: errField(error) },
        'the created index could not be recorded yet; opsbot keeps trying',
      );
      const nextAt = clock() + FIRST_RECORD_RETRY_MS;
      unrecorded.set(request.id, {
        request,
        result,
        progress,
        attempts: 1,
        nextAt,
        writing: false,
        told: true,
      });
    }
    return undefined;
  }

  async function retry(held: Unrecorded): Promise<void> {
    const { request, result } = held;
    held.attempts += 1;
    try {
      const { moved, overturned } = await write(held, true);
      unrecorded.delete(request.id);
      if (!moved.ok) return logNotRecordable(request, result, moved.current?.state);
      logger.info(
        {
          event: 'search_create_recorded',
          ...whichIndex(request, result),
          attempts: held.attempts,
          overturned,
        },
        'the created index is recorded',
      );
      // Whoever called it failed told everyone so, or nobody was told: they hear the truth now.
      if (overturned || !held.told) await publish(moved.request, { kind: 'created' }, held.progress);
    } catch (error) {
      const waitMs = doublingDelay(FIRST_RECORD_RETRY_MS, MAX_RECORD_RETRY_MS, held.attempts);
      held.nextAt = clock() + waitMs;
      logger.warn(
        {
          event: 'search_create_record_retry_failed',
          ...whichIndex(request, result),
          attempts: held.attempts,
          nextInMs: waitMs,
          err: errField(error),
        },
        'the created index still could not be recorded',
      );
    }
  }

  /** Writes every held create whose wait is over (all of them with `everyone`), one attempt each. */
  async function retryDue(everyone = false): Promise<void> {
    const now = clock();
    for (const held of [...unrecorded.values()]) {
      if (held.writing || (!everyone && held.nextAt > now)) continue;
      held.writing = true;
      try {
        await retry(held);
      } finally {
        held.writing = false;
      }
    }
  }

  /**
   * On shutdown: one last attempt each, bounded (a database that hangs must not hold the stop up),
   * then what is still unrecorded is logged for an operator.
   */
  async function lastAttempt(): Promise<void> {
    await within(retryDue(true), LAST_ATTEMPT_MS, undefined);
    for (const { request, result } of unrecorded.values()) {
      logger.error(
        { event: 'search_create_unrecorded', ...whichIndex(request, result), stopping: true },
        'opsbot is stopping with a created index it could not record',
      );
    }
  }

  return {
    record,
    retryDue: () => retryDue(),
    lastAttempt,
    /** The card and the DM about a held create could not be published: publish them once it is recorded. */
    untold(requestId: number): void {
      const held = unrecorded.get(requestId);
      if (held !== undefined) held.told = false;
    },
    /** Whether this process holds a created index for the request that the database hasn't taken yet. */
    holds: (requestId: number) => unrecorded.has(requestId),
  };
}
