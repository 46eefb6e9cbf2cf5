// A Block Kit element as a compact token, the way it looks in Slack before anyone touches it:
// [Approve], [7d · last 7 days ▾], [#team-ops ▾], [3]. What the form already holds (an initial
// option, user, channel or value) reads as a value; a placeholder is only a hint, so it is set
// apart — ‹…› and dimmed — and never passes for something chosen.
import { asJson, asList, type Json, type RenderOptions, textOf } from './slack-text.ts';

/** Slack's own hint in a select that names none. */
const SLACK_SELECT_HINT = 'Select an item';

function optionText(option: unknown): string {
  return textOf(asJson(option)?.text);
}

const stringsOf = (value: unknown): string[] => asList(value).filter((v) => typeof v === 'string');

/** What the element holds before anyone touches it, as Slack shows each kind of value. */
function chosenValues(el: Json, options: RenderOptions): string[] {
  const { names } = options;
  switch (el.type) {
    case 'static_select':
    case 'external_select':
      return el.initial_option === undefined ? [] : [optionText(el.initial_option)];
    case 'multi_static_select':
    case 'multi_external_select':
      return asList(el.initial_options).map(optionText);
    case 'users_select':
      return typeof el.initial_user === 'string' ? [`@${names.user(el.initial_user)}`] : [];
    case 'multi_users_select':
      return stringsOf(el.initial_users).map((id) => `@${names.user(id)}`);
    case 'conversations_select':
    case 'channels_select': {
      const id = el.type === 'channels_select' ? el.initial_channel : el.initial_conversation;
      return typeof id === 'string' ? [`#${names.channel(id)}`] : [];
    }
    case 'multi_conversations_select':
    case 'multi_channels_select': {
      const ids = el.type === 'multi_channels_select' ? el.initial_channels : el.initial_conversations;
      return stringsOf(ids).map((id) => `#${names.channel(id)}`);
    }
    default:
      return typeof el.initial_value === 'string' && el.initial_value !== '' ? [el.initial_value] : [];
  }
}

/** The element's placeholder, marked as one; `fallback` when it has none. */
function hint(el: Json, options: RenderOptions, fallback: string): string {
  const text = textOf(el.placeholder) || fallback;
  return text === '' ? '' : options.style.dim(`‹${text}›`);
}

function selectToken(el: Json, options: RenderOptions): string {
  const chosen = chosenValues(el, options);
  if (chosen.length > 0) return `[${chosen.join(', ')} ▾]`;
  // Slack puts the current conversation in the field itself when the modal was opened from one.
  if (el.default_to_current_conversation === true) return `[${options.style.dim('‹this conversation›')} ▾]`;
  return `[${hint(el, options, SLACK_SELECT_HINT)} ▾]`;
}

function inputToken(el: Json, options: RenderOptions): string {
  const [value] = chosenValues(el, options);
  if (value !== undefined) return `[${value}]`;
  return `[${hint(el, options, '') || ' '.repeat(12)}]`;
}

/** An interactive element as a compact token: [Approve], [7d · last 7 days ▾], [09:00 🕘]. */
export function elementToken(element: unknown, options: RenderOptions): string {
  const el = asJson(element) ?? {};
  switch (el.type) {
    case 'button':
      return `[${textOf(el.text)}]`;
    case 'static_select':
    case 'external_select':
    case 'users_select':
    case 'conversations_select':
    case 'channels_select':
    case 'multi_static_select':
    case 'multi_external_select':
    case 'multi_users_select':
    case 'multi_conversations_select':
    case 'multi_channels_select':
      return selectToken(el, options);
    case 'overflow':
      return '[⋯]';
    case 'plain_text_input':
    case 'number_input':
    case 'email_text_input':
    case 'url_text_input':
      return inputToken(el, options);
    case 'timepicker':
      return `[${typeof el.initial_time === 'string' ? el.initial_time : options.style.dim('‹--:--›')} 🕘]`;
    case 'datepicker':
      return `[${typeof el.initial_date === 'string' ? el.initial_date : options.style.dim('‹yyyy-mm-dd›')} 📅]`;
    case 'radio_buttons':
    case 'checkboxes': {
      const initial = el.type === 'radio_buttons' ? [el.initial_option] : asList(el.initial_options);
      const chosen = new Set(initial.map((o) => String(asJson(o)?.value)));
      const [on, off] = el.type === 'radio_buttons' ? ['(•)', '( )'] : ['[x]', '[ ]'];
      return asList(el.options)
        .map((o) => `${chosen.has(String(asJson(o)?.value)) ? on : off} ${optionText(o)}`)
        .join('  ');
    }
    case 'image':
      return `[image: ${String(el.alt_text ?? '')}]`;
    default:
      // A kind this renderer does not draw yet: say so plainly rather than print its type name.
      return '[a field the demo cannot draw]';
  }
}
