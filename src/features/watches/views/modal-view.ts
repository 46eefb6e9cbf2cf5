// The watch form, for a new watch or to edit one: data in, a modal view out. No I/O.
import type { ModalView, PlainTextOption } from '@slack/types';
import { z } from 'zod';
import { pickedConversation, type SubmittedView } from '../../../slack/policy-gate.ts';
import type { Watch } from '../../../store/index.ts';
import { plain } from '../../../text/block-kit.ts';
import { BLOCK, VIEW } from '../ids.ts';
import { METRICS, type Metric, metricByKey } from '../watchable.ts';

/** What the form carries back: the channel it was opened in, and the watch it edits. */
const metadataSchema = z.object({ channelId: z.string(), watchId: z.number().int().positive().optional() });
type WatchFormMetadata = z.infer<typeof metadataSchema>;

/** The form's metadata, or undefined when it isn't one this version wrote. */
export function readMetadata(raw: string): WatchFormMetadata | undefined {
  try {
    return metadataSchema.parse(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

/**
 * The channel a submitted watch form posts alerts to: the one picked, else the one it was opened in.
 * The only reader of it, for the policy gate and the listener alike.
 */
export function watchFormChannel(view: SubmittedView): string | undefined {
  const opened = readMetadata(view.private_metadata ?? '')?.channelId.trim();
  return pickedConversation(view.state, BLOCK.channel) ?? (opened || undefined);
}

/** A threshold as the form reads it back (`$50`, `2147483648`): exact, in the metric's unit. */
function thresholdText(metric: Metric, value: number): string {
  return metric.unit === 'money' ? `$${value}` : String(value);
}

/**
 * The watch form: empty for a new watch, filled in to edit `existing`, whose index shows as
 * `existingIndex` (its name and id).
 */
export function watchModal(channelId: string, existing?: Watch, existingIndex?: PlainTextOption): ModalView {
  return {
    type: 'modal',
    callback_id: VIEW.watch,
    private_metadata: JSON.stringify({
      channelId,
      ...(existing === undefined ? {} : { watchId: existing.id }),
    } satisfies WatchFormMetadata),
    title: plain(existing === undefined ? 'New watch' : `Edit watch #${existing.id}`),
    submit: plain(existing === undefined ? 'Watch' : 'Save'),
    close: plain('Cancel'),
    blocks: [...ruleFields(existing, existingIndex), ...placeFields(channelId, existing)],
  };
}

const option = (value: string, text: string) => ({ value, text: plain(text) });
/** The field's initial value, or nothing when the watch has none. */
const initial = <T>(value: T | undefined, field: (v: T) => Record<string, unknown>) =>
  value === undefined || value === null ? {} : field(value);

/** The rule: which index, what metric, which way, the threshold and for how many checks. */
function ruleFields(existing?: Watch, existingIndex?: PlainTextOption): ModalView['blocks'] {
  const metric = existing === undefined ? undefined : metricByKey(existing.metric);
  return [
    {
      type: 'input',
      block_id: BLOCK.index,
      label: plain('Vector index'),
      hint: plain('Type part of its name or id; a new id is offered as “Use ID …”.'),
      element: {
        // Options come from the indexes opsbot knows (answered by the indexes feature), shown on open.
        type: 'external_select',
        action_id: BLOCK.index,
        min_query_length: 0,
        placeholder: plain('catalog'),
        ...initial(existingIndex, (o) => ({ initial_option: o })),
      },
    },
    {
      type: 'input',
      block_id: BLOCK.metric,
      label: plain('What to watch'),
      element: {
        type: 'static_select',
        action_id: BLOCK.metric,
        options: METRICS.map((m) => option(m.key, m.name)),
        ...initial(metric, (m) => ({ initial_option: option(m.key, m.name) })),
      },
    },
    {
      type: 'input',
      block_id: BLOCK.direction,
      label: plain('Alert when it goes'),
      element: {
        type: 'static_select',
        action_id: BLOCK.direction,
        initial_option:
          existing?.direction === 'below'
            ? option('below', 'below the threshold')
            : option('above', 'above the threshold'),
        options: [option('above', 'above the threshold'), option('below', 'below the threshold')],
      },
    },
    {
      type: 'input',
      block_id: BLOCK.threshold,
      label: plain('Threshold'),
      hint: plain('In the metric’s unit: bytes like 500 MB, cost like $50, counts like 10k.'),
      element: {
        type: 'plain_text_input',
        action_id: BLOCK.threshold,
        placeholder: plain('250'),
        ...initial(metric, (m) => ({ initial_value: thresholdText(m, existing?.threshold ?? 0) })),
      },
    },
    {
      type: 'input',
      block_id: BLOCK.forChecks,
      label: plain('For how many checks in a row'),
      element: {
        type: 'number_input',
        action_id: BLOCK.forChecks,
        is_decimal_allowed: false,
        initial_value: String(existing?.forChecks ?? 3),
        min_value: '1',
        max_value: '60',
      },
    },
  ];
}

/** Where the alerts go, and the note they carry. */
function placeFields(channelId: string, existing?: Watch): ModalView['blocks'] {
  return [
    {
      type: 'input',
      block_id: BLOCK.channel,
      label: plain('Post alerts in'),
      element: {
        type: 'conversations_select',
        action_id: BLOCK.channel,
        default_to_current_conversation: true,
        ...(channelId.startsWith('C') || channelId.startsWith('G')
          ? { initial_conversation: channelId }
          : {}),
      },
    },
    {
      type: 'input',
      block_id: BLOCK.note,
      optional: true,
      label: plain('Note for whoever sees the alert'),
      element: {
        type: 'plain_text_input',
        action_id: BLOCK.note,
        max_length: 280,
        placeholder: plain('page #search-oncall if this fires'),
        ...initial(existing?.note ?? undefined, (v) => ({ initial_value: v })),
      },
    },
  ];
}
