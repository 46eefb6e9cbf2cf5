// The answers a person got from opsbot, as the Slack simulator saw them.
import type { SimResponse } from '../../src/sim/slack/index.ts';
import type { SimulatedWorkspace } from '../../src/sim/workspace.ts';
import { until } from './poll.ts';

/** The answer that reached the person who typed a command (through its response_url). */
export function answerTo(ws: Pick<SimulatedWorkspace, 'slack'>, responseUrl: string, ms = 8000) {
  return until<SimResponse>(
    () => ws.slack.responses.find((r) => r.url === responseUrl && r.ok),
    `an answer on ${responseUrl}`,
    ms,
  );
}
