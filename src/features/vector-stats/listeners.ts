// The Bolt side of `/ops vector stats` (alias `/ops stats`) and of the controls on the message it
// posts: the period picker, Refresh and Details. Ack, parse, call the service, show the view; what
// goes wrong is thrown with its sentence, and the guard tells whoever asked.
import type { BlockAction } from '@slack/bolt';
import { UserFacingError } from '../../errors.ts';
import type { FeatureContext } from '../../feature-context.ts';
import type { IndexNamesPort } from '../index-names/index.ts';
import { detailsMessage } from './details-view.ts';
import { ACTION_DETAILS, ACTION_PERIOD, ACTION_REFRESH } from './ids.ts';
import { decodeTarget, parseStatsCommand, type StatsTarget } from './input.ts';
import { type StatsPlace, showStats } from './post.ts';
import type { StatsRead, StatsService } from './service.ts';
import { refusalNotice, staleControlSentence } from './views.ts';

// Until the watches feature imports it from index.ts, where the port is.
export type { StatsPoster } from './index.ts';

/** Shows what was read at `place`, as asked by `userId`; logs what was shown. */
export type StatsShower = (read: StatsRead, place: StatsPlace, userId: string) => Promise<void>;

export function registerStatsListeners(
  context: FeatureContext<{ indexNames: IndexNamesPort }>,
  service: StatsService,
): StatsShower {
  const { app, router, clock } = context;
  const logger = context.logger.child({ feature: 'vector-stats' });

  const show: StatsShower = async (read, place, userId) => {
    const started = clock();
    const { indexId, period } = read.target;
    const shown = await showStats(await service.draw(read), place, {
      client: app.client,
      logger: logger.child({ indexId, period }),
      userId,
      commandName: context.commandName(),
    });
    logger.info(
      {
        event: place.ts === undefined ? 'vector_stats_posted' : 'vector_stats_updated',
        indexId,
        period,
        channel: shown.channel,
        ts: shown.ts,
        shownAs: shown.shownAs,
        attempts: shown.attempts,
        ms: clock() - started,
      },
      'vector index stats shown',
    );
  };

  router.register({
    words: ['vector', 'stats'],
    capability: 'stats',
    aliases: [['stats']],
    usage: '<index> [period]',
    example: 'stats catalog 7d',
    description:
      'what changed in a vector index (its name or id), with its stats card, posted in the channel; pick another period or see every series on it',
    async handle({ ack, args, command }) {
      const parsed = parseStatsCommand(args);
      if (!parsed.ok) {
        await ack({ response_type: 'ephemeral', ...refusalNotice(parsed, command.command) });
        return;
      }
      // A name (or an id) to the id; an unknown name is refused with the known ones, by the guard.
      const indexId = await context.uses.indexNames.resolve(parsed.target.indexId);
      await ack();
      await show(
        await service.read({ ...parsed.target, indexId }),
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

  const rerender = async ({
    ack,
    body,
    action,
  }: {
    ack: () => Promise<void>;
    body: BlockAction;
    action: BlockAction['actions'][number];
  }) => {
    await ack();
    const target = targetOf(action);
    const channel = body.channel?.id ?? body.container?.channel_id;
    const ts = body.message?.ts ?? body.container?.message_ts;
    if (typeof channel !== 'string' || typeof ts !== 'string')
      throw new UserFacingError(staleControlSentence(context.commandName()));
    await show(await service.read(target), { channel, ts }, body.user.id);
  };
  app.action<BlockAction>({ type: 'block_actions', action_id: ACTION_PERIOD }, rerender);
  app.action<BlockAction>({ type: 'block_actions', action_id: ACTION_REFRESH }, rerender);

  // Every series in numbers, to the person who clicked only: the post in the channel stays short.
  app.action<BlockAction>(
    { type: 'block_actions', action_id: ACTION_DETAILS },
    async ({ ack, action, respond }) => {
      await ack();
      const read = await service.read(targetOf(action));
      await respond({ response_type: 'ephemeral', replace_original: false, ...detailsMessage(read.report) });
      logger.info({ event: 'vector_stats_details_shown', ...read.target }, 'details shown');
    },
  );

  return show;
}
