import type { AddressInfo } from 'node:net';
import type { App } from '@slack/bolt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSlackDriver, type SlackDriver } from '../../../../src/sim/driver/driver.ts';
import { type SlackSimulator, startSlackSimulator, userContext } from '../../../../src/sim/slack/index.ts';
import { until } from '../../../support/poll.ts';
import { boltAppOn, SECRET, TOKEN } from './bolt-app.ts';

type Seen = { callbackId: string; executionId: string; inputs: Record<string, unknown> };

/** What the app got from Slack and what Slack answered its completions. */
type Heard = { seen: Seen[]; answers: string[] };

/** A tiny Bolt 5 app with one listener per step, each finishing the way a real step would. */
function buildApp(sim: SlackSimulator, transport: 'http' | 'socket', record: Heard): App {
  const app = boltAppOn(sim, transport);
  const note = (
    event: { function: { callback_id: string }; function_execution_id: string },
    inputs: object,
  ) =>
    record.seen.push({
      callbackId: event.function.callback_id,
      executionId: event.function_execution_id,
      inputs: { ...inputs },
    });
  const answered = async (completion: Promise<unknown>) => {
    try {
      await completion;
      record.answers.push('ok');
    } catch (error) {
      record.answers.push((error as { data?: { error?: string } }).data?.error ?? String(error));
    }
  };
  // Acknowledged by Bolt before the listener runs; completed at once with the event's workflow token.
  app.function('messaging_accounts_summary', async ({ event, inputs, complete }) => {
    note(event, inputs);
    await answered(
      complete({ outputs: { accounts: 2, needing_attention: 1, summary: 'eu-1 is suspended' } }),
    );
  });
  app.function('vector_index_stats', async ({ event, inputs, complete, fail }) => {
    note(event, inputs);
    if (inputs.index !== 'catalog')
      return answered(fail({ error: `No index called ${String(inputs.index)}.` }));
    await answered(complete({ outputs: { summary: 'Steady.', vectors: 1200 } }));
  });
  // Acknowledged by the listener; completed later (when the request ends), with the bot token.
  app.function('request_search_index', { autoAcknowledge: false }, async ({ ack, event, inputs }) => {
    await ack();
    note(event, inputs);
  });
  return app;
}

for (const transport of ['http', 'socket'] as const) {
  describe(`function_executed over ${transport === 'http' ? 'signed HTTP' : 'Socket Mode'}, to Bolt's app.function`, () => {
    let sim: SlackSimulator;
    let app: App;
    let driver: SlackDriver;
    const record: Heard = { seen: [], answers: [] };
    beforeAll(async () => {
      sim = await startSlackSimulator({ botToken: TOKEN });
      app = buildApp(sim, transport, record);
      let appUrl = 'http://127.0.0.1:1/unused';
      if (transport === 'http') {
        const server = await app.start(0);
        appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events`;
      } else {
        await app.start();
        await sim.socket.waitForConnections(1);
      }
      driver = createSlackDriver({ appUrl, signingSecret: SECRET, slack: sim, transport });
    });
    afterAll(async () => {
      await app.stop();
      // Bolt's stop() starts the WebSocket close handshake without waiting for it to finish.
      if (transport === 'socket') await sim.socket.waitForConnections(0);
      await sim.close();
    });
    beforeEach(() => {
      sim.reset();
      record.seen.length = 0;
      record.answers.length = 0;
    });

    it('reaches the listener of its callback id, which completes the step with its outputs', async () => {
      const run = await driver.executeFunction('messaging_accounts_summary');
      expect(run.deliveries.map((d) => d.status)).toEqual([200]);
      const completion = await sim.functions.waitForCompletion(run.executionId);
      expect(completion).toMatchObject({
        callbackId: 'messaging_accounts_summary',
        outcome: 'success',
        outputs: { accounts: 2, needing_attention: 1, summary: 'eu-1 is suspended' },
        // Bolt's complete() uses the token the event carried.
        token: 'workflow',
      });
      expect(record.seen).toEqual([
        { callbackId: 'messaging_accounts_summary', executionId: run.executionId, inputs: {} },
      ]);
    });

    it("hands the listener the workflow's inputs, and records a step that fails with its sentence", async () => {
      const ok = await driver.executeFunction('vector_index_stats', { index: 'catalog', period: '1d' });
      const refused = await driver.executeFunction('vector_index_stats', { index: 'nope' });
      await expect(sim.functions.waitForCompletion(ok.executionId)).resolves.toMatchObject({
        outcome: 'success',
        outputs: { summary: 'Steady.', vectors: 1200 },
      });
      await expect(sim.functions.waitForCompletion(refused.executionId)).resolves.toMatchObject({
        outcome: 'error',
        error: 'No index called nope.',
      });
      expect(record.seen.map((s) => s.inputs)).toEqual([
        { index: 'catalog', period: '1d' },
        { index: 'nope' },
      ]);
    });

    it('delivered twice, the same execution reaches the app twice; only the first completion counts', async () => {
      const inputs = {
        name: 'orders',
        region: 'eu-west-1',
        plan: 'free',
        user_context: userContext('U0REQ'),
      };
      const run = await driver.executeFunction('request_search_index', inputs, { deliverTwice: true });
      expect(run.deliveries.map((d) => d.status)).toEqual([200, 200]);
      await until(() => (record.seen.length === 2 ? true : undefined), 'both deliveries');
      expect(record.seen.map((s) => s.executionId)).toEqual([run.executionId, run.executionId]);
      const outputs = { request_id: 1, state: 'created', index_name: 'orders', index_id: 'idx-1' };
      const complete = () =>
        app.client.functions.completeSuccess({ function_execution_id: run.executionId, outputs }).then(
          () => 'ok',
          (error: { data?: { error?: string } }) => error.data?.error,
        );
      expect(await complete()).toBe('ok');
      expect(await complete()).toBe('execution_not_in_running_state');
      expect(sim.functions.completions(run.executionId)).toMatchObject([{ outputs, token: 'bot' }]);
    });

    it('a cancelled workflow refuses the completion, and the app is told so', async () => {
      const run = await driver.executeFunction('request_search_index', {
        name: 'cart',
        region: 'us-central1',
        plan: 'payg',
        user_context: userContext('U0REQ'),
      });
      await until(() => record.seen[0], 'the delivery');
      driver.cancelFunction(run.executionId);
      await expect(
        app.client.functions.completeSuccess({
          function_execution_id: run.executionId,
          outputs: { request_id: 2, state: 'rejected', index_name: 'cart' },
        }),
      ).rejects.toMatchObject({ data: { error: 'execution_not_in_running_state' } });
      expect(sim.functions.execution(run.executionId)?.state).toBe('cancelled');
      expect(sim.functions.completions()).toEqual([]);
    });

    it('a step whose listener completes after the workflow was cancelled hears execution_not_in_running_state', async () => {
      const event = await sim.functions.start('messaging_accounts_summary');
      sim.functions.cancel(event.function_execution_id);
      await driver.deliverFunctionExecuted(event);
      await until(() => record.answers[0], "the app's completion");
      expect(record.answers).toEqual(['execution_not_in_running_state']);
    });
  });
}
