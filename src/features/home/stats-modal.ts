// "Stats for…" from the Home tab: which index, which period, and where the card goes.
import type { ModalView } from '@slack/types';
import { STATS_PERIODS, type StatsPeriod } from '../../api/index.ts';
import { INDEX_ID_RULE, indexIdSchema } from '../vector-stats/input.ts';
import { PERIOD_WORDS } from '../vector-stats/time-range.ts';

export const STATS_CALLBACK = 'home.stats';
export const STATS_BLOCK = {
  index: 'home_stats_index',
  period: 'home_stats_period',
  channel: 'home_stats_channel',
};

const plain = (text: string) => ({ type: 'plain_text' as const, text, emoji: true });
const periodOption = (p: StatsPeriod) => ({ text: plain(`${p} · ${PERIOD_WORDS[p]}`), value: p });

export function statsForModal(): ModalView {
  return {
    type: 'modal',
    callback_id: STATS_CALLBACK,
    title: plain('Vector index stats'),
    submit: plain('Show stats'),
    close: plain('Cancel'),
    blocks: [
      {
        type: 'input',
        block_id: STATS_BLOCK.index,
        label: plain('Vector index id'),
        hint: plain(INDEX_ID_RULE.replaceAll('`', '')),
        element: {
          type: 'plain_text_input',
          action_id: STATS_BLOCK.index,
          placeholder: plain('idx-1'),
          max_length: 64,
        },
      },
      {
        type: 'input',
        block_id: STATS_BLOCK.period,
        label: plain('Period'),
        element: {
          type: 'static_select',
          action_id: STATS_BLOCK.period,
          options: STATS_PERIODS.map(periodOption),
          initial_option: periodOption('1d'),
        },
      },
      {
        type: 'input',
        block_id: STATS_BLOCK.channel,
        optional: true,
        label: plain('Post in'),
        hint: plain('Leave empty to get the card in a direct message from opsbot.'),
        element: {
          type: 'conversations_select',
          action_id: STATS_BLOCK.channel,
          placeholder: plain('A channel'),
          filter: { include: ['public', 'private'], exclude_bot_users: true },
        },
      },
    ],
  };
}

export type StatsForm = { indexId: string; period: StatsPeriod; channelId: string | undefined };

/** The form's values, or the field errors Slack shows under each input. */
export function readStatsForm(values: {
  index: string | undefined;
  period: string | undefined;
  channel: string | undefined;
}): { ok: true; form: StatsForm } | { ok: false; errors: Record<string, string> } {
  const indexId = values.index?.trim() ?? '';
  const errors: Record<string, string> = {};
  if (!indexIdSchema.safeParse(indexId).success)
    errors[STATS_BLOCK.index] = `Use ${INDEX_ID_RULE.replaceAll('`', '')}.`;
  const period = STATS_PERIODS.find((p) => p === values.period);
  if (period === undefined) errors[STATS_BLOCK.period] = `Pick one of ${STATS_PERIODS.join(', ')}.`;
  if (period === undefined || Object.keys(errors).length > 0) return { ok: false, errors };
  const channel = values.channel?.trim();
  return { ok: true, form: { indexId, period, channelId: channel === '' ? undefined : channel } };
}
