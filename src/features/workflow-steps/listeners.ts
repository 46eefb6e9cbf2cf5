// The Bolt side of the three steps: `app.function` listeners for function_executed. Bolt
// acknowledges the event before a listener runs; the listener reads the inputs with zod and hands
// them to the service. A step that completes at once answers here, through the outbound (the bot
// token); the request step completes later, when its request ends (request-step.ts).
import type { AllMiddlewareArgs, App, SlackEventMiddlewareArgs } from '@slack/bolt';
import { z } from 'zod';
import { isManagementApiError } from '../../api/index.ts';
import { errField, PolicyRefusal, sentenceFor, UserFacingError } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import { logPolicyRefusal } from '../../slack/guard.ts';
import { STEP } from './ids.ts';
import type { StepOutputs, WorkflowStepsOutbound } from './outbound.ts';
import type { WorkflowStepsService } from './service.ts';

// Workflow Builder checks types and required inputs; what is left to read is the shape. The person
// who acts is `user_context` (Slack fills it with who ran the workflow); `requester` is only who a
// request is for.
const text = z.string().optional();
const person = z
  .object({ id: z.string() })
  .optional()
  .transform((context) => context?.id);
const placeInputs = z.object({ user_context: person, channel: text });
const requestInputs = placeInputs.extend({
  name: text,
  region: text,
  plan: text,
  requester: text,
  reason: text,
});
const statsInputs = placeInputs.extend({ index: z.string(), period: text });

type StepArgs = SlackEventMiddlewareArgs<'function_executed'> & AllMiddlewareArgs;

export function registerStepListeners(
  { app, logger }: { app: App; logger: Logger },
  service: Pick<WorkflowStepsService, 'startRequest' | 'stats' | 'accounts'>,
  completions: WorkflowStepsOutbound,
): void {
  /** Completes the execution with the outputs, or with the sentence of what went wrong. */
  const completeAtOnce = async (args: StepArgs, outputs: () => Promise<StepOutputs>) => {
    const executionId = args.event.function_execution_id;
    const callbackId = args.event.function.callback_id;
    try {
      const sent = await completions.succeed(executionId, await outputs());
      logger.info({ event: 'workflow_step_completed', executionId, callbackId, sent }, 'step completed');
    } catch (error) {
      // A refusal with its sentence is expected; anything else is a bug or an outage.
      if (error instanceof PolicyRefusal) logPolicyRefusal(logger, error, { executionId, callbackId });
      const expected = error instanceof UserFacingError || isManagementApiError(error);
      logger[expected ? 'info' : 'error'](
        {
          event: expected ? 'workflow_step_refused' : 'workflow_step_failed',
          executionId,
          callbackId,
          err: errField(error),
        },
        'step ended with an error',
      );
      await completions.fail(executionId, sentenceFor(error, 'this step'));
    }
  };

  app.function(STEP.requestSearchIndex, async ({ event, inputs }) => {
    const parsed = requestInputs.safeParse(inputs);
    if (!parsed.success) {
      await completions.fail(
        event.function_execution_id,
        'The step’s inputs didn’t read: check them in Workflow Builder.',
      );
      return;
    }
    const { user_context: actor, requester: onBehalfOf, ...rest } = parsed.data;
    await service.startRequest(event.function_execution_id, { ...rest, actor, onBehalfOf });
  });

  app.function(STEP.vectorIndexStats, async (args) =>
    completeAtOnce(args, async () => {
      const { user_context: actor, ...rest } = statsInputs.parse(args.inputs);
      return service.stats({ ...rest, actor });
    }),
  );

  app.function(STEP.messagingAccountsSummary, async (args) =>
    completeAtOnce(args, () => {
      const { user_context: actor, channel } = placeInputs.parse(args.inputs ?? {});
      return service.accounts({ actor, channel });
    }),
  );
}
