// The tour's Workflow Builder step: a workflow files a search index request through opsbot's step,
// the approvers decide on the usual card, and the step completes with the outcome the workflow's
// next step uses. Kept apart from steps.ts, which holds the command-driven steps.
import { userContext } from '../sim/slack/index.ts';
import { SIM_IDS } from '../sim/workspace.ts';
import { hasAction, type TourStep } from './tour-kit.ts';

const { requester, approver, secondApprover, approvalChannel } = SIM_IDS;

export const workflowStep: TourStep = {
  slug: 'workflow',
  title: 'Workflow Builder: a workflow requests an index and waits for the approvers',
  async run(k) {
    k.t.action(
      'A workflow @requester runs reaches opsbot’s step “Request a search index” (orders-search, eu-west-1, payg)',
    );
    const run = await k.ws.driver.executeFunction('request_search_index', {
      name: 'orders-search',
      region: 'eu-west-1',
      plan: 'payg',
      user_context: userContext(requester),
      reason: 'Order lookup for the support team',
    });
    const card = await k.messageIn(
      approvalChannel,
      'the request card of the workflow’s request',
      (m) => hasAction(m, 'search.approve') && m.text.includes('orders-search'),
    );
    await k.show();
    for (const who of [approver, secondApprover]) {
      const views = k.ws.slack.views.length;
      await k.click(who, card, 'search.approve', '[Approve] on the request card');
      const modal = await k.modalFor(who, views);
      await k.show();
      await k.submit(who, modal, {});
      await k.show();
    }
    const completion = await k.until('the step’s completion', () =>
      k.ws.slack.functions.completions(run.executionId).at(0),
    );
    if (completion.outputs?.state !== 'created')
      throw new Error(`the step completed with ${JSON.stringify(completion.outputs ?? completion.error)}`);
    k.t.note(
      `The step completed once the index existed; the workflow’s next step gets ${JSON.stringify(completion.outputs)}.`,
    );
  },
};
