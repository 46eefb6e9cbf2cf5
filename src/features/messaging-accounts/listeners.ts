// The only code here that touches Bolt: `/ops messaging accounts` (alias `/ops accounts`), and the
// "Show more" / "Share in channel" buttons. The summary is ephemeral (account records carry e-mail
// addresses and budgets) until someone chooses to share it; buttons carry a list position, nothing else.
import type { BlockAction, ButtonAction, RespondFn } from '@slack/bolt';
import { z } from 'zod';
import { describeApiError, isManagementApiError } from '../../api/index.ts';
import type { FeatureContext } from '../../feature-context.ts';
import type { Logger } from '../../log.ts';
import { textWeight } from '../../slack/blocks.ts';
import { escapeMrkdwn, quoteUserText } from '../../slack/mrkdwn.ts';
import { respondWithFallback } from '../../slack/respond.ts';
import { type AccountSummaries, listAccountSummaries } from './service.ts';
import {
  ACTION_SHARE,
  ACTION_SHOW_MORE,
  type AccountPage,
  type AccountsView,
  accountsView,
  noAccountsMessage,
  problemMessage,
  type Rendered,
} from './views.ts';

// A position in the sorted list; anything else did not come from our own button.
const buttonValue = z
  .string()
  .regex(/^\d{1,7}$/)
  .transform(Number);

export function registerMessagingAccounts(context: FeatureContext): void {
  const { router, app, mgmt, clock } = context;

  /** The current list as pages, or the message to show instead (no accounts, or a failure). */
  async function loadView(logger: Logger): Promise<AccountsView | Rendered> {
    let listed: AccountSummaries;
    try {
      listed = await listAccountSummaries(mgmt);
    } catch (err) {
      logger.warn(
        { event: 'accounts_list_failed', err: errorDetail(err) },
        'listing messaging accounts failed',
      );
      return problemMessage(describeApiError(err));
    }
    const { summaries, unreadable } = listed;
    if (summaries.length === 0) return noAccountsMessage(unreadable);
    try {
      return accountsView(summaries, clock(), unreadable);
    } catch (err) {
      // A bug of ours, not the API's: say so rather than blame the API.
      logger.error({ event: 'accounts_render_failed', err: errorDetail(err) }, 'rendering accounts failed');
      return problemMessage('opsbot couldn’t lay out the accounts summary; the details are in the log.');
    }
  }

  router.register({
    words: ['messaging', 'accounts'],
    aliases: [['accounts']],
    example: 'messaging accounts',
    description:
      'Plans and limits of every messaging account, credentials never shown; only you see it until you share it.',
    async handle({ ack, respond, args, command, logger }) {
      if (args.length > 0) {
        const usage = `${escapeMrkdwn(command.command)} messaging accounts`;
        await ack({
          response_type: 'ephemeral',
          text: `\`${usage}\` takes no arguments, but got ${quoteUserText(args.join(' '))}. Try \`${usage}\`.`,
        });
        return;
      }
      await ack();
      const view = await loadView(logger);
      if (!('pages' in view)) return send(respond, logger, view);
      const first = view.pages[0];
      if (first === undefined) return;
      const rendered = view.render(first, { kind: 'ephemeral' });
      logger.info(
        { event: 'accounts_listed', ...figures(view, first, rendered) },
        'messaging accounts listed',
      );
      await send(respond, logger, rendered);
    },
  });

  app.action<BlockAction<ButtonAction>>(
    { type: 'block_actions', action_id: ACTION_SHOW_MORE },
    async ({ ack, body, action, respond: viaUrl, client }) => {
      await ack();
      const logger = context.logger.child({ user: body.user.id, action: ACTION_SHOW_MORE });
      // The summary may be read for longer than its response_url lives.
      const respond = respondWithFallback(viaUrl, {
        client,
        channel: body.channel?.id ?? body.container?.channel_id,
        user: body.user.id,
        logger,
      });
      const offset = buttonValue.safeParse(action.value);
      if (!offset.success) return send(respond, logger, staleButton());
      const view = await loadView(logger);
      if (!('pages' in view)) return send(respond, logger, view);
      const page = view.pageAt(offset.data);
      if (page === undefined) return;
      const rendered = view.render(page, { kind: 'ephemeral' });
      logger.info(
        { event: 'accounts_page_shown', ...figures(view, page, rendered) },
        'messaging accounts page shown',
      );
      await send(respond, logger, rendered);
    },
  );

  app.action<BlockAction<ButtonAction>>(
    { type: 'block_actions', action_id: ACTION_SHARE },
    async ({ ack, body, action, respond: viaUrl, client }) => {
      await ack();
      const user = body.user.id;
      const channel = body.channel?.id ?? body.container?.channel_id;
      const logger = context.logger.child({ user, action: ACTION_SHARE, channel });
      const respond = respondWithFallback(viaUrl, { client, channel, user, logger });
      const offset = buttonValue.safeParse(action.value);
      if (!offset.success || typeof channel !== 'string') return send(respond, logger, staleButton());
      // Fetched again, not carried in the button: what is shared is current, and no data rides along.
      const view = await loadView(logger);
      if (!('pages' in view)) return send(respond, logger, view);
      const page = view.pageAt(offset.data);
      if (page === undefined) return;
      const rendered = view.render(page, { kind: 'shared', sharedBy: user });
      try {
        await client.chat.postMessage({ channel, text: rendered.text, blocks: rendered.blocks });
        logger.info(
          { event: 'accounts_shared', ...figures(view, page, rendered) },
          'messaging accounts shared',
        );
      } catch (err) {
        const code = slackErrorCode(err);
        logger.warn(
          { event: 'accounts_share_failed', slackError: code, err: errorDetail(err) },
          'sharing messaging accounts failed',
        );
        await send(respond, logger, shareFailed(code));
      }
    },
  );
}

