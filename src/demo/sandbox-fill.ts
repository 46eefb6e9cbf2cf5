// `fill <field> <value>` in the sandbox: what a person typing or choosing in a modal's field leaves
// in the view's state, by the element's kind. A type-ahead asks opsbot for its options as Slack does
// (a block_suggestion), and takes the one that reads as typed.
import { allOptions, stateValue } from '../sim/driver/blocks.ts';
import type { SlackDriver } from '../sim/driver/index.ts';
import type { SimView } from '../sim/slack/index.ts';
import { channelId, knownChannels, knownPeople, personId } from './composer.ts';
import type { Field } from './sandbox-targets.ts';

type Json = Record<string, unknown>;
export type Filled = { ok: true; state: Json; shown: string } | { ok: false; sentence: string };

const LISTS = new Set([
  'multi_static_select',
  'multi_external_select',
  'checkboxes',
  'multi_users_select',
  'multi_conversations_select',
  'multi_channels_select',
]);

const textOf = (option: Json) => String(((option.text ?? {}) as Json).text ?? option.value ?? '');

/** The option whose text or value reads `typed` (exactly, else the first that starts with it). */
function optionNamed(options: Json[], typed: string): Json | undefined {
  const t = typed.toLowerCase();
  const reads = (o: Json) => [textOf(o).toLowerCase(), String(o.value).toLowerCase()];
  return (
    options.find((o) => reads(o).includes(t)) ??
    options.find((o) => reads(o).some((r) => r.startsWith(t) || r.includes(`(${t}`)))
  );
}

async function externalOptions(
  driver: SlackDriver,
  user: string,
  view: SimView,
  field: Field,
  typed: string,
): Promise<Json[]> {
  try {
    const answer = await driver.suggest({
      userId: user,
      view,
      actionId: field.actionId,
      blockId: field.blockId,
      value: typed,
    });
    return answer.options;
  } catch {
    return []; // fewer letters than the menu asks for: Slack sends nothing, the typed value stands
  }
}

export async function fillValue(
  driver: SlackDriver,
  user: string,
  view: SimView,
  field: Field,
  text: string,
): Promise<Filled> {
  const type = String(field.element.type);
  const list = LISTS.has(type);
  const typed = list ? text.split(/\s*,\s*/).filter((v) => v !== '') : [text];
  const chosen: unknown[] = [];
  for (const one of typed) {
    if (type.includes('users_select')) {
      const id = personId(one);
      if (id === undefined) return { ok: false, sentence: `“${one}” isn't anyone here: ${knownPeople()}.` };
      chosen.push(id);
    } else if (type.includes('channels_select') || type.includes('conversations_select')) {
      const id = channelId(one);
      if (id === undefined)
        return { ok: false, sentence: `“${one}” isn't a channel here: ${knownChannels()}.` };
      chosen.push(id);
    } else if (type.includes('external_select')) {
      const offered = await externalOptions(driver, user, view, field, one);
      chosen.push(optionNamed(offered, one) ?? { text: { type: 'plain_text', text: one }, value: one });
    } else if (allOptions(field.element).length > 0 || type.endsWith('select') || type === 'radio_buttons') {
      const options = allOptions(field.element);
      const option = optionNamed(options, one);
      if (option === undefined)
        return {
          ok: false,
          sentence: `“${field.label}” offers no “${one}”: it offers ${options.map((o) => `“${textOf(o)}”`).join(', ')}.`,
        };
      chosen.push(option.value);
    } else {
      chosen.push(one);
    }
  }
  const shownOf = (v: unknown) => (typeof v === 'object' && v !== null ? textOf(v as Json) : String(v));
  const external = type.includes('external_select');
  const state = external
    ? { type, ...(list ? { selected_options: chosen } : { selected_option: chosen[0] }) }
    : stateValue(field.element, list ? chosen : chosen[0]);
  return { ok: true, state, shown: chosen.map(shownOf).join(', ') };
}
