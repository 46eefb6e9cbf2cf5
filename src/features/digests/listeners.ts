// The only code of this feature that touches Bolt: `/ops digest [list|remove|preview]`, the modal's
// submission, and the scheduler's start and stop. Ack first, then the slow work, awaited.
import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import type { FeatureContext } from '../../feature-context.ts';
import type { CommandContext } from '../../slack/router.ts';
import { userTimeZone } from '../../slack/user-time-zone.ts';
import { instantInWords } from '../../time/zones.ts';
import { composeDigest } from './compose.ts';
import { digestMessage } from './digest-view.ts';
import { BLOCK, CALLBACK_CONFIGURE, initialSettings, parseDigestForm } from './form.ts';
import { configureModal, decodeMetadata, savedModal } from './modal-view.ts';
import { classifyPostError, postDigest, UNREACHABLE_WORDS } from './poster.ts';
import { createDigestsRuntime, type DigestsOptions, type DigestsRuntime } from './runtime.ts';
import type { TickReport } from './scheduler.ts';
import { checkIndexes, indexCheckError, saveDigest } from './service.ts';
import {
  type Answer,
  cannotPostAnswer,
  formNotOpened,
  listAnswer,
  noDigestHere,
  previewPostedAnswer,
  removedAnswer,
  somethingWentWrong,
  usageAnswer,
} from './views.ts';

type ViewArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

export { type DigestsOptions, type DigestsRuntime, digestsRuntimeOf } from './runtime.ts';

const USER_ZONE_WAIT_MS = 1_000;
// A view submission must be answered within 3 s; the checks get most of that, the save the rest.
const INDEX_CHECK_DEADLINE_MS = 2_000;

export function registerDigests(
  context: FeatureContext,
  options: DigestsOptions = {},
): { runOnce(): Promise<TickReport> } {
  const runtime = createDigestsRuntime(context, options);
  const feature = new DigestListeners(context, runtime);
  const { router } = context;
  router.register({
    words: ['digest'],
    example: 'digest',
    description: "set up or change this channel's daily digest (indexes, time, time zone, days)",
    handle: (ctx) => feature.configure(ctx),
  });
  router.register({
    words: ['digest', 'list'],
    example: 'digest list',
    description: 'every channel’s daily digest, with its next run in your time zone',
    handle: (ctx) => feature.list(ctx),
  });
  router.register({
    words: ['digest', 'remove'],
    example: 'digest remove',
    description: "stop this channel's daily digest",
    handle: (ctx) => feature.remove(ctx),
  });
  router.register({
    words: ['digest', 'preview'],
    usage: '[channel]',
    example: 'digest preview channel',
    description: 'the digest now, only to you — or to the channel with `channel`',
    handle: (ctx) => feature.preview(ctx),
  });
  context.app.view<ViewSubmitAction>(CALLBACK_CONFIGURE, (args) => feature.submit(args));
  context.lifecycle.onStart(() => runtime.scheduler.start());
  context.lifecycle.onStop(() => runtime.scheduler.stop());
  return { runOnce: () => runtime.scheduler.runOnce() };
}

class DigestListeners {
  readonly #context: FeatureContext;
  readonly #runtime: DigestsRuntime;

  constructor(context: FeatureContext, runtime: DigestsRuntime) {
    this.#context = context;
    this.#runtime = runtime;
  }

  async configure(ctx: CommandContext): Promise<void> {
    const { command, client } = ctx;
    await ctx.ack();
    if (ctx.args.length > 0) return this.#answer(ctx, usageAnswer(command.command, ctx.args.join(' ')));
    try {
      // Both are quick; the user's zone is capped so the trigger (3 s) is still fresh for views.open.
      const [existing, zone] = await Promise.all([
        this.#context.store.getSubscription(command.channel_id),
        userTimeZone(client, command.user_id, USER_ZONE_WAIT_MS),
      ]);
      const settings = initialSettings(existing, zone);
      await client.views.open({
        trigger_id: command.trigger_id,
        view: configureModal({
          channelId: command.channel_id,
          settings,
          editing: existing !== undefined,
          ...(existing === undefined && zone === undefined
            ? { zoneNote: 'Your own time zone could not be read, so UTC is filled in; change it if needed.' }
            : {}),
        }),
      });
    } catch (err) {
      const { code } = classifyPostError(err);
      ctx.logger.error({ event: 'digest_modal_failed', code }, 'could not open modal');
      await this.#answer(ctx, formNotOpened(code));
    }
  }

