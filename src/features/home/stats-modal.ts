// "Stats for…" from the Home tab: which index, which period, and where the card goes.
import type { ModalView } from '@slack/types';
import { z } from 'zod';
import { STATS_PERIODS, type StatsPeriod } from '../../api/index.ts';
import { pickedConversation, type SubmittedView } from '../../slack/policy-gate.ts';
import { plain } from '../../text/block-kit.ts';
import { indexIdSchema, PERIOD_WORDS } from '../../vector-index.ts';
import { BLOCK, VIEW } from './ids.ts';

const periodOption = (p: StatsPeriod) => ({ text: plain(`${p} · ${PERIOD_WORDS[p]}`), value: p });

export function statsForModal(): ModalView {
  return {
    type: 'modal',
    callback_id: VIEW.stats,
    title: plain('Vector index stats'),
    submit: plain('Show stats'),
    close: plain('Cancel'),
    blocks: [
      {
        type: 'input',
        block_id: BLOCK.stats.index,
        label: plain('Vector index'),
        hint: plain('Type part of its name or id; a new id is offered as “Use ID …”.'),
        element: {
          // Options: the indexes opsbot knows, answered by the indexes feature, shown on open.
          type: 'external_select',
          action_id: BLOCK.stats.index,
          min_query_length: 0,
          placeholder: plain('catalog'),
        },
      },
      {
        type: 'input',
        block_id: BLOCK.stats.period,
        label: plain('Period'),
        element: {
          type: 'static_select',
          action_id: BLOCK.stats.period,
          options: STATS_PERIODS.map(periodOption),
          initial_option: periodOption('1d'),
        },
      },
      {
        type: 'input',
        block_id: BLOCK.stats.channel,
        optional: true,
        label: plain('Post in'),
        hint: plain('Leave empty to get the card in a direct message from opsbot.'),
        element: {
          type: 'conversations_select',
          action_id: BLOCK.stats.channel,
          placeholder: plain('A channel'),
          filter: { include: ['public', 'private'], exclude_bot_users: true },
        },
      },
    ],
  };
}

export type StatsForm = { indexId: string; period: StatsPeriod; channelId: string | undefined };

// The submitted state as Slack sends it: each input under its block id, then its action id.
const field = <T extends z.ZodType>(id: string, value: T) => z.object({ [id]: value }).optional();
const stateSchema = z.object({
  [BLOCK.stats.index]: field(
    BLOCK.stats.index,
    z.object({ selected_option: z.object({ value: z.string() }).nullish() }),
  ),
  [BLOCK.stats.period]: field(
    BLOCK.stats.period,
    z.object({ selected_option: z.object({ value: z.string() }).nullish() }),
  ),
  [BLOCK.stats.channel]: field(
    BLOCK.stats.channel,
    z.object({ selected_conversation: z.string().nullish() }),
  ),
});

/** The channel the stats form posts to, if one was picked: the only reader of it, for the gate and the listener. */
export const statsFormChannel = (view: SubmittedView) => pickedConversation(view.state, BLOCK.stats.channel);

/** The form's values, or the field errors Slack shows under each input. */
export function readStatsForm(
  state: unknown,
): { ok: true; form: StatsForm } | { ok: false; errors: Record<string, string> } {
  const values = stateSchema.safeParse(state);
  const v = values.success ? values.data : {};
  const indexId = v[BLOCK.stats.index]?.[BLOCK.stats.index]?.selected_option?.value ?? '';
  const errors: Record<string, string> = {};
  if (!indexIdSchema.safeParse(indexId).success)
    errors[BLOCK.stats.index] = 'Choose a vector index (type part of its name or id).';
  const chosen = v[BLOCK.stats.period]?.[BLOCK.stats.period]?.selected_option?.value;
  const period = STATS_PERIODS.find((p) => p === chosen);
  if (period === undefined) errors[BLOCK.stats.period] = `Pick one of ${STATS_PERIODS.join(', ')}.`;
  if (period === undefined || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, form: { indexId, period, channelId: statsFormChannel({ state: { values: state } }) } };
}
