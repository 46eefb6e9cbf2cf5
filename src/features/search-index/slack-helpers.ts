// Small Bolt-side helpers shared by the search-index listeners.
import type { RespondFn } from '@slack/bolt';
import type { Logger } from '../../log.ts';
import { escapeMrkdwn } from '../../slack/mrkdwn.ts';
import { DatabaseUnavailableError } from '../../store/index.ts';
import { slackErrorCode } from './service.ts';

export async function explainModalFailure(error: unknown, respond: RespondFn, logger: Logger): Promise<void> {
  const code = slackErrorCode(error);
  logger.warn({ event: 'search_modal_not_opened', error: code }, 'views.open failed');
  const text =
    code === 'expired_trigger_id'
      ? 'Slack took too long to open the form, so it couldn’t be shown. Please run the command again.'
      : `opsbot couldn’t open the form (Slack said \`${escapeMrkdwn(code)}\`). Please try again.`;
  await respond({ response_type: 'ephemeral', replace_original: false, text });
}

/**
 * A click or command the store failed: one sentence for the user (nothing raw, nothing
 * silent), the detail for the log. `doing` completes "opsbot couldn’t … just now".
 */
export async function explainStoreFailure(
  error: unknown,
  doing: string,
  respond: RespondFn,
  logger: Logger,
): Promise<void> {
  const unavailable = error instanceof DatabaseUnavailableError;
  logger.error({ event: 'search_store_failed', doing, err: errorText(error) }, 'store call failed');
  const why = unavailable ? ' — its database isn’t answering' : '';
  await respond({
    response_type: 'ephemeral',
    replace_original: false,
    text: `opsbot couldn’t ${doing} just now${why}. Try again in a minute.`,
  });
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