  async submit({ ack, body, view }: ViewArgs): Promise<void> {
    // The feature's own logger: Bolt's would flatten these fields into the message text.
    const logger = this.#context.logger.child({ feature: 'digests' });
    const meta = decodeMetadata(view.private_metadata);
    if (meta === undefined) {
      await ack({
        response_action: 'errors',
        errors: { [BLOCK.indexes]: 'This form is out of date — close it and run /ops digest again.' },
      });
      return;
    }
    const parsed = parseDigestForm(view.state.values);
    if (!parsed.ok) {
      await ack({ response_action: 'errors', errors: parsed.errors });
      return;
    }
    const { settings } = parsed;
    const checks = await checkIndexes(
      this.#context.mgmt,
      settings.indexIds,
      settings.period,
      INDEX_CHECK_DEADLINE_MS,
    );
    const problem = indexCheckError(checks);
    if (problem !== undefined) {
      await ack({ response_action: 'errors', errors: { [BLOCK.indexes]: problem } });
      return;
    }
    try {
      const saved = await saveDigest(this.#context.store, this.#context.clock, {
        channelId: meta.channelId,
        userId: body.user.id,
        settings,
      });
      await ack({
        response_action: 'update',
        view: savedModal({
          channelId: meta.channelId,
          settings,
          nextRunText: `${instantInWords(saved.nextRunAt, saved.timeZone)} (${saved.timeZone})`,
        }),
      });
      logger.info(
        {
          event: 'digest_saved',
          channel: meta.channelId,
          user: body.user.id,
          indexes: settings.indexIds.length,
        },
        'digest saved',
      );
    } catch (err) {
      logger.error(
        { event: 'digest_save_failed', err: { name: err instanceof Error ? err.name : 'unknown' } },
        'save failed',
      );
      await ack({
        response_action: 'errors',
        errors: { [BLOCK.indexes]: 'opsbot could not save the digest; please try again.' },
      });
    }
  }

  async list(ctx: CommandContext): Promise<void> {
    await ctx.ack();
    await this.#orApologise(ctx, () => this.#list(ctx));
  }

  async #list(ctx: CommandContext): Promise<void> {
    const [subscriptions, zone] = await Promise.all([
      this.#context.store.listSubscriptions(),
      userTimeZone(ctx.client, ctx.command.user_id, USER_ZONE_WAIT_MS),
    ]);
    const viewer = { timeZone: zone ?? 'UTC', zoneKnown: zone !== undefined };
    await this.#answer(ctx, listAnswer(subscriptions, viewer, ctx.command.command));
  }

  async remove(ctx: CommandContext): Promise<void> {
    await ctx.ack();
    await this.#orApologise(ctx, () => this.#remove(ctx));
  }

  async #remove(ctx: CommandContext): Promise<void> {
    if (ctx.args.length > 0)
      return this.#answer(ctx, usageAnswer(ctx.command.command, `remove ${ctx.args.join(' ')}`));
    const channelId = ctx.command.channel_id;
    const removed = await this.#context.store.deleteSubscription(channelId);
    if (removed) ctx.logger.info({ event: 'digest_removed', channel: channelId }, 'digest removed');
    await this.#answer(ctx, removedAnswer(channelId, removed, ctx.command.command));
  }

  /**
   * The "send test": ephemeral by default, so trying a digest out never disturbs the channel;
   * `preview channel` posts it there, marked as a preview. Neither is the day's run: the schedule
   * and the run records are untouched.
   */
  async preview(ctx: CommandContext): Promise<void> {
    await ctx.ack();
    await this.#orApologise(ctx, () => this.#preview(ctx));
  }

  async #preview(ctx: CommandContext): Promise<void> {
    const name = ctx.command.command;
    const [where, ...extra] = ctx.args.map((a) => a.toLowerCase());
    if ((where !== undefined && where !== 'channel') || extra.length > 0) {
      return this.#answer(ctx, usageAnswer(name, `preview ${ctx.args.join(' ')}`));
    }
    const channelId = ctx.command.channel_id;
    const subscription = await this.#context.store.getSubscription(channelId);
    if (subscription === undefined) return this.#answer(ctx, noDigestHere(channelId, name));
    const now = this.#context.clock();
    const content = await composeDigest(this.#runtime.parts('fresh'), {
      subscription,
      scheduledFor: now,
      now,
    });
    if (where === 'channel') {
      try {
        await postDigest(this.#runtime.slack, content, {
          preview: true,
          command: name,
          pacer: this.#runtime.pacer,
        });
        await this.#answer(ctx, previewPostedAnswer(channelId));
      } catch (err) {
        const failure = classifyPostError(err);
        ctx.logger.warn({ event: 'digest_preview_failed', code: failure.code }, 'preview not posted');
        await this.#answer(
          ctx,
          failure.kind === 'unreachable'
            ? cannotPostAnswer(channelId, UNREACHABLE_WORDS[failure.code] ?? failure.code, name)
            : somethingWentWrong(),
        );
      }
      return;
    }
    try {
      await this.#answer(ctx, digestMessage(content, { preview: true, command: name }));
    } catch {
      // A fresh upload may not be usable yet; the numbers are what a preview is for.
      await this.#answer(ctx, digestMessage(content, { preview: true, command: name, withoutImage: true }));
    }
  }

  /** A store or Slack failure gets one plain sentence; the log gets the detail. */
  async #orApologise(ctx: CommandContext, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (err) {
      ctx.logger.error(
        { event: 'digest_command_failed', err: { name: err instanceof Error ? err.name : 'unknown' } },
        'digest command failed',
      );
      await this.#answer(ctx, somethingWentWrong()).catch(() => {});
    }
  }

  async #answer(ctx: CommandContext, answer: Answer): Promise<void> {
    await ctx.respond({ response_type: 'ephemeral', text: answer.text, blocks: answer.blocks });
  }
}
