// Everything the feature posts to Slack (the service's RequestOutbound): the card in the approvals
// channel, its reminder, and the requester's private messages. Besides the listeners, the only code
// that calls Slack. Errors from Slack propagate; the service decides what they mean.
import type { PostOnce } from '../../slack/post-once.ts';
import type { WebClient } from '../../slack/web-client.ts';
import type { ApprovalProgress, IndexRequest, MessageRef } from '../../store/index.ts';
import type { RequesterNews, RequestOutbound } from './service-types.ts';
import { reminderMessage, requestCard, type SlackMessage } from './views/cards.ts';
import {
  createdMessage,
  expiredMessage,
  failedMessage,
  rejectedMessage,
  submittedMessage,
} from './views/messages.ts';
import type { GroupRef } from './views/progress.ts';

export type OutboundOptions = {
  client: WebClient;
  /** The shared posting path: the card is keyed by its request, so a lost answer is found, not re-posted. */
  postOnce: PostOnce;
  approvalChannelId: string;
  ttlHours: number;
  /** The slash command as the workspace names it, for the hint in the expiry message. */
  commandName(): string;
  /** The approver group, once resolved: mentioned on the card so its members are notified. */
  group(): GroupRef;
};

export function createOutbound(options: OutboundOptions): RequestOutbound {
  const { client, approvalChannelId, ttlHours } = options;

  async function directMessage(userId: string, message: SlackMessage): Promise<void> {
    const opened = await client.conversations.open({ users: userId });
    const channel = opened.channel?.id;
    if (channel === undefined) throw new Error('conversations.open returned no channel');
    await client.chat.postMessage({ channel, ...message });
  }

  const cardOptions = (progress: ApprovalProgress) => ({ ttlHours, progress, group: options.group() });

  function newsMessage(request: IndexRequest, news: RequesterNews, progress: ApprovalProgress): SlackMessage {
    switch (news.kind) {
      case 'submitted':
        return submittedMessage(request, {
          approvalChannelId,
          cardError: news.cardError,
          progress,
          group: options.group(),
        });
      case 'created':
        return createdMessage(request, news.tokens, progress);
      case 'failed':
        return failedMessage(request, approvalChannelId, progress);
      case 'rejected':
        return rejectedMessage(request);
      case 'expired':
        return expiredMessage(request, ttlHours, options.commandName());
    }
  }

  return {
    async postCard(request, progress): Promise<MessageRef> {
      const card = requestCard(request, cardOptions(progress));
      // A person waits on it: not behind the scheduled posts' pacing.
      const posted = await options.postOnce({
        channel: approvalChannelId,
        key: `request-card:${request.id}`,
        message: card,
        paced: false,
      });
      return { channel: posted.channel, ts: posted.ts };
    },

    async updateCard(request, progress) {
      if (request.card === null) return;
      const { channel, ts } = request.card;
      await client.chat.update({ channel, ts, ...requestCard(request, cardOptions(progress)) });
    },

    async remind(request, progress) {
      if (request.card === null) return;
      const { channel, ts } = request.card;
      await client.chat.postMessage({
        channel,
        thread_ts: ts,
        ...reminderMessage(request, cardOptions(progress)),
      });
    },

    async tellRequester(request, news, progress) {
      const message = newsMessage(request, news, progress);
      if (news.kind !== 'submitted') return directMessage(request.requesterId, message);
      // The confirmation belongs where they typed the command; that fails where opsbot isn't a
      // member (a private channel, a DM between people), and a DM always works.
      try {
        if (request.requesterChannelId === '') throw new Error('no channel to answer in');
        await client.chat.postEphemeral({
          channel: request.requesterChannelId,
          user: request.requesterId,
          ...message,
        });
      } catch {
        await directMessage(request.requesterId, message);
      }
    },
  };
}
