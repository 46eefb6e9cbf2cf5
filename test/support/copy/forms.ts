// Filling a modal the way a person would, from what the modal itself offers: each input gets a
// sensible value (the first option of a menu, the first suggestion of a type-ahead), or for the
// invalid submission, words no field takes. The app's own checks answer the rest.
import { interactiveElements } from '../../../src/sim/driver/index.ts';
import type { SimView } from '../../../src/sim/slack/index.ts';
import { SIM_IDS, type SimulatedWorkspace } from '../../../src/sim/workspace.ts';
import type { Person } from './person.ts';

type Json = Record<string, unknown>;
export type FormValues = Record<string, Record<string, unknown>>;

/** Values that read as a person's for free-text fields whose block says what they hold. */
const TYPED: Record<string, string> = {
  search_name: 'copy-search',
  watch_threshold: '50',
  watch_for: '1',
  watch_remind: '20m',
  'digests.zone': 'Europe/Berlin',
};
const INVALID_TEXT = 'no such thing!? 12 %%';

const firstOptionValue = (element: Json): string | undefined => {
  const groups = (element.option_groups as Array<{ options?: Json[] }> | undefined) ?? [];
  const options = [
    ...((element.options as Json[] | undefined) ?? []),
    ...groups.flatMap((g) => g.options ?? []),
  ];
  const value = options[0]?.value;
  return typeof value === 'string' ? value : undefined;
};

/** What a type-ahead offers for a few typed letters; the first option's value, if any. */
async function suggested(
  ws: SimulatedWorkspace,
  user: string,
  view: SimView,
  where: { actionId: string; blockId: string },
) {
  for (const typed of ['cat', 'idx', 'ops', 'sea']) {
    const result = await ws.driver.suggest({ userId: user, view, ...where, value: typed });
    const value = result.options[0]?.value;
    if (typeof value === 'string') return value;
  }
  return undefined;
}

async function validValue(
  ws: SimulatedWorkspace,
  user: string,
  view: SimView,
  blockId: string,
  element: Json,
) {
  const type = String(element.type);
  const actionId = String(element.action_id);
  if (type === 'plain_text_input') return TYPED[blockId] ?? 'Copy test';
  if (type === 'number_input') return '2';
  if (type === 'timepicker') return '09:00';
  if (type.includes('users_select')) return type.startsWith('multi') ? [SIM_IDS.approver] : SIM_IDS.approver;
  if (type.includes('conversations_select') || type.includes('channels_select'))
    return type.startsWith('multi') ? [SIM_IDS.generalChannel] : SIM_IDS.generalChannel;
  if (type.includes('external_select')) {
    const value = await suggested(ws, user, view, { actionId, blockId });
    return value === undefined ? undefined : type.startsWith('multi') ? [value] : value;
  }
  const first = firstOptionValue(element);
  if (first === undefined) return undefined;
  return type.startsWith('multi') || type === 'checkboxes' ? [first] : first;
}

/** A value for every input of the view: valid ones, or for `invalid` words no text field takes. */
export async function formValues(
  ws: SimulatedWorkspace,
  user: string,
  view: SimView,
  invalid: boolean,
): Promise<FormValues> {
  const values: FormValues = {};
  for (const { blockId, element } of interactiveElements(view.blocks)) {
    const type = String(element.type);
    const bad = type === 'plain_text_input' ? INVALID_TEXT : type === 'number_input' ? '-1' : undefined;
    const value = invalid && bad !== undefined ? bad : await validValue(ws, user, view, blockId, element);
    if (value === undefined) continue;
    values[blockId] = { ...values[blockId], [String(element.action_id)]: value };
  }
  return values;
}

/** The modals opened for the person since `after` (an index into the recorded views). */
export function viewsOpenedSince(ws: SimulatedWorkspace, user: string, after: number): SimView[] {
  return ws.slack.views
    .slice(after)
    .filter((v) => v.user === user && (v.via === 'views.open' || v.via === 'views.push'))
    .map((v) => v.view);
}

/** Submits a modal twice, as people do: first with what no field takes, then filled in properly. */
export async function submitBothWays(ws: SimulatedWorkspace, who: Person, view: SimView): Promise<void> {
  const invalid = await who.submit(view, await formValues(ws, who.user, view, true));
  // A modal the invalid submission closed (it had no free-text field) is not submitted again.
  if ((invalid.ack as Json | undefined)?.response_action !== 'errors') return;
  await who.submit(view, await formValues(ws, who.user, view, false));
}
