// The only code of this feature that touches Bolt: `/ops digest [list|remove|preview|preview channel]` and the
// modal's submission. Ack first, then the slow work, awaited. Failures propagate to the guard
// (slack/guard.ts), which tells the person in one sentence; a digest that is gone says so.
import type { AllMiddlewareArgs, App, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import type { Clock } from '../../clock.ts';
import { cantPostReason, slackErrorCode, UserFacingError } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import { channelsSeenBy, type SlackMembership } from '../../slack/membership.ts';
import type { Pacer } from '../../slack/pacer.ts';
import type { CommandContext, CommandRouter } from '../../slack/router.ts';
import type { UserTimeZone } from '../../slack/user-time-zone.ts';
import { personTimeZone } from '../../time/audience.ts';
import { instantInWords } from '../../time/words.ts';
import type { IndexNamesService } from '../index-names/index.ts';
import { composeDigest, type DigestParts } from './compose.ts';
import { initialSettings, parseDigestForm } from './form.ts';
import { ACTION, BLOCK, VIEW } from './ids.ts';
import { type DigestsOutbound, postDigest } from './outbound.ts';
import { type DigestsService, indexCheckError } from './service.ts';
import {
  type Answer,
  cannotPostPreview,
  formNotOpened,
  listAnswer,
  notice,
  outdatedForm,
  previewPostedAnswer,
  removedAnswer,
} from './views/answers.ts';
import { digestMessage } from './views/digest.ts';
import { configureModal, modalMetadataSchema, savedModal } from './views/modal.ts';

type ViewArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

type ListenerDeps = {
  slack: DigestsOutbound;
  /** Parts for a person's preview: the API read afresh. */
  previewParts(): DigestParts;
  /** The index field's type-ahead, and the saved indexes shown with their names. */
  indexes: Pick<IndexNamesService, 'offerIn' | 'optionOf' | 'label'>;
};

/** What the digest commands and form use of the app's shared parts. */
type DigestListenerParts = {
  app: App;
  router: CommandRouter;
  service: DigestsService;
  clock: Clock;
  pacer: Pacer;
  membership: Pick<SlackMembership, 'canSee'>;
  userTimeZone: UserTimeZone;
  logger: Logger;
  commandName(): string;
};

const USER_ZONE_WAIT_MS = 1_000;
// A view submission must be answered within 3 s; the checks get most of that, the save the rest.
const INDEX_CHECK_DEADLINE_MS = 2_000;

const answer = (ctx: CommandContext, a: Answer) =>
  ctx.respond({ response_type: 'ephemeral', text: a.text, blocks: a.blocks });

export function registerDigestListeners(context: DigestListenerParts, deps: ListenerDeps): void {
  deps.indexes.offerIn({ blockId: BLOCK.indexes, actionId: ACTION.value });
  registerFormCommand(context, deps);
  registerListAndRemove(context);
  registerPreview(context, deps);
  registerFormSubmission(context, deps);
}

/** `/ops digest`: the form, filled with this channel's digest or sensible defaults. */
function registerFormCommand(
  { router, service, userTimeZone }: DigestListenerParts,
  deps: ListenerDeps,
): void {
  router.register({
    words: ['digest'],
    capability: 'digest.manage',
    example: 'digest',
    description: "set up or change this channel's daily digest (indexes, time, time zone, days)",
    async handle(ctx) {
      const { command, client } = ctx;
      await ctx.ack();
      // Both are quick; the user's zone is capped so the trigger (3 s) is still fresh for views.open.
      const [existing, zone] = await Promise.all([
        service.get(command.channel_id),
        userTimeZone(client, command.user_id, USER_ZONE_WAIT_MS),
      ]);
      const settings = initialSettings(existing, zone);
      const view = configureModal({
        channelId: command.channel_id,
        settings,
        indexOptions: await Promise.all(settings.indexIds.map((id) => deps.indexes.optionOf(id))),
        editing: existing !== undefined,
        ...(existing === undefined && zone === undefined
          ? { zoneNote: 'Your own time zone could not be read, so UTC is filled in; change it if needed.' }
          : {}),
      });
      await client.views.open({ trigger_id: command.trigger_id, view }).catch(async (err: unknown) => {
        // The fix (run it again) is the person's, and this form's own words say so.
        const code = slackErrorCode(err);
        if (code !== 'expired_trigger_id' && code !== 'exchanged_trigger_id') throw err;
        await answer(ctx, notice(`:hourglass: ${formNotOpened}`));
      });
    },
  });
}

function registerListAndRemove({ router, service, membership, userTimeZone }: DigestListenerParts): void {
  router.register({
    words: ['digest', 'list'],
    example: 'digest list',
    description: 'the daily digests of the channels you can see, with their next run in your time zone',
    async handle(ctx) {
      await ctx.ack();
      const userId = ctx.command.user_id;
      const [subscriptions, zone] = await Promise.all([
        service.list(),
        userTimeZone(ctx.client, userId, USER_ZONE_WAIT_MS),
      ]);
      // A private channel's digest is listed to its members only.
      const channels = subscriptions.map((s) => s.channelId);
      const { seen, unanswered } = await channelsSeenBy(membership, userId, channels);
      const shown = subscriptions.filter((s) => seen.has(s.channelId));
      const viewer = { timeZone: personTimeZone(zone), zoneKnown: zone !== undefined };
      await answer(ctx, listAnswer(shown, viewer, ctx.command.command, unanswered));
    },
  });

  router.register({
    words: ['digest', 'remove'],
    capability: 'digest.manage',
    example: 'digest remove',
    description: "stop this channel's daily digest",
    async handle(ctx) {
      await ctx.ack();
      const { command } = ctx;
      await service.remove(command.channel_id);
      ctx.logger.info({ event: 'digest_removed', channel: command.channel_id }, 'digest removed');
      await answer(ctx, removedAnswer(command.channel_id, command.command));
    },
  });
}

function registerPreview(context: DigestListenerParts, deps: ListenerDeps): void {
  const { router, service, clock } = context;
  // The "send test": only to the person by default, so trying a digest out never disturbs the
  // channel; `preview channel` posts it there, marked as a preview. Neither is the day's run: the
  // schedule and the run records are untouched. `channel` is a word of the command, not a value
  // (a channel is the one typed in), so it is a subcommand of its own: `preview #team-ops` is
  // answered by the router with what may follow `preview`.
  const preview = (where: 'person' | 'channel') => async (ctx: CommandContext) => {
    await ctx.ack();
    const name = ctx.command.command;
    const channelId = ctx.command.channel_id;
    const subscription = await service.toPreview(channelId, name);
    const now = clock();
    const content = await composeDigest(deps.previewParts(), { subscription, scheduledFor: now, now });
    if (where === 'channel') {
      await postDigest(deps.slack, content, { preview: true, command: name, pacer: context.pacer }).catch(
        (err: unknown) => {
          const reason = cantPostReason(err);
          throw reason === undefined ? err : new UserFacingError(cannotPostPreview(channelId, reason, name));
        },
      );
      return void (await answer(ctx, previewPostedAnswer(channelId)));
    }
    // A fresh upload may not be usable in a response_url answer yet (Slack's answer there is not
    // the Web API's "invalid slack file"): the numbers are what a preview is for, so they go without.
    await answer(ctx, digestMessage(content, { preview: true, command: name })).catch(() =>
      answer(ctx, digestMessage(content, { preview: true, command: name, withoutImage: true })),
    );
  };
  router.register({
    words: ['digest', 'preview'],
    example: 'digest preview',
    capability: 'digest.manage',
    description: "this channel's digest now, only to you (type it in the channel whose digest you want)",
    handle: preview('person'),
  });
  router.register({
    words: ['digest', 'preview', 'channel'],
    example: 'digest preview channel',
    capability: 'digest.manage',
    description: "this channel's digest now, posted in the channel for everyone, marked as a preview",
    handle: preview('channel'),
  });
}

/** The form's submission: checked against the API within Slack's 3 s, then saved. */
function registerFormSubmission(context: DigestListenerParts, deps: ListenerDeps): void {
  const { service } = context;
  context.app.view<ViewSubmitAction>(VIEW.configure, async ({ ack, body, view }: ViewArgs) => {
    const command = context.commandName();
    const meta = modalMetadataSchema.safeParse(view.private_metadata);
    if (!meta.success)
      return ack({ response_action: 'errors', errors: { [BLOCK.indexes]: outdatedForm(command) } });
    const parsed = parseDigestForm(view.state.values);
    if (!parsed.ok) return ack({ response_action: 'errors', errors: parsed.errors });
    const { settings } = parsed;
    const checks = await service.checkIndexes(settings.indexIds, settings.period, INDEX_CHECK_DEADLINE_MS);
    const problem = indexCheckError(checks);
    if (problem !== undefined)
      return ack({ response_action: 'errors', errors: { [BLOCK.indexes]: problem } });
    const { channelId, editing } = meta.data;
    const saved = await service.save({
      channelId,
      userId: body.user.id,
      settings,
      editing,
      command,
    });
    await ack({
      response_action: 'update',
      view: savedModal({
        channelId,
        settings,
        command,
        nextRunText: instantInWords(saved.nextRunAt, saved.timeZone),
        indexLabels: await Promise.all(settings.indexIds.map((id) => deps.indexes.label(id))),
      }),
    });
    context.logger.info(
      {
        event: 'digest_saved',
        feature: 'digests',
        channel: channelId,
        user: body.user.id,
        indexes: settings.indexIds.length,
      },
      'digest saved',
    );
  });
}
