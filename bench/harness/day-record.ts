// Item 1's record: what each person waited for, by the kind of answer they saw.

/** What a person sees, by the kind of request: the rows of the table. */
export const ANSWER_KINDS = {
  help: '`/ops help` → help card (in the ack)',
  accounts: '`/ops messaging accounts` → summary (response_url)',
  stats: '`/ops vector stats <id> <random period>` → card in the channel',
  searchModal: '`/ops search create …` → request modal (views.open)',
  searchFiled: 'request modal submitted → confirmation (ephemeral)',
  approveModal: 'Approve on the card → decision modal (views.open)',
  approved: 'decision submitted → card shows “Created” (chat.update)',
  watchSet: '`/ops watch <id> monthly_cost > $…` → confirmation (in the ack)',
  watchList: '`/ops watch list` → list (ephemeral)',
  digestList: '`/ops digest list` → list (response_url)',
  digestForm: '`/ops digest` → form (views.open)',
  digestPreview: '`/ops digest preview` → preview with cards (response_url)',
  home: 'Home opened → Home published (views.publish)',
} as const;
export type AnswerKind = keyof typeof ANSWER_KINDS;

export type DayRecord = {
  /** Every HTTP ack (commands, clicks, submissions, events), ms. */
  acks: number[];
  answers: Record<AnswerKind, number[]>;
  missing: Record<AnswerKind, number>;
  /** Home opened by someone for the first time that day → their first tab published, ms. */
  firstHome: number[];
  /** Each first opening: when it was sent, and its wait (undefined: no tab before the day gave up). */
  firstOpens: Array<{ sentAt: number; ms: number | undefined }>;
  /** Home reopened within 15 minutes of the person's last tab (kept current): shown at once, nothing awaited. */
  currentTabs: number;
  /** Answers slower than a second: when they were asked (s into the day), to see what they met. */
  slow: Array<{ kind: AnswerKind; ms: number; atS: number }>;
  failures: string[];
};

export function newRecord(): DayRecord {
  const kinds = Object.keys(ANSWER_KINDS) as AnswerKind[];
  return {
    acks: [],
    answers: Object.fromEntries(kinds.map((k) => [k, []])) as unknown as DayRecord['answers'],
    missing: Object.fromEntries(kinds.map((k) => [k, 0])) as unknown as DayRecord['missing'],
    firstHome: [],
    firstOpens: [],
    currentTabs: 0,
    slow: [],
    failures: [],
  };
}
