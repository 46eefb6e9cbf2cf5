// The Bolt side of `/ops vector stats` (alias `/ops stats`) and of the controls on the message it
// posts: the period picker, Refresh and Details. Ack, parse, call the service, show the view; what
// goes wrong is thrown with its sentence, and the guard tells whoever asked.
import type { App, BlockAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { BUSY, UserFacingError } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import type { CommandRouter } from '../../slack/router.ts';
import type { UserTimeZone } from '../../slack/user-time-zone.ts';
import { personTimeZone } from '../../time/audience.ts';
import type { IndexNamesService } from '../index-names/index.ts';
import { detailsMessage } from './details-view.ts';
import { ACTION } from './ids.ts';
import { decodeTarget, parseStatsCommand, type StatsTarget } from './input.ts';
import type { VectorStatsOutbound } from './outbound.ts';
import type { VectorStatsService } from './service.ts';
import { commandProblemNotice, periodReadAsNotice, STATS_COMMAND, staleControlSentence } from './views.ts';

/** How long Details waits for Slack to name the clicker's zone before it speaks UTC. */
const ZONE_WAIT_MS = 1_000;

export function registerStatsListeners(
  context: {
    app: App;
    router: CommandRouter;
    logger: Logger;
    userTimeZone: UserTimeZone;
    commandName(): string;
    indexNames: Pick<IndexNamesService, 'exampleIndex' | 'resolve'>;
  },
  service: Pick<VectorStatsService, 'read' | 'busy'>,
  { show }: Pick<VectorStatsOutbound, 'show'>,
): void {
  const { app, router, logger } = context;

  router.register({
    ...STATS_COMMAND,
    words: [...STATS_COMMAND.words],
    capability: 'stats',
    aliases: [['stats']],
    description:
      'what changed in a vector index (its name or id), with its stats card, posted in the channel; pick another period or see every series on it',
    async handle({ ack, args, command }) {
      const parsed = parseStatsCommand(args);
      if (!parsed.ok) {
        const example = await context.indexNames.exampleIndex();
        await ack({ response_type: 'ephemeral', ...commandProblemNotice(parsed, command.command, example) });
        return;
      }
      // In a burst past the admission, the refusal is the acknowledgement itself: no second request.
      if (service.busy(parsed.target)) {
        await ack({ response_type: 'ephemeral', text: `:warning: ${BUSY}` });
        return;
      }
      // Acknowledged first: in a burst, every moment before the ack counts against Slack's 3 s. A name
      // (or an id) to the id then; an unknown name is refused with the known ones, by the guard.
      const { periodTyped } = parsed;
      await (periodTyped === undefined
        ? ack()
        : ack({ response_type: 'ephemeral', ...periodReadAsNotice(periodTyped, parsed.target.period) }));
      const indexId = await context.indexNames.resolve(parsed.target.indexId);
      // The post's times on the channel's clock (src/time/audience.ts).
      await show(
        await service.read({ ...parsed.target, indexId }, { channel: command.channel_id }),
        { channel: command.channel_id },
        command.user_id,
      );
    },
  });

  /** The target a control carries; a control opsbot didn't build (or an old one) is refused. */
  const targetOf = (action: BlockAction['actions'][number]): StatsTarget => {
    const value =
      action.type === 'static_select'
        ? action.selected_option?.value
        : 'value' in action
          ? action.value
          : undefined;
    const target = decodeTarget(value);
    if (target === undefined) throw new UserFacingError(staleControlSentence(context.commandName()));
    return target;
  };

  const rerender = async ({ ack, body, action }: SlackActionMiddlewareArgs<BlockAction>) => {
    await ack();
    const target = targetOf(action);
    const channel = body.channel?.id ?? body.container?.channel_id;
    const ts = body.message?.ts ?? body.container?.message_ts;
    if (typeof channel !== 'string' || typeof ts !== 'string')
      throw new UserFacingError(staleControlSentence(context.commandName()));
    await show(await service.read(target, { channel }), { channel, ts }, body.user.id);
  };
  app.action<BlockAction>({ type: 'block_actions', action_id: ACTION.period }, rerender);
  app.action<BlockAction>({ type: 'block_actions', action_id: ACTION.refresh }, rerender);

  // Every series in numbers, to the person who clicked only: the post in the channel stays short.
  app.action<BlockAction>(
    { type: 'block_actions', action_id: ACTION.details },
    async ({ ack, action, body, client, respond }) => {
      await ack();
      // Only the clicker sees the details: their times are on their own clock.
      const zone = await context.userTimeZone(client, body.user.id, ZONE_WAIT_MS);
      const read = await service.read(targetOf(action), { card: false, timeZone: personTimeZone(zone) });
      await respond({ response_type: 'ephemeral', replace_original: false, ...detailsMessage(read.report) });
      logger.info({ event: 'vector_stats_details_shown', ...read.target }, 'details shown');
    },
  );
}
