import { describe, expect, it } from 'vitest';
import { denialText } from '../../../src/features/search-requests/denials.ts';
import { limitLines, slackDate } from '../../../src/features/search-requests/views/format.ts';
import {
  createdMessage,
  expiredMessage,
  failedMessage,
  rejectedMessage,
  requestListMessage,
  submittedMessage,
} from '../../../src/features/search-requests/views/messages.ts';
import { checkBlockKit } from '../../../src/sim/slack/index.ts';
import { textOf } from '../../support/blocks.ts';
import { aRequest, CREATED_RESULT, T0 } from '../../support/index-requests.ts';

describe('limits in words', () => {
  it('says unlimited for -1 where the spec allows it, and humanises bandwidth', () => {
    expect(limitLines(CREATED_RESULT.limits)).toEqual([
      'Vectors: up to 100,000,000',
      'Queries: unlimited',
      'Updates: unlimited',
      'Reranks: unlimited',
      'Bandwidth: unlimited',
      'Query rate: 10,000 per second',
      'Write rate: 10,000 per second',
      'Reads per request: up to 1,000',
      'Writes per request: up to 1,000',
    ]);
    expect(limitLines({ max_monthly_bandwidth: 10_737_418_240, max_daily_queries: 10_000 })).toEqual([
      'Queries: 10,000 per day',
      'Bandwidth: 10.7 GB per month',
    ]);
  });

  it('skips limits it was not given', () => {
    expect(limitLines({ surprise: 3 })).toEqual([]);
  });
});

describe('slackDate', () => {
  it('renders in the reader’s time zone with a UTC fallback', () => {
    expect(slackDate(T0)).toBe(`<!date^${T0 / 1000}^{date_short_pretty} at {time}|2026-01-15 09:30 UTC>`);
  });
});

