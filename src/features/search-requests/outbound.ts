// Everything the feature tells Slack: the card in the approvals channel, its reminder, and the
// requester's private messages (createSearchRequestsOutbound, the only code besides the listeners
// that calls Slack; its errors propagate), and, after a state change, the card and the requester
// told through it (createPublisher), where Slack failing is logged and never undoes the change.
import { oneApprovalNeeded } from '../../approval-rule.ts';
import { errField } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import type { PostOnce } from '../../slack/post-once.ts';
import type { WebClient } from '../../slack/web-client.ts';
import type { ApprovalProgress, IndexRequest, MessageRef, Store } from '../../store/index.ts';
import type { TokenHints } from './result.ts';
import { reminderMessage, requestCard, type SlackMessage } from './views/cards.ts';
import {
  createdMessage,
  expiredMessage,
  failedMessage,
  rejectedMessage,
  submittedMessage,
} from './views/messages.ts';
import type { GroupRef } from './views/progress.ts';

/** What the requester is told, and when. */
export type RequesterNews =
  | { kind: 'submitted'; cardError?: string }
  | { kind: 'created'; tokens?: TokenHints }
  | { kind: 'failed' }
  | { kind: 'rejected' }
  | { kind: 'expired' };

/** The Slack side, as the service sees it. `postCard` throws when the card can't be posted. */
export interface SearchRequestsOutbound {
  postCard(request: IndexRequest, progress: ApprovalProgress): Promise<MessageRef>;
  updateCard(request: IndexRequest, progress: ApprovalProgress): Promise<void>;
  tellRequester(request: IndexRequest, news: RequesterNews, progress: ApprovalProgress): Promise<void>;
  /** The one reminder, in the card's thread, for a request still waiting half-way to its expiry. */
  remind(request: IndexRequest, progress: ApprovalProgress): Promise<void>;
}

type OutboundOptions = {
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

export function createSearchRequestsOutbound(options: OutboundOptions): SearchRequestsOutbound {
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

export type Publisher = ReturnType<typeof createPublisher>;

export function createPublisher(deps: {
  store: Pick<Store, 'approvalProgress'>;
  logger: Pick<Logger, 'warn'>;
  outbound: Pick<SearchRequestsOutbound, 'updateCard' | 'tellRequester'>;
}) {
  const { store, logger, outbound } = deps;

  /** Slack calls after a state change: failures are logged, never undo the change. */
  async function safely(event: string, request: IndexRequest, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      logger.warn(
        { event, requestId: request.id, err: errField(error) },
        'could not update Slack after a request change',
      );
    }
  }

  async function progressFor(request: IndexRequest): Promise<ApprovalProgress> {
    const progress = (await store.approvalProgress([request.id])).get(request.id);
    return progress ?? oneApprovalNeeded(request.id);
  }

  /**
   * Updates the card and, with `news`, tells the requester. With `known`, the store is not read
   * (the outcome of a create is shown even while the database is down). Returns the progress shown.
   */
  async function publish(
    request: IndexRequest,
    news?: RequesterNews,
    known?: ApprovalProgress,
  ): Promise<ApprovalProgress | undefined> {
    let progress = known;
    await safely('search_card_update_failed', request, async () => {
      const shown = progress ?? (await progressFor(request));
      progress = shown;
      await outbound.updateCard(request, shown);
    });
    if (news)
      await safely('search_requester_notice_failed', request, async () =>
        outbound.tellRequester(request, news, progress ?? (await progressFor(request))),
      );
    return progress;
  }

  return { safely, progressFor, publish };
}
