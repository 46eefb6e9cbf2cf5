// The load test's requests: the mix of commands, clicks and submissions (each built, and its
// trigger_id / response_url issued, just before it is sent), the worker thread that sends and times
// them, and the figures (percentiles, the app's RSS from /proc).
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { findElement, initialState, stateValue } from '../../src/sim/driver/blocks.ts';
import {
  blockActionsPayload,
  slashCommandBody,
  viewSubmissionPayload,
} from '../../src/sim/driver/payloads.ts';
import { signSlackRequest } from '../../src/sim/driver/signing.ts';
import type { SimMessage, SimView } from '../../src/sim/slack/index.ts';
import { SIM_CREDENTIALS, SIM_IDS } from '../../src/sim/workspace.ts';
import type { LoadAnswer, LoadInput, LoadRequest, WorkerMessage } from './load-worker.ts';
import type { Spawned } from './spawned.ts';

const { requester, approver, secondApprover, outsider, generalChannel, approvalChannel } = SIM_IDS;

export const MIX = { commandsEach: 100, clicks: 200, submissions: 300, approvals: 200 } as const;

export type Kind = 'help' | 'accounts' | 'requests' | 'click' | 'submit' | 'approve' | 'stats';
/** One request to make: built (and its trigger_id / response_url issued) just before it is sent. */
export type Job = { kind: Kind; build: () => { body: string; responseUrl?: string; triggerId?: string } };
export type Outcome = { status: number; body: string; responseUrl?: string; triggerId?: string };

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function shuffled<T>(items: T[]): T[] {
  // A fixed LCG: the mix is the same on every run, so a failure can be replayed.
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** The process's resident set now and at its peak (Linux /proc), in bytes. */
export function rssOf(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { now: kb('VmRSS'), peak: kb('VmHWM') };
}

export type Templates = { cards: SimMessage[]; requestModal: SimView; approveModal: SimView };

function signed(body: string): LoadRequest {
  const timestamp = String(Math.floor(Date.now() / 1000));
  return {
    body,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': timestamp,
      'x-slack-signature': signSlackRequest(SIM_CREDENTIALS.signingSecret, timestamp, body),
    },
  };
}

/** The mix: 300 commands, 200 button clicks, 300 request submissions, 200 approvals, shuffled. */
export function mixedJobs(sw: Spawned, t: Templates): Job[] {
  const ids = { teamId: SIM_IDS.teamId, apiAppId: SIM_IDS.appId };
  const command =
    (text: string): Job['build'] =>
    () => {
      const responseUrl = sw.slack.newResponseUrl({ channel: generalChannel, user: requester });
      const triggerId = sw.slack.newTriggerId(requester);
      const body = slashCommandBody({
        command: '/ops',
        text,
        userId: requester,
        channelId: generalChannel,
        responseUrl,
        triggerId,
        ...ids,
      });
      return { body, responseUrl, triggerId };
    };
  const click =
    (card: SimMessage): Job['build'] =>
    () => {
      const { blockId, element } = findElement(card.blocks, { actionId: 'search.approve' });
      const triggerId = sw.slack.newTriggerId(approver);
      const responseUrl = sw.slack.newResponseUrl({
        channel: approvalChannel,
        user: approver,
        messageTs: card.ts,
      });
      const body = blockActionsPayload({
        ...ids,
        user: { id: approver },
        triggerId,
        responseUrl,
        container: { type: 'message', message_ts: card.ts, channel_id: approvalChannel, is_ephemeral: false },
        channel: { id: approvalChannel },
        actions: [
          { action_id: 'search.approve', block_id: blockId, type: 'button', value: String(element.value) },
        ],
      });
      return { body, responseUrl, triggerId };
    };
  const submit =
    (userId: string, view: SimView, given: Record<string, Record<string, unknown>>): Job['build'] =>
    () => {
      const values = initialState(view.blocks);
      for (const [blockId, actions] of Object.entries(given)) {
        for (const [actionId, value] of Object.entries(actions)) {
          values[blockId] = {
            ...values[blockId],
            [actionId]: stateValue(findElement(view.blocks, { actionId, blockId }).element, value),
          };
        }
      }
      const triggerId = sw.slack.newTriggerId(userId);
      return {
        body: viewSubmissionPayload({
          ...ids,
          user: { id: userId },
          triggerId,
          view: { ...view, state: { values } },
        }),
        triggerId,
      };
    };

  const submitters = [requester, secondApprover, approver, outsider];
  const jobs: Job[] = [];
  for (const text of ['help', 'messaging accounts', 'search requests']) {
    const kind: Kind = text === 'help' ? 'help' : text === 'messaging accounts' ? 'accounts' : 'requests';
    for (let i = 0; i < MIX.commandsEach; i++) jobs.push({ kind, build: command(text) });
  }
  for (let i = 0; i < MIX.clicks; i++)
    jobs.push({ kind: 'click', build: click(t.cards[i % t.cards.length] as SimMessage) });
  for (let i = 0; i < MIX.submissions; i++) {
    const values = {
      search_name: { search_name: `load-new-${i}` },
      search_reason: { search_reason: 'load' },
    };
    jobs.push({
      kind: 'submit',
      build: submit(submitters[i % submitters.length] ?? requester, t.requestModal, values),
    });
  }
  for (let id = 1; id <= MIX.approvals; id++) {
    const view = { ...t.approveModal, private_metadata: JSON.stringify({ requestId: id }) };
    jobs.push({ kind: 'approve', build: submit(approver, view, {}) });
  }
  return shuffled(jobs);
}

/** Sends every job from a worker thread, `concurrency` at a time; `built` receives each job's ids. */
export function sendFromWorker(
  url: string,
  concurrency: number,
  jobs: Job[],
  built: Array<Omit<Outcome, 'status' | 'body'>>,
): Promise<LoadAnswer[]> {
  const workerData: LoadInput = { url, concurrency, total: jobs.length };
  const worker = new Worker(new URL('./load-worker.ts', import.meta.url), { workerData });
  return new Promise((resolve, reject) => {
    worker.on('error', reject);
    worker.on('message', (m: WorkerMessage) => {
      if ('done' in m) {
        resolve(m.done);
        void worker.terminate();
        return;
      }
      const { body, ...meta } = (jobs[m.want] as Job).build();
      built[m.want] = meta;
      worker.postMessage({ index: m.want, request: signed(body) });
    });
  });
}
