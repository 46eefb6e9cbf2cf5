// Ending a step's execution: functions.completeSuccess / completeError with the bot token (a step
// that waits for a request completes long after the event's workflow token has expired, and that
// token is never kept). Slack answering that the execution is gone — the workflow was cancelled or
// timed out — is an expected answer: logged, and what the step started goes on.
import { slackErrorCode } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import type { WebClient } from '../../slack/web-client.ts';

/** Slack's answers for an execution that can no longer be completed. */
const EXECUTION_GONE = new Set(['execution_not_in_running_state', 'function_execution_not_found']);

/** `completed`: Slack took it; `gone`: the workflow no longer runs the step. */
export type Sent = 'completed' | 'gone';

export type StepOutputs = Record<string, string | number>;

export type WorkflowStepsOutbound = {
  succeed(executionId: string, outputs: StepOutputs): Promise<Sent>;
  /** `sentence` is what the person who runs the workflow is shown. */
  fail(executionId: string, sentence: string): Promise<Sent>;
};

export function createWorkflowStepsOutbound(
  client: Pick<WebClient, 'functions'>,
  logger: Logger,
): WorkflowStepsOutbound {
  const send = async (executionId: string, call: () => Promise<unknown>): Promise<Sent> => {
    try {
      await call();
      return 'completed';
    } catch (error) {
      const code = slackErrorCode(error);
      if (code === undefined || !EXECUTION_GONE.has(code)) throw error;
      logger.warn(
        { event: 'workflow_step_gone', executionId, error: code },
        'the workflow no longer runs this step (cancelled or timed out); nothing to complete',
      );
      return 'gone';
    }
  };
  return {
    succeed: (executionId, outputs) =>
      send(executionId, () =>
        client.functions.completeSuccess({ function_execution_id: executionId, outputs }),
      ),
    fail: (executionId, sentence) =>
      send(executionId, () =>
        client.functions.completeError({ function_execution_id: executionId, error: sentence }),
      ),
  };
}
