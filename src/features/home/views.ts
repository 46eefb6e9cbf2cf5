// The Home tab, built for the person looking: data in, a `home` view out. No I/O.

import type { KnownBlock } from '@slack/types';
import { type ApiHealthSnapshot, healthStateOf } from '../../api/health.ts';
import { context, header, mrkdwnSections, section } from '../../slack/blocks.ts';
import { SOME_ENTRIES_HIDDEN } from '../../slack/membership.ts';
import { plain } from '../../text/block-kit.ts';
import { escapeMrkdwn, mentionChannel, mentionUser } from '../../text/mrkdwn.ts';
import { agoInWords } from '../../text/spans.ts';
import { instantInWords } from '../../time/words.ts';
import { indexLabel } from '../../vector-index.ts';
import type { DigestWithLastRun } from '../digests/index.ts';
import type { WaitingRequest } from '../search-requests/index.ts';
import { ACTION, BLOCK } from './ids.ts';
import { tokensSection } from './tokens-view.ts';
import type { FiringWatch, HomeData, Listed, Loaded } from './types.ts';

/** Each pending request takes two blocks (summary, buttons); this many keep the tab far under 100. */
export const MAX_WAITING_SHOWN = 15;
export const MAX_WATCHES_SHOWN = 10;
export const MAX_DIGESTS_SHOWN = 10;

export type HomeView = { type: 'home'; blocks: KnownBlock[] };

const UNREADABLE =
  ':warning: opsbot couldn’t read this just now; it will show again when you reopen this tab.';

export function homeView(data: HomeData): HomeView {
  const blocks: KnownBlock[] = [
    header('Your opsbot'),
    {
      type: 'actions',
      block_id: BLOCK.nextSteps,
      elements: [
        button('Request a search index', ACTION.requestIndex, 'request', 'primary'),
        button('Stats for…', ACTION.statsFor, 'stats'),
      ],
    },
    ...waitingSection(data),
    ...mineSection(data),
    ...watchesSection(data),
    ...digestsSection(data),
    ...tokensSection(data),
    ...healthSection(data),
    context(`Updated ${escapeMrkdwn(instantInWords(data.now, data.timeZone))}.`),
  ];
  return { type: 'home', blocks };
}

function button(text: string, actionId: string, value: string, style?: 'primary' | 'danger') {
  return {
    type: 'button' as const,
    action_id: actionId,
    value,
    text: plain(text),
    ...(style === undefined ? {} : { style }),
  };
}

function titled(title: string, body: KnownBlock[]): KnownBlock[] {
  return [{ type: 'divider' }, header(title), ...body];
}

/** The one sentence for a list that left entries out because Slack didn't answer about their channels. */
function hiddenLine(list: Listed<unknown>): KnownBlock[] {
  return list.hidden ? [context(SOME_ENTRIES_HIDDEN)] : [];
}

function moreLine(shown: number, total: number, command: string): KnownBlock[] {
  return total > shown
    ? [context(`…and ${total - shown} more. \`${escapeMrkdwn(command)}\` shows them all.`)]
    : [];
}

function waitingSection(data: HomeData): KnownBlock[] {
  if (data.waiting === undefined) return [];
  const title = data.waiting.ok ? `Waiting for you (${data.waiting.value.total})` : 'Waiting for you';
  return titled(title, [context(data.decide.reason), ...waitingBody(data.waiting, data)]);
}

function waitingBody(waiting: Loaded<Listed<WaitingRequest>>, data: HomeData): KnownBlock[] {
  if (!waiting.ok) return [section(UNREADABLE)];
  const { now, requestWords: words } = data;
  const { items, total } = waiting.value;
  if (total === 0) return [section('Nothing waits for your decision. :tada:')];
  const shown = items.slice(0, MAX_WAITING_SHOWN);
  return [
    ...shown.flatMap((request): KnownBlock[] => [
      section(
        `*#${request.id}* ${words.describe(request)}${request.progressWords ? ` · ${request.progressWords}` : ''}\n` +
          `asked by ${mentionUser(request.requesterId)} ${agoInWords(request.createdAt, now)}` +
          (request.reason === '' ? '' : ` · _${escapeMrkdwn(request.reason.slice(0, 200))}_`),
      ),
      {
        type: 'actions',
        block_id: BLOCK.request(request.id),
        elements: [
          button('Approve', words.decisionActions.approve, String(request.id), 'primary'),
          button('Reject', words.decisionActions.reject, String(request.id), 'danger'),
        ],
      },
    ]),
    ...moreLine(shown.length, total, `${data.commandName} search requests`),
  ];
}

function mineSection(data: HomeData): KnownBlock[] {
  if (!data.mine.ok) return titled('Your requests', [section(UNREADABLE)]);
  const mine = data.mine.value;
  const words = data.requestWords;
  if (mine.length === 0)
    return titled('Your requests', [
      section('You haven’t asked for a search index yet. *Request a search index* above starts one.'),
    ]);
  const lines = mine.map((r) => {
    // Who decided, in the requests list's own words ("approved by @a and @b").
    const decided = r.decisionWords === undefined ? '' : ` · ${r.decisionWords}`;
    const index = r.state === 'created' && r.result ? ` · index \`${escapeMrkdwn(r.result.indexId)}\`` : '';
    const state = words.stateWords(r.state);
    return `${state.emoji} *#${r.id}* ${words.describe(r)} — *${state.label}*${decided}${index} · ${agoInWords(r.createdAt, data.now)}`;
  });
  return titled('Your requests', [
    ...mrkdwnSections(lines),
    context(
      `Your most recent requests. \`${escapeMrkdwn(data.commandName)} search requests\` shows everyone’s.`,
    ),
  ]);
}

