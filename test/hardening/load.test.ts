// Issue 8, Load (the small run that stays in `npm test`; bench/ holds the bigger one): 1,000 mixed
// signed requests — commands, button clicks, view submissions — 50 at a time against the real
// `node src/main.ts` on loopback (its own process and event loop, as in production; the simulators
// and this load generator share the test process). Every request is acknowledged within Slack's
// 3 s (reported; the bench judges it), none is lost (each acknowledged request's effect is counted, in Slack and in the database
// after a graceful stop), and ack latency and the app's RSS are reported.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_NOT_OPENED } from '../../src/errors.ts';
import type { SlackDriver } from '../../src/sim/driver/driver.ts';
import type { SimView } from '../../src/sim/slack/index.ts';
import { SIM_IDS } from '../../src/sim/workspace.ts';
import { until } from '../support/poll.ts';
import { cardFor, fileRequest, openDecision } from '../support/search-requests.ts';
import {
  type Job,
  type Kind,
  MIX,
  mixedJobs,
  type Outcome,
  percentile,
  rssOf,
  sendFromWorker,
} from './load-jobs.ts';
import { type Spawned, spawnedWorkspace } from './spawned.ts';

const { generalChannel, approver, approvalChannel } = SIM_IDS;
const TOTAL = 1_000;
const CONCURRENCY = 50;
const SLACK_ACK_DEADLINE_MS = 3_000;
const APPROVALS = MIX.approvals;
const SUBMISSIONS = MIX.submissions;
/** Asks for the requests the approval submissions decide; not a submitter, so nobody hits the cap. */
const TARGET_REQUESTER = 'U0LOADTARGET';