/** Always a new ephemeral message: earlier pages stay where the user was reading them. */
async function send(respond: RespondFn, logger: Logger, message: Rendered): Promise<void> {
  try {
    await respond({ response_type: 'ephemeral', replace_original: false, ...message });
  } catch (err) {
    logger.warn({ event: 'respond_failed', err: errorDetail(err) }, 'could not answer through response_url');
  }
}

/** Sizes for the log, so a page creeping towards Slack's limits shows up before it fails. */
function figures(view: AccountsView, page: AccountPage, rendered: Rendered) {
  return {
    accounts: view.total,
    pages: view.pages.length,
    page: view.pages.indexOf(page) + 1,
    blocks: rendered.blocks.length,
    chars: textWeight(rendered.blocks),
  };
}

function staleButton(): Rendered {
  return problemMessage('That button is out of date — run /ops messaging accounts again.');
}

function shareFailed(code: string | undefined): Rendered {
  if (code === 'is_archived') return problemMessage('This channel is archived, so opsbot can’t post in it.');
  if (code === 'not_in_channel' || code === 'channel_not_found') {
    return problemMessage(
      'opsbot can’t post in this conversation — invite it to the channel (/invite @opsbot), then share again.',
    );
  }
  return problemMessage(
    `Slack refused the shared message (${code ?? 'no reason given'}); try again in a minute.`,
  );
}

function slackErrorCode(err: unknown): string | undefined {
  const data = (err as { data?: { error?: unknown } } | undefined)?.data;
  return typeof data?.error === 'string' ? data.error : undefined;
}

/** What the log may hold about a failure: its kind and codes, never a record or a body. */
function errorDetail(err: unknown): Record<string, unknown> {
  if (isManagementApiError(err)) {
    return {
      name: err.name,
      kind: err.kind,
      operation: err.operation,
      status: err.status ?? null,
      code: err.code ?? null,
      attempts: err.attempts ?? null,
      message: err.message,
      apiMessage: err.apiMessage ?? null,
    };
  }
  return err instanceof Error ? { name: err.name, message: err.message } : { name: typeof err };
}
