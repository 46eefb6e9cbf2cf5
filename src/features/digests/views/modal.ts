// The configure modal and its confirmation: pure builders, data in, view out.
import type { KnownBlock, ModalView, PlainTextOption } from '@slack/types';
import { z } from 'zod';
import { STATS_PERIODS, type StatsPeriod } from '../../../api/index.ts';
import { SLACK_LIMITS } from '../../../slack/limits.ts';
import type { Weekday } from '../../../store/index.ts';
import { plain } from '../../../text/block-kit.ts';
import { escapeMrkdwn, mentionChannel, truncate } from '../../../text/mrkdwn.ts';
import { PERIOD_WORDS } from '../../../vector-index.ts';
import { type DaysMode, type DigestSettings, daysModeOf, INCLUDE, MAX_INDEXES } from '../form.ts';
import { ACTION, BLOCK, VIEW } from '../ids.ts';
import { DAY_NAMES, daysInWords } from '../schedule.ts';

function option(text: string, value: string): PlainTextOption {
  return { text: plain(truncate(text, SLACK_LIMITS.optionText)), value };
}

const periodOption = (p: StatsPeriod) => option(`${p} · ${PERIOD_WORDS[p]}`, p);

const DAYS_OPTIONS: Record<DaysMode, PlainTextOption> = {
  every: option('Every day', 'every'),
  weekdays: option('Weekdays (Monday to Friday)', 'weekdays'),
  chosen: option('Chosen days (tick them below)', 'chosen'),
};

// Monday first: the order most people outside the US read a week in.
const WEEK_ORDER: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 0];
const dayOption = (d: Weekday) => option(DAY_NAMES[d], String(d));

const INCLUDE_OPTIONS = {
  accounts: option('Messaging accounts that need attention', INCLUDE.accounts),
  requests: option('Index requests waiting for approval', INCLUDE.requests),
};

type ConfigureModalInput = {
  channelId: string;
  settings: DigestSettings;
  /** True when the channel already has a digest: the modal edits it. */
  editing: boolean;
  /** The saved indexes as the picker shows them (name and id), in order. */
  indexOptions?: PlainTextOption[];
  /** Said under the zone field when the user's own zone could not be read. */
  zoneNote?: string;
};

/** What the submission needs to know of the modal: its channel, and whether it edited a digest. */
export const modalMetadataSchema = z
  .string()
  .transform((raw, ctx) => {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'not JSON' });
      return z.NEVER;
    }
  })
  .pipe(z.object({ channelId: z.string().regex(/^[CGD][A-Z0-9]+$/), editing: z.boolean().default(false) }));

type ModalMetadata = z.output<typeof modalMetadataSchema>;

export function configureModal(input: ConfigureModalInput): ModalView {
  const { settings } = input;
  const mode = daysModeOf(settings.days);
  const blocks: KnownBlock[] = [
    introSection(input.channelId, input.editing),
    indexesField(input.indexOptions ?? []),
    periodField(settings.period),
    timeField(settings.localTime),
    zoneField(settings.timeZone, input.zoneNote),
    daysField(mode),
    chosenDaysField(mode, settings.days),
    includeField(settings),
  ];
  return {
    type: 'modal',
    callback_id: VIEW.configure,
    private_metadata: JSON.stringify({
      channelId: input.channelId,
      editing: input.editing,
    } satisfies ModalMetadata),
    title: plain('Daily digest'),
    submit: plain(input.editing ? 'Save changes' : 'Save'),
    close: plain('Cancel'),
    blocks,
  };
}

// One builder per block of the form, in the order the form shows them; each sets its initial value.

function introSection(channelId: string, editing: boolean): KnownBlock {
  return {
    type: 'section',
    text: {
      type: 'mrkdwn',
      text: `${editing ? 'Change the daily digest' : 'Set up a daily digest'} for ${mentionChannel(channelId)}: one message at the chosen local time with the stats of these indexes.`,
    },
  };
}

function indexesField(indexOptions: PlainTextOption[]): KnownBlock {
  return {
    type: 'input',
    block_id: BLOCK.indexes,
    label: plain('Vector indexes'),
    hint: plain(`Type part of a name or an id (at most ${MAX_INDEXES}); a new id is offered as “Use ID …”.`),
    element: {
      // Options: the indexes opsbot knows, answered by the indexes feature, shown on open.
      type: 'multi_external_select',
      action_id: ACTION.value,
      min_query_length: 0,
      max_selected_items: MAX_INDEXES,
      placeholder: plain('catalog'),
      ...(indexOptions.length > 0 ? { initial_options: indexOptions } : {}),
    },
  };
}

