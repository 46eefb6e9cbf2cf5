// The Bolt side of `/ops messaging accounts` (alias `/ops accounts`) and its "Show more" / "Share in
// channel" buttons. The summary is ephemeral (account records carry e-mail addresses and budgets)
// until someone chooses to share it; buttons carry a list position, nothing else. A failing API is
// answered with the summary's own problem message; anything else is thrown, and the guard answers.
import type {
  AllMiddlewareArgs,
  App,
  BlockAction,
  ButtonAction,
  RespondFn,
  SlackActionMiddlewareArgs,
} from '@slack/bolt';
import { z } from 'zod';
import { describeApiError, isManagementApiError } from '../../api/index.ts';
import type { Clock } from '../../clock.ts';
import { errField, UserFacingError } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import { messageSize } from '../../slack/blocks.ts';
import { respondWithFallback } from '../../slack/respond.ts';
import type { CommandRouter } from '../../slack/router.ts';
import { ACTION } from './ids.ts';
import type { MessagingAccountsService } from './service.ts';
import {
  type AccountPage,
  type AccountsView,
  accountsView,
  noAccountsMessage,
  problemMessage,
  type Rendered,
  staleButtonSentence,
} from './views.ts';

// A position in the sorted list; anything else did not come from our own button.
const buttonValue = z
  .string()
  .regex(/^\d{1,7}$/)
  .transform(Number);

type Click = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & Pick<AllMiddlewareArgs, 'client'>;

export function registerMessagingAccounts(
  context: { router: CommandRouter; app: App; clock: Clock; logger: Logger; commandName(): string },
  service: Pick<MessagingAccountsService, 'summaries'>,
): void {
  const { router, app, clock } = context;

  /** The current list as pages, or what to show instead (no accounts, or the API failing). */
  async function loadView(logger: Logger): Promise<AccountsView | Rendered> {
    const listed = await service.summaries().catch((error: unknown) => {
      if (!isManagementApiError(error)) throw error;
      // errField names the API's kind of failure; the transport's own code (ECONNREFUSED…) tells an
      // operator where to look.
      logger.warn(
        { event: 'accounts_list_failed', err: errField(error), transportCode: error.code ?? null },
        'listing messaging accounts failed',
      );
      return problemMessage(describeApiError(error));
    });
    if (!('summaries' in listed)) return listed;
    const { summaries, unreadable } = listed;
    return summaries.length === 0
      ? noAccountsMessage(unreadable)
      : accountsView(summaries, clock(), unreadable);
  }

  const staleButton = () => new UserFacingError(staleButtonSentence(context.commandName()));

  /** The page a button points at, as the list is now (fetched again: no data rides in a button). */
  async function pageFor({ action }: Click, logger: Logger) {
    const offset = buttonValue.safeParse(action.value);
    if (!offset.success) throw staleButton();
    const view = await loadView(logger);
    if (!('pages' in view)) return { answer: view };
    const page = view.pageAt(offset.data);
    // pageAt only misses when there are no pages, and then loadView said so already.
    return page === undefined ? { answer: noAccountsMessage() } : { view, page };
  }

  router.register({
    words: ['messaging', 'accounts'],
    capability: 'accounts',
    aliases: [['accounts']],
    example: 'messaging accounts',
    description:
      'Plans and limits of every messaging account, credentials never shown; only you see it until you share it.',
    async handle({ ack, respond, logger }) {
      await ack();
      const view = await loadView(logger);
      if (!('pages' in view)) return send(respond, view);
      const first = view.pages[0] as AccountPage;
      const rendered = view.render(first, { kind: 'ephemeral' });
      logger.info(
        { event: 'accounts_listed', ...figures(view, first, rendered) },
        'messaging accounts listed',
      );
      await send(respond, rendered);
    },
  });

  /** Who clicked where, and an answer that outlives the response_url (a summary is read for long). */
  async function clicked(click: Click, action: string) {
    await click.ack();
    const { body, client } = click;
    const user = body.user.id;
    const channel = body.channel?.id ?? body.container?.channel_id;
    const logger = context.logger.child({ user, action, channel });
    return {
      user,
      channel,
      logger,
      respond: respondWithFallback(click.respond, { client, channel, user, logger }),
    };
  }

  app.action<BlockAction<ButtonAction>>(
    { type: 'block_actions', action_id: ACTION.showMore },
    async (click) => {
      const { logger, respond } = await clicked(click, ACTION.showMore);
      const found = await pageFor(click, logger);
      if (found.answer !== undefined) return send(respond, found.answer);
      const rendered = found.view.render(found.page, { kind: 'ephemeral' });
      logger.info(
        { event: 'accounts_page_shown', ...figures(found.view, found.page, rendered) },
        'messaging accounts page shown',
      );
      await send(respond, rendered);
    },
  );

  app.action<BlockAction<ButtonAction>>({ type: 'block_actions', action_id: ACTION.share }, async (click) => {
    const { user, channel, logger, respond } = await clicked(click, ACTION.share);
    if (typeof channel !== 'string') throw staleButton();
    const found = await pageFor(click, logger);
    if (found.answer !== undefined) return send(respond, found.answer);
    const rendered = found.view.render(found.page, { kind: 'shared', sharedBy: user });
    // Slack refusing the post (opsbot not in the channel, archived…) is the guard's to word (CANT_POST).
    await click.client.chat.postMessage({ channel, text: rendered.text, blocks: rendered.blocks });
    logger.info(
      { event: 'accounts_shared', ...figures(found.view, found.page, rendered) },
      'messaging accounts shared',
    );
  });
}

/** Always a new ephemeral message: earlier pages stay where the user was reading them. */
async function send(respond: RespondFn, message: Rendered): Promise<void> {
  await respond({ response_type: 'ephemeral', replace_original: false, ...message });
}

/** Sizes for the log, so a page creeping towards Slack's limits shows up before it fails. */
function figures(view: AccountsView, page: AccountPage, rendered: Rendered) {
  return {
    accounts: view.total,
    pages: view.pages.length,
    page: view.pages.indexOf(page) + 1,
    ...messageSize(rendered.blocks),
  };
}
