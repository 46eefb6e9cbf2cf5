// Item 3: `/ops vector stats <id> 30d` end to end — from sending the signed slash command to the
// Slack simulator recording the channel message that shows the card (an image block pointing at the
// uploaded file). One command at a time, each in a channel of its own so no answer is mistaken for
// another's; the management API simulator answers at once.

import { createSlackDriver, type SlackDriver } from '../../src/sim/driver/driver.ts';
import type { SimCall, SlackSimulator } from '../../src/sim/slack/index.ts';
import { SIM_CREDENTIALS, SIM_IDS } from '../../src/sim/workspace.ts';
import { fmt, percentile, spread } from './numbers.ts';
import type { ServerProcess } from './processes.ts';
import { atMost, type Row } from './table.ts';

export const STATS_E2E_P50_MAX_MS = 150;
export const STATS_INDEX = 'idx-1';

export type StatsE2eResult = { latenciesMs: number[]; shownAs: string[] };

export function appDriver(slack: SlackSimulator, app: ServerProcess): SlackDriver {
  return createSlackDriver({
    appUrl: app.eventsUrl,
    signingSecret: SIM_CREDENTIALS.signingSecret,
    slack,
    teamId: SIM_IDS.teamId,
    apiAppId: SIM_IDS.appId,
  });
}

/** The message that finishes a stats command: posted in `channel`, with an image (block or file). */
export function isCardMessage(call: SimCall, channel: string): boolean {
  if (!call.ok || call.args.channel !== channel) return false;
  if (call.method === 'files.completeUploadExternal') return true;
  if (call.method !== 'chat.postMessage') return false;
  const blocks = call.args.blocks;
  return Array.isArray(blocks) && blocks.some((b) => (b as { type?: unknown }).type === 'image');
}

export async function benchStatsEndToEnd(options: {
  slack: SlackSimulator;
  app: ServerProcess;
  warmup: number;
  runs: number;
  progress?: (line: string) => void;
}): Promise<StatsE2eResult> {
  const driver = appDriver(options.slack, options.app);
  const result: StatsE2eResult = { latenciesMs: [], shownAs: [] };
  for (let i = 0; i < options.warmup + options.runs; i++) {
    const channel = `C0STATSE2E${i}`;
    const sent = Date.now();
    const res = await driver.command(`vector stats ${STATS_INDEX} 30d`, {
      userId: SIM_IDS.requester,
      channelId: channel,
    });
    if (res.status !== 200) throw new Error(`the stats command was answered with HTTP ${res.status}`);
    const call = await options.slack.waitFor((c) => isCardMessage(c, channel), 15_000);
    if (i < options.warmup) continue;
    result.latenciesMs.push(call.at - sent);
    result.shownAs.push(call.method);
  }
  options.progress?.(
    `  stats e2e: p50 ${percentile(result.latenciesMs, 0.5).toFixed(0)} ms, p99 ${percentile(result.latenciesMs, 0.99).toFixed(0)} ms`,
  );
  return result;
}

export function statsE2eRows(result: StatsE2eResult): Row[] {
  const p50 = percentile(result.latenciesMs, 0.5);
  const p99 = percentile(result.latenciesMs, 0.99);
  const all = spread(result.latenciesMs);
  const n = result.latenciesMs.length;
  return [
    {
      item: 3,
      name: `Stats \`/ops vector stats ${STATS_INDEX} 30d\`, signed request → image message recorded: p50 (${n} runs)`,
      opsbot: `${p50.toFixed(0)} ms`,
      peer: '—',
      ratio: '—',
      target: `≤ ${STATS_E2E_P50_MAX_MS} ms`,
      ...atMost(p50, STATS_E2E_P50_MAX_MS),
    },
    {
      item: 3,
      name: `Stats end to end: p99 (${n} runs)`,
      opsbot: `${p99.toFixed(0)} ms`,
      peer: '—',
      ratio: '—',
      target: '—',
      verdict: 'info',
      note: `all runs ${fmt(all.min)}–${fmt(all.max)} ms`,
    },
  ];
}
