// `search create|requests` and the request modal's submission. Thin: parse, call the service, show
// a view. A failure or a refusal is thrown; the guard (slack/guard.ts) tells the person.
import type { FeatureContext } from '../../feature-context.ts';
import { escapeMrkdwn, quoteUserText } from '../../slack/mrkdwn.ts';
import { BLOCK, CALLBACK, ELEMENT } from './ids.ts';
import { requestListMessage } from './messages.ts';
import { policyNotes, requestMetadata, requestModal } from './modals.ts';
import { parseCreateArgs } from './parse.ts';
import type { RequestQueries } from './queries.ts';
import { allowed, refusalError } from './refusals.ts';
import type { Approvers, SearchIndexService } from './service.ts';
import { validateRequestForm } from './validation.ts';

const RECENT_LIMIT = 15;

export type OpenRequestModal = (args: {
  client: FeatureContext['app']['client'];
  triggerId: string;
  userId: string;
  /** Where the confirmation goes; without one (the Home tab) it goes to a direct message. */
  channelId?: string;
  /** The words after `search create`, to prefill the form. */
  words?: readonly string[];
}) => Promise<void>;

/** Opens the request form, refusing someone who already has as many pending as allowed. */
export function requestModalOpener(
  context: FeatureContext,
  service: SearchIndexService,
  approvers: Pick<Approvers, 'group'>,
): OpenRequestModal {
  return async ({ client, triggerId, userId, channelId = '', words = [] }) => {
    // A local read, well inside the trigger's 3 s: better than a form that can't be submitted.
    const cap = await service.capRefusal(userId);
    if (cap) throw refusalError(cap, { viewerId: userId, style: 'mrkdwn', command: context.commandName() });
    const note = policyNotes(context.config.approvals.policy, approvers.group());
    await client.views.open({
      trigger_id: triggerId,
      view: requestModal(parseCreateArgs(words), { channelId }, note),
    });
  };
}

export type RequestListeners = {
  service: SearchIndexService;
  queries: Pick<RequestQueries, 'recent'>;
  /** Expires overdue requests (and fails stalled ones) now. */
  sweep(): Promise<void>;
  openRequestModal: OpenRequestModal;
};

export function registerRequestListeners(context: FeatureContext, deps: RequestListeners): void {
  const { service, sweep } = deps;
  context.router.register({
    words: ['search', 'create'],
    capability: 'search.request',
    usage: '[name] [region] [plan]',
    example: 'search create product-search eu-west-1 free',
    description:
      'Ask for a new search index; approvers confirm it (as many as its plan needs) before it is created',
    async handle({ ack, command, client, args }) {
      await ack();
      await deps.openRequestModal({
        client,
        triggerId: command.trigger_id,
        userId: command.user_id,
        channelId: command.channel_id,
        words: args,
      });
    },
  });

  context.router.register({
    words: ['search', 'requests'],
    capability: 'search.request',
    example: 'search requests',
    description: 'Recent search index requests, their state, approvals so far and who decided',
    async handle({ ack, respond, args, command }) {
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
      // The list must not show a request as pending once its time is up.
      await sweep();
      const message = requestListMessage(await deps.queries.recent(RECENT_LIMIT), command.command);
      await respond({ response_type: 'ephemeral', text: message.text, blocks: message.blocks });
    },
  });

  context.app.view(CALLBACK.request, async ({ ack, body, view }) => {
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
    // A refusal shows under the modal's first field, the name.
    const request = allowed(submitted, { viewerId: userId, style: 'plain', command: context.commandName() });
    await ack();
    await service.announce(request);
    // A plan that needs no approval is created on the requester's word, once the card is up.
    if (submitted.ok && submitted.completed === true) await service.settle(submitted, userId);
  });
}