function watchesSection(data: HomeData): KnownBlock[] {
  if (!data.watches.ok) return titled('Watches firing', [section(UNREADABLE)]);
  const { items, total } = data.watches.value;
  const scope = context(data.watchScope.reason);
  if (total === 0)
    return titled('Watches firing', [
      section('No watch is firing. :white_check_mark:'),
      scope,
      ...hiddenLine(data.watches.value),
    ]);
  const shown = items.slice(0, MAX_WATCHES_SHOWN);
  return titled(`Watches firing (${total})`, [
    ...mrkdwnSections(shown.map((w) => watchLine(w, data))),
    ...moreLine(shown.length, total, `${data.commandName} watch list`),
    scope,
    ...hiddenLine(data.watches.value),
  ]);
}

function watchLine(watch: FiringWatch, data: HomeData): string {
  const state = watch.cantPost
    ? `:no_entry: can’t post in ${mentionChannel(watch.channelId)}`
    : watch.muted
      ? ':mute: muted'
      : watch.snoozedUntil !== undefined && watch.snoozedUntil > data.now
        ? `:zzz: snoozed until ${instantInWords(watch.snoozedUntil, data.timeZone)}`
        : ':rotating_light: firing';
  const link = watch.alert === undefined ? '' : ` · <${alertLink(watch.alert)}|alert>`;
  const owner =
    watch.acknowledgedBy === undefined ? '' : ` · acknowledged by ${mentionUser(watch.acknowledgedBy)}`;
  return (
    `${state} · ${indexLabel(watch.indexId, watch.indexName)} \`${escapeMrkdwn(watch.metric)}\` in ${mentionChannel(watch.channelId)}` +
    ` · since ${agoInWords(watch.since, data.now)}${owner}${link}`
  );
}

/** Slack's archive link to a message; it opens the message in whichever workspace the reader is in. */
export function alertLink(alert: { channel: string; ts: string }): string {
  return `https://slack.com/archives/${encodeURIComponent(alert.channel)}/p${alert.ts.replace('.', '')}`;
}

function digestsSection(data: HomeData): KnownBlock[] {
  if (!data.digests.ok) return titled('Digests', [section(UNREADABLE)]);
  const { items, total } = data.digests.value;
  if (total === 0)
    return titled('Digests', [
      section(
        `No channel gets a daily digest yet. \`${escapeMrkdwn(data.commandName)} digest\` in a channel sets one up.`,
      ),
      ...hiddenLine(data.digests.value),
    ]);
  const shown = items.slice(0, MAX_DIGESTS_SHOWN);
  return titled('Digests', [
    ...mrkdwnSections(shown.map((line) => digestLine(line, data))),
    ...moreLine(shown.length, total, `${data.commandName} digest list`),
    context(`Next runs are in your time zone (${escapeMrkdwn(data.timeZone)}).`),
    ...hiddenLine(data.digests.value),
  ]);
}

function digestLine({ subscription: s, lastRun }: DigestWithLastRun, data: HomeData): string {
  const at = `${s.localTime} ${escapeMrkdwn(s.timeZone)}`;
  const next = `next ${instantInWords(s.nextRunAt, data.timeZone)}`;
  let last = 'no run yet';
  if (lastRun !== undefined) {
    const when = lastRun.finishedAt === null ? '' : ` ${agoInWords(lastRun.finishedAt, data.now)}`;
    const why = lastRun.note === null ? '' : `: ${escapeMrkdwn(lastRun.note.slice(0, 150))}`;
    last =
      lastRun.status === 'posted'
        ? `:white_check_mark: last posted${when}`
        : lastRun.status === 'failed'
          ? `:warning: last run failed${when}${why}`
          : lastRun.status === 'skipped'
            ? `last run skipped${when}${why}`
            : ':gear: running now';
  }
  return `${mentionChannel(s.channelId)} · daily at ${at} · ${next} · ${last}`;
}

const ERROR_IN_WORDS: Record<string, string> = {
  auth: 'the API refused opsbot’s credentials — an admin should check MGMT_API_USERNAME and MGMT_API_PASSWORD',
  rate_limited: 'the API was rate-limiting opsbot',
  unavailable: 'the API couldn’t be reached or was unavailable',
  timeout: 'the API didn’t answer in time',
  invalid_response: 'the API answered in a form opsbot doesn’t understand',
  rejected: 'the API refused a request',
  unexpected: 'an unexpected error',
};

export function apiHealthLine(api: ApiHealthSnapshot, now: number): string {
  const state = healthStateOf(api);
  const lastError =
    api.lastError === undefined
      ? ''
      : `\nLast problem ${agoInWords(api.lastError.at, now)}: ${ERROR_IN_WORDS[api.lastError.kind] ?? api.lastError.kind}.`;
  if (state === 'ok') {
    const at = api.lastSuccessAt === undefined ? '' : ` (last answer ${agoInWords(api.lastSuccessAt, now)})`;
    return `:large_green_circle: The management API answers with the configured credentials${at}.${lastError}`;
  }
  if (state === 'failing') return `:red_circle: The management API is failing.${lastError}`;
  return ':white_circle: The management API hasn’t been called since opsbot started; the first command will tell.';
}

function healthSection(data: HomeData): KnownBlock[] {
  const mode = data.health.mode === 'socket' ? 'Socket Mode' : 'HTTP (Events API)';
  return titled('Health', [
    section(apiHealthLine(data.health.api, data.now)),
    context(
      `opsbot ${escapeMrkdwn(data.health.version)} · ${mode} · approvals in ${mentionChannel(data.approvalChannelId)}`,
    ),
  ]);
}
