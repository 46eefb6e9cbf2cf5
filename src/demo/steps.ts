// The tour's steps, in the order a newcomer meets opsbot. Each one drives the real app through
// signed requests and checks the outcome a person would notice; nothing is staged or faked.
import { SIM_IDS } from '../sim/workspace.ts';
import { agentStep } from './agent-step.ts';
import { guardrails } from './guardrails-step.ts';
import {
  fillIn,
  hasAction,
  hasImage,
  nextWholeHour,
  optionIn,
  StepUnavailable,
  type TourStep,
} from './tour-kit.ts';
import { watch } from './watch-step.ts';
import { workflowStep } from './workflow-step.ts';

const { requester, approver, secondApprover, generalChannel, approvalChannel } = SIM_IDS;
const DIGEST_CHANNEL = 'C0TEAMOPS';
const REQUESTER_ZONE = 'Europe/Berlin'; // the simulated requester's profile time zone

const help: TourStep = {
  slug: 'help',
  title: 'Help: what opsbot understands',
  async run(k) {
    const res = await k.command(requester, generalChannel, 'help');
    if (!res.body.includes('search create')) throw new Error('the help card lists no `search create`');
    await k.show();
  },
};

const accounts: TourStep = {
  slug: 'accounts',
  title: 'Messaging accounts: plans and limits, secrets redacted',
  async run(k) {
    const res = await k.command(requester, generalChannel, 'messaging accounts');
    await k.until('accounts summary', () => k.ws.slack.responses.find((r) => r.url === res.responseUrl));
    await k.show();
    const summary = k.ws.slack.ephemeralsFor(requester).at(-1);
    if (summary === undefined || !JSON.stringify(summary.blocks).includes('••••'))
      throw new Error('the summary shows no masked token (••••)');
    k.t.note('Tokens are shown only as ••••<last 4>; the full values never leave opsbot.');
    const before = k.ws.slack.messagesIn(generalChannel).length;
    const share = k.ws.slack.ephemeralsFor(requester).find((e) => hasAction(e, 'accounts.share'));
    if (share === undefined) throw new Error('the summary has no Share in channel button');
    await k.click(requester, share, 'accounts.share', '[Share in channel]');
    await k.until('shared summary in #general', () =>
      k.ws.slack.messagesIn(generalChannel).length > before ? true : undefined,
    );
    await k.show(8); // the same summary, now for everyone in the channel
  },
};

const drift: TourStep = {
  slug: 'drift',
  title: 'When the API drifts: records read as far as they can be',
  async run(k) {
    k.t.note(
      'The management API now answers the way providers do in the wild: no password field, a boolean where the spec has "true", a renamed limit, a null budget, secrets nobody listed.',
    );
    k.ws.mgmt.fail('accounts', { shape: 'drifted' }, { times: 1 });
    const res = await k.command(requester, generalChannel, 'messaging accounts');
    const answer = await k.until('accounts summary', () =>
      k.ws.slack.responses.find((r) => r.url === res.responseUrl),
    );
    await k.show(12);
    if (!JSON.stringify(answer.blocks).includes('not reported'))
      throw new Error('the drifted accounts show no "not reported" marker');
    k.t.note(
      'Every account is listed; what the API didn’t send reads “not reported”. GET /readyz counts the drift per field.',
    );
  },
};

const search: TourStep = {
  slug: 'search',
  title: 'A search index: requested, approved by two of @ops-approvers, created once',
  async run(k) {
    let views = k.ws.slack.views.length;
    await k.command(requester, generalChannel, 'search create product-search eu-west-1 payg');
    const form = await k.modalFor(requester, views);
    await k.show();
    const reason = fillIn(form, /reason|why/i, 'Full-text search for the product catalogue');
    await k.submit(requester, form, reason);
    const card = await k.messageIn(approvalChannel, 'request card in #approvals', (m) =>
      hasAction(m, 'search.approve'),
    );
    await k.until('confirmation to the requester', () => k.ws.slack.ephemeralsFor(requester).at(-1));
    await k.showSettled();

    views = k.ws.slack.views.length;
    await k.click(approver, card, 'search.approve', '[Approve] on the request card');
    const confirm = await k.modalFor(approver, views);
    await k.show();
    const comment = fillIn(confirm, /comment/i, 'Fine for the catalogue launch.');
    await k.submit(approver, confirm, comment);
    // payg needs two approvals: the first only adds to the count, and the card shows it.
    await k.until('the card showing 1 of 2', async () => {
      const progress = (await k.ws.store.approvalProgress([1])).get(1);
      return progress?.approvals.length === 1 ? progress : undefined;
    });
    await k.showSettled();
    views = k.ws.slack.views.length;
    await k.click(secondApprover, card, 'search.approve', '[Approve] by a second approver');
    const second = await k.modalFor(secondApprover, views);
    await k.show();
    await k.submit(secondApprover, second, {});
    const created = await k.until('index creation', async () => {
      const request = await k.ws.store.getRequest(1);
      return request?.state === 'created' ? request : undefined;
    });
    await k.until('DM to the requester', () =>
      k.ws.slack.calls.find((c) => c.method === 'chat.postMessage' && String(c.args.channel).startsWith('D')),
    );
    await k.showSettled();
    const calls = k.ws.mgmt.createCalls.length;
    if (calls !== 1) throw new Error(`the management API got ${calls} create calls, not 1`);
    k.t.note(`The management API received exactly one POST /v2/search (index ${created.name}).`);
  },
};

