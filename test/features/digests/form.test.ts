import { describe, expect, it } from 'vitest';
import { initialSettings, parseDigestForm, type StateValues } from '../../../src/features/digests/form.ts';
import { BLOCK } from '../../../src/features/digests/ids.ts';
import { listAnswer, removedAnswer } from '../../../src/features/digests/views/answers.ts';
import {
  configureModal,
  modalMetadataSchema,
  savedModal,
} from '../../../src/features/digests/views/modal.ts';
import { initialState } from '../../../src/sim/driver/blocks.ts';
import { checkBlockKit } from '../../../src/sim/slack/index.ts';
import type { DigestSubscription } from '../../../src/store/index.ts';
import { textWithAltOf as textOf } from '../../support/blocks.ts';

const modal = (settings = initialSettings(undefined, 'Europe/Berlin')) =>
  configureModal({ channelId: 'C0DIGEST', settings, editing: false });

/** What Slack would send back for the modal as opened, with some fields changed. */
function submitted(changes: Record<string, Record<string, unknown>> = {}, view = modal()): StateValues {
  const state = initialState(view.blocks) as Record<string, Record<string, object>>;
  for (const [block, value] of Object.entries(changes)) state[block] = { value: value };
  return state;
}

/** Indexes as chosen in the type-ahead: Slack sends the options picked. */
const picked = (...ids: string[]) => ({
  type: 'multi_external_select',
  selected_options: ids.map((id) => ({ text: { type: 'plain_text' as const, text: id }, value: id })),
});

describe('configure modal', () => {
  it('passes Slack’s checks, prefilled with defaults and the user’s zone', () => {
    const view = modal();
    expect(checkBlockKit('modal', view.blocks, view)).toEqual([]);
    expect(JSON.stringify(view)).toContain('"initial_value":"Europe/Berlin"');
    expect(modalMetadataSchema.parse(view.private_metadata)).toEqual({
      channelId: 'C0DIGEST',
      editing: false,
    });
    expect(modalMetadataSchema.safeParse('{"channelId":"not a channel"}').success).toBe(false);
    expect(modalMetadataSchema.safeParse('not json').success).toBe(false);
    const parsed = parseDigestForm(submitted({ [BLOCK.indexes]: picked('idx-1') }));
    expect(parsed).toEqual({
      ok: true,
      settings: {
        indexIds: ['idx-1'],
        period: '1d',
        localTime: '09:00',
        timeZone: 'Europe/Berlin',
        days: [0, 1, 2, 3, 4, 5, 6],
        includeAccounts: true,
        includeRequests: true,
      },
    });
  });

  it('reopens prefilled with the saved digest', () => {
    const saved = {
      indexIds: ['idx-1', 'idx-2'],
      period: '7d',
      localTime: '17:45',
      timeZone: 'America/New_York',
      days: [1, 3, 5],
      includeAccounts: false,
      includeRequests: true,
    } as unknown as DigestSubscription;
    const view = configureModal({
      channelId: 'C0DIGEST',
      settings: initialSettings(saved, 'Asia/Tokyo'),
      editing: true,
      indexOptions: picked('idx-1', 'idx-2').selected_options,
    });
    expect(checkBlockKit('modal', view.blocks, view)).toEqual([]);
    const parsed = parseDigestForm(submitted({}, view));
    expect(parsed).toMatchObject({
      ok: true,
      settings: {
        indexIds: ['idx-1', 'idx-2'],
        period: '7d',
        localTime: '17:45',
        timeZone: 'America/New_York',
        days: [1, 3, 5],
      },
    });
    expect(parsed.ok && parsed.settings.includeAccounts).toBe(false);
  });

  it('names every invalid field', () => {
    const parsed = parseDigestForm(
      submitted({
        [BLOCK.indexes]: picked('idx-1', 'bad id!', '../x'),
        [BLOCK.zone]: { type: 'plain_text_input', value: 'Mars/Olympus' },
        [BLOCK.days]: { type: 'radio_buttons', selected_option: { value: 'chosen' } },
        [BLOCK.chosenDays]: { type: 'checkboxes', selected_options: [] },
      }),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors[BLOCK.indexes]).toMatch(/^"bad id!", "\.\.\/x" are not a valid ID/u);
    expect(parsed.errors[BLOCK.zone]).toContain('"Mars/Olympus" is not a known time zone');
    expect(parsed.errors[BLOCK.chosenDays]).toContain('Tick at least one day');
  });

  it('asks for at least one index and caps how many', () => {
    const none = parseDigestForm(submitted());
    expect(!none.ok && none.errors[BLOCK.indexes]).toBe('Choose at least one vector index.');
    const many = Array.from({ length: 21 }, (_, i) => `idx-${i}`);
    const tooMany = parseDigestForm(submitted({ [BLOCK.indexes]: picked(...many) }));
    expect(!tooMany.ok && tooMany.errors[BLOCK.indexes]).toContain('at most 20 indexes');
  });

  it('weekdays and chosen days', () => {
    const ids = { [BLOCK.indexes]: picked('idx-1') };
    const weekdays = parseDigestForm(
      submitted({ ...ids, [BLOCK.days]: { type: 'radio_buttons', selected_option: { value: 'weekdays' } } }),
    );
    expect(weekdays.ok && weekdays.settings.days).toEqual([1, 2, 3, 4, 5]);
    const chosen = parseDigestForm(
      submitted({
        ...ids,
        [BLOCK.days]: { type: 'radio_buttons', selected_option: { value: 'chosen' } },
        [BLOCK.chosenDays]: { type: 'checkboxes', selected_options: [{ value: '6' }, { value: '0' }] },
      }),
    );
    expect(chosen.ok && chosen.settings.days).toEqual([0, 6]);
  });

  it('falls back to UTC when the user’s zone is unknown or odd', () => {
    expect(initialSettings(undefined, undefined).timeZone).toBe('UTC');
    expect(initialSettings(undefined, 'Not/AZone').timeZone).toBe('UTC');
  });

  it('the saved view passes Slack’s checks and says when it runs next', () => {
    const settings = { ...initialSettings(undefined, 'Europe/Berlin'), indexIds: ['idx-1'] };
    const view = savedModal({
      channelId: 'C0DIGEST',
      settings,
      nextRunText: 'Tue 24 Nov, 09:00 (Europe/Berlin)',
      command: '/opsbot',
    });
    expect(checkBlockKit('modal', view.blocks, view)).toEqual([]);
    expect(textOf(view.blocks)).toContain('*Next digest:* Tue 24 Nov, 09:00 (Europe/Berlin)');
    expect(textOf(view.blocks)).toContain('`/opsbot digest preview`');
    expect(textOf(view.blocks)).not.toContain('/ops ');
  });
});

