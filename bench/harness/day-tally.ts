// What the Slack simulator's record says about a busy day once it is over: every digest and alert
// posted (once, twice or never), the 429s by method, how often people were looked up, and the
// floor Slack's rate limits set for the digests and the alerts. Read from the record only, so it
// counts the same whichever process, or how many replicas, did the posting.
import type { SimCall } from '../../src/sim/slack/index.ts';
import { type NeededCall, type RateFloor, rateFloor, type WorkspacePosts } from './rate-floor.ts';

export type PostTally = {
  /** Channels (digests) or watches (alerts) that should have had exactly one post. */
  expected: number;
  posted: number;
  /** Posts beyond the first for the same digest channel or watch. */
  duplicates: number;
  missed: number;
  /** When each first post was recorded. */
  firstAt: number[];
  /** The floor of Slack's published budgets, and the same with the workspace-wide figure given. */
  floor: RateFloor;
  floorWithWorkspace: RateFloor;
};

export type DayTally = {
  digests: PostTally;
  alerts: PostTally;
  /**
   * The digests' and alerts' first posts together: they share chat.postMessage's workspace-wide
   * budget, so their floor is that of all of them, with the figure the app's pacer assumes.
   */
  together: { floor: RateFloor; firstAt: number; lastAt: number };
  rateLimited: number;
  rateLimitedMethods: Record<string, number>;
  /** 429s on the digests' and alerts' posts (their channels, and the uploads every card shares). */
  postingRateLimited: number;
  failedSlackCalls: number;
  homePublishes: number;
  /** Web API calls the app made (every attempt, 429s included). */
  slackCalls: number;
  usersInfo: { calls: number; people: number; maxPerPerson: number };
};

const WATCH_ID = /watch #(\d+)/;

const isTopPost = (c: SimCall) => c.method === 'chat.postMessage' && c.ok && c.args.thread_ts === undefined;

/** Files shown by a message's image blocks: each needed one upload (two calls). */
function filesShown(call: SimCall): string[] {
  const blocks = Array.isArray(call.args.blocks) ? call.args.blocks : [];
  return blocks.flatMap((b) => {
    const id = (b as { slack_file?: { id?: unknown } }).slack_file?.id;
    return typeof id === 'string' ? [id] : [];
  });
}

/** The calls the first posts needed: each post in its channel, each distinct card's upload. */
function neededCalls(firsts: readonly SimCall[]): NeededCall[] {
  const files = new Set(firsts.flatMap(filesShown));
  return [
    ...firsts.map((c) => ({ method: 'chat.postMessage', channel: String(c.args.channel) })),
    ...[...files].flatMap(() => [
      { method: 'files.getUploadURLExternal' },
      { method: 'files.completeUploadExternal' },
    ]),
  ];
}

/** Posts grouped by what they are for (a digest channel, an alerting watch). */
function tallyPosts(
  posts: readonly SimCall[],
  keyOf: (c: SimCall) => string | undefined,
  expected: ReadonlySet<string>,
  workspace: WorkspacePosts,
): PostTally & { firsts: SimCall[] } {
  const first = new Map<string, SimCall>();
  let duplicates = 0;
  for (const post of posts) {
    const key = keyOf(post);
    if (key === undefined || !expected.has(key)) continue;
    if (first.has(key)) duplicates++;
    else first.set(key, post);
  }
  const firsts = [...first.values()];
  const needed = neededCalls(firsts);
  return {
    firsts,
    expected: expected.size,
    posted: first.size,
    duplicates,
    missed: expected.size - first.size,
    firstAt: firsts.map((c) => c.at),
    floor: rateFloor(needed),
    floorWithWorkspace: rateFloor(needed, workspace),
  };
}

export function tallyDay(
  calls: readonly SimCall[],
  expect: {
    digestChannels: ReadonlySet<string>;
    alertChannels: ReadonlySet<string>;
    alertingWatchIds: ReadonlySet<string>;
    /** The workspace-wide chat.postMessage figure of the second floor. */
    workspacePosts: WorkspacePosts;
  },
): DayTally {
  const api = calls.filter((c) => c.method !== 'upload' && c.method !== 'response_url');
  const limited = api.filter((c) => c.status === 429);
  const rateLimitedMethods: Record<string, number> = {};
  for (const c of limited) rateLimitedMethods[c.method] = (rateLimitedMethods[c.method] ?? 0) + 1;
  const top = api.filter(isTopPost);
  const channelOf = (c: SimCall) => String(c.args.channel ?? c.args.channel_id ?? '');
  const lookups = new Map<string, number>();
  for (const c of api)
    if (c.method === 'users.info')
      lookups.set(String(c.args.user), (lookups.get(String(c.args.user)) ?? 0) + 1);
  const { firsts: digestPosts, ...digests } = tallyPosts(
    top,
    channelOf,
    expect.digestChannels,
    expect.workspacePosts,
  );
  const { firsts: alertPosts, ...alerts } = tallyPosts(
    top.filter((c) => expect.alertChannels.has(channelOf(c))),
    (c) => WATCH_ID.exec(JSON.stringify(c.args.blocks ?? ''))?.[1],
    expect.alertingWatchIds,
    expect.workspacePosts,
  );
  const both = [...digestPosts, ...alertPosts].map((c) => c.at);
  return {
    digests,
    alerts,
    together: {
      floor: rateFloor(neededCalls([...digestPosts, ...alertPosts]), expect.workspacePosts),
      firstAt: Math.min(...both),
      lastAt: Math.max(...both),
    },
    rateLimited: limited.length,
    rateLimitedMethods,
    postingRateLimited: limited.filter((c) => {
      const channel = channelOf(c);
      return (
        expect.digestChannels.has(channel) ||
        expect.alertChannels.has(channel) ||
        c.method.startsWith('files.')
      );
    }).length,
    failedSlackCalls: api.filter((c) => !c.ok).length,
    homePublishes: api.filter((c) => c.method === 'views.publish').length,
    slackCalls: api.length,
    usersInfo: {
      calls: [...lookups.values()].reduce((a, b) => a + b, 0),
      people: lookups.size,
      maxPerPerson: Math.max(0, ...lookups.values()),
    },
  };
}
