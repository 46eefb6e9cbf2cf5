// The guardrails' vocabulary: what a person may ask opsbot to do (capabilities), who may and where,
// and the questions only Slack can answer (is this person in that group or channel, can opsbot post
// there). Slack-free: src/slack/membership.ts answers the questions.

/** Every capability a policy may name. `help` and `/ops policy` are always allowed, so not here. */
export const CAPABILITIES = [
  'stats',
  'accounts',
  'search.request',
  'watch.manage',
  'watch.respond',
  'digest.manage',
  'index.manage',
  'agent.connect',
] as const;

export type Capability = (typeof CAPABILITIES)[number];

/** What the capability lets a person do, as a refusal and `/ops policy` say it: "Only … can <this>". */
export const CAPABILITY_WORDS: Readonly<Record<Capability, string>> = {
  stats: 'read vector index statistics',
  accounts: 'see the messaging accounts',
  'search.request': 'request search indexes',
  'watch.manage': 'set up watches',
  'watch.respond': 'acknowledge, snooze or mute alerts',
  'digest.manage': 'set up digests',
  'index.manage': 'name, rename or forget indexes',
  'agent.connect': 'connect agents to opsbot over MCP',
};

/** A named set of people: a Slack user group (its S… id once known, its handle for words) and/or user ids. */
export type PolicyGroup = {
  name: string;
  usergroup?: { id?: string; handle?: string };
  users: readonly string[];
  /** The line of its `usergroup:` in the policy, for the start-up check that asks Slack about it. */
  line?: number;
};

export type Who =
  | { everyone: true }
  | { everyone: false; groups: readonly string[]; users: readonly string[] };

/** `channels` are ids, channel-set names already expanded. */
export type Where = { anywhere: true } | { anywhere: false; channels: readonly string[] };

export type Rule = { who: Who; where: Where };

export type PolicyLimits = {
  notifyPeople: number;
  notifyGroups: number;
  /** Policy group names whose user groups a watch may notify; undefined: any group. */
  notifyGroupsAllowed: readonly string[] | undefined;
  remindAtLeastMs: number;
  muteAtMostMs: number;
  watchesPerChannel: number;
};

export type Policy = {
  /** Where it came from, for the start-up lines: a file path, `POLICY`, or none. */
  source: string | undefined;
  groups: Readonly<Record<string, PolicyGroup>>;
  rules: Readonly<Record<Capability, Rule>>;
  limits: PolicyLimits;
};

/** Slack's answer, or 'unknown' when Slack didn't give one (the caller refuses). */
export type Answer = boolean | 'unknown';

/** Why opsbot can't post in a channel: a key of CANT_POST in src/errors.ts. */
export type PostCheck = { ok: true } | { ok: false; code: 'is_archived' | 'channel_not_found' } | 'unknown';

/** The membership questions a decision may need Slack to answer. */
export type Membership = {
  inUserGroup(userId: string, groupId: string): Promise<Answer>;
  inChannel(userId: string, channelId: string): Promise<Answer>;
  canPost(channelId: string): Promise<PostCheck>;
  /** Whether `channelId` is the direct message between the person and opsbot. */
  isOwnDm(userId: string, channelId: string): Promise<Answer>;
};
