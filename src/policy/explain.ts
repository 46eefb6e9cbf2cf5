// What `/ops policy` tells a person, and what the help card may offer them here. Pure: the Slack
// answers (is the person in each group) are read first with `groupAnswers`, then every capability
// is explained from them without another call.
import { isOwnPlace, whereAllows, whoAllows } from './decide.ts';
import {
  type Answer,
  CAPABILITIES,
  CAPABILITY_WORDS,
  type Capability,
  type Membership,
  type Policy,
} from './types.ts';
import { whereWords, whoWords } from './words.ts';

type Standing =
  | { capability: Capability; status: 'here' }
  /** Allowed to the person, but not in this channel: `where` says where. */
  | { capability: Capability; status: 'elsewhere'; where: string }
  /** Not allowed to the person: `who` says who may. */
  | { capability: Capability; status: 'not-allowed'; who: string }
  /** Slack didn't say whether the person is in a group that may. */
  | { capability: Capability; status: 'unknown'; who: string };

/** The person's answer for every policy group with a Slack user group (what `explain` needs). */
export async function groupAnswers(
  policy: Policy,
  userId: string,
  membership: Pick<Membership, 'inUserGroup'>,
): Promise<ReadonlyMap<string, Answer>> {
  const answers = new Map<string, Answer>();
  await Promise.all(
    Object.values(policy.groups).map(async (group) => {
      const answer = await whoAllows(
        policy,
        { everyone: false, groups: [group.name], users: [] },
        userId,
        (u, g) => membership.inUserGroup(u, g),
      );
      answers.set(group.name, answer.answer);
    }),
  );
  return answers;
}

/** For each capability: allowed here, allowed elsewhere (where), or not allowed (who may). */
export function explain(
  policy: Policy,
  person: { userId: string; channelId?: string },
  groups: ReadonlyMap<string, Answer>,
): Standing[] {
  return CAPABILITIES.map((capability): Standing => {
    const { who, where } = policy.rules[capability];
    const answers: Answer[] = who.everyone
      ? [true]
      : [who.users.includes(person.userId), ...who.groups.map((g) => groups.get(g) ?? 'unknown')];
    if (!answers.includes(true)) {
      const status = answers.includes('unknown') ? 'unknown' : 'not-allowed';
      return { capability, status, who: whoWords(policy, who) };
    }
    if (isOwnPlace(person.channelId) || whereAllows(where, person.channelId ?? ''))
      return { capability, status: 'here' };
    return { capability, status: 'elsewhere', where: whereWords(where) };
  });
}

/** The capabilities the person may use where they are: what the help card shows first. */
export function allowedHere(standings: readonly Standing[]): Capability[] {
  return standings.filter((s) => s.status === 'here').map((s) => s.capability);
}

/** One mrkdwn line per capability, in the one voice: what, and if not here, where or who may. */
export function explanationLines(standings: readonly Standing[]): string[] {
  return standings.map((s) => {
    const what = CAPABILITY_WORDS[s.capability];
    switch (s.status) {
      case 'here':
        return `✓ You can ${what} here.`;
      case 'elsewhere':
        return `➜ You can ${what} in ${s.where}.`;
      case 'not-allowed':
        return `✗ Only ${s.who} can ${what}.`;
      default:
        return `? Slack didn’t say just now whether you’re among ${s.who}, who can ${what}: ask again in a minute.`;
    }
  });
}
