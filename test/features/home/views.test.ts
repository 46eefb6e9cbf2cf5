import { describe, expect, it } from 'vitest';
import { decidePermission, watchScope } from '../../../src/features/home/access.ts';
import type { FiringWatch, HomeData } from '../../../src/features/home/types.ts';
import { homeView, MAX_WAITING_SHOWN } from '../../../src/features/home/views.ts';
import { STATE_EMOJI, STATE_LABEL } from '../../../src/features/search-requests/views/format.ts';
import { requestInWords } from '../../../src/features/search-requests/views/messages.ts';
import { checkBlockKit } from '../../../src/sim/slack/index.ts';
import type { DigestSubscription } from '../../../src/store/index.ts';
import { textOf } from '../../support/blocks.ts';
import { aRequest, CREATED_RESULT } from '../../support/index-requests.ts';

const NOW = Date.UTC(2026, 10, 24, 12, 0);
const APPROVERS = ['U0APPROVER', 'U0APPROVER2'];
const HOUR = 3_600_000;

function homeFor(viewerId: string, overrides: Partial<HomeData> = {}): HomeData {
  const decide = decidePermission(viewerId, APPROVERS);
  return {
    viewerId,
    timeZone: 'Europe/Berlin',
    now: NOW,
    decide,
    waiting: decide.allowed ? { ok: true, value: { items: [], total: 0 } } : undefined,
    mine: { ok: true, value: [] },
    watches: { ok: true, value: { items: [], total: 0 } },
    watchScope: watchScope(viewerId, APPROVERS),
    digests: { ok: true, value: { items: [], total: 0 } },
    health: {
      api: { lastSuccessAt: NOW - 2 * 60_000, lastError: undefined },
      version: '1.2.3',
      mode: 'http',
    },
    approvalChannelId: 'C0APPROVALS',
    // The words the search-requests port gives Home.
    requestWords: {
      describe: requestInWords,
      stateWords: (state) => ({ emoji: STATE_EMOJI[state], label: STATE_LABEL[state] }),
      decisionActions: { approve: 'search.approve', reject: 'search.reject' },
    },
    commandName: '/ops',
    ...overrides,
  };
}

function rendered(data: HomeData) {
  const view = homeView(data);
  expect(checkBlockKit('home', view.blocks, view)).toEqual([]);
  return { view, text: textOf(view.blocks) };
}

const subscription: DigestSubscription = {
  channelId: 'C0TEAMOPS',
  configuredBy: 'U0REQUESTER',
  indexIds: ['idx-1'],
  period: '1d',
  localTime: '09:00',
  timeZone: 'Asia/Kolkata',
  days: [1, 2, 3, 4, 5],
  includeAccounts: true,
  includeRequests: true,
  createdAt: NOW - 48 * HOUR,
  updatedAt: NOW - 48 * HOUR,
  nextRunAt: Date.UTC(2026, 10, 25, 3, 30),
};

const watch = (overrides: Partial<FiringWatch> = {}): FiringWatch => ({
  watchId: 1,
  indexId: 'idx-1',
  metric: 'p99-query-latency',
  channelId: 'C0TEAMOPS',
  createdBy: 'U0REQUESTER',
  since: NOW - 42 * 60_000,
  alert: { channel: 'C0TEAMOPS', ts: '1795000000.000100' },
  snoozedUntil: undefined,
  muted: false,
  ...overrides,
});

