// Approvals that fit how teams work, end to end in both transports: approvers from a Slack user
// group (changed while opsbot runs), two approvals for payg, none for free, authority re-checked,
// and Slack not answering about the group.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { waitForHome } from '../support/home.ts';
import {
  cardFor,
  fileRequest,
  openDecision,
  replyTo,
  textOf,
  viewFor,
  waitForCard,
  waitForDm,
} from '../support/search-requests.ts';

const { requester, approver, secondApprover, outsider } = SIM_IDS;
const GROUP = 'S0APPROVERS';
const MINUTE = 60_000;

describe.each(['http', 'socket'] as const)('e2e (%s): approver groups and M-of-N', (mode) => {
  let ws: SimulatedWorkspace;
  let now = Date.now();
  // A file, so a second instance (a replica) shares the requests.
  const folder = mkdtempSync(join(tmpdir(), 'opsbot-groups-'));
  beforeAll(async () => {
    ws = await startSimulatedWorkspace({
      mode,
      clock: () => now,
      env: {
        APPROVER_USER_IDS: '',
        APPROVER_GROUP: '@ops-approvers',
        APPROVALS_REQUIRED: 'free=0,payg=2',
        DATABASE_PATH: join(folder, 'opsbot.sqlite'),
      },
      slack: { userGroups: { [GROUP]: { handle: 'ops-approvers', users: [approver, secondApprover] } } },
    });
  });
  afterAll(async () => {
    await ws?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  const clickText = async (userId: string, id: number, actionId: string) => {
    const message = await cardFor(ws, id);
    const reply = await replyTo(ws, (await ws.driver.clickButton({ userId, message, actionId })).responseUrl);
    return reply.text;
  };
  const approve = async (userId: string, id: number, comment?: string) => {
    const view = await openDecision(ws, userId, id, 'approve');
    const values = comment === undefined ? {} : { search_comment: { search_comment: comment } };
    return { view, result: await ws.driver.submitView({ userId, view, values }) };
  };

  it('payg needs two: the first counts, the same approver again is answered, the second creates once', async () => {
    await fileRequest(ws);
    const form = await viewFor(ws, requester, 'search.request');
    expect(textOf(form.blocks)).toContain('payg needs 2 approvals from @ops-approvers');
    const card = await cardFor(ws, 1);
    expect(textOf(card.blocks)).toContain(`<!subteam^${GROUP}>`);

    const first = await approve(approver, 1, 'fine for launch');
    expect(textOf(first.view.blocks)).toContain('adds your approval to the count (1 of 2)');
    expect(first.result.ack).toBeUndefined();
    const counted = await waitForCard(ws, 1, (t) => t.includes('Approvals 1 of 2'));
    expect(textOf(counted.blocks)).toContain(`:white_check_mark: <@${approver}> “fine for launch”`);
    expect(ws.mgmt.createCalls).toHaveLength(0);

    expect(await clickText(approver, 1, 'search.approve')).toMatch(
      /^:warning: You already approved request #1/,
    );

    const second = await approve(secondApprover, 1);
    expect(textOf(second.view.blocks)).toContain('This is approval 2 of 2');
    expect(second.result.ack).toBeUndefined();
    const created = await waitForCard(ws, 1, (t) => t.includes('*Created*'));
    expect(textOf(created.blocks)).toContain(`approved by <@${approver}> and <@${secondApprover}>`);
    await waitForDm(ws, requester, 'Your search index is ready');
    expect(ws.mgmt.createCalls).toHaveLength(1);
    const list = await ws.driver.command('search requests', { userId: requester });
    expect(JSON.stringify(list)).not.toContain('internal');
  });

  it('members change in Slack without a restart: one added approves, one removed is refused and stops counting', async () => {
    await fileRequest(ws, { text: 'search create team-search eu-west-1 payg' }); // #2
    expect((await approve(approver, 2)).result.ack).toBeUndefined();
    await waitForCard(ws, 2, (t) => t.includes('Approvals 1 of 2'));

    ws.slack.userGroups.removeMember(GROUP, approver);
    ws.slack.userGroups.addMember(GROUP, outsider);
    now += MINUTE; // past the membership's freshness: the next decision reads the group again

    const added = await approve(outsider, 2);
    expect(added.result.ack).toBeUndefined();
    // The card says so as soon as the click re-checks, and counts the new approval once recorded.
    const waiting = await waitForCard(
      ws,
      2,
      (t) => t.includes('no longer an approver') && t.includes('Approvals 1 of 2'),
    );
    expect(textOf(waiting.blocks)).toContain(`:white_check_mark: <@${outsider}>`);
    expect(ws.mgmt.createCalls).toHaveLength(1);
    expect(await clickText(approver, 2, 'search.approve')).toMatch(
      /^:warning: Only approvers \(members of @ops-approvers\)/,
    );

    expect((await approve(secondApprover, 2)).result.ack).toBeUndefined();
    await waitForCard(ws, 2, (t) => t.includes('*Created*'));
    expect(ws.mgmt.createCalls).toHaveLength(2);
  });

  it('a rejection after one approval ends the request and tells the requester', async () => {
    await fileRequest(ws, { text: 'search create rejected-search eu-west-1 payg' }); // #3
    expect((await approve(outsider, 3)).result.ack).toBeUndefined();
    await waitForCard(ws, 3, (t) => t.includes('Approvals 1 of 2'));
    const reject = await openDecision(ws, secondApprover, 3, 'reject');
    const values = { search_reject_reason: { search_reject_reason: 'use the shared index' } };
    expect(
      (await ws.driver.submitView({ userId: secondApprover, view: reject, values })).ack,
    ).toBeUndefined();
    await waitForCard(ws, 3, (t) => t.includes('*Rejected*'));
    await waitForDm(ws, requester, 'was rejected');
    expect(ws.mgmt.createCalls).toHaveLength(2);
  });

  it('a plan whose policy is 0 is created at once, and the audit says so', async () => {
    await fileRequest(ws, { text: 'search create free-search eu-west-1 free' }); // #4
    await waitForCard(ws, 4, (t) => t.includes('*Created*'));
    expect(ws.mgmt.createCalls).toHaveLength(3);
    const audit = await ws.store.listAudit(4);
    expect(audit.map((e) => e.note)).toContain('created without approval: plan free needs none');
  });

  it('Slack not answering about the group: the last list is used; with none, one sentence and nothing created', async () => {
    await fileRequest(ws, { text: 'search create quiet-search eu-west-1 payg' }); // #5
    ws.slack.fail('usergroups.users.list', { error: 'internal_error' }, { times: 50 });
    now += MINUTE;
    // This process read the group before: it goes on with that list.
    expect((await approve(secondApprover, 5)).result.ack).toBeUndefined();
    await waitForCard(ws, 5, (t) => t.includes('Approvals 1 of 2'));

    // A replica that never managed to read it refuses rather than guess.
    const fresh = await ws.startAnotherInstance();
    try {
      const card = await cardFor(ws, 5);
      const reply = await replyTo(
        ws,
        (await fresh.driver.clickButton({ userId: outsider, message: card, actionId: 'search.approve' }))
          .responseUrl,
      );
      expect(reply.text).toMatch(/^:warning: opsbot can’t tell right now who is in @ops-approvers/);
    } finally {
      await fresh.stop();
    }
    expect(ws.mgmt.createCalls).toHaveLength(3);
  });
});

describe('e2e: the Home tab of an approver who is only in the group', () => {
  it('lists the request waiting for them, with its progress', async () => {
    const ws = await startSimulatedWorkspace({
      env: { APPROVER_USER_IDS: '', APPROVER_GROUP: '@ops-approvers', APPROVALS_REQUIRED: 'payg=2' },
      slack: { userGroups: { [GROUP]: { handle: 'ops-approvers', users: [approver, outsider] } } },
    });
    try {
      await fileRequest(ws, { text: 'search create home-waiting eu-west-1 payg' });
      await ws.driver.openHome({ userId: outsider });
      const home = await waitForHome(ws, outsider, (t) => t.includes('home-waiting'));
      expect(home).toContain('Waiting for you');
      expect(home).toContain('Approvals 0 of 2');
    } finally {
      await ws.stop();
    }
  });
});

describe('e2e: an approver group Slack does not know', () => {
  it('stops start-up with one line naming APPROVER_GROUP', async () => {
    await expect(
      startSimulatedWorkspace({
        env: { APPROVER_GROUP: 'no-such-group' },
        slack: { userGroups: { [GROUP]: { handle: 'ops-approvers', users: [approver] } } },
      }),
    ).rejects.toThrow(
      'APPROVER_GROUP names @no-such-group, but this Slack workspace has no such (enabled) user group: use its handle or its S… ID.',
    );
  });
});
