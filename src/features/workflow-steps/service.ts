// The three steps, Slack-free: the request step (request-step.ts), and the two that complete at
// once: the stats of an index (and, when the workflow names a channel, the stats message and card
// posted there) and the messaging accounts in numbers.
// Each goes through its feature's service and obeys the policy of its command; what goes wrong is
// thrown with the command's sentence.
import { accountsNeedingAttention } from '../../accounts/attention.ts';
import type { PolicyRefusal } from '../../errors.ts';
import type { MessagingAccountsService } from '../messaging-accounts/index.ts';
import type { VectorStatsService } from '../vector-stats/index.ts';
import type { StepOutputs } from './outbound.ts';
import { createRequestStep, type RequestStepDeps } from './request-step.ts';
import type { StepCheck } from './step-checks.ts';
import { accountsOutputs, statsOutputs } from './views.ts';

/** Who runs the step (Slack's user_context) and the channel it names, for the command's policy. */
type StepPlace = { actor?: string | undefined; channel?: string | undefined };

type StatsStepInputs = StepPlace & { index: string; period?: string | undefined };

type WorkflowStepsServiceDeps = RequestStepDeps & {
  vectorStats: Pick<VectorStatsService, 'target' | 'read' | 'post'>;
  messagingAccounts: Pick<MessagingAccountsService, 'summaries'>;
  check: StepCheck;
};

export function createWorkflowStepsService(deps: WorkflowStepsServiceDeps) {
  const request = createRequestStep(deps);
  const refuseUnless = async (asked: Promise<PolicyRefusal | undefined>) => {
    const refusal = await asked;
    if (refusal !== undefined) throw refusal;
  };
  return {
    /** The request step: files the request now; its step completes when the request ends. */
    startRequest: request.start,
    /** Completes the step that filed this request, if one did and it still waits. */
    completeEnded: request.completeEnded,
    /** Completes the request steps whose request ended unheard (the job does it every minute). */
    catchUp: request.catchUp,

    async stats(inputs: StatsStepInputs): Promise<StepOutputs> {
      const channel = inputs.channel || undefined;
      await refuseUnless(deps.check('stats', { userId: inputs.actor, channelId: channel }));
      const target = await deps.vectorStats.target(inputs.index, inputs.period || undefined);
      const read = await deps.vectorStats.read(target, { card: channel !== undefined, channel });
      if (channel !== undefined) await deps.vectorStats.post(read, { userId: undefined, channel });
      return statsOutputs(read);
    },

    async accounts(inputs: StepPlace): Promise<StepOutputs> {
      await refuseUnless(deps.check('accounts', { userId: inputs.actor, channelId: inputs.channel }));
      const { summaries } = await deps.messagingAccounts.summaries({ tokenHint: false });
      return accountsOutputs(summaries, accountsNeedingAttention(summaries));
    },
  };
}

export type WorkflowStepsService = ReturnType<typeof createWorkflowStepsService>;
