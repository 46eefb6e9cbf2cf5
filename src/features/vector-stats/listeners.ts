// The only code of this feature that touches Bolt: `/ops vector stats` (alias `/ops stats`), and the
// period picker and Refresh button on the message it posts. Ack first, then the slow work, awaited.
import type { AllMiddlewareArgs, BlockAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { describeApiError, isManagementApiError } from '../../api/index.ts';
import type { FeatureContext } from '../../feature-context.ts';
import type { Logger } from '../../log.ts';
import type { CommandContext } from '../../slack/router.ts';
import {
  type ImageSlot,
  type SentMessage,
  type ShowPngResult,
  showPng,
  slackErrorCode,
} from '../../slack/upload.ts';
import { detailsMessage } from './details-view.ts';
import { decodeTarget, parseStatsCommand, type StatsTarget } from './input.ts';
import { type CardRenderer, loadStatsReport, loadStatsView, type StatsView } from './service.ts';
import {
  ACTION_DETAILS,
  ACTION_PERIOD,
  ACTION_REFRESH,
  apiErrorNotice,
  badIdNotice,
  badPeriodNotice,
  extraArgsNotice,
  missingIdNotice,
  notFoundNotice,
  notInChannelNotice,
  notice,
  type StatsMessage,
  somethingWentWrongNotice,
  statsMessage,
} from './views.ts';

type WebClient = AllMiddlewareArgs['client'];
type ActionArgs = SlackActionMiddlewareArgs<BlockAction> & AllMiddlewareArgs;

export type VectorStatsOptions = {
  /** Tests swap the renderer or shorten the "invalid slack file" backoff; production uses defaults. */
  renderer?: CardRenderer;
  retryDelaysMs?: readonly number[];
};

// Slack's answers when the bot may not post in a channel: a public one it hasn't joined, or a
// private one it can't see at all.
const NOT_A_MEMBER = new Set(['not_in_channel', 'channel_not_found']);

/** Posts a stats message for `target` in `channel`; problems go to `reply` (the person who asked). */
export type StatsPoster = (
  target: StatsTarget,
  io: {
    client: WebClient;
    userId: string;
    channel: string;
    /** Post in this message's thread (a watch's alert) rather than in the channel. */
    threadTs?: string;
    reply: (message: StatsMessage) => Promise<unknown>;
  },
) => Promise<void>;

export function registerVectorStats(context: FeatureContext, options: VectorStatsOptions = {}): StatsPoster {
  const feature = new VectorStatsListeners(context, options);
  context.router.register({
    words: ['vector', 'stats'],
    aliases: [['stats']],
    usage: '<index-id> [period]',
    example: 'vector stats idx-1 7d',
    description:
      'what changed in a vector index, with its stats card, posted in the channel; pick another period or see every series on it',
    handle: (ctx) => feature.command(ctx),
  });
  context.app.action<BlockAction>({ type: 'block_actions', action_id: ACTION_PERIOD }, (args) =>
    feature.action(args),
  );
  context.app.action<BlockAction>({ type: 'block_actions', action_id: ACTION_REFRESH }, (args) =>
    feature.action(args),
  );
  context.app.action<BlockAction>({ type: 'block_actions', action_id: ACTION_DETAILS }, (args) =>
    feature.details(args),
  );
  return (target, io) => feature.post(target, io);
}

class VectorStatsListeners {
  readonly #context: FeatureContext;
  readonly #options: VectorStatsOptions;

  constructor(context: FeatureContext, options: VectorStatsOptions) {
    this.#context = context;
    this.#options = options;
  }

  async command(ctx: CommandContext): Promise<void> {
    const name = ctx.command.command;
    const parsed = parseStatsCommand(ctx.args);
    if (!parsed.ok) {
      const given = parsed.given ?? '';
      const answer =
        parsed.problem === 'missing_id'
          ? missingIdNotice(name)
          : parsed.problem === 'bad_id'
            ? badIdNotice(name, given)
            : parsed.problem === 'bad_period'
              ? badPeriodNotice(name, given)
              : extraArgsNotice(name, given);
      await ctx.ack({ response_type: 'ephemeral', ...answer });
      return;
    }
    await ctx.ack();
    const target = parsed.target;
    const logger = ctx.logger.child({
      feature: 'vector-stats',
      indexId: target.indexId,
      period: target.period,
    });
    const reply = (message: StatsMessage) => ctx.respond({ response_type: 'ephemeral', ...message });
    await this.#show(target, {
      client: ctx.client,
      logger,
      userId: ctx.command.user_id,
      where: { channel: ctx.command.channel_id },
      reply,
      commandName: name,
    });
  }

  async action(args: ActionArgs): Promise<void> {
    await args.ack();
    const { body, action } = args;
    const value =
      action.type === 'static_select'
        ? action.selected_option?.value
        : action.type === 'button'
          ? action.value
          : undefined;
    const logger = this.#context.logger.child({
      feature: 'vector-stats',
      user: body.user.id,
      action: action.action_id,
    });
    const reply = async (message: StatsMessage) => {
      await args.respond({ response_type: 'ephemeral', replace_original: false, ...message });
    };
    const target = decodeTarget(value);
    const channel = body.channel?.id ?? body.container?.channel_id;
    const ts = body.message?.ts ?? body.container?.message_ts;
    if (target === undefined || typeof channel !== 'string' || typeof ts !== 'string') {
      logger.warn({ event: 'vector_stats_bad_action' }, 'action without a usable target');
      await reply(notice(':warning: That control is out of date. Run `/ops vector stats <index-id>` again.'));
      return;
    }
    await this.#show(target, {
      client: args.client,
      logger: logger.child({ indexId: target.indexId, period: target.period }),
      userId: body.user.id,
      where: { channel, ts },
      reply,
      commandName: '/ops',
    });
  }

  /** The same post as the command's, asked for from elsewhere (the Home tab's *Stats for…*). */
  post(target: StatsTarget, io: Parameters<StatsPoster>[1]): Promise<void> {
    const logger = this.#context.logger.child({
      feature: 'vector-stats',
      indexId: target.indexId,
      period: target.period,
    });
    return this.#show(target, {
      client: io.client,
      logger,
      userId: io.userId,
      where: { channel: io.channel, ...(io.threadTs === undefined ? {} : { thread: io.threadTs }) },
      reply: io.reply,
      commandName: '/ops',
    });
  }

  /** *Details*: every series in numbers, to the person who clicked only (the post stays short). */
  async details(args: ActionArgs): Promise<void> {
    await args.ack();
    const { body, action } = args;
    const logger = this.#context.logger.child({
      feature: 'vector-stats',
      user: body.user.id,
      action: action.action_id,
    });
    const reply = (message: StatsMessage) =>
      this.#safeReply(
        (m) => args.respond({ response_type: 'ephemeral', replace_original: false, ...m }),
        message,
        logger,
      );
    const target = decodeTarget(action.type === 'button' ? action.value : undefined);
    if (target === undefined) {
      logger.warn({ event: 'vector_stats_bad_action' }, 'action without a usable target');
      await reply(notice(':warning: That control is out of date. Run `/ops vector stats <index-id>` again.'));
      return;
    }
    try {
      const report = await loadStatsReport({ mgmt: this.#context.mgmt }, target);
      await reply(detailsMessage(report));
      logger.info(
        { event: 'vector_stats_details_shown', indexId: target.indexId, period: target.period },
        'details shown',
      );
    } catch (err) {
      logger.warn(
        { event: 'vector_stats_api_error', kind: isManagementApiError(err) ? err.kind : 'unexpected' },
        'could not load vector index stats',
      );
      await reply(
        isManagementApiError(err) && err.kind === 'not_found'
          ? notFoundNotice(target.indexId)
          : apiErrorNotice(target.indexId, describeApiError(err)),
      );
    }
  }

  async #show(
    target: StatsTarget,
    io: {
      client: WebClient;
      logger: Logger;
      userId: string;
      where: { channel: string; ts?: string; thread?: string };
      reply: (message: StatsMessage) => Promise<unknown>;
      commandName: string;
    },
  ): Promise<void> {
    const { logger } = io;
    const started = this.#context.clock();
    let view: StatsView;
    try {
      view = await loadStatsView(
        {
          mgmt: this.#context.mgmt,
          logger,
          ...(this.#options.renderer ? { renderer: this.#options.renderer } : {}),
        },
        target,
      );
    } catch (err) {
      logger.warn(
        { event: 'vector_stats_api_error', kind: isManagementApiError(err) ? err.kind : 'unexpected' },
        'could not load vector index stats',
      );
      const answer =
        isManagementApiError(err) && err.kind === 'not_found'
          ? notFoundNotice(target.indexId)
          : apiErrorNotice(target.indexId, describeApiError(err));
      await this.#safeReply(io.reply, answer, logger);
      return;
    }
    try {
      const result = await this.#publish(io.client, view, io, logger);
      logger.info(
        {
          event: io.where.ts === undefined ? 'vector_stats_posted' : 'vector_stats_updated',
          channel: result.channel,
          ts: result.ts,
          shownAs: result.shownAs,
          attempts: result.attempts,
          ms: this.#context.clock() - started,
        },
        'vector index stats shown',
      );
    } catch (err) {
      const code = slackErrorCode(err);
      logger.warn(
        { event: 'vector_stats_post_failed', slackError: code ?? 'unexpected' },
        'could not post stats',
      );
      await this.#safeReply(
        io.reply,
        code !== undefined && NOT_A_MEMBER.has(code)
          ? notInChannelNotice(io.commandName)
          : somethingWentWrongNotice(),
        logger,
      );
    }
  }

  #publish(
    client: WebClient,
    view: StatsView,
    io: { userId: string; where: { channel: string; ts?: string; thread?: string } },
    logger: Logger,
  ): Promise<ShowPngResult> {
    const { channel, ts, thread } = io.where;
    const send = async (image: ImageSlot): Promise<SentMessage> => {
      const message = statsMessage({
        report: view.report,
        image,
        userId: io.userId,
        updated: ts !== undefined,
      });
      if (ts === undefined) {
        const posted = await client.chat.postMessage({
          channel,
          ...message,
          ...(thread === undefined ? {} : { thread_ts: thread }),
        });
        return { channel: posted.channel ?? channel, ts: posted.ts ?? '' };
      }
      await client.chat.update({ channel, ts, ...message });
      return { channel, ts };
    };
    if (view.card === undefined) {
      return send({ kind: 'missing' }).then((sent) => ({ ...sent, shownAs: 'none' as const, attempts: 0 }));
    }
    return showPng(client, view.card, {
      send,
      logger,
      ...(this.#options.retryDelaysMs ? { retryDelaysMs: this.#options.retryDelaysMs } : {}),
    });
  }

  /** The user's answer is best effort: a response_url can expire; the log keeps the story. */
  async #safeReply(reply: (m: StatsMessage) => Promise<unknown>, message: StatsMessage, logger: Logger) {
    try {
      await reply(message);
    } catch (err) {
      logger.warn(
        { event: 'vector_stats_reply_failed', err: { name: (err as Error)?.name } },
        'reply failed',
      );
    }
  }
}
