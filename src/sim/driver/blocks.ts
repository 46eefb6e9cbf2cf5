/*
 * Reads interactive elements out of the blocks the bot really posted, so a test clicks what a user
 * would see, and builds the `state.values` Slack sends along with interactions.
 */

type Json = Record<string, unknown>;

export interface FoundElement {
  blockId: string;
  element: Json;
}

const record = (v: unknown): Json | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : undefined;

/** Every element with an action_id: actions elements, section accessories and input elements. */
export function interactiveElements(blocks: unknown): FoundElement[] {
  const found: FoundElement[] = [];
  for (const b of Array.isArray(blocks) ? blocks : []) {
    const block = record(b);
    const blockId = typeof block?.block_id === 'string' ? block.block_id : '';
    const candidates = [
      ...(Array.isArray(block?.elements) ? block.elements : []),
      block?.accessory,
      block?.element,
    ];
    for (const c of candidates) {
      const element = record(c);
      if (typeof element?.action_id === 'string') found.push({ blockId, element });
    }
  }
  return found;
}

export function findElement(
  blocks: unknown,
  query: { actionId: string; blockId?: string | undefined; value?: string | undefined; type?: string },
): FoundElement {
  const all = interactiveElements(blocks);
  const matches = all.filter(
    ({ blockId, element }) =>
      element.action_id === query.actionId &&
      (query.blockId === undefined || blockId === query.blockId) &&
      (query.type === undefined || element.type === query.type) &&
      (query.value === undefined || element.type !== 'button' || element.value === query.value),
  );
  const match = matches[0];
  if (!match) {
    const available = all.map(
      (f) => `${f.blockId}/${String(f.element.action_id)} (${String(f.element.type)})`,
    );
    throw new Error(
      `No ${query.type ?? 'element'} with action_id "${query.actionId}"${query.value ? ` and value "${query.value}"` : ''} in these blocks. Available: ${available.join(', ') || 'none'}`,
    );
  }
  return match;
}

export function allOptions(element: Json): Json[] {
  const direct = Array.isArray(element.options) ? element.options : [];
  const grouped = (Array.isArray(element.option_groups) ? element.option_groups : []).flatMap((g) => {
    const options = record(g)?.options;
    return Array.isArray(options) ? options : [];
  });
  return [...direct, ...grouped].map((o) => record(o) ?? {});
}

export function findOption(element: Json, value: string): Json {
  const option = allOptions(element).find((o) => o.value === value);
  if (!option) {
    const values = allOptions(element).map((o) => String(o.value));
    throw new Error(
      `Option "${value}" is not offered by ${String(element.action_id)}; options: ${values.join(', ')}`,
    );
  }
  return option;
}

// state-value field per element type, and whether it holds a list (Slack's ViewStateValue shapes).
const STATE_FIELDS: Record<string, [field: string, initial: string, list: boolean]> = {
  plain_text_input: ['value', 'initial_value', false],
  number_input: ['value', 'initial_value', false],
  email_text_input: ['value', 'initial_value', false],
  url_text_input: ['value', 'initial_value', false],
  static_select: ['selected_option', 'initial_option', false],
  external_select: ['selected_option', 'initial_option', false],
  multi_external_select: ['selected_options', 'initial_options', true],
  radio_buttons: ['selected_option', 'initial_option', false],
  multi_static_select: ['selected_options', 'initial_options', true],
  checkboxes: ['selected_options', 'initial_options', true],
  users_select: ['selected_user', 'initial_user', false],
  multi_users_select: ['selected_users', 'initial_users', true],
  conversations_select: ['selected_conversation', 'initial_conversation', false],
  multi_conversations_select: ['selected_conversations', 'initial_conversations', true],
  channels_select: ['selected_channel', 'initial_channel', false],
  multi_channels_select: ['selected_channels', 'initial_channels', true],
  datepicker: ['selected_date', 'initial_date', false],
  timepicker: ['selected_time', 'initial_time', false],
};

/** The state Slack reports before the user changes anything: initial values, else null / []. */
export function initialState(blocks: unknown): Record<string, Record<string, Json>> {
  const values: Record<string, Record<string, Json>> = {};
  for (const { blockId, element } of interactiveElements(blocks)) {
    const fields = STATE_FIELDS[String(element.type)];
    if (!fields) continue;
    const [field, initial, list] = fields;
    const entry = { type: element.type, [field]: element[initial] ?? (list ? [] : null) };
    values[blockId] = { ...values[blockId], [String(element.action_id)]: entry };
  }
  return values;
}

/**
 * Turns a test's shorthand into a state value: a full object ({type, ...}) is used as is; a string
 * (or string[] for multi-selects) is placed in the element's field, options looked up by value.
 */
export function stateValue(element: Json, given: unknown): Json {
  const asObject = record(given);
  if (asObject && typeof asObject.type === 'string') return asObject;
  const fields = STATE_FIELDS[String(element.type)];
  if (!fields)
    throw new Error(`Element ${String(element.action_id)} (${String(element.type)}) holds no state`);
  const [field, , list] = fields;
  const isOptions = field.endsWith('option') || field.endsWith('options');
  // An external select has no options of its own: a value stands for the option the app offered.
  const external = String(element.type).includes('external_select');
  const toValue = (v: unknown) =>
    external && typeof v === 'string'
      ? { text: { type: 'plain_text', text: v }, value: v }
      : isOptions
        ? findOption(element, String(v))
        : v;
  const value = list ? (Array.isArray(given) ? given : [given]).map(toValue) : toValue(given);
  return { type: element.type, [field]: value };
}
