// How the watch's messages name its index: by the name the team gave it, with the id's start beside
// it for copying, or by the id where it has no name.
import { describe, expect, it } from 'vitest';
import { INITIAL_STATE, NO_CONTROLS } from '../../../../../src/features/watches/evaluate.ts';
import { alertMessage, resolvedMessage, ruleText } from '../../../../../src/features/watches/views/views.ts';
import type { Watch } from '../../../../../src/store/index.ts';
import { textOf } from '../../../../support/blocks.ts';

const NOW = Date.UTC(2026, 10, 26, 9, 0);
const ID = '0d6f3f5e-1c2b-4a5d-9e8f-7a6b5c4d3e2f';

const watch: Watch = {
  id: 7,
  channelId: 'C0WATCH',
  indexId: ID,
  metric: 'monthly_cost',
  direction: 'above',
  threshold: 50,
  forChecks: 1,
  note: null,
  createdBy: 'U0REQUESTER',
  createdAt: NOW - 3_600_000,
  state: { ...INITIAL_STATE, status: 'firing', lastValue: 80, incidentSince: NOW - 600_000 },
  controls: NO_CONTROLS,
  nextCheckAt: NOW,
  notify: { users: [], groups: [] },
  remindEveryMs: null,
};

describe('the index in a watch’s messages', () => {
  it('is the name with the start of the id when the index has one', () => {
    const named = { ...watch, indexName: 'catalog' };
    const label = '*catalog* (`0d6f3f5e…`)';
    expect(ruleText(named)).toBe(`${label} \`monthly-cost\` above $50.00 for 1 check`);
    const alert = alertMessage(named, NOW, 'UTC');
    expect(textOf(alert.blocks)).toContain(`${label} · \`monthly-cost\` is *$80.00*`);
    expect(alert.text).toContain('catalog (0d6f3f5e…) monthly-cost is $80.00');
    expect(textOf(resolvedMessage(named, NOW, 'UTC').blocks)).toContain(label);
  });

  it('is the whole id when it has none', () => {
    expect(ruleText(watch)).toContain(`\`${ID}\``);
    expect(textOf(alertMessage(watch, NOW, 'UTC').blocks)).toContain(`\`${ID}\` · \`monthly-cost\``);
  });
});