describe('Home view', () => {
  it('for someone with nothing yet: the next steps, empty sections that say what to do, health', () => {
    const { view, text } = rendered(homeFor('U0NOBODY'));
    expect(text).not.toContain('Waiting for you');
    expect(text).toContain('You haven’t asked for a search index yet.');
    expect(text).toContain('No channel gets a daily digest yet. `/ops digest` in a channel sets one up.');
    expect(text).toContain(
      'The management API answers with the configured credentials (last answer 2 min ago)',
    );
    expect(text).toContain('opsbot 1.2.3 · HTTP (Events API) · approvals in <#C0APPROVALS>');
    const actions = JSON.stringify(view.blocks[1]);
    expect(actions).toContain('Request a search index');
    expect(actions).toContain('Stats for…');
  });

  it('for an approver: each waiting request with its age, requester, details and both buttons', () => {
    const request = { ...aRequest({ id: 12, createdAt: NOW - 3 * HOUR }), progressWords: 'Approvals 0 of 1' };
    const { view, text } = rendered(
      homeFor('U0APPROVER', { waiting: { ok: true, value: { items: [request], total: 1 } } }),
    );
    expect(text).toContain('Waiting for you (1)');
    expect(text).toContain('You are an approver');
    expect(text).toContain('*#12* `product-search` (eu-west-1, payg (pay as you go))');
    expect(text).toContain('asked by <@U0REQUESTER> 3 h ago');
    const buttons = view.blocks.find((b) => b.block_id === 'home_request_12');
    expect(buttons).toMatchObject({
      type: 'actions',
      elements: [
        { action_id: 'search.approve', value: '12', style: 'primary' },
        { action_id: 'search.reject', value: '12', style: 'danger' },
      ],
    });
  });

  it('for a requester: their requests with state and who decided, no decisions offered', () => {
    // Who decided reads as the requests list says it, from the one formatter.
    const created = {
      ...aRequest({ id: 3, state: 'created', decidedBy: 'U0APPROVER2', result: CREATED_RESULT }),
      decisionWords: 'approved by <@U0APPROVER> and <@U0APPROVER2>',
    };
    const rejected = {
      ...aRequest({ id: 4, state: 'rejected', decidedBy: 'U0APPROVER2', name: 'dup-index' }),
      decisionWords: 'rejected by <@U0APPROVER2>',
    };
    const { text } = rendered(homeFor('U0REQUESTER', { mine: { ok: true, value: [rejected, created] } }));
    expect(text).not.toContain('Waiting for you');
    expect(text).toContain('*#4* `dup-index`');
    expect(text).toContain('*rejected* · rejected by <@U0APPROVER2>');
    expect(text).toContain(
      `*created* · approved by <@U0APPROVER> and <@U0APPROVER2> · index \`${CREATED_RESULT.indexId}\``,
    );
    expect(text).not.toContain('created by');
  });

  it('200 pending requests stay within the home surface’s 100 blocks and say how many more', () => {
    const items = Array.from({ length: 200 }, (_, i) => ({
      ...aRequest({ id: i + 1, createdAt: NOW - (200 - i) * HOUR }),
      progressWords: 'Approvals 0 of 1',
    }));
    const { view, text } = rendered(
      homeFor('U0APPROVER', { waiting: { ok: true, value: { items, total: 200 } } }),
    );
    expect(view.blocks.length).toBeLessThanOrEqual(100);
    expect(text).toContain('Waiting for you (200)');
    expect(text).toContain(`…and ${200 - MAX_WAITING_SHOWN} more. \`/ops search requests\` shows them all.`);
    expect(view.blocks.filter((b) => b.block_id?.startsWith('home_request_'))).toHaveLength(
      MAX_WAITING_SHOWN,
    );
  });

  it('firing, snoozed and muted watches, each with its channel, age and a link to its alert', () => {
    const watches = [
      watch(),
      watch({ watchId: 2, metric: 'monthly-cost', indexName: 'catalog', snoozedUntil: NOW + HOUR }),
      watch({ watchId: 3, metric: 'pending-index-count', muted: true, alert: undefined }),
    ];
    const { text } = rendered(
      homeFor('U0APPROVER', { watches: { ok: true, value: { items: watches, total: 3 } } }),
    );
    expect(text).toContain('Watches firing (3)');
    expect(text).toContain(
      ':rotating_light: firing · `idx-1` `p99-query-latency` in <#C0TEAMOPS> · since 42 min ago · <https://slack.com/archives/C0TEAMOPS/p1795000000000100|alert>',
    );
    expect(text).toContain(
      ':zzz: snoozed until Tue 24 Nov, 14:00 Europe/Berlin · *catalog* (`idx-1`) `monthly-cost`',
    );
    expect(text).toContain(':mute: muted · `idx-1` `pending-index-count` in <#C0TEAMOPS> · since 42 min ago');
    expect(text).toContain('As an approver you see every firing watch.');
  });

  it('digests: channel, local time, next run on the viewer’s clock and the last outcome with its reason', () => {
    const lastRun = {
      channelId: 'C0TEAMOPS',
      localDate: '2026-11-24',
      scheduledFor: NOW - 3 * HOUR,
      status: 'failed' as const,
      leaseOwner: 'x',
      leaseExpiresAt: 0,
      attempts: 3,
      startedAt: NOW - 3 * HOUR,
      finishedAt: NOW - 3 * HOUR,
      messageTs: null,
      note: 'opsbot isn’t a member of that channel',
    };
    const { text } = rendered(
      homeFor('U0REQUESTER', {
        digests: { ok: true, value: { items: [{ subscription, lastRun }], total: 1 } },
      }),
    );
    expect(text).toContain(
      '<#C0TEAMOPS> · daily at 09:00 Asia/Kolkata · next Wed 25 Nov, 04:30 Europe/Berlin · :warning: last run failed 3 h ago: opsbot isn’t a member of that channel',
    );
    expect(text).toContain('Next runs are in your time zone (Europe/Berlin).');
  });

  it('a failing API: what failed, in plain words, and what to check — never a secret', () => {
    const { text } = rendered(
      homeFor('U0NOBODY', {
        health: {
          api: { lastSuccessAt: NOW - 3 * HOUR, lastError: { kind: 'auth', at: NOW - 5 * 60_000 } },
          version: '1.2.3',
          mode: 'socket',
        },
      }),
    );
    expect(text).toContain(':red_circle: The management API is failing.');
    expect(text).toContain(
      'Last problem 5 min ago: the API refused opsbot’s credentials — an admin should check MGMT_API_USERNAME and MGMT_API_PASSWORD.',
    );
    expect(text).toContain('Socket Mode');
  });

  it('a section the store couldn’t read says so instead of looking empty', () => {
    const { text } = rendered(homeFor('U0APPROVER', { waiting: { ok: false }, mine: { ok: false } }));
    expect(text).toContain('Waiting for you');
    expect(text.match(/opsbot couldn’t read this just now/g)).toHaveLength(2);
    expect(text).not.toContain('Nothing waits for your decision');
  });
});