const home: TourStep = {
  slug: 'home',
  title: 'The Home tab: each person’s own dashboard',
  async run(k) {
    for (const [user, name] of [
      [approver, 'approver'],
      [requester, 'requester'],
    ] as const) {
      const before = k.ws.slack.callsTo('views.publish').length;
      k.t.action(`@${name} opens opsbot's Home tab`);
      const res = await k.ws.driver.openHome({ userId: user });
      if (res.status !== 200) throw new Error(`opsbot answered app_home_opened with HTTP ${res.status}`);
      await k.until(`@${name}'s Home tab`, () => k.ws.slack.callsTo('views.publish')[before]);
      await k.show();
    }
    k.t.note('Approvers find requests waiting for them here, with Approve and Reject; everyone sees health.');
  },
};

const stats: TourStep = {
  slug: 'stats',
  title: 'Vector index statistics: a summary and a PNG card, for two periods',
  async run(k) {
    if (k.ws.opsbot.router.match('vector stats idx-1').kind !== 'subcommand')
      throw new StepUnavailable('this build has no `/ops vector stats` (src/features/vector-stats)');
    const before = k.ws.slack.messagesIn(generalChannel).length;
    await k.command(requester, generalChannel, 'vector stats idx-1 1h');
    const first = await k.until('stats message in #general', () =>
      k.ws.slack
        .messagesIn(generalChannel)
        .slice(before)
        .find((m) => m.via === 'chat.postMessage'),
    );
    await k.show();
    if (!hasImage(first)) throw new Error('the stats message carries no card image');
    // opsbot remembers the index it just read; a name saves typing (or pasting a UUID) from now on.
    await k.command(requester, generalChannel, 'index name idx-1 catalog');
    await k.show();
    const pick = optionIn(first, '7d');
    const updates = k.ws.slack.callsTo('chat.update').length;
    await k.choose(approver, first, pick.actionId, pick.value, `“${pick.label}” in the period picker`);
    await k.until('the message re-rendered for 7 days', () =>
      k.ws.slack
        .callsTo('chat.update')
        .slice(updates)
        .find((c) => c.ok && c.args.channel === generalChannel),
    );
    await k.show();
  },
};

const digest: TourStep = {
  slug: 'digest',
  title: 'A daily digest: set up in a modal, posted at its time',
  async run(k) {
    if (k.ws.opsbot.router.match('digest').kind !== 'subcommand')
      throw new StepUnavailable('this build has no `/ops digest` (src/features/digests)');
    const views = k.ws.slack.views.length;
    await k.command(requester, DIGEST_CHANNEL, 'digest');
    const form = await k.modalFor(requester, views);
    await k.show();
    const at = nextWholeHour(k.demo.clock.now(), REQUESTER_ZONE);
    // The indexes field is a type-ahead: the two picked are what it offers (catalog is idx-1).
    const values = { ...fillIn(form, /ind(ex|ices)/i, ['idx-1', 'idx-2']), ...fillIn(form, /time/i, at) };
    await k.submit(requester, form, values);
    const saved = await k.ws.store.getSubscription(DIGEST_CHANNEL);
    if (saved === undefined) throw new Error('the digest was not saved');
    await k.show();

    const posts = k.ws.slack.messagesIn(DIGEST_CHANNEL).length;
    k.demo.clock.jumpTo(saved.nextRunAt + 5_000);
    k.t.action(
      `⏩ The demo moves its clock to ${at} ${saved.timeZone} — opsbot, both simulators and the database read it`,
    );
    k.t.note(
      'The scheduler ticks every 30 s; the demo runs its next tick now instead of waiting for the timer.',
    );
    await k.ws.opsbot.features.digests.runOnce();
    await k.until('digest post in #team-ops', () =>
      k.ws.slack.messagesIn(DIGEST_CHANNEL).length > posts ? true : undefined,
    );
    await k.show();
  },
};

export const TOUR_STEPS: readonly TourStep[] = [
  help,
  accounts,
  drift,
  search,
  home,
  stats,
  digest,
  watch,
  workflowStep,
  agentStep,
  guardrails,
];
