import { webApi } from '@slack/bolt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SlackSimulator, startSlackSimulator, userContext } from '../../src/sim/slack/index.ts';

const TOKEN = 'xoxb-test-fake-token';
type Client = InstanceType<typeof webApi.WebClient>;

/** The Web API's answer, refused or not, as the app's code sees it. */
async function answer(call: Promise<unknown>): Promise<{ ok: boolean; error?: string; messages?: string[] }> {
  try {
    await call;
    return { ok: true };
  } catch (error) {
    const data = (error as { data?: { error?: string; response_metadata?: { messages?: string[] } } }).data;
    const messages = data?.response_metadata?.messages;
    return { ok: false, ...(data?.error ? { error: data.error } : {}), ...(messages ? { messages } : {}) };
  }
}

const requestInputs = {
  name: 'orders',
  region: 'eu-west-1',
  plan: 'payg',
  user_context: userContext('U0REQ'),
};

describe('Slack simulator: custom workflow steps (functions.completeSuccess / completeError)', () => {
  let sim: SlackSimulator;
  let bot: Client;
  beforeAll(async () => {
    sim = await startSlackSimulator({ botToken: TOKEN });
    bot = new webApi.WebClient(TOKEN, { slackApiUrl: sim.apiUrl, retryConfig: { retries: 0 } });
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.reset());

  const succeed = (id: string, outputs: Record<string, unknown>, client: Client = bot) =>
    answer(client.functions.completeSuccess({ function_execution_id: id, outputs }));

  it('describes the step in the event as the manifest declares it, with a workflow token of its own', async () => {
    const event = await sim.functions.start('request_search_index', { ...requestInputs, reason: 'launch' });
    expect(event).toMatchObject({
      type: 'function_executed',
      function: { callback_id: 'request_search_index', title: 'Request a search index', type: 'app' },
      inputs: { ...requestInputs, reason: 'launch' },
      function_execution_id: expect.stringMatching(/^Fx/),
      workflow_execution_id: expect.stringMatching(/^Wx/),
      bot_access_token: expect.stringMatching(/^xwfp-/),
    });
    expect(event.function.input_parameters).toContainEqual(
      expect.objectContaining({ name: 'user_context', type: 'slack#/types/user_context', is_required: true }),
    );
    expect(event.function.output_parameters).toContainEqual(
      expect.objectContaining({ name: 'request_id', type: 'integer' }),
    );
    expect(sim.functions.execution(event.function_execution_id)?.state).toBe('running');
  });

  it('refuses to start a step the manifest does not declare, or with inputs Workflow Builder would not pass', async () => {
    await expect(sim.functions.start('delete_everything')).rejects.toThrow(
      /declares no step "delete_everything".*request_search_index/,
    );
    await expect(
      sim.functions.start('request_search_index', { ...requestInputs, user_context: 'U0REQ' }),
    ).rejects.toThrow(/expected slack#\/types\/user_context, got "U0REQ"/);
    await expect(sim.functions.start('request_search_index', { ...requestInputs, plan: 3 })).rejects.toThrow(
      /expected string, got 3 \[json-pointer:\/inputs\/plan\]/,
    );
    await expect(sim.functions.start('vector_index_stats', { period: '1h' })).rejects.toThrow(
      /missing required parameter \[json-pointer:\/inputs\/index\]/,
    );
  });

  it('accepts outputs that fit the declaration and records the completion once', async () => {
    const { function_execution_id: id } = await sim.functions.start('messaging_accounts_summary');
    const outputs = { accounts: 3, needing_attention: 1, summary: 'eu-1: near its monthly limit' };
    expect(await succeed(id, outputs)).toEqual({ ok: true });
    expect(sim.functions.completions(id)).toMatchObject([
      { callbackId: 'messaging_accounts_summary', outcome: 'success', outputs, token: 'bot' },
    ]);
    expect(sim.functions.execution(id)?.state).toBe('completed');
    // Slack ends an execution once: a second completion of either kind is refused.
    expect(await succeed(id, outputs)).toEqual({ ok: false, error: 'execution_not_in_running_state' });
    expect(await answer(bot.functions.completeError({ function_execution_id: id, error: 'late' }))).toEqual({
      ok: false,
      error: 'execution_not_in_running_state',
    });
    expect(sim.functions.completions(id)).toHaveLength(1);
  });

  it('refuses an unknown output, a value of the wrong type and a missing required output, saying where', async () => {
    const { function_execution_id: id } = await sim.functions.start('request_search_index', requestInputs);
    const valid = { request_id: 7, state: 'created', index_name: 'orders', decided_by: 'U0APPROVER' };
    const refusals = await Promise.all([
      succeed(id, { ...valid, colour: 'blue' }),
      succeed(id, { ...valid, request_id: 7.5 }),
      succeed(id, { ...valid, decided_by: 'approver' }),
      succeed(id, { request_id: 7, index_name: 'orders' }),
    ]);
    expect(refusals).toEqual([
      {
        ok: false,
        error: 'parameter_validation_failed',
        messages: ['[ERROR] unknown parameter [json-pointer:/outputs/colour]'],
      },
      {
        ok: false,
        error: 'parameter_validation_failed',
        messages: ['[ERROR] expected integer, got 7.5 [json-pointer:/outputs/request_id]'],
      },
      {
        ok: false,
        error: 'parameter_validation_failed',
        messages: [
          '[ERROR] expected slack#/types/user_id, got "approver" [json-pointer:/outputs/decided_by]',
        ],
      },
      {
        ok: false,
        error: 'parameter_validation_failed',
        messages: ['[ERROR] missing required parameter [json-pointer:/outputs/state]'],
      },
    ]);
    // A refused completion leaves the execution running: the app may still complete it properly.
    expect(sim.functions.completions(id)).toEqual([]);
    expect(await succeed(id, valid)).toEqual({ ok: true });
  });

  it('records completeError with the sentence the person who ran the workflow is shown', async () => {
    const { function_execution_id: id } = await sim.functions.start('vector_index_stats', { index: 'nope' });
    const sentence = 'I know no index called nope. Known: catalog, orders.';
    expect(await answer(bot.functions.completeError({ function_execution_id: id, error: sentence }))).toEqual(
      {
        ok: true,
      },
    );
    expect(sim.functions.completions(id)).toMatchObject([{ outcome: 'error', error: sentence }]);
    expect(sim.functions.execution(id)?.state).toBe('failed');
  });

  it('refuses to complete an execution whose workflow was cancelled, and one it never started', async () => {
    const { function_execution_id: id } = await sim.functions.start('messaging_accounts_summary');
    sim.functions.cancel(id);
    const outputs = { accounts: 0, needing_attention: 0, summary: '' };
    expect(await succeed(id, outputs)).toEqual({ ok: false, error: 'execution_not_in_running_state' });
    expect(await succeed('Fx0NEVERRAN', outputs)).toEqual({
      ok: false,
      error: 'function_execution_not_found',
    });
    expect(await answer(bot.functions.completeSuccess({ function_execution_id: id } as never))).toMatchObject(
      {
        ok: false,
        error: 'invalid_arguments',
      },
    );
    expect(sim.functions.completions()).toEqual([]);
  });

  it('accepts the workflow token the event carried, and says which token completed the step', async () => {
    const event = await sim.functions.start('messaging_accounts_summary');
    const workflow = new webApi.WebClient(event.bot_access_token, {
      slackApiUrl: sim.apiUrl,
      retryConfig: { retries: 0 },
    });
    const outputs = { accounts: 1, needing_attention: 0, summary: '' };
    expect(await succeed(event.function_execution_id, outputs, workflow)).toEqual({ ok: true });
    expect(sim.functions.completions(event.function_execution_id)).toMatchObject([{ token: 'workflow' }]);
    const stranger = new webApi.WebClient('xwfp-made-up-fake-token', {
      slackApiUrl: sim.apiUrl,
      retryConfig: { retries: 0 },
    });
    expect(await succeed(event.function_execution_id, outputs, stranger)).toEqual({
      ok: false,
      error: 'invalid_auth',
    });
  });

  it('waits for a completion and, when none comes, says what the app tried', async () => {
    const { function_execution_id: id } = await sim.functions.start('messaging_accounts_summary');
    await succeed(id, { accounts: 'three' });
    await expect(sim.functions.waitForCompletion(id, 50)).rejects.toThrow(
      new RegExp(
        `execution ${id} \\(running\\) not completed within 50 ms; calls: functions.completeSuccess -> parameter_validation_failed`,
      ),
    );
    const waiting = sim.functions.waitForCompletion(id);
    await succeed(id, { accounts: 3, needing_attention: 0, summary: '' });
    await expect(waiting).resolves.toMatchObject({ executionId: id, outcome: 'success' });
  });
});
