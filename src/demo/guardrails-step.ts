// The tour's Guardrails step: the demo has run all along under a small policy (DEMO_POLICY in
// people.ts) that no earlier step ran into. Here @requester does: a watch set up in #approvals is
// refused with where it can be set up instead, and `/ops policy` tells them what they may do here,
// where the rest can be done, and who may do what they may not.
import { SIM_IDS } from '../sim/workspace.ts';
import type { TourStep } from './tour-kit.ts';

const { requester, approvalChannel } = SIM_IDS;

export const guardrails: TourStep = {
  slug: 'guardrails',
  title: 'Guardrails: one refusal, and what the policy lets a person do',
  async run(k) {
    k.t.note(
      'opsbot has run under a small policy all along: watches and digests in #general or #team-ops (#approvals is for request cards), alerts answered by @ops-approvers.',
    );
    const watches = (await k.ws.store.listWatches()).length;
    const posts = k.ws.slack.messagesIn(approvalChannel).length;
    const refused = await k.command(
      requester,
      approvalChannel,
      'watch catalog p99-query-latency > 250 notify @approver',
      { escape: true },
    );
    // The refusal is opsbot's answer to the command itself: only @requester sees it.
    if (!refused.body.includes('where you can set up watches'))
      throw new Error('the watch in #approvals was not refused with where watches can be set up');
    await k.show();
    if ((await k.ws.store.listWatches()).length !== watches) throw new Error('the refused watch was saved');
    if (k.ws.slack.messagesIn(approvalChannel).length !== posts)
      throw new Error('the refusal posted in #approvals');

    const asked = await k.command(requester, approvalChannel, 'policy');
    const answer = await k.until('the answer to /ops policy', () =>
      k.ws.slack.responses.find((r) => r.url === asked.responseUrl),
    );
    await k.show();
    if (!JSON.stringify(answer.blocks).includes('Only @ops-approvers can'))
      throw new Error('/ops policy names no group for what @requester may not do');
    k.t.note('The refusal changed nothing: no watch was saved, and nothing was posted in #approvals.');
  },
};
