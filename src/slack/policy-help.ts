// What the guardrails tell a person about themselves: `/ops policy` (what they may do here, where
// else, and who may do what they may not) and the help card narrowed to what they may do here. Both
// are always allowed, and both read the person's groups once (cached) and explain from the answers.
import { allowedHere, CAPABILITIES, explain, explanationLines, groupAnswers } from '../policy/index.ts';
import type { Policy } from '../policy/types.ts';
import { escapeMrkdwn } from '../text/mrkdwn.ts';
import { context, header, mrkdwnSections } from './blocks.ts';
import type { PolicyPort } from './policy-gate.ts';
import type { CommandRouter, HelpScope, Subcommand } from './router.ts';

/** True when the policy lets everyone do everything anywhere: help and `/ops policy` have nothing to add. */
function opensEverything(policy: Policy): boolean {
  return CAPABILITIES.every((c) => policy.rules[c].who.everyone && policy.rules[c].where.anywhere);
}

async function standingsOf(port: PolicyPort, person: { userId: string; channelId: string }) {
  const policy = port.current();
  const groups = await groupAnswers(policy, person.userId, port.membership);
  return explain(policy, person, groups);
}

/** The help card's commands for the person here; the rest are named by `/ops policy`. */
export function helpScope(port: PolicyPort) {
  return async (
    person: { userId: string; channelId: string; command: string },
    subcommands: readonly Subcommand[],
  ): Promise<HelpScope | undefined> => {
    if (opensEverything(port.current())) return undefined;
    const allowed = allowedHere(await standingsOf(port, person));
    const shown = subcommands.filter(
      (sub) => sub.capability === undefined || allowed.includes(sub.capability),
    );
    if (shown.length === subcommands.length) return undefined;
    const command = escapeMrkdwn(person.command);
    return {
      subcommands: shown,
      note: `These are the commands you can use here. \`${command} policy\` says where you can do the rest, or who can.`,
    };
  };
}

/**
 * One topic's help: what the person may do here with each capability its entries need, then what
 * the policy's limits leave each entry.
 */
export function helpStandings(port: PolicyPort) {
  return async (
    person: { userId: string; channelId: string },
    entries: readonly Subcommand[],
  ): Promise<string[]> => {
    const capabilities = new Set(entries.flatMap((sub) => sub.capability ?? []));
    const standings = capabilities.size === 0 ? [] : await standingsOf(port, person);
    const limits = port.current().limits;
    return [
      ...explanationLines(standings.filter((s) => capabilities.has(s.capability))),
      ...entries.flatMap((sub) => sub.underPolicy?.(limits) ?? []),
    ];
  };
}

export function registerPolicyCommand(router: CommandRouter, port: PolicyPort): void {
  router.register({
    words: ['policy'],
    example: 'policy',
    description: 'what you may do here, where you may do the rest, and who may',
    lateInHelp: true,
    async handle(ctx) {
      await ctx.ack();
      const { user_id: userId, channel_id: channelId, command } = ctx.command;
      const lines = explanationLines(await standingsOf(port, { userId, channelId }));
      await ctx.respond({
        response_type: 'ephemeral',
        text: lines.join('\n'),
        blocks: [
          header('What you can do with opsbot here'),
          ...mrkdwnSections(lines),
          context(
            `\`${escapeMrkdwn(command)} help\` and \`${escapeMrkdwn(command)} policy\` work everywhere, for everyone.`,
          ),
        ],
      });
    },
  });
}
