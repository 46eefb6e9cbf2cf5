import { limitFrom, readReference } from './reference.ts';

const doc = readReference('block-kit-limits.json');
const get = (section: string, key: string): number => limitFrom(doc, section, key);

/** Slack's Block Kit limits, read once from block-kit-limits.json. */
export const LIMITS = {
  messageBlocks: get('surfaces', 'message.blocks.max'),
  modalBlocks: get('surfaces', 'modal.blocks.max'),
  homeBlocks: get('surfaces', 'home.blocks.max'),
  messageCumulativeText: get('surfaces', 'message.blocks.cumulative_text'),
  messageTextTruncateAt: get('surfaces', 'message.text.truncate_at'),
  viewStackDepth: get('surfaces', 'views.push.stack_depth'),
  viewTitle: get('modal_view', 'title.text.max'),
  viewSubmit: get('modal_view', 'submit.text.max'),
  viewClose: get('modal_view', 'close.text.max'),
  privateMetadata: get('modal_view', 'private_metadata.max'),
  callbackId: get('modal_view', 'callback_id.max'),
  externalId: get('modal_view', 'external_id.max'),
  blockId: get('blocks', 'block_id.max'),
  sectionText: get('blocks', 'section.text.max'),
  sectionFields: get('blocks', 'section.fields.max_items'),
  sectionFieldText: get('blocks', 'section.fields.item_text.max'),
  headerText: get('blocks', 'header.text.max'),
  contextElements: get('blocks', 'context.elements.max_items'),
  actionsElements: get('blocks', 'actions.elements.max_items'),
  inputLabel: get('blocks', 'input.label.max'),
  inputHint: get('blocks', 'input.hint.max'),
  imageAltText: get('blocks', 'image.alt_text.max'),
  imageTitle: get('blocks', 'image.title.max'),
  imageUrl: get('blocks', 'image.image_url.max'),
  actionId: get('elements', 'action_id.max'),
  buttonText: get('elements', 'button.text.max'),
  buttonValue: get('elements', 'button.value.max'),
  buttonUrl: get('elements', 'button.url.max'),
  confirmTitle: get('elements', 'confirm.title.max'),
  selectOptions: get('elements', 'static_select.options.max_items'),
  selectOptionGroups: get('elements', 'static_select.option_groups.max_items'),
  optionText: get('elements', 'option.text.max'),
  optionDescription: get('elements', 'option.description.max'),
  // The JSON records "75 (types) / 150 (current docs)". We enforce 75: @slack/types is maintained by
  // Slack and is the stricter bound, so an app that passes here passes under either reading.
  optionValue: get('elements', 'option.value.max'),
  placeholderText: get('elements', 'placeholder.text.max'),
  // "1..3000": the upper bound is what can be violated by a view builder.
  plainTextInputLength: readLength(),
  choiceOptions: get('elements', 'checkboxes_radio.options.max_items'),
  overflowOptions: get('elements', 'overflow.options.max_items'),
  textObject: get('elements', 'text_object.text.max'),
} as const;

function readLength(): number {
  const entry = (doc as { elements?: Record<string, { value?: unknown }> }).elements?.[
    'plain_text_input.max_length'
  ];
  const upper = String(entry?.value ?? '').split('..')[1];
  const parsed = Number.parseInt(upper ?? '', 10);
  if (!Number.isFinite(parsed)) throw new Error('block-kit-limits.json has no plain_text_input.max_length');
  return parsed;
}
