// Item 1's people: what they do during the morning, each action sent as Slack sends it (signed,
// through the simulator driver the e2e tests use) and timed from sending to the visible answer.
// The harness sends these itself, not through the load generator: a search request is a chain of
// steps (command, the modal Slack opened, the card's button, the decision modal) that need the
// simulator's state, and 3 requests a second cost its event loop next to nothing.
import { performance } from 'node:perf_hooks';
// A reopened tab published this recently is kept current by the app (every change that concerns
// it refreshes it): Slack shows it at once on reopening, and the app may publish nothing.
import { TAB_KEPT_CURRENT_MS } from '../../src/features/home/refresher.ts';
import { within } from '../../src/limiter.ts';
import type { SlackDriver } from '../../src/sim/driver/driver.ts';
import { unit } from '../../src/sim/mgmt/random.ts';
import { DEFAULT_VECTOR_INDEXES } from '../../src/sim/mgmt/stats.ts';
import type { SlackSimulator } from '../../src/sim/slack/index.ts';
import { SIM_IDS } from '../../src/sim/workspace.ts';
import type { Answers, Mark } from './day-answers.ts';
import type { AnswerKind, DayRecord } from './day-record.ts';
import { digestChannel, person } from './day-seed.ts';
import { isCardMessage } from './stats-e2e.ts';

const SLOW_MS = 1_000;

/** Records how long a person waited for an answer of this kind. */
function answered(ctx: DayContext, kind: AnswerKind, sent: number, at: number): void {
  const ms = at - sent;
  ctx.record.answers[kind].push(ms);
  if (ms > SLOW_MS) ctx.record.slow.push({ kind, ms, atS: (sent - ctx.dayStart) / 1000 });
}

export type DayContext = {
  driver: SlackDriver;
  slack: SlackSimulator;
  answers: Answers;
  record: DayRecord;
  /** When the day started (Date.now()). */
  dayStart: number;
  people: number;
  digests: number;
  /** How long a visible answer may take before it counts as missing. */
  answerTimeoutMs: number;
  /** Who has opened Home so far: a first open waits for a first tab. */
  homeOpeners: Set<string>;
};

/** The mix of commands, in the proportions of one deck (a full day deals it again and again). */
export const COMMAND_DECK: Record<CommandOp, number> = {
  help: 3,
  accounts: 3,
  stats: 4,
  search: 2,
  watchSet: 2,
  watchList: 2,
  digestList: 2,
  digestForm: 1,
  digestPreview: 1,
};
export type CommandOp =
  | 'help'
  | 'accounts'
  | 'stats'
  | 'search'
  | 'watchSet'
  | 'watchList'
  | 'digestList'
  | 'digestForm'
  | 'digestPreview';

const PERIODS = ['1h', '3h', '12h', '1d', '3d', '7d', '30d'];
const STATS_INDEXES = Object.keys(DEFAULT_VECTOR_INDEXES);
const pick = <T>(list: readonly T[], ...seed: (string | number)[]): T =>
  list[Math.floor(unit('busy-day', ...seed) * list.length)] as T;

/** Slack gives up on a request after 3 s; the day waits ten times that before calling it unanswered. */
const ACK_GIVE_UP_MS = 30_000;

/** Sends one request and records its ack; throws on anything but HTTP 200 or no answer in time. */
async function acked<T extends { status: number }>(ctx: DayContext, send: () => Promise<T>) {
  const sent = Date.now();
  const t0 = performance.now();
  const res = await within(send(), ACK_GIVE_UP_MS, undefined);
  if (res === undefined) throw new Error(`no HTTP answer within ${ACK_GIVE_UP_MS / 1000} s`);
  ctx.record.acks.push(performance.now() - t0);
  if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
  return { res, sent, ackAt: Date.now() };
}

/** Records the time from `sent` to the answer Slack recorded at `at`, or a missing answer. */
async function visible<T extends { at: number }>(
  ctx: DayContext,
  kind: AnswerKind,
  sent: number,
  answer: Promise<T>,
): Promise<T | undefined> {
  try {
    const found = await answer;
    answered(ctx, kind, sent, found.at);
    return found;
  } catch {
    ctx.record.missing[kind]++;
    return undefined;
  }
}

