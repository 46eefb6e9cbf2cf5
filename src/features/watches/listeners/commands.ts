// `/ops watch` (the form, or the rule typed as text), `watch list` and `watch remove`: ack, read
// the command, ask the service, show the answer. A failure (the store not answering, a watch removed
// meanwhile) is thrown to the guard, which tells the person in one sentence where they are looking.
import type { Clock } from '../../../clock.ts';
import type { Policy } from '../../../policy/index.ts';
import { EXAMPLE_INDEX } from '../../../slack/help-view.ts';
import type { CommandRouter } from '../../../slack/router.ts';
import type { IndexNamesService } from '../../index-names/index.ts';
import {
  type OwnersAsked,
  ownersProblem,
  parseWatchArgs,
  WATCH_USAGE,
  watchLimitsSentence,
} from '../input.ts';
import { type OwnersResult, splitOwners } from '../owners.ts';
import type { WatchesService } from '../service.ts';
import { confirmation } from '../views/incident-views.ts';
import { listMessage } from '../views/list-view.ts';
import { watchModal } from '../views/modal-view.ts';
import { ruleText } from '../views/views.ts';
import { openWatchForm } from './form.ts';

export function registerWatchCommands(
  context: { router: CommandRouter; clock: Clock; intervalMs: number; policy(): Policy },
  service: WatchesService,
  indexes: IndexNamesService,
): void {
  const intervalMinutes = Math.round(context.intervalMs / 60_000) || 1;

  context.router.register({
    words: ['watch'],
    capability: 'watch.manage',
    usage: WATCH_USAGE,
    example: `watch ${EXAMPLE_INDEX} monthly-cost > $50`,
    description:
      'tell this channel when an index crosses a line, and when it is back (no arguments: a form); also `watch idx-1 p99-query-latency > 250 for 3 notify @search-oncall remind 20m`, `watch idx-1 pending-index-count > 10k`. The alert calls whoever `notify` names (pick them with @), has *Acknowledge*, and is re-posted in its thread every `remind` interval (30m unless set) until someone acknowledges it',
    underPolicy: (limits) => watchLimitsSentence(limits, context.intervalMs),
    async handle({ ack, args, command, client }) {
      if (args.length === 0) {
        await ack();
        const asked = { command: command.command, policy: context.policy() };
        await openWatchForm(client, command.trigger_id, watchModal(command.channel_id), asked);
        return;
      }
      const owners = splitOwners(args, command.command);
      if (!owners.ok) return ack({ response_type: 'ephemeral', text: `:warning: ${owners.problem}` });
      const parsed = parseWatchArgs(owners.rule, command.command);
      if (!parsed.ok) return ack({ response_type: 'ephemeral', text: `:warning: ${parsed.problem}` });
      const limited = ownersProblem(askedOf(owners), context.policy());
      if (limited) return ack({ response_type: 'ephemeral', text: `:warning: ${limited.problem}` });
      // A name (or an id) to the id; an unknown name is refused with the known ones, by the guard.
      const spec = { ...parsed.spec, indexId: await indexes.resolve(parsed.spec.indexId) };
      // One row written well inside Slack's 3 s, so the answer is the acknowledgement itself and
      // the watch exists by the time anyone sees it.
      const watch = await service.create(spec, command.channel_id, command.user_id, null, owners);
      await ack({
        response_type: 'ephemeral',
        text: `:eyes: Watch #${watch.id} set: ${ruleText(watch)}. Checked every ${intervalMinutes} min; alerts go to this channel${confirmation(watch)}.`,
      });
    },
  });

  context.router.register({
    words: ['watch', 'list'],
    example: 'watch list',
    description: 'this channel’s watches and how each stands (ok, firing, snoozed, no data)',
    async handle({ ack, command, respond }) {
      await ack();
      // Only this channel's watches, and whoever types in a channel is in it: a private channel's
      // watches reach its members only without asking Slack. The answer goes back through the
      // command's response_url, which works where opsbot isn't a member (chat.postEphemeral doesn't).
      const listed = await service.list(command.channel_id);
      const now = context.clock();
      const message = listMessage(command.command, command.channel_id, listed, now);
      await respond({ response_type: 'ephemeral', ...message });
    },
  });

  context.router.register({
    words: ['watch', 'remove'],
    capability: 'watch.manage',
    usage: '<n>',
    example: 'watch remove 3',
    description: 'stop a watch (its number is in `watch list`)',
    async handle({ ack, args, command }) {
      const removed = await service.remove(args, command.channel_id, command.user_id);
      await ack({
        response_type: 'ephemeral',
        text: `:wastebasket: Watch #${removed.id} removed (${ruleText(removed)}).`,
      });
    },
  });
}

/** What the text form asks of who to call, as the policy's limits read it. */
function askedOf(owners: Extract<OwnersResult, { ok: true }>): OwnersAsked {
  const groups = owners.notify?.groups ?? [];
  return {
    users: owners.notify?.users ?? [],
    groups: groups.map((id) => ({ id, handle: owners.groupHandles?.[id] })),
    remindEveryMs: owners.remindEveryMs,
  };
}
