// The policy's limits as a watch meets them, without Slack: which groups a watch may notify, how
// long Mute may last and what the alert offers, and that an alert never pings the whole channel.
import { describe, expect, it } from 'vitest';
import { INITIAL_STATE, isSilenced, NO_CONTROLS } from '../../../src/features/watches/evaluate.ts';
import { ownersProblem } from '../../../src/features/watches/input.ts';
import { watchModal } from '../../../src/features/watches/views/modal-view.ts';
import { withOwners } from '../../../src/features/watches/views/owners-view.ts';
import { alertMessage } from '../../../src/features/watches/views/views.ts';
import { defaultPolicy, type Policy } from '../../../src/policy/index.ts';
import type { Watch } from '../../../src/store/index.ts';
import { textOf } from '../../support/blocks.ts';

const NOW = Date.UTC(2026, 10, 26, 9, 0);
const HOUR = 3_600_000;

const policy: Policy = {
  ...defaultPolicy(),
  groups: {
    oncall: { name: 'oncall', usergroup: { id: 'S0ONCALL', handle: 'search-oncall' }, users: [] },
    ops: { name: 'ops', usergroup: { handle: 'ops-team' }, users: [] },
  },
  limits: { ...defaultPolicy().limits, notifyGroupsAllowed: ['oncall', 'ops'], muteAtMostMs: 24 * HOUR },
};

const watch: Watch = {
  id: 7,
  channelId: 'C0WATCH',
  indexId: 'idx-1',
  metric: 'monthly_cost',
  direction: 'above',
  threshold: 50,
  forChecks: 1,
  note: '<!here> <!channel> <!everyone> @here look',
  createdBy: 'U0REQUESTER',
  createdAt: NOW - HOUR,
  state: { ...INITIAL_STATE, status: 'firing', lastValue: 80, incidentSince: NOW - 600_000 },
  controls: NO_CONTROLS,
  nextCheckAt: NOW,
  notify: { users: ['U0BOB'], groups: ['S0ONCALL'] },
  remindEveryMs: null,
};

describe('the groups a watch may notify', () => {
  it('are the allowed ones, known by id or (before Slack resolved it) by handle', () => {
    const asked = (groups: Array<{ id: string; handle?: string }>) => ({ users: [], groups });
    expect(ownersProblem(asked([{ id: 'S0ONCALL' }, { id: 'S0OPS', handle: 'ops-team' }]), policy)).toBe(
      undefined,
    );
    expect(ownersProblem(asked([{ id: 'S0EVERYONE', handle: 'everyone-eng' }]), policy)).toEqual({
      field: 'notifyGroups',
      problem: 'A watch may notify only @search-oncall or @ops-team, not @everyone-eng.',
    });
  });
});

describe('the form', () => {
  it('offers only the groups the policy allows, and no more people or groups than its limits', () => {
    const view = withOwners(
      watchModal('C0WATCH'),
      [
        { id: 'S0ONCALL', handle: 'search-oncall' },
        { id: 'S0OPS', handle: 'ops-team' },
        { id: 'S0EVERYONE', handle: 'everyone-eng' },
      ],
      { command: '/ops', policy },
    );
    const blocks = JSON.stringify(view.blocks);
    expect(blocks).toContain('@search-oncall');
    expect(blocks).toContain('@ops-team');
    expect(blocks).not.toContain('everyone-eng');
    expect(blocks).toContain('"max_selected_items":10');
    expect(blocks).toContain('"max_selected_items":3');
  });
});

describe('Mute on the alert', () => {
  it('offers durations up to the policy’s longest mute, and no longer', () => {
    const alert = alertMessage({ ...watch, muteAtMostMs: 24 * HOUR }, NOW, 'UTC');
    const menu = JSON.stringify(alert.blocks);
    expect(textOf(alert.blocks)).toContain('Mute for 1 hour');
    expect(menu).toContain('"value":"7:86400000"');
    expect(menu).not.toContain('Mute for 7 days');
  });

  it('ends by itself: muted until its end, heard from again after it', () => {
    const muted = { ...NO_CONTROLS, mutedBy: 'U0BOB', mutedAt: NOW, mutedUntil: NOW + HOUR };
    expect(isSilenced(muted, NOW + HOUR - 1)).toBe(true);
    expect(isSilenced(muted, NOW + HOUR)).toBe(false);
    const alert = alertMessage({ ...watch, controls: muted }, NOW, 'Europe/Berlin');
    expect(textOf(alert.blocks)).toContain('muted by <@U0BOB> until Thu 26 Nov, 11:00 Europe/Berlin');
    expect(textOf(alert.blocks)).toContain('Unmute');
    const over = alertMessage({ ...watch, controls: muted }, NOW + HOUR, 'UTC');
    expect(textOf(over.blocks)).not.toContain('muted by');
  });
});

describe('an alert', () => {
  it('mentions only who the watch notifies: @here, @channel and @everyone in a note stay text', () => {
    const alert = alertMessage(watch, NOW, 'UTC');
    const everything = `${alert.text} ${JSON.stringify(alert.blocks)}`;
    expect(everything).toContain('<!subteam^S0ONCALL> <@U0BOB>');
    expect(everything).not.toMatch(/<!(here|channel|everyone)>/);
    expect(textOf(alert.blocks)).toContain('&lt;!here&gt;');
  });
});