function periodField(period: StatsPeriod): KnownBlock {
  return {
    type: 'input',
    block_id: BLOCK.period,
    label: plain('Stats period'),
    element: {
      type: 'static_select',
      action_id: ACTION.value,
      options: STATS_PERIODS.map(periodOption),
      initial_option: periodOption(period),
    },
  };
}

function timeField(localTime: string): KnownBlock {
  return {
    type: 'input',
    block_id: BLOCK.time,
    label: plain('Time of day'),
    element: { type: 'timepicker', action_id: ACTION.value, initial_time: localTime },
  };
}

function zoneField(timeZone: string, zoneNote: string | undefined): KnownBlock {
  return {
    type: 'input',
    block_id: BLOCK.zone,
    label: plain('Time zone'),
    hint: plain(zoneNote ?? 'An IANA name such as Europe/Berlin, America/New_York or UTC.'),
    element: {
      type: 'plain_text_input',
      action_id: ACTION.value,
      initial_value: timeZone,
      placeholder: plain('Europe/Berlin'),
    },
  };
}

function daysField(mode: DaysMode): KnownBlock {
  return {
    type: 'input',
    block_id: BLOCK.days,
    label: plain('Days'),
    element: {
      type: 'radio_buttons',
      action_id: ACTION.value,
      options: [DAYS_OPTIONS.every, DAYS_OPTIONS.weekdays, DAYS_OPTIONS.chosen],
      initial_option: DAYS_OPTIONS[mode],
    },
  };
}

/** The days are ticked only when the digest runs on chosen days: otherwise the boxes start empty. */
function chosenDaysField(mode: DaysMode, days: readonly Weekday[]): KnownBlock {
  const chosen = WEEK_ORDER.filter((d) => days.includes(d));
  return {
    type: 'input',
    block_id: BLOCK.chosenDays,
    optional: true,
    label: plain('Chosen days'),
    hint: plain('Used when "Chosen days" is selected above.'),
    element: {
      type: 'checkboxes',
      action_id: ACTION.value,
      options: WEEK_ORDER.map(dayOption),
      ...(mode === 'chosen' && chosen.length > 0 ? { initial_options: chosen.map(dayOption) } : {}),
    },
  };
}

function includeField(settings: DigestSettings): KnownBlock {
  const include = [
    ...(settings.includeAccounts ? [INCLUDE_OPTIONS.accounts] : []),
    ...(settings.includeRequests ? [INCLUDE_OPTIONS.requests] : []),
  ];
  return {
    type: 'input',
    block_id: BLOCK.include,
    optional: true,
    label: plain('Also include'),
    element: {
      type: 'checkboxes',
      action_id: ACTION.value,
      options: [INCLUDE_OPTIONS.accounts, INCLUDE_OPTIONS.requests],
      ...(include.length > 0 ? { initial_options: include } : {}),
    },
  };
}

type SavedModalInput = {
  channelId: string;
  settings: DigestSettings;
  /** `Tue 24 Nov, 09:00 (Europe/Berlin)` */
  nextRunText: string;
  /** The slash command as the workspace names it, for the hints. */
  command: string;
  /** The indexes as messages show them (`*catalog* (`idx-1`)`), in the settings' order. */
  indexLabels?: readonly string[];
};

/** Replaces the form after a successful save, so the person sees what was stored. */
export function savedModal(input: SavedModalInput): ModalView {
  const s = input.settings;
  const ids = (input.indexLabels ?? s.indexIds.map((id) => `\`${escapeMrkdwn(id)}\``)).join(', ');
  const extras = [
    s.includeAccounts ? 'messaging accounts' : '',
    s.includeRequests ? 'pending index requests' : '',
  ]
    .filter((x) => x !== '')
    .join(' and ');
  const lines = [
    `:white_check_mark: The daily digest for ${mentionChannel(input.channelId)} is saved.`,
    `*When:* ${daysInWords(s.days)} at ${s.localTime} (${escapeMrkdwn(s.timeZone)})`,
    `*Next digest:* ${escapeMrkdwn(input.nextRunText)}`,
    `*Indexes:* ${ids} · ${PERIOD_WORDS[s.period]}`,
    ...(extras === '' ? [] : [`*Also:* ${extras}`]),
    `Try it now with \`${input.command} digest preview\`; change it with \`${input.command} digest\`, stop it with \`${input.command} digest remove\`.`,
  ];
  return {
    type: 'modal',
    title: plain('Daily digest'),
    close: plain('Done'),
    blocks: [
      {
        type: 'section',
        text: { type: 'mrkdwn', text: truncate(lines.join('\n'), SLACK_LIMITS.sectionText) },
      },
    ],
  };
}
