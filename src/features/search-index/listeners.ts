// The only search-index code that touches Bolt: /ops search create|requests, the request modal,
// and the expiry sweep. Approve / Reject / Retry live in decision-listeners.ts.
import { z } from 'zod';
import type { FeatureContext } from '../../feature-context.ts';
import { escapeMrkdwn, quoteUserText } from '../../slack/mrkdwn.ts';
import { registerDecisionListeners } from './decision-listeners.ts';
import { BLOCK, CALLBACK, ELEMENT } from './ids.ts';
import { requestListMessage } from './messages.ts';
import { type RequestModalMetadata, requestModal } from './modals.ts';
import { createSlackNotifier } from './notifier.ts';
import { parseCreateArgs } from './parse.ts';
import { refusalText } from './refusals.ts';
import { createSearchIndexService, type SearchIndexService } from './service.ts';
import { errorText, explainModalFailure, explainStoreFailure, parseJson } from './slack-helpers.ts';
import { startExpirySweep } from './sweep.ts';
import { validateRequestForm } from './validation.ts';

export type SearchIndexFeatureOptions = {
  /** How often overdue requests are expired; 0 turns the timer off (listing still expires them). */
  sweepIntervalMs?: number;
};

const DEFAULT_SWEEP_INTERVAL_MS = 60_000;
const RECENT_LIMIT = 15;

const requestMetadataSchema = z.object({ channelId: z.string() }) satisfies z.ZodType<RequestModalMetadata>;

export function searchIndexFeature(options: SearchIndexFeatureOptions = {}) {
  return (context: FeatureContext): SearchIndexService => {
    const { app, config, logger: rootLogger, work } = context;
    const logger = rootLogger.child({ feature: 'search-index' });
    const service = createSearchIndexService({
      store: context.store,
      mgmt: context.mgmt,
      clock: context.clock,
      logger,
      approvals: config.approvals,
      notifier: createSlackNotifier({
        client: app.client,
        approvalChannelId: config.approvals.channelId,
        ttlHours: config.approvals.requestTtlHours,
      }),
      background: (task) => {
        work.run(task).catch((error: unknown) => {
          logger.error({ event: 'search_background_failed', err: errorText(error) }, 'follow-up work failed');
        });
      },
    });

    registerCommands(context, service);
    registerRequestModal(context, service);
    registerDecisionListeners(context, service);

    const intervalMs = options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS;
    if (intervalMs > 0) {
      context.lifecycle.onStart(() => {
        const sweep = startExpirySweep({
          intervalMs,
          run: () => work.run(() => sweepOnce(service)),
          onError: (error) =>
            logger.error({ event: 'search_sweep_failed', err: errorText(error) }, 'sweep failed'),
        });
        context.lifecycle.onStop(() => sweep.stop());
      });
    }
    return service;
  };
}

/** What app.ts lists in FEATURES. */
export const registerSearchIndex = (context: FeatureContext): void => {
  searchIndexFeature()(context);
};

/** Expires overdue requests and fails the ones a stopped process left half-way. */
export async function sweepOnce(service: SearchIndexService): Promise<void> {
  await service.expireDue();
  await service.recoverStalled();
}

function registerCommands(context: FeatureContext, service: SearchIndexService): void {
  context.router.register({
    words: ['search', 'create'],
    usage: '[name] [region] [plan]',
    example: 'search create product-search eu-west-1 free',
    description: 'Ask for a new search index; an approver confirms it before it is created',
    async handle({ ack, command, client, respond, args, logger }) {
      await ack();
      const userId = command.user_id;
      // A local read, well inside the trigger's 3 s: better than a form that can't be submitted.
      let cap: Awaited<ReturnType<SearchIndexService['capRefusal']>>;
      try {
        cap = await service.capRefusal(userId);
      } catch (error) {
        await explainStoreFailure(error, 'take a new request', respond, logger);
        return;
      }
      if (cap) {
        await respond({ response_type: 'ephemeral', text: refusalText(cap, userId, 'mrkdwn') });
        return;
      }
      const view = requestModal(parseCreateArgs(args), { channelId: command.channel_id });
      try {
        await client.views.open({ trigger_id: command.trigger_id, view });
      } catch (error) {
        await explainModalFailure(error, respond, logger);
      }
    },
  });

  context.router.register({
    words: ['search', 'requests'],
    example: 'search requests',
    description: 'Recent search index requests, their state and who decided',
    async handle({ ack, respond, logger, args, command }) {
      if (args.length > 0) {
        // Said, not silently dropped: the person may think the words filtered the list.
        const usage = `${escapeMrkdwn(command.command)} search requests`;
        await ack({
          response_type: 'ephemeral',
          text: `\`${usage}\` takes no arguments, but got ${quoteUserText(args.join(' '))}. Try \`${usage}\`.`,
        });
        return;
      }
      await ack();
      let message: ReturnType<typeof requestListMessage>;
      try {
        // The list must not show a request as pending once its time is up.
        await sweepOnce(service);
        message = requestListMessage(await service.recent(RECENT_LIMIT));
      } catch (error) {
        await explainStoreFailure(error, 'list the requests', respond, logger);
        return;
      }
      await respond({ response_type: 'ephemeral', text: message.text, blocks: message.blocks });
    },
  });
}

function registerRequestModal(context: FeatureContext, service: SearchIndexService): void {
  const logger = context.logger.child({ feature: 'search-index' });
  context.app.view(CALLBACK.request, async ({ ack, body, view }) => {
    const userId = body.user.id;
    const values = view.state.values;
    const checked = validateRequestForm({
      name: values[BLOCK.name]?.[ELEMENT.name]?.value,
      region: values[BLOCK.region]?.[ELEMENT.region]?.selected_option?.value,
      plan: values[BLOCK.plan]?.[ELEMENT.plan]?.selected_option?.value,
      reason: values[BLOCK.reason]?.[ELEMENT.reason]?.value,
    });
    if (!checked.ok) {
      await ack({ response_action: 'errors', errors: checked.errors });
      return;
    }
    const metadata = requestMetadataSchema.safeParse(parseJson(view.private_metadata));
    let submitted: Awaited<ReturnType<SearchIndexService['submit']>>;
    try {
      submitted = await service.submit({
        requesterId: userId,
        channelId: metadata.success ? metadata.data.channelId : '',
        form: checked.value,
      });
    } catch (error) {
      logger.error({ event: 'search_request_not_saved', err: errorText(error) }, 'request not saved');
      await ack({
        response_action: 'errors',
        errors: { [BLOCK.name]: 'opsbot couldn’t save the request just now. Try again in a minute.' },
      });
      return;
    }
    if (!submitted.ok) {
      await ack({
        response_action: 'errors',
        errors: { [BLOCK.name]: refusalText(submitted.refusal, userId, 'plain') },
      });
      return;
    }
    await ack();
    await service.announce(submitted.request);
  });
}
