// Approve, Reject and Retry: a click opens a modal (or, for Retry, acts after Slack's confirm
// dialog); every submit re-checks in the service, which decides by compare-and-set in the store.
import type {
  AllMiddlewareArgs,
  BlockAction,
  ButtonAction,
  RespondFn,
  SlackActionMiddlewareArgs,
} from '@slack/bolt';
import { z } from 'zod';
import type { FeatureContext } from '../../feature-context.ts';
import { respondWithFallback } from '../../slack/respond.ts';
import { ACTION, BLOCK, CALLBACK, ELEMENT } from './ids.ts';
import { approveModal, type DecisionModalMetadata, rejectModal } from './modals.ts';
import { refusalText } from './refusals.ts';
import type { DecisionKind, Refusal, SearchIndexService } from './service.ts';
import { errorText, explainModalFailure, explainStoreFailure, parseJson } from './slack-helpers.ts';
import { REASON_MAX } from './validation.ts';

const requestIdSchema = z.coerce.number().int().positive();
const decisionMetadataSchema = z.object({
  requestId: requestIdSchema,
}) satisfies z.ZodType<DecisionModalMetadata>;

type DecisionClick = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;

const NOT_SAVED = 'opsbot couldn’t record your decision just now. Try again in a minute.';
const BROKEN_FORM =
  'This form can’t be used any more. Close it and use the buttons on the request card again.';

async function refuse(respond: RespondFn, refusal: Refusal, userId: string): Promise<void> {
  await respond({
    response_type: 'ephemeral',
    replace_original: false,
    text: `:no_entry: ${refusalText(refusal, userId, 'mrkdwn')}`,
  });
}

export function registerDecisionListeners(context: FeatureContext, service: SearchIndexService): void {
  const { app } = context;
  const logger = context.logger.child({ feature: 'search-index' });

  // An answer after a slow check must still arrive when the click's response_url is spent.
  const answerer = (args: Pick<DecisionClick, 'body' | 'client' | 'respond'>): RespondFn =>
    respondWithFallback(args.respond, {
      client: args.client,
      channel: args.body.channel?.id ?? args.body.container?.channel_id,
      user: args.body.user.id,
      logger,
    });

  const clickedRequestId = (body: BlockAction<ButtonAction>): number | undefined => {
    const parsed = requestIdSchema.safeParse(body.actions[0]?.value);
    return parsed.success ? parsed.data : undefined;
  };

  const openDecisionModal = (kind: Exclude<DecisionKind, 'retry'>) =>
    app.action<BlockAction<ButtonAction>>(
      kind === 'approve' ? ACTION.approve : ACTION.reject,
      async (args) => {
        const { ack, body, client } = args;
        await ack();
        const userId = body.user.id;
        const respond = answerer(args);
        const id = clickedRequestId(body);
        if (id === undefined) return;
        // A first check on click, so nobody fills in a modal that can only be refused; the submit
        // checks again, since anything can change while the modal is open.
        let checked: Awaited<ReturnType<SearchIndexService['check']>>;
        try {
          checked = await service.check(id, userId, kind);
        } catch (error) {
          await explainStoreFailure(error, `check request #${id}`, respond, logger);
          return;
        }
        if (!checked.ok) {
          await refuse(respond, checked.refusal, userId);
          return;
        }
        const view = kind === 'approve' ? approveModal(checked.request) : rejectModal(checked.request);
        try {
          await client.views.open({ trigger_id: body.trigger_id, view });
        } catch (error) {
          await explainModalFailure(error, respond, logger);
        }
      },
    );
  openDecisionModal('approve');
  openDecisionModal('reject');

  app.action<BlockAction<ButtonAction>>(ACTION.retry, async (args) => {
    const { ack, body } = args;
    await ack();
    const userId = body.user.id;
    const respond = answerer(args);
    const id = clickedRequestId(body);
    if (id === undefined) return;
    let outcome: Awaited<ReturnType<SearchIndexService['retry']>>;
    try {
      outcome = await service.retry(id, userId);
    } catch (error) {
      await explainStoreFailure(error, `retry request #${id}`, respond, logger);
      return;
    }
    if (!outcome.ok) await refuse(respond, outcome.refusal, userId);
  });

  app.view(CALLBACK.approve, async ({ ack, body, view }) => {
    const userId = body.user.id;
    const metadata = decisionMetadataSchema.safeParse(parseJson(view.private_metadata));
    const comment = view.state.values[BLOCK.comment]?.[ELEMENT.comment]?.value?.trim() ?? '';
    if (!metadata.success) {
      await ack({ response_action: 'errors', errors: { [BLOCK.comment]: BROKEN_FORM } });
      return;
    }
    if (comment.length > REASON_MAX) {
      const errors = { [BLOCK.comment]: `Keep the comment under ${REASON_MAX} characters.` };
      await ack({ response_action: 'errors', errors });
      return;
    }
    let decision: Awaited<ReturnType<SearchIndexService['approve']>>;
    try {
      decision = await service.approve(metadata.data.requestId, userId, comment === '' ? undefined : comment);
    } catch (error) {
      logger.error({ event: 'search_decision_not_saved', err: errorText(error) }, 'approval not recorded');
      await ack({ response_action: 'errors', errors: { [BLOCK.comment]: NOT_SAVED } });
      return;
    }
    if (!decision.ok) {
      const errors = { [BLOCK.comment]: refusalText(decision.refusal, userId, 'plain') };
      await ack({ response_action: 'errors', errors });
      return;
    }
    await ack();
    // The approval is recorded; the one create call follows (the slow part, after Slack's ack).
    await service.create(decision.request, userId);
  });

  app.view(CALLBACK.reject, async ({ ack, body, view }) => {
    const userId = body.user.id;
    const metadata = decisionMetadataSchema.safeParse(parseJson(view.private_metadata));
    const reason = view.state.values[BLOCK.rejectReason]?.[ELEMENT.rejectReason]?.value?.trim() ?? '';
    let problem: string | undefined;
    if (!metadata.success) problem = BROKEN_FORM;
    else if (reason === '') problem = 'Say why — the requester sees this.';
    else if (reason.length > REASON_MAX) problem = `Keep the reason under ${REASON_MAX} characters.`;
    if (problem !== undefined || !metadata.success) {
      await ack({ response_action: 'errors', errors: { [BLOCK.rejectReason]: problem ?? BROKEN_FORM } });
      return;
    }
    let decision: Awaited<ReturnType<SearchIndexService['reject']>>;
    try {
      decision = await service.reject(metadata.data.requestId, userId, reason);
    } catch (error) {
      logger.error({ event: 'search_decision_not_saved', err: errorText(error) }, 'rejection not recorded');
      await ack({ response_action: 'errors', errors: { [BLOCK.rejectReason]: NOT_SAVED } });
      return;
    }
    if (!decision.ok) {
      const errors = { [BLOCK.rejectReason]: refusalText(decision.refusal, userId, 'plain') };
      await ack({ response_action: 'errors', errors });
      return;
    }
    await ack();
    await service.publishRejection(decision.request);
  });
}
