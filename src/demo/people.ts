// Who and what the demo's simulated workspace holds, by the names its transcript shows: the people,
// the approvers' user group, the channels and the policy over them. The workspace is built from
// these, so the names the transcript prints are the ones Slack would show there.
import { SIM_IDS } from '../sim/workspace.ts';

/** People and channels of the simulated workspace, by the names the transcript uses. */
export const DEMO_USERS: Record<string, string> = {
  [SIM_IDS.requester]: 'requester',
  [SIM_IDS.approver]: 'approver',
  [SIM_IDS.secondApprover]: 'approver2',
  [SIM_IDS.outsider]: 'outsider',
  U0SIMBOT: 'opsbot',
};

/** The workspace's one user group: its members approve search index requests. */
export const DEMO_APPROVER_GROUP = {
  id: 'S0OPSAPPROVERS',
  handle: 'ops-approvers',
  members: [SIM_IDS.approver, SIM_IDS.secondApprover],
} as const;

/** User groups by id -> handle, as Slack shows a `<!subteam^S…>` mention. */
export const DEMO_GROUPS: Record<string, string> = { [DEMO_APPROVER_GROUP.id]: DEMO_APPROVER_GROUP.handle };

export const DEMO_CHANNELS: Record<string, string> = {
  [SIM_IDS.generalChannel]: 'general',
  [SIM_IDS.approvalChannel]: 'approvals',
  C0TEAMOPS: 'team-ops',
};

/**
 * The demo's guardrails (`POLICY`): #approvals is kept for the approvers' request cards, so watches
 * and digests are set up in #general or #team-ops only, and alerts are answered by @ops-approvers.
 * It leaves every earlier step of the tour as it was: only the Guardrails step meets a refusal.
 */
export const DEMO_POLICY = `
groups:
  ops: { usergroup: ${DEMO_APPROVER_GROUP.handle} }
channels:
  team: [${SIM_IDS.generalChannel}, C0TEAMOPS]
allow:
  watch.manage: { who: everyone, where: [team] }
  digest.manage: { who: everyone, where: [team] }
  watch.respond: { who: [ops] }
`;
