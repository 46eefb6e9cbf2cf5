// One decision for every payload kind: may this person do this, here, posting there? Checked in
// order of what the person can do about it — who they are, where they are, the channels the action
// posts to (opsbot must be able to post in each, and the person must be in it: asked second, since
// Slack hides the members of a private channel opsbot isn't in). When Slack can't answer a
// membership question the action is refused: a guardrail that opens when Slack is slow is none.
import { cantPostIn } from '../errors.ts';
import { mentionChannel } from '../text/mrkdwn.ts';
import type { Answer, Capability, Membership, Policy, Where, Who } from './types.ts';
import { CAPABILITY_WORDS } from './types.ts';
import { groupWords, whereWords, whoWords } from './words.ts';

type Decision =
  | { allowed: true }
  | { allowed: false; reason: 'who' | 'where' | 'membership-unknown'; sentence: string };

export type Action = {
  /** Who acts, as Slack vouches for it; NO_USER when the payload names nobody. */
  userId: string;
  /** Where the action happens; see `placeNamedBy` for what undefined and a DM (D…) mean. */
  channelId?: string;
  /**
   * Who named the place. 'slack' (the default): where Slack says the person is (a command's or a
   * click's channel), so none is their own place (Home, a modal) and so is any DM. 'caller': a
   * channel someone chose for the action (a workflow step's input), which Slack doesn't vouch for:
   * none is no place at all, and a DM is the person's own only when it is theirs with opsbot.
   */
  placeNamedBy?: 'slack' | 'caller';
  /** The channels the action posts to (a watch's alert channel, Home's "Stats for…" channel). */
  postsTo?: readonly string[];
};

const ALLOWED: Decision = { allowed: true };
const refuse = (reason: 'who' | 'where' | 'membership-unknown', sentence: string): Decision => ({
  allowed: false,
  reason,
  sentence,
});
const TRY_AGAIN = 'so nothing was done: try again in a minute';

/** The user id of a payload that names nobody: it matches no person and no group, only a rule open to everyone. */
export const NO_USER = '';

/** Why a direct message someone chose isn't the person's own place. */
export const NOT_YOUR_DM =
  'That direct message isn’t yours with opsbot, so opsbot won’t act there: pick a channel, or your own direct message with opsbot.';

/** The person's own places, as Slack names them, need no `where`: what happens there only answers them. */
export const isOwnPlace = (channelId: string | undefined) =>
  channelId === undefined || channelId.startsWith('D');

export const whereAllows = (where: Where, channelId: string) =>
  where.anywhere || where.channels.includes(channelId);

/**
 * Whether `who` includes the person: listed by id, or in a listed group (its user ids, then its
 * Slack user group). 'unknown' (with the group asked about) only when no answer was yes.
 */
export async function whoAllows(
  policy: Policy,
  who: Who,
  userId: string,
  inUserGroup: (userId: string, groupId: string) => Promise<Answer>,
): Promise<{ answer: Answer; unknownGroup?: string }> {
  if (who.everyone || who.users.includes(userId)) return { answer: true };
  const groups = who.groups.map((name) => policy.groups[name]).filter((g) => g !== undefined);
  if (groups.some((g) => g.users.includes(userId))) return { answer: true };
  let unknownGroup: string | undefined;
  for (const group of groups) {
    const id = group.usergroup?.id;
    // A handle never resolved to an id (the start-up check didn't run or failed) can't be asked about.
    const answer = id === undefined ? (group.usergroup ? 'unknown' : false) : await inUserGroup(userId, id);
    if (answer === true) return { answer: true };
    if (answer === 'unknown') unknownGroup ??= group.name;
  }
  return unknownGroup === undefined ? { answer: false } : { answer: 'unknown', unknownGroup };
}

export async function decide(
  policy: Policy,
  capability: Capability,
  action: Action,
  membership: Membership,
): Promise<Decision> {
  const rule = policy.rules[capability];
  const verb = CAPABILITY_WORDS[capability];
  const who = await whoAllows(policy, rule.who, action.userId, (u, g) => membership.inUserGroup(u, g));
  if (who.answer === 'unknown')
    return refuse(
      'membership-unknown',
      `Slack didn’t say just now whether you’re in ${groupWords(policy, who.unknownGroup ?? '')}, ${TRY_AGAIN}.`,
    );
  if (!who.answer) {
    const where = rule.where.anywhere ? '' : `, in ${whereWords(rule.where)}`;
    const only = `${whoWords(policy, rule.who)} can ${verb}${where}.`;
    return refuse(
      'who',
      action.userId === NO_USER ? `Slack didn’t say who sent this, and only ${only}` : `Only ${only}`,
    );
  }
  const here = await placeRefusal(rule.where, verb, action, membership);
  if (here !== undefined) return here;
  for (const channel of new Set(action.postsTo ?? [])) {
    if (isOwnPlace(channel)) continue;
    const refusal = await postRefusal(rule.where, verb, action.userId, channel, membership);
    if (refusal !== undefined) return refusal;
  }
  return ALLOWED;
}

/** Why the action may not happen where it says it does, or undefined when it may. */
async function placeRefusal(
  where: Where,
  verb: string,
  action: Action,
  membership: Membership,
): Promise<Decision | undefined> {
  const here = action.channelId;
  const vouched = action.placeNamedBy !== 'caller';
  // The sentence a person sees for a command typed outside `where`, whatever door they came by.
  const notHere = () =>
    refuse('where', `This channel isn’t one where you can ${verb}: use ${whereWords(where)}.`);
  if (here === undefined) return vouched || where.anywhere ? undefined : notHere();
  if (here.startsWith('D')) {
    if (vouched) return undefined;
    const own = action.userId === NO_USER ? false : await membership.isOwnDm(action.userId, here);
    if (own === 'unknown')
      return refuse(
        'membership-unknown',
        `Slack didn’t say just now whether that direct message is yours with opsbot, ${TRY_AGAIN}.`,
      );
    return own ? undefined : refuse('where', NOT_YOUR_DM);
  }
  return whereAllows(where, here) ? undefined : notHere();
}

/** Why the action may not post in `channel`, or undefined when it may. */
async function postRefusal(
  where: Where,
  verb: string,
  userId: string,
  channel: string,
  membership: Membership,
): Promise<Decision | undefined> {
  const named = mentionChannel(channel);
  if (!whereAllows(where, channel))
    return refuse('where', `${named} isn’t a channel where you can ${verb}: pick ${whereWords(where)}.`);
  const post = await membership.canPost(channel);
  if (post === 'unknown')
    return refuse(
      'membership-unknown',
      `Slack didn’t say just now whether opsbot can post in ${named}, ${TRY_AGAIN}.`,
    );
  if (!post.ok) return refuse('where', `${cantPostIn(channel, post.code)}. Pick another channel.`);
  const member = await membership.inChannel(userId, channel);
  if (member === 'unknown')
    return refuse(
      'membership-unknown',
      `Slack didn’t say just now whether you’re in ${named}, ${TRY_AGAIN}.`,
    );
  if (!member)
    return refuse(
      'where',
      `You’re not in ${named}, so opsbot won’t post there for you: join it or pick a channel you’re in.`,
    );
  return undefined;
}
