// Approve, Reject and Retry: a click opens a modal (or, for Retry, acts after Slack's confirm
// dialog); every submit re-checks in the service, which decides by compare-and-set in the store.
// A denial (already decided, expired, gone, not an approver) or a failure is thrown: the guard
// shows the sentence to the person who clicked, wherever they clicked (card, Home tab, modal).
import type { App, BlockAction, ButtonAction, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import { z } from 'zod';
import { TargetGone } from '../../../errors.ts';
import { type Audience, allowed, NO_REQUEST_IN } from '../denials.ts';
import { ACTION, BLOCK, ELEMENT, VIEW } from '../ids.ts';
import type { SearchRequestsService } from '../service.ts';
import { decisionNoteProblem } from '../validation.ts';
import { approveModal, readDecisionMetadata, rejectModal } from '../views/modals.ts';

const requestIdSchema = z.coerce.number().int().positive();

function clickedRequestId(body: BlockAction<ButtonAction>): number {
  const parsed = requestIdSchema.safeParse(body.actions[0]?.value);
  if (parsed.success) return parsed.data;
  throw new TargetGone(NO_REQUEST_IN.button);
}

/**
 * The request a decision modal is about and its note (the approval's comment, the rejection's
 * reason); undefined once a problem with the note is shown under its field.
 */
async function readDecision(
  { ack, view }: Pick<SlackViewMiddlewareArgs<ViewSubmitAction>, 'ack' | 'view'>,
  field: typeof BLOCK.comment | typeof BLOCK.rejectReason,
): Promise<{ requestId: number; note: string } | undefined> {
  const { requestId } = readDecisionMetadata(view.private_metadata);
  const note = view.state.values[field]?.[field]?.value?.trim() ?? '';
  const problem = decisionNoteProblem(note, field === BLOCK.comment ? 'comment' : 'reason');
  if (problem === undefined) return { requestId, note };
  await ack({ response_action: 'errors', errors: { [field]: problem } });
  return undefined;
}

export function registerDecisionListeners(
  { app, commandName }: { app: App; commandName(): string },
  service: SearchRequestsService,
): void {
  const audience = (viewerId: string, style: Audience['style']): Audience => ({
    viewerId,
    style,
    command: commandName(),
  });

  for (const kind of ['approve', 'reject'] as const) {
    app.action<BlockAction<ButtonAction>>(ACTION[kind], async ({ ack, body, client }) => {
      await ack();
      const userId = body.user.id;
      // A first check on click, so nobody fills in a modal that can only be refused; the submit
      // checks again, since anything can change while the modal is open.
      const checked = await service.check(clickedRequestId(body), userId, kind);
      const request = allowed(checked, audience(userId, 'mrkdwn'));
      const progress = checked.ok ? checked.progress : undefined;
      const view = kind === 'approve' ? approveModal(request, progress) : rejectModal(request);
      await client.views.open({ trigger_id: body.trigger_id, view });
    });
  }

  app.action<BlockAction<ButtonAction>>(ACTION.retry, async ({ ack, body }) => {
    await ack();
    const userId = body.user.id;
    allowed(await service.retry(clickedRequestId(body), userId), audience(userId, 'mrkdwn'));
  });

  app.view<ViewSubmitAction>(VIEW.approve, async ({ ack, body, view }) => {
    const read = await readDecision({ ack, view }, ELEMENT.comment);
    if (read === undefined) return;
    const userId = body.user.id;
    const decision = await service.approve(read.requestId, userId, read.note === '' ? undefined : read.note);
    allowed(decision, audience(userId, 'plain'));
    await ack();
    // The approval is recorded. The one that completed the count makes the one create call (the
    // slow part, after Slack's ack); any other updates the card's progress.
    if (decision.ok) await service.settle(decision, userId);
  });

  app.view<ViewSubmitAction>(VIEW.reject, async ({ ack, body, view }) => {
    const read = await readDecision({ ack, view }, ELEMENT.rejectReason);
    if (read === undefined) return;
    const userId = body.user.id;
    const rejected = allowed(
      await service.reject(read.requestId, userId, read.note),
      audience(userId, 'plain'),
    );
    await ack();
    await service.publishRejection(rejected);
  });
}