const locks = new Map<string, Promise<unknown>>();
/** One approver does one click-and-modal at a time, so each modal is the one that click opened. */
function serially<T>(key: string, work: () => Promise<T>): Promise<T> {
  const run = (locks.get(key) ?? Promise.resolve()).then(work, work);
  locks.set(
    key,
    run.catch(() => undefined),
  );
  return run;
}

/** The channel the day's `n`th command is typed in: one each, so every answer is told apart. */
export const commandChannel = (n: number) => `C0DAYOP${String(n).padStart(5, '0')}`;

export async function runCommand(ctx: DayContext, op: CommandOp, n: number): Promise<void> {
  const userId = person(Math.floor(unit('busy-day', n, 'who') * ctx.people));
  const channelId = commandChannel(n);
  const { answers, driver } = ctx;
  const timeout = ctx.answerTimeoutMs;
  const command = (text: string, channel = channelId) => {
    const mark = answers.mark();
    return acked(ctx, () => driver.command(text, { userId, channelId: channel })).then((r) => ({
      ...r,
      mark,
    }));
  };
  const byUrl = (mark: Mark, url: string) => answers.response(mark, (r) => r.url === url, timeout);
  const modal = (mark: Mark, user: string, callbackId: string) =>
    answers.view(
      mark,
      (v) => v.via === 'views.open' && v.user === user && v.view.callback_id === callbackId,
      timeout,
    );
  const inAck = (
    kind: AnswerKind,
    r: { res: { body: string }; sent: number; ackAt: number },
    text: string,
  ) => {
    if (r.res.body.includes(text)) answered(ctx, kind, r.sent, r.ackAt);
    else ctx.record.missing[kind]++;
  };

  switch (op) {
    case 'help':
      return inAck('help', await command('help'), '"blocks"');
    case 'watchSet':
      return inAck('watchSet', await command('watch idx-1 monthly_cost > $100000'), 'Watch #');
    case 'accounts': {
      const r = await command('messaging accounts');
      await visible(ctx, 'accounts', r.sent, byUrl(r.mark, r.res.responseUrl));
      return;
    }
    case 'digestList': {
      const r = await command('digest list');
      await visible(ctx, 'digestList', r.sent, byUrl(r.mark, r.res.responseUrl));
      return;
    }
    case 'digestPreview': {
      const channel = digestChannel(Math.floor(unit('busy-day', n, 'digest') * ctx.digests));
      const r = await command('digest preview', channel);
      await visible(ctx, 'digestPreview', r.sent, byUrl(r.mark, r.res.responseUrl));
      return;
    }
    case 'stats': {
      const r = await command(
        `vector stats ${pick(STATS_INDEXES, n, 'index')} ${pick(PERIODS, n, 'period')}`,
      );
      await visible(
        ctx,
        'stats',
        r.sent,
        answers.call(r.mark, (c) => isCardMessage(c, channelId), timeout),
      );
      return;
    }
    case 'watchList': {
      const r = await command('watch list');
      await visible(ctx, 'watchList', r.sent, byUrl(r.mark, r.res.responseUrl));
      return;
    }
    case 'digestForm': {
      const r = await command('digest');
      await visible(ctx, 'digestForm', r.sent, modal(r.mark, userId, 'digests.configure'));
      return;
    }
    case 'search':
      return searchRequest(ctx, n, userId, channelId, command, modal);
  }
}

