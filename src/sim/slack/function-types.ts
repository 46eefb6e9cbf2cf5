import type { FunctionDefinition } from './function-definitions.ts';
import type { Args } from './types.ts';

/** One run of a custom step in a workflow, from function_executed to its completion. */
export interface SimFunctionExecution {
  /** `Fx…`: the function_execution_id the app completes. */
  id: string;
  /** `Wx…`: the workflow run the step is part of. */
  workflowExecutionId: string;
  callbackId: string;
  inputs: Args;
  /** The short-lived workflow token (`xwfp-…`) the event carries in `bot_access_token`. */
  botAccessToken: string;
  /** running until the app completes it (completed / failed) or the workflow is cancelled or times out. */
  state: 'running' | 'completed' | 'failed' | 'cancelled';
  startedAt: number;
  /** The step's manifest declaration, which its outputs are checked against. */
  definition: FunctionDefinition;
}

/** A completion Slack accepted: functions.completeSuccess or functions.completeError. */
export interface SimFunctionCompletion {
  executionId: string;
  callbackId: string;
  outcome: 'success' | 'error';
  /** completeSuccess: the outputs, as the workflow's next steps see them. */
  outputs?: Args;
  /** completeError: the message the person who ran the workflow is shown. */
  error?: string;
  /** Which token completed it: the app's bot token or the event's workflow token. */
  token: 'bot' | 'workflow';
  at: number;
}

/** The function_executed event Slack sends when a workflow reaches one of the app's steps. */
export interface FunctionExecutedEvent extends Args {
  type: 'function_executed';
  function: Args & { callback_id: string };
  inputs: Args;
  function_execution_id: string;
  workflow_execution_id: string;
  event_ts: string;
  bot_access_token: string;
}

/** The test's hand on the workspace's workflows: runs of opsbot's steps and how they ended. */
export interface FunctionsControl {
  /**
   * A workflow reaches the step `callbackId` with these inputs (checked against the manifest, as
   * Workflow Builder does): records a running execution and returns the event Slack sends for it.
   */
  start(callbackId: string, inputs?: Args): Promise<FunctionExecutedEvent>;
  /** The workflow was cancelled or timed out: completing the execution is refused from now on. */
  cancel(executionId: string): void;
  execution(executionId: string): SimFunctionExecution | undefined;
  executions(): SimFunctionExecution[];
  /** Accepted completions, oldest first; of one execution when `executionId` is given. */
  completions(executionId?: string): SimFunctionCompletion[];
  /** Resolves with the execution's accepted completion; fails after `timeoutMs` naming what happened. */
  waitForCompletion(executionId: string, timeoutMs?: number): Promise<SimFunctionCompletion>;
}
