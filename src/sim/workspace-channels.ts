// The simulated workspace's channels and who is in them, for tests of who may act where: public and
// private channels, one opsbot isn't in, an archived one, and one shared with another organisation
// (Slack Connect) whose member is a person from that team. A test opts in with
// `startSimulatedWorkspace({ slack: { channels: SIM_CHANNELS } })`; without it every channel exists
// and everyone is in it, as before.
import type { SlackSimulatorOptions } from './slack/index.ts';

/** A person from another organisation, in the shared channel only. */
export const SIM_PARTNER = { id: 'U0PARTNER', teamId: 'T0PARTNER', name: 'partner', tz: 'UTC' } as const;

export const SIM_CHANNEL_IDS = {
  approvals: 'C0APPROVALS',
  general: 'C0GENERAL',
  ops: 'C0OPS',
  incidents: 'C0INCIDENTS',
  opsPrivate: 'G0OPSPRIVATE',
  secret: 'G0SECRET',
  archived: 'C0OLDOPS',
  shared: 'C0PARTNER',
} as const;

const HOME_TEAM = ['U0REQUESTER', 'U0APPROVER', 'U0APPROVER2', 'U0OUTSIDER'];

export const SIM_CHANNELS: NonNullable<SlackSimulatorOptions['channels']> = {
  [SIM_CHANNEL_IDS.approvals]: { name: 'approvals', members: HOME_TEAM },
  [SIM_CHANNEL_IDS.general]: { name: 'general', members: HOME_TEAM },
  [SIM_CHANNEL_IDS.ops]: { name: 'ops', members: ['U0REQUESTER', 'U0APPROVER'] },
  [SIM_CHANNEL_IDS.incidents]: { name: 'incidents', members: ['U0APPROVER'] },
  [SIM_CHANNEL_IDS.opsPrivate]: {
    name: 'ops-private',
    isPrivate: true,
    members: ['U0APPROVER', 'U0APPROVER2'],
  },
  [SIM_CHANNEL_IDS.secret]: { name: 'secret', isPrivate: true, botIsMember: false, members: ['U0REQUESTER'] },
  [SIM_CHANNEL_IDS.archived]: { name: 'old-ops', isArchived: true, members: ['U0REQUESTER', 'U0APPROVER'] },
  [SIM_CHANNEL_IDS.shared]: {
    name: 'shared-partner',
    sharedWith: SIM_PARTNER.teamId,
    members: ['U0REQUESTER', SIM_PARTNER.id],
  },
};