/** A request filed and approved: command, request modal, submit, Approve on the card, decision modal, submit. */
async function searchRequest(
  ctx: DayContext,
  n: number,
  userId: string,
  channelId: string,
  command: (text: string) => Promise<{ sent: number; mark: Mark }>,
  modal: (
    mark: Mark,
    user: string,
    callbackId: string,
  ) => Promise<{ at: number; view: import('../../src/sim/slack/index.ts').SimView }>,
): Promise<void> {
  const { answers, driver } = ctx;
  const timeout = ctx.answerTimeoutMs;
  const name = `busy-day-${n}`;
  const asked = await command(`search create ${name} eu-west-1 free`);
  const form = await visible(ctx, 'searchModal', asked.sent, modal(asked.mark, userId, 'search.request'));
  if (!form) return;
  const filedMark = answers.mark();
  const filed = await acked(ctx, () =>
    driver.submitView({ userId, view: form.view, values: { search_reason: { search_reason: 'Busy day' } } }),
  );
  const confirmation = answers.call(
    filedMark,
    (c) =>
      c.method === 'chat.postEphemeral' && c.ok && c.args.channel === channelId && c.args.user === userId,
    timeout,
  );
  // Settled at once: the day may stop waiting for it (no confirmation) before it gives up.
  const cardPosted = answers
    .call(
      filedMark,
      (c) =>
        c.method === 'chat.postMessage' &&
        c.ok &&
        c.args.channel === SIM_IDS.approvalChannel &&
        JSON.stringify(c.args.blocks ?? []).includes(`\`${name}\``),
      timeout,
    )
    .catch(() => undefined);
  if (!(await visible(ctx, 'searchFiled', filed.sent, confirmation))) return;
  if (!(await cardPosted)) {
    ctx.record.failures.push(`no approval card for ${name}`);
    return;
  }
  const card = ctx.slack
    .messagesIn(SIM_IDS.approvalChannel)
    .find((m) => JSON.stringify(m.blocks ?? []).includes(`\`${name}\``));
  if (!card) return;
  const approver = n % 2 === 0 ? SIM_IDS.approver : SIM_IDS.secondApprover;
  const decision = await serially(approver, async () => {
    const mark = answers.mark();
    const click = await acked(ctx, () =>
      driver.clickButton({ userId: approver, message: card, actionId: 'search.approve' }),
    );
    return visible(ctx, 'approveModal', click.sent, modal(mark, approver, 'search.approve_modal'));
  });
  if (!decision) return;
  const mark = answers.mark();
  const submitted = await acked(ctx, () => driver.submitView({ userId: approver, view: decision.view }));
  const updated = (c: { method: string; ok: boolean; args: Record<string, unknown> }) => {
    if (c.method !== 'chat.update' || !c.ok || c.args.channel !== SIM_IDS.approvalChannel) return false;
    const blocks = JSON.stringify(c.args.blocks ?? []);
    return blocks.includes(`\`${name}\``) && blocks.includes('*Created*');
  };
  await visible(ctx, 'approved', submitted.sent, answers.call(mark, updated, timeout));
}

/** Someone opens opsbot's Home tab (a tenth of the time one of the two approvers). */

export async function openHome(ctx: DayContext, n: number): Promise<void> {
  const approvers = [SIM_IDS.approver, SIM_IDS.secondApprover];
  const userId =
    unit('busy-day', n, 'home-approver') < 0.1
      ? pick(approvers, n, 'home')
      : person(Math.floor(unit('busy-day', n, 'home') * ctx.people));
  const first = !ctx.homeOpeners.has(userId);
  ctx.homeOpeners.add(userId);
  const mark = ctx.answers.mark();
  const lastTab = first ? undefined : lastPublishOf(ctx, userId, mark);
  const r = await acked(ctx, () => ctx.driver.openHome({ userId }));
  if (lastTab !== undefined && r.sent - lastTab < TAB_KEPT_CURRENT_MS) {
    ctx.record.currentTabs++;
    return;
  }
  const published = ctx.answers.view(
    mark,
    (v) => v.via === 'views.publish' && v.user === userId,
    ctx.answerTimeoutMs,
  );
  const tab = await visible(ctx, 'home', r.sent, published);
  if (first && tab) ctx.record.firstHome.push(tab.at - r.sent);
  if (first) ctx.record.firstOpens.push({ sentAt: r.sent, ms: tab ? tab.at - r.sent : undefined });
}

/** When the person's tab was last published before `mark`, as the simulator recorded it. */
function lastPublishOf(ctx: DayContext, userId: string, mark: Mark): number | undefined {
  const views = ctx.slack.views;
  for (let i = Math.min(mark.views, views.length) - 1; i >= 0; i--) {
    const v = views[i];
    if (v?.via === 'views.publish' && v.user === userId) return v.at;
  }
  return undefined;
}
