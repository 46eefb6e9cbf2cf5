// Issue 40, finding 2 at full size: 500 `/ops vector stats <index> 30d` at once, each for another
// index (the heaviest burst: no read shared), against the real `node src/main.ts` under the start
// command's flags (--max-old-space-size=160). The process stays up, /healthz answers throughout,
// every command is acknowledged and answered: with its card, or with the BUSY sentence at once. Its
// peak RSS is kept under 256 MiB; the ack times are reported (bench item 10 holds them to 3 s).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATS_ADMISSION } from '../../src/api/shared-reads.ts';
import { BUSY } from '../../src/errors.ts';
import { slashCommandBody } from '../../src/sim/driver/payloads.ts';
import { DEFAULT_VECTOR_INDEXES } from '../../src/sim/mgmt/stats.ts';
import { SIM_IDS } from '../../src/sim/workspace.ts';
import { until } from '../support/poll.ts';
import { type Job, percentile, rssOf, sendFromWorker } from './load-jobs.ts';
import { type Spawned, spawnedWorkspace, startAsStartCommand } from './spawned.ts';

const { requester } = SIM_IDS;
const BURST = 500;
const CHANNEL = 'C0STATSBURST';
const MiB = 1024 * 1024;

describe(`${BURST} stats commands at once against node src/main.ts under the start command's flags`, () => {
  let sw: Spawned;
  let url: string;
  let pid: number;

  beforeAll(async () => {
    sw = await spawnedWorkspace();
    let args: string[];
    ({ url, pid, args } = await startAsStartCommand(sw));
    expect(args).toContain('--max-old-space-size=160');
  });
  afterAll(async () => {
    await sw?.close();
  });

  it('stays up, acknowledges every one, and answers each with its card or BUSY', async () => {
    const ids = Array.from({ length: BURST }, (_, i) => `idx-burst-${i}`);
    for (const id of ids) sw.mgmt.indexes[id] = DEFAULT_VECTOR_INDEXES['idx-1'] ?? {};
    const jobs: Job[] = ids.map((id) => ({
      kind: 'stats',
      build: () => {
        const responseUrl = sw.slack.newResponseUrl({ channel: CHANNEL, user: requester });
        const body = slashCommandBody({
          command: '/ops',
          text: `vector stats ${id} 30d`,
          userId: requester,
          channelId: CHANNEL,
          responseUrl,
          triggerId: sw.slack.newTriggerId(requester),
          teamId: SIM_IDS.teamId,
          apiAppId: SIM_IDS.appId,
        });
        return { body, responseUrl };
      },
    }));
    const healthz: number[] = [];
    const probing = setInterval(() => {
      void fetch(`${url}/healthz`).then(
        (r) => healthz.push(r.status),
        () => healthz.push(0),
      );
    }, 250);
    const built: Array<{ responseUrl?: string }> = [];
    const answers = await sendFromWorker(`${url}/slack/events`, BURST, jobs, built);

    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
    // How long the acks took is reported, not asserted: on a shared machine it measures the
    // machine; bench item 10 measures it (and Slack's 3 s) at full size.

    const cards = () =>
      sw.slack.messagesIn(CHANNEL).filter((m) => JSON.stringify(m.blocks ?? []).includes('"image"'));
    // Told in the acknowledgement itself, or (when the admission filled after the ack) on its response_url.
    const toldBusy = () =>
      answers.filter(
        (a) =>
          a.body.includes(BUSY) ||
          sw.slack.responses.some(
            (r) => r.url === built[a.index]?.responseUrl && r.text?.includes(BUSY) === true,
          ),
      );
    await until(
      () => (cards().length + toldBusy().length === BURST ? true : undefined),
      'every command answered',
      120_000,
    );
    clearInterval(probing);
    const rss = rssOf(pid);
    console.info(
      `stats burst: ${BURST} at once → ${cards().length} cards, ${toldBusy().length} told busy; ack p50 ${percentile(ms, 50)} ms, p99 ${percentile(ms, 99)} ms, max ${ms.at(-1)} ms; peak RSS ${(rss.peak / MiB).toFixed(0)} MiB; /healthz ${healthz.filter((s) => s === 200).length}/${healthz.length} answered 200`,
    );
    expect(cards().length).toBeGreaterThanOrEqual(STATS_ADMISSION.running + STATS_ADMISSION.waiting);
    expect(healthz.length).toBeGreaterThan(0);
    expect(healthz.every((s) => s === 200)).toBe(true);
    expect(rss.peak).toBeLessThanOrEqual(256 * MiB);
    // Alive: it still answers, and nothing fatal was logged.
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect(sw.stderr()).not.toMatch(/heap out of memory/i);
  }, 180_000);
});
