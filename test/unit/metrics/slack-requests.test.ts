// The kind a Slack request is counted under: a fixed word, whatever the payload says.
import { describe, expect, it } from 'vitest';
import { kindOf } from '../../../src/metrics/slack-requests.ts';

describe('Slack request kinds', () => {
  it('names each payload by a fixed word, never by what the payload says', () => {
    expect(kindOf({ command: '/ops', text: 'help' })).toBe('command');
    expect(kindOf({ type: 'block_actions' })).toBe('action');
    expect(kindOf({ type: 'view_submission' })).toBe('view_submission');
    expect(kindOf({ type: 'block_suggestion' })).toBe('options');
    expect(kindOf({ type: 'event_callback' })).toBe('event');
    expect(kindOf({ type: 'something_new_U0SECRET' })).toBe('other');
    expect(kindOf(undefined)).toBe('other');
  });
});
