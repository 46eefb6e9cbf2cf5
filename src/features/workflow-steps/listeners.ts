// The Bolt side of the three steps: `app.function` listeners for function_executed. Bolt
// acknowledges the event before a listener runs; the listener reads the inputs with zod and hands
// them to the service. A step that completes at once answers here, through `Completions` (the bot
// token); the request step completes later, when its request ends (request-step.ts).
import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import { z } from 'zod';
import { isManagementApiError } from '../../api/index.ts';
import { errField, sentenceFor, UserFacingError } from '../../errors.ts';
import type { FeatureContext } from '../../feature-context.ts';
import { STEP } from './ids.ts';
import type { Completions, StepOutputs } from './outbound.ts';
import type { RequestStep } from './request-step.ts';
import type { ImmediateSteps } from './service.ts';

// Workflow Builder checks types and required inputs; what is left to read is the shape.
const text = z.string().optional();
const requestInputs = z.object({
  name: text,
  region: text,
  plan: text,
  requester: z.string(),
  reason: text,
});
const statsInputs = z.object({ index: z.string(), period: text, channel: text });

type StepArgs = SlackEventMiddlewareArgs<'function_executed'> & AllMiddlewareArgs;

export type StepListenerDeps = { request: RequestStep; immediate: ImmediateSteps; completions: Completions };

export function registerStepListeners(context: FeatureContext, deps: StepListenerDeps): void {
  const logger = context.logger.child({ feature: 'workflow-steps' });
  const { completions } = deps;

  /** Completes the execution with the outputs, or with the sentence of what went wrong. */
  const completeAtOnce = async (args: StepArgs, outputs: () => Promise<StepOutputs>) => {
    const executionId = args.event.function_execution_id;
    const callbackId = args.event.function.callback_id;
    try {
      const sent = await completions.succeed(executionId, await outputs());
      logger.info({ event: 'workflow_step_completed', executionId, callbackId, sent }, 'step completed');
    } catch (error) {
      // A refusal with its sentence is expected; anything else is a bug or an outage.
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

  context.app.function(STEP.requestSearchIndex, async ({ event, inputs }) => {
    const parsed = requestInputs.safeParse(inputs);
    if (!parsed.success) {
      await completions.fail(event.function_execution_id, 'Choose who the request is for (the requester).');
      return;
    }
    await deps.request.start(event.function_execution_id, parsed.data);
  });

  context.app.function(STEP.vectorIndexStats, async (args) =>
    completeAtOnce(args, async () => deps.immediate.stats(statsInputs.parse(args.inputs))),
  );

  context.app.function(STEP.messagingAccountsSummary, async (args) =>
    completeAtOnce(args, () => deps.immediate.accounts()),
  );
}