describe(`load: ${TOTAL} mixed signed requests, ${CONCURRENCY} at a time, against node src/main.ts`, () => {
  let sw: Spawned;
  let driver: SlackDriver;
  let url: string;
  let pid: number;
  let exited: Promise<number | null>;
  let child: Awaited<ReturnType<Spawned['start']>>['child'];

  beforeAll(async () => {
    sw = await spawnedWorkspace({ extraUsers: [TARGET_REQUESTER] });
    // The requests the approval submissions decide, stored before the app starts.
    const store = await sw.openDatabase();
    for (let i = 0; i < APPROVALS; i++) {
      await store.createRequest({
        requesterId: TARGET_REQUESTER,
        requesterChannelId: generalChannel,
        name: `load-approve-${i}`,
        region: 'eu-west-1',
        plan: 'free',
        reason: 'load',
        createdAt: Date.now(),
        expiresAt: Date.now() + 3_600_000,
      });
    }
    await store.close();
    const started = await sw.start({ MAX_PENDING_REQUESTS_PER_USER: '100', DIGEST_TICK_MS: '3600000' });
    ({ driver, child, url } = started);
    pid = child.pid ?? 0;
    exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  });
  afterAll(async () => {
    await sw?.close();
  });

  it('acknowledges every request and loses none', async () => {
    const ws = { slack: sw.slack, driver };
    // Templates, made the way people make them: a request modal, cards to click, an approval modal.
    await fileRequest(ws, { text: 'search create load-card-a eu-west-1 free' });
    await fileRequest(ws, { text: 'search create load-card-b eu-west-1 free' });
    const cards = [await cardFor(ws, APPROVALS + 1), await cardFor(ws, APPROVALS + 2)];
    const requestModal = sw.slack.views.find((v) => v.view.callback_id === 'search.request')?.view as SimView;
    const approveModal = await openDecision(ws, approver, APPROVALS + 1, 'approve');

    const jobs = mixedJobs(sw, { cards, requestModal, approveModal });
    expect(jobs).toHaveLength(TOTAL);

    const rssBefore = rssOf(pid).now;
    const started = Date.now();
    const built: Array<Omit<Outcome, 'status' | 'body'>> = [];
    const answers = await sendFromWorker(`${url}/slack/events`, CONCURRENCY, jobs, built);
    const wallMs = Date.now() - started;
    const results = answers.map((a) => ({
      kind: (jobs[a.index] as Job).kind,
      ms: a.ms,
      outcome: { status: a.status, body: a.body, ...built[a.index] },
    }));

    // Acknowledged: every one answered 200. How fast is reported, not asserted: on a shared machine
    // a timed assertion measures the machine; bench items 1 and 5 hold the ack to Slack's 3 s.
    expect(results).toHaveLength(TOTAL);
    expect(results.filter((r) => r.outcome.status !== 200)).toEqual([]);
    const ms = results.map((r) => r.ms).sort((a, b) => a - b);
    const late = ms.filter((m) => m >= SLACK_ACK_DEADLINE_MS).length;

    // None lost: each acknowledged request's effect, counted where a person would see it.
    const of = (kind: Kind) => results.filter((r) => r.kind === kind).map((r) => r.outcome);
    expect(of('help').every((o) => o.body.includes('opsbot commands'))).toBe(true);
    expect(of('submit').every((o) => o.body === '')).toBe(true);
    expect(of('approve').every((o) => o.body === '')).toBe(true);
    const answered = (o: Outcome) => sw.slack.responses.some((r) => r.url === o.responseUrl && r.ok);
    // 200 clicks at once ask for more forms than views.open's tier opens in a trigger's 3 s: each
    // click opens its form or tells the person, in one sentence, to try again.
    const opened = (o: Outcome) =>
      sw.slack.calls.some((c) => c.method === 'views.open' && c.ok && c.args.trigger_id === o.triggerId) ||
      sw.slack.responses.some(
        (r) => r.url === o.responseUrl && r.ok && JSON.stringify(r.body).includes(FORM_NOT_OPENED),
      );
    const cardsPosted = () =>
      new Set(
        sw.slack
          .callsTo('chat.postMessage')
          .filter((c) => c.ok && c.args.channel === approvalChannel)
          .map((c) => /load-new-\d+/.exec(String(c.args.text))?.[0])
          .filter((name) => name !== undefined),
      ).size;
    const createdNames = () =>
      new Set(sw.mgmt.created.map((c) => c.name).filter((n) => n.startsWith('load-approve-'))).size;
    await until(
      () =>
        [...of('accounts'), ...of('requests')].every(answered) &&
        of('click').every(opened) &&
        cardsPosted() === SUBMISSIONS &&
        createdNames() === APPROVALS
          ? true
          : undefined,
      'every effect',
      // 300 cards in one channel and 200 card updates take Slack's per-channel and Tier 3 budgets
      // a while (the shared budget paces them as Slack would): the effects come, in their turn.
      120_000,
    );
    const effectsMs = Date.now() - started;
    const rss = rssOf(pid);

    // A graceful stop, then the database: every submission stored, every approval created.
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const store = await sw.openDatabase();
    const stored = await store.listRecentRequests({ limit: 10_000 });
    await store.close();
    expect(stored.filter((r) => r.name.startsWith('load-new-') && r.state === 'pending')).toHaveLength(
      SUBMISSIONS,
    );
    expect(stored.filter((r) => r.name.startsWith('load-approve-') && r.state === 'created')).toHaveLength(
      APPROVALS,
    );
    expect(sw.mgmt.createCalls).toHaveLength(APPROVALS);

    const mb = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;
    console.log(
      `load: ${TOTAL} requests, ${CONCURRENCY} concurrent, ${wallMs} ms; ack p50 ${percentile(ms, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(ms, 99).toFixed(1)} ms, max ${(ms.at(-1) ?? 0).toFixed(1)} ms, ${late} past 3 s; ` +
        `app RSS ${mb(rssBefore)} before, ${mb(rss.now)} after, peak ${mb(rss.peak)}; every effect seen ${effectsMs} ms in`,
    );
    // Bounded: nothing per request is kept once it is answered.
    expect(rss.peak).toBeLessThan(512 * 1_048_576);
  }, 240_000);
});
