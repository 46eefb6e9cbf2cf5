// `search create|requests` and the request modal's submission. Thin: parse, call the service, show
// a view. A failure or a denial is thrown; the guard (slack/guard.ts) tells the person.
import type { App } from '@slack/bolt';
import type { CommandRouter } from '../../../slack/router.ts';
import { allowed } from '../denials.ts';
import { BLOCK, ELEMENT, VIEW } from '../ids.ts';
import type { SearchRequestsService } from '../service.ts';
import { validateRequestForm } from '../validation.ts';
import { requestListMessage } from '../views/messages.ts';
import { requestMetadata } from '../views/modals.ts';

const RECENT_LIMIT = 15;

export function registerRequestListeners(
  context: { app: App; router: CommandRouter; commandName(): string },
  service: Pick<SearchRequestsService, 'requestForm' | 'sweep' | 'recent' | 'submit' | 'announce' | 'settle'>,
): void {
  context.router.register({
    words: ['search', 'create'],
    capability: 'search.request',
    usage: '[name] [region] [plan]',
    example: 'search create product-search eu-west-1 free',
    description:
      'Ask for a new search index; approvers confirm it (as many as its plan needs) before it is created',
    async handle({ ack, command, client, args }) {
      await ack();
      const view = await service.requestForm(command.user_id, { channelId: command.channel_id, words: args });
      await client.views.open({ trigger_id: command.trigger_id, view });
    },
  });

  context.router.register({
    words: ['search', 'requests'],
    capability: 'search.request',
    example: 'search requests',
    description: 'Recent search index requests, their state, approvals so far and who decided',
    async handle({ ack, respond, command }) {
      await ack();
      // The list must not show a request as pending once its time is up.
      await service.sweep();
      const message = requestListMessage(await service.recent(RECENT_LIMIT), command.command);
      await respond({ response_type: 'ephemeral', text: message.text, blocks: message.blocks });
    },
  });

  context.app.view(VIEW.request, async ({ ack, body, view }) => {
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
    const userId = body.user.id;
    const submitted = await service.submit({
      requesterId: userId,
      channelId: requestMetadata.parse(view.private_metadata).channelId,
      form: checked.value,
    });
    // A denial shows under the modal's first field, the name.
    const request = allowed(submitted, { viewerId: userId, style: 'plain', command: context.commandName() });
    await ack();
    await service.announce(request);
    // A plan that needs no approval is created on the requester's word, once the card is up.
    if (submitted.ok && submitted.completed === true) await service.settle(submitted, userId);
  });
}
