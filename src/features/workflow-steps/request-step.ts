// The step that files a search index request and completes when the request ends, minutes or hours
// later. Exactly once, across redeliveries, restarts and replicas: the execution is recorded before
// anything is filed (a second delivery finds it taken), and the completion is claimed in the store
// under a lease, by whichever process sees the request end; a job completes what a stopped process
// left (store.listStepRunsToComplete). Slack-free: completions arrive as `WorkflowStepsOutbound`.
import type { Clock } from '../../clock.ts';
import { errField, sentenceFor } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import { NO_USER } from '../../policy/index.ts';
import type { IndexRequest, StepRunOutcome, Store } from '../../store/index.ts';
import type { SearchRequestsService } from '../search-requests/index.ts';
import type { Sent, WorkflowStepsOutbound } from './outbound.ts';
import { requestOutputs } from './views.ts';

/** Long past a completion call's few seconds; a process that stopped mid-way is taken over after it. */
export const COMPLETION_LEASE_MS = 2 * 60_000;
const CATCH_UP_BATCH = 50;
/** Filing takes seconds; a run still without its request after this never gets one. */
export const ORPHAN_GRACE_MS = 10 * 60_000;
/** What the workflow's run shows when its request was never stored. */
export const REQUEST_NEVER_FILED =
  'opsbot stopped before the index request was stored, so nothing was filed. Run the workflow again.';

/** The reason approvers see when a workflow gave none (the step's `reason` is optional). */
const NO_REASON_GIVEN = 'Requested from a workflow, which gave no reason.';

type RequestStepInputs = {
  name?: string | undefined;
  region?: string | undefined;
  plan?: string | undefined;
  /** The person running the workflow, as Slack says: who files it. */
  actor?: string | undefined;
  /** The `requester` input: who it is for, as the workflow's author chose; shown, never the actor. */
  onBehalfOf?: string | undefined;
  channel?: string | undefined;
  reason?: string | undefined;
};

export type RequestStepDeps = {
  store: Store;
  clock: Clock;
  logger: Logger;
  requests: Pick<SearchRequestsService, 'fileAs' | 'request'>;
  completions: WorkflowStepsOutbound;
  /** This process, as it names itself in completion claims. */
  owner: string;
};

export function createRequestStep(deps: RequestStepDeps) {
  const { store, clock, logger, completions, owner } = deps;

  /** Sends one completion if this process claims it, and records how it went. */
  async function completeOnce(executionId: string, outcome: StepRunOutcome, send: () => Promise<Sent>) {
    if (!(await store.claimStepCompletion(executionId, owner, clock(), COMPLETION_LEASE_MS))) return;
    const sent = await send();
    await store.finishStepRun(executionId, owner, sent === 'gone' ? 'gone' : outcome, clock());
  }

  /** Completes the step that filed `request`, if one did and it still waits. */
  async function completeEnded(request: IndexRequest): Promise<void> {
    const run = await store.stepRunOfRequest(request.id);
    if (run === undefined || run.completedAt !== null) return;
    await completeOnce(run.executionId, 'completed', async () => {
      const sent = await completions.succeed(run.executionId, requestOutputs(request));
      logger.info(
        { event: 'workflow_step_completed', executionId: run.executionId, requestId: request.id, sent },
        'request step completed with the request’s outcome',
      );
      return sent;
    });
  }

  /** Files the request as the person running the workflow; a refusal completes the step with its sentence. */
  async function file(executionId: string, inputs: RequestStepInputs): Promise<void> {
    // The policy, the caps and who may approve are the filing's own checks, for the actor.
    const filed = await deps.requests.fileAs(
      {
        actor: inputs.actor ?? NO_USER,
        onBehalfOf: inputs.onBehalfOf,
        channelId: inputs.channel,
        // Linked in the request's own write: a request never lives without its step.
        stepExecutionId: executionId,
      },
      {
        name: inputs.name,
        region: inputs.region,
        plan: inputs.plan,
        reason: inputs.reason?.trim() ? inputs.reason : NO_REASON_GIVEN,
      },
    );
    if (!filed.ok) {
      logger.info({ event: 'workflow_step_refused', executionId }, 'request step refused');
      return completeOnce(executionId, 'refused', () => completions.fail(executionId, filed.sentence));
    }
    logger.info(
      { event: 'workflow_step_filed', executionId, requestId: filed.request.id },
      'request filed for a workflow',
    );
    await filed.proceed();
  }

  return {
    /** A delivery of `function_executed`: files the request once per execution. */
    async start(executionId: string, inputs: RequestStepInputs): Promise<void> {
      if (!(await store.claimStepRun(executionId, clock()))) {
        logger.info(
          { event: 'workflow_step_redelivered', executionId },
          'execution seen before; nothing filed',
        );
        return;
      }
      try {
        await file(executionId, inputs);
      } catch (error) {
        logger.error(
          { event: 'workflow_step_failed', executionId, err: errField(error) },
          'request step failed',
        );
        await completeOnce(executionId, 'refused', () =>
          completions.fail(executionId, sentenceFor(error, 'filing the request')),
        );
      }
    },

    completeEnded,

    /**
     * Completes the steps whose request ended while no process heard it (a restart, a crash), and
     * ends with an error the steps whose request never appeared: the process stopped between the
     * run's claim and the request's write, and after the grace period none is coming.
     */
    async catchUp(): Promise<number> {
      const now = clock();
      const runs = await store.listStepRunsToComplete(now, CATCH_UP_BATCH);
      for (const run of runs) {
        const request = run.requestId === null ? undefined : await deps.requests.request(run.requestId);
        if (request !== undefined) await completeEnded(request);
      }
      const orphans = await store.claimStepRunsWithoutRequest(
        now - ORPHAN_GRACE_MS,
        owner,
        now,
        COMPLETION_LEASE_MS,
        CATCH_UP_BATCH,
      );
      for (const run of orphans) {
        logger.warn(
          { event: 'workflow_step_orphaned', executionId: run.executionId },
          'request step ended: its request was never stored',
        );
        const sent = await completions.fail(run.executionId, REQUEST_NEVER_FILED);
        await store.finishStepRun(run.executionId, owner, sent === 'gone' ? 'gone' : 'refused', clock());
      }
      return runs.length + orphans.length;
    },
  };
}