describe('messages to the requester', () => {
  it('confirms a request with its number and where it waits', () => {
    const message = submittedMessage(aRequest(), { approvalChannelId: 'C0APPROVALS' });
    expect(checkBlockKit('message', message.blocks)).toEqual([]);
    expect(textOf(message.blocks)).toContain(
      'Request *#7* for `product-search` (eu-west-1, payg (pay as you go)) is waiting for approval in <#C0APPROVALS>',
    );
  });

  it('says the request is saved when the approvals channel could not be reached, and why', () => {
    const message = submittedMessage(aRequest(), {
      approvalChannelId: 'C0APPROVALS',
      cardError: 'not_in_channel',
    });
    const text = textOf(message.blocks);
    expect(text).toContain('is saved, but opsbot couldn’t post it to the approvals channel <#C0APPROVALS>');
    expect(text).toContain('opsbot isn’t a member of that channel');
    expect(message.text).toBe('Request #7 is saved, but the approvals channel couldn’t be reached.');
  });

  it('tells what was created, with limits in words and no token — only where to get it', () => {
    const request = aRequest({ state: 'created', decidedBy: 'U0APPROVER', result: CREATED_RESULT });
    const message = createdMessage(request, { token: '••••ab12', readOnlyToken: '••••cd34' });
    expect(checkBlockKit('message', message.blocks)).toEqual([]);
    const text = textOf(message.blocks);
    for (const part of [
      '`product-search`',
      CREATED_RESULT.indexId,
      CREATED_RESULT.endpoint,
      '*Region:* eu-west-1',
      '*Plan:* payg (pay as you go)',
      `<!date^${CREATED_RESULT.creationTime}^`,
      '• Queries: unlimited',
      'Copy them from the provider’s console (token ••••ab12, read-only token ••••cd34)',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('explains a failure, and an unknown outcome differently', () => {
    const failed = aRequest({ state: 'failed', decidedBy: 'U0APPROVER', failureMessage: 'Refused: <bad>' });
    const text = textOf(failedMessage(failed, 'C0APPROVALS').blocks);
    expect(text).toContain('creating the index failed: Refused: &lt;bad&gt;');
    expect(text).toContain('An approver can retry from the card in <#C0APPROVALS>.');
    const unknown = textOf(failedMessage({ ...failed, outcomeUnknown: true }, 'C0APPROVALS').blocks);
    expect(unknown).toContain('may or may not exist');
  });

  it('says who rejected and why', () => {
    const request = aRequest({ state: 'rejected', decidedBy: 'U0APPROVER', decisionComment: 'Too costly' });
    expect(textOf(rejectedMessage(request).blocks)).toContain(
      'was rejected by <@U0APPROVER>.\n*Reason:*\n>Too costly',
    );
  });

  it('says a request expired, and how to ask again', () => {
    const text = textOf(expiredMessage(aRequest({ state: 'expired' }), 24, '/ops').blocks);
    expect(text).toContain('expired: no approver decided within 24 hours');
    expect(text).toContain('`/ops search create product-search eu-west-1 payg`');
    const renamed = textOf(expiredMessage(aRequest({ state: 'expired' }), 24, '/opsbot').blocks);
    expect(renamed).toContain('`/opsbot search create product-search eu-west-1 payg`');
  });
});

describe('the requests list', () => {
  it('shows each request with its state and actors', () => {
    const message = requestListMessage(
      [
        aRequest({ id: 3, state: 'created', decidedBy: 'U0APPROVER', result: CREATED_RESULT }),
        aRequest({ id: 2, state: 'rejected', decidedBy: 'U0APPROVER2' }),
        aRequest({ id: 1, state: 'failed', decidedBy: 'U0APPROVER', outcomeUnknown: true }),
      ],
      '/ops',
    );
    expect(checkBlockKit('message', message.blocks)).toEqual([]);
    const text = textOf(message.blocks);
    expect(text).toContain('*#3* `product-search` (eu-west-1, payg (pay as you go)) — *created*');
    expect(text).toContain('asked by <@U0REQUESTER>');
    expect(text).toContain('approved by <@U0APPROVER>');
    expect(text).toContain('*#2* `product-search` (eu-west-1, payg (pay as you go)) — *rejected*');
    expect(text).toContain('rejected by <@U0APPROVER2>');
    expect(text).toContain('outcome unknown — check the console');
  });

  it('says when there are none yet', () => {
    expect(textOf(requestListMessage([], '/opsbot').blocks)).toContain(
      'No search index requests yet. Start one with `/opsbot search create [name] [region] [plan]`.',
    );
  });
});

describe('denials', () => {
  const approved = aRequest({ state: 'approved', decidedBy: 'U0APPROVER' });

  it('name who decided in messages, but not as a raw mention in modal errors', () => {
    const denial = { code: 'decided' as const, request: approved };
    expect(denialText(denial, 'U0APPROVER2', 'mrkdwn', '/ops')).toBe(
      'Request #7 was already approved by <@U0APPROVER>; the index is being created now.',
    );
    expect(denialText(denial, 'U0APPROVER2', 'plain', '/ops')).toBe(
      'Request #7 was already approved by another approver; the index is being created now.',
    );
    expect(denialText(denial, 'U0APPROVER', 'plain', '/ops')).toContain('already approved by you');
  });

  it('explains separation of duties and who can approve', () => {
    expect(denialText({ code: 'own_request', request: approved }, 'U0REQUESTER', 'plain', '/ops')).toBe(
      'You asked for request #7, so another approver has to approve it — nobody approves their own request.',
    );
    const forSomeone = { ...approved, onBehalfOf: 'U0BEHALF' };
    expect(denialText({ code: 'own_request', request: forSomeone }, 'U0BEHALF', 'plain', '/ops')).toBe(
      'Request #7 was filed on your behalf, so another approver has to approve it — nobody approves a request they caused.',
    );
    expect(denialText({ code: 'not_approver', approverIds: ['U0A', 'U0B'] }, 'U0X', 'mrkdwn', '/ops')).toBe(
      'Only approvers can decide on search index requests, and you aren’t one. Ask <@U0A>, <@U0B>.',
    );
  });

  it('states the cap', () => {
    expect(denialText({ code: 'at_cap', pending: 5, max: 5 }, 'U0X', 'plain', '/ops')).toBe(
      'You already have 5 requests waiting for approval, the most one person may have. Wait for a decision on them.',
    );
  });
});
