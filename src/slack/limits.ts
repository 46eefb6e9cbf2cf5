// Slack's Block Kit limits, read from the reference file that the Slack simulator also enforces,
// so the bot and its test double can never disagree about a number.
import limits from './block-kit-limits.json' with { type: 'json' };

export const SLACK_LIMITS = {
  messageBlocks: limits.surfaces['message.blocks.max'].value,
  modalBlocks: limits.surfaces['modal.blocks.max'].value,
  homeBlocks: limits.surfaces['home.blocks.max'].value,
  /** Undocumented (~12k), so stay under it with a margin for block containers. */
  messageCumulativeText: 11_000,
  sectionText: limits.blocks['section.text.max'].value,
  sectionFields: limits.blocks['section.fields.max_items'].value,
  sectionFieldText: limits.blocks['section.fields.item_text.max'].value,
  headerText: limits.blocks['header.text.max'].value,
  contextElements: limits.blocks['context.elements.max_items'].value,
  actionsElements: limits.blocks['actions.elements.max_items'].value,
  buttonText: limits.elements['button.text.max'].value,
  buttonValue: limits.elements['button.value.max'].value,
  /** The docs say 150, the SDK types 75: the smaller is safe everywhere. */
  optionText: limits.elements['option.text.max'].value,
  optionValue: 75,
  modalTitle: limits.modal_view['title.text.max'].value,
  privateMetadata: limits.modal_view['private_metadata.max'].value,
  imageAltText: limits.blocks['image.alt_text.max'].value,
  /** Slack truncates message text past 40k; we keep fallback text far shorter. */
  messageText: 3_000,
} as const;