describe('list and remove answers', () => {
  const sub = (i: number): DigestSubscription => ({
    channelId: `C0CH${i}`,
    configuredBy: 'U0REQUESTER',
    indexIds: ['idx-1', 'idx-2'],
    period: '1d',
    localTime: '09:00',
    timeZone: 'Europe/Berlin',
    days: [1, 2, 3, 4, 5],
    includeAccounts: true,
    includeRequests: true,
    createdAt: 0,
    updatedAt: 0,
    nextRunAt: Date.parse('2026-11-24T08:00:00Z'),
  });

  it('shows each channel with its time, zone and next run in the viewer’s zone', () => {
    const { blocks } = listAnswer([sub(1)], { timeZone: 'America/New_York', zoneKnown: true }, '/ops');
    expect(checkBlockKit('message', blocks)).toEqual([]);
    expect(textOf(blocks)).toContain(
      '<#C0CH1> — 09:00 Europe/Berlin, weekdays · 2 indexes (1d) · next Tue 24 Nov, 03:00 America/New_York',
    );
  });

  it('stays within limits with 200 channels', () => {
    const { blocks } = listAnswer(
      Array.from({ length: 200 }, (_, i) => sub(i)),
      { timeZone: 'UTC', zoneKnown: false },
      '/ops',
    );
    expect(checkBlockKit('message', blocks)).toEqual([]);
    expect(textOf(blocks)).toContain('…and 160 more.');
  });

  it('remove says what happened', () => {
    expect(textOf(removedAnswer('C0X', '/ops').blocks)).toContain('is removed');
  });
});
