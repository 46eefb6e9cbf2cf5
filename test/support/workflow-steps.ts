// Running opsbot's Workflow Builder steps against a simulated workspace, the way a workflow does:
// Slack starts an execution and delivers function_executed; the step completes it.
import type { SlackDriver } from '../../src/sim/driver/driver.ts';
import { userContext } from '../../src/sim/slack/index.ts';
import { SIM_IDS, type SimulatedWorkspace } from '../../src/sim/workspace.ts';
import type { Store } from '../../src/store/index.ts';
import { parsedLogs } from './logs.ts';
import { eventually, until } from './poll.ts';

type Workspace = Pick<SimulatedWorkspace, 'slack' | 'driver'>;

export const REQUEST_INPUTS = {
  name: 'orders-search',
  region: 'eu-west-1',
  plan: 'payg',
  /** Who runs the workflow (Slack's word): the requester. */
  user_context: userContext(SIM_IDS.requester),
  reason: 'Order lookup for support',
};

/** A workflow reaches the request step; resolves once the request is filed, with its number. */
export async function runRequestStep(
  ws: Workspace & { store: Pick<Store, 'getStepRun'> },
  inputs: Partial<typeof REQUEST_INPUTS> & { requester?: string; channel?: string } = {},
  options: { driver?: SlackDriver; deliverTwice?: boolean } = {},
): Promise<{ executionId: string; requestId: number }> {
  const driver = options.driver ?? ws.driver;
  const run = await driver.executeFunction(
    'request_search_index',
    { ...REQUEST_INPUTS, ...inputs },
    options.deliverTwice ? { deliverTwice: true } : {},
  );
  return { executionId: run.executionId, requestId: await requestFiledBy(ws.store, run.executionId) };
}

/** The number of the request the execution filed, once it is kept with it. */
export function requestFiledBy(store: Pick<Store, 'getStepRun'>, executionId: string): Promise<number> {
  return until(
    async () => (await store.getStepRun(executionId))?.requestId ?? undefined,
    `the request filed for ${executionId}`,
  );
}

/** The log lines of the completion (a process logs it once Slack has answered). */
export async function completionLogs(ws: Pick<SimulatedWorkspace, 'logs'>, executionId: string) {
  const lines = () =>
    parsedLogs(ws.logs).filter((l) => l.event === 'workflow_step_completed' && l.executionId === executionId);
  await eventually(() => lines().length > 0, 'the completion logged');
  return lines();
}
