// Slack's side of custom workflow steps: a workflow reaching a step starts an execution and sends
// `function_executed` (with a short-lived workflow token); the app ends it once with
// functions.completeSuccess (outputs checked against the manifest's output_parameters) or
// functions.completeError. An execution that already ended — completed, or its workflow cancelled
// or timed out — answers execution_not_in_running_state; an id Slack never issued,
// function_execution_not_found.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ApiBody, fail, firstMissing, str } from './api-support.ts';
import {
  type FunctionDefinition,
  loadFunctionDefinitions,
  parameterProblems,
} from './function-definitions.ts';
import type {
  FunctionExecutedEvent,
  FunctionsControl,
  SimFunctionCompletion,
  SimFunctionExecution,
} from './function-types.ts';
import { asRecord } from './reference.ts';
import type { SimContext } from './state.ts';
import type { Args } from './types.ts';

/**
 * A `slack#/types/user_context` value: the person who ran the workflow, as Slack passes it to a step
 * (Workflow Builder fills it in; a workflow's author can't). The secret is a fake one.
 */
export function userContext(userId: string): { id: string; secret: string } {
  return { id: userId, secret: `sim-user-context-secret-${userId.toLowerCase()}` };
}

/** The token a Web API call came with, for methods whose answer depends on who calls. */
export type Caller = { token: string };

/** A workflow token the simulator issued with a function_executed event (Slack accepts it like the bot token). */
export function isWorkflowToken(ctx: SimContext, token: string): boolean {
  return [...ctx.state.functionExecutions.values()].some((e) => e.botAccessToken === token);
}

function eventFor(
  ctx: SimContext,
  execution: SimFunctionExecution,
  functionId: string,
): FunctionExecutedEvent {
  const { definition } = execution;
  const created = Math.floor(ctx.now() / 1000);
  return {
    type: 'function_executed',
    function: {
      id: functionId,
      callback_id: definition.callbackId,
      title: definition.title,
      description: definition.description,
      type: 'app',
      input_parameters: definition.inputParameters,
      output_parameters: definition.outputParameters,
      app_id: ctx.opts.appId,
      date_created: created,
      date_updated: created,
      date_deleted: 0,
    },
    inputs: execution.inputs,
    function_execution_id: execution.id,
    workflow_execution_id: execution.workflowExecutionId,
    event_ts: ctx.nextTs(),
    bot_access_token: execution.botAccessToken,
  };
}

export function createFunctionsControl(ctx: SimContext): FunctionsControl {
  let definitions: Promise<Map<string, FunctionDefinition>> | undefined;
  const definitionOf = async (callbackId: string) => {
    definitions ??= loadFunctionDefinitions();
    const all = await definitions;
    const definition = all.get(callbackId);
    if (!definition)
      throw new Error(
        `manifest.yml declares no step "${callbackId}"; it declares ${[...all.keys()].join(', ')}`,
      );
    return {
      definition,
      functionId: `Fn${String([...all.keys()].indexOf(callbackId) + 1).padStart(9, '0')}`,
    };
  };
  const completions = (executionId?: string) =>
    ctx.state.functionCompletions.filter((c) => executionId === undefined || c.executionId === executionId);

  return {
    async start(callbackId, inputs = {}) {
      const { definition, functionId } = await definitionOf(callbackId);
      const problems = parameterProblems(definition.inputParameters, inputs, 'inputs');
      if (problems.length > 0)
        throw new Error(
          `Workflow Builder would not run ${callbackId} with these inputs: ${problems.join('; ')}`,
        );
      const execution: SimFunctionExecution = {
        id: ctx.nextId('Fx'),
        workflowExecutionId: ctx.nextId('Wx'),
        callbackId,
        inputs: structuredClone(inputs),
        botAccessToken: `xwfp-sim-fake-workflow-token-${randomBytes(8).toString('hex')}`,
        state: 'running',
        startedAt: ctx.now(),
        definition,
      };
      ctx.state.functionExecutions.set(execution.id, execution);
      return eventFor(ctx, execution, functionId);
    },
    cancel(executionId) {
      const execution = ctx.state.functionExecutions.get(executionId);
      if (!execution) throw new Error(`no function execution ${executionId}`);
      if (execution.state === 'running') execution.state = 'cancelled';
    },
    execution: (executionId) => structuredClone(ctx.state.functionExecutions.get(executionId)),
    executions: () => structuredClone([...ctx.state.functionExecutions.values()]),
    completions: (executionId) => structuredClone(completions(executionId)),
    async waitForCompletion(executionId, timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [found] = completions(executionId);
        if (found) return structuredClone(found);
        if (Date.now() >= deadline) {
          const state = ctx.state.functionExecutions.get(executionId)?.state ?? 'unknown';
          const tries = ctx.state.calls
            .filter((c) => c.method.startsWith('functions.') && c.args.function_execution_id === executionId)
            .map((c) => `${c.method} -> ${c.ok ? 'ok' : c.error}`);
          throw new Error(
            `Slack simulator: execution ${executionId} (${state}) not completed within ${timeoutMs} ms; calls: ${tries.join(', ') || 'none'}`,
          );
        }
        await sleep(10);
      }
    },
  };
}

/** The execution a completion names, if it may still be completed; Slack's refusal otherwise. */
function runningExecution(
  args: Args,
  ctx: SimContext,
  required: string,
): { execution: SimFunctionExecution } | { error: ApiBody } {
  const absent = firstMissing(args, ['function_execution_id', required]);
  if (absent) return { error: absent };
  const execution = ctx.state.functionExecutions.get(str(args.function_execution_id) ?? '');
  if (!execution) return { error: fail('function_execution_not_found') };
  if (execution.state !== 'running') return { error: fail('execution_not_in_running_state') };
  return { execution };
}

function record(
  ctx: SimContext,
  execution: SimFunctionExecution,
  caller: Caller,
  outcome: Pick<SimFunctionCompletion, 'outcome' | 'outputs' | 'error'>,
): ApiBody {
  execution.state = outcome.outcome === 'success' ? 'completed' : 'failed';
  ctx.state.functionCompletions.push({
    executionId: execution.id,
    callbackId: execution.callbackId,
    ...outcome,
    token: caller.token === execution.botAccessToken ? 'workflow' : 'bot',
    at: ctx.now(),
  });
  return { ok: true };
}

function completeSuccess(args: Args, ctx: SimContext, caller: Caller): ApiBody {
  const found = runningExecution(args, ctx, 'outputs');
  if ('error' in found) return found.error;
  const outputs = asRecord(args.outputs);
  if (!outputs)
    return fail('invalid_arguments', ['[ERROR] outputs must be an object [json-pointer:/outputs]']);
  const problems = parameterProblems(found.execution.definition.outputParameters, outputs, 'outputs');
  if (problems.length > 0)
    return fail(
      'parameter_validation_failed',
      problems.map((p) => `[ERROR] ${p}`),
    );
  return record(ctx, found.execution, caller, { outcome: 'success', outputs: structuredClone(outputs) });
}

function completeError(args: Args, ctx: SimContext, caller: Caller): ApiBody {
  const found = runningExecution(args, ctx, 'error');
  if ('error' in found) return found.error;
  return record(ctx, found.execution, caller, { outcome: 'error', error: str(args.error) ?? '' });
}

export const functionMethods = {
  'functions.completeSuccess': completeSuccess,
  'functions.completeError': completeError,
} as const;
