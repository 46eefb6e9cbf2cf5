// Every id of the digests feature's Slack surfaces, so the views, the parser, the listeners and the
// tests agree on them.
/** The modals' callback ids. */
export const VIEW = { configure: 'digests.configure' } as const;
/** Each input block holds one element; its action id is the same everywhere. */
export const ACTION = { value: 'value' } as const;

export const BLOCK = {
  indexes: 'digests.indexes',
  period: 'digests.period',
  time: 'digests.time',
  zone: 'digests.zone',
  days: 'digests.days',
  chosenDays: 'digests.chosen_days',
  include: 'digests.include',
} as const;

export type BlockId = (typeof BLOCK)[keyof typeof BLOCK];
