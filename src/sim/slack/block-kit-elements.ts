import { LIMITS } from './block-kit-limits.ts';
import { asRecord } from './reference.ts';

export type SlackFileRef = { id?: string; url?: string };

export interface BlockKitCheckOptions {
  /** Looks up a `slack_file` reference; without it, file existence is not checked (pure unit tests). */
  resolveFile?: (ref: SlackFileRef) => { isImage: boolean } | undefined;
}

export interface CheckContext {
  add(pointer: string, reason: string): void;
  countText(chars: number): void;
  readonly options: BlockKitCheckOptions;
}

// Slack phrases length errors as "must be less than <max + 1> characters".
const tooLong = (max: number): string => `must be less than ${max + 1} characters`;
export const tooMany = (max: number): string => `no more than ${max} items allowed`;

export function checkString(ctx: CheckContext, value: unknown, pointer: string, max: number): void {
  if (value === undefined) return;
  if (typeof value !== 'string') ctx.add(pointer, 'must be a string');
  else if (value.length > max) ctx.add(pointer, tooLong(max));
}

export function checkText(
  ctx: CheckContext,
  value: unknown,
  pointer: string,
  max: number,
  rules: { plainOnly?: boolean; required?: boolean } = {},
): void {
  if (value === undefined || value === null) {
    if (rules.required) ctx.add(pointer, 'missing required field');
    return;
  }
  const text = asRecord(value);
  if (!text) {
    ctx.add(pointer, 'must be a text object');
    return;
  }
  if (text.type !== 'plain_text' && text.type !== 'mrkdwn') {
    ctx.add(`${pointer}/type`, 'must be one of plain_text, mrkdwn');
    return;
  }
  if (rules.plainOnly && text.type !== 'plain_text') {
    ctx.add(`${pointer}/type`, 'must be plain_text');
    return;
  }
  if (typeof text.text !== 'string') {
    ctx.add(`${pointer}/text`, 'must be a string');
    return;
  }
  ctx.countText(text.text.length);
  if (text.text.length === 0) ctx.add(`${pointer}/text`, 'must be more than 0 characters');
  else if (text.text.length > max) ctx.add(`${pointer}/text`, tooLong(max));
}

export function checkArray(ctx: CheckContext, value: unknown, pointer: string, max: number): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    ctx.add(pointer, 'must be an array');
    return [];
  }
  if (value.length > max) ctx.add(pointer, tooMany(max));
  return value;
}

function checkOption(ctx: CheckContext, value: unknown, pointer: string, plainOnly: boolean): void {
  const option = asRecord(value);
  if (!option) {
    ctx.add(pointer, 'must be an option object');
    return;
  }
  checkText(ctx, option.text, `${pointer}/text`, LIMITS.optionText, { plainOnly, required: true });
  if (typeof option.value !== 'string') ctx.add(`${pointer}/value`, 'missing required field');
  else checkString(ctx, option.value, `${pointer}/value`, LIMITS.optionValue);
  checkText(ctx, option.description, `${pointer}/description`, LIMITS.optionDescription, { plainOnly: true });
}

export function checkOptions(
  ctx: CheckContext,
  element: Record<string, unknown>,
  pointer: string,
  max: number,
): void {
  const plainOnly = element.type !== 'checkboxes' && element.type !== 'radio_buttons';
  const options = checkArray(ctx, element.options, `${pointer}/options`, max);
  options.forEach((o, i) => {
    checkOption(ctx, o, `${pointer}/options/${i}`, plainOnly);
  });
  const values = new Set(options.map((o) => asRecord(o)?.value));
  const groups = checkArray(
    ctx,
    element.option_groups,
    `${pointer}/option_groups`,
    LIMITS.selectOptionGroups,
  );
  groups.forEach((g, gi) => {
    const group = asRecord(g) ?? {};
    const gp = `${pointer}/option_groups/${gi}`;
    checkText(ctx, group.label, `${gp}/label`, LIMITS.optionText, { plainOnly: true, required: true });
    checkArray(ctx, group.options, `${gp}/options`, LIMITS.selectOptions).forEach((o, i) => {
      checkOption(ctx, o, `${gp}/options/${i}`, plainOnly);
      values.add(asRecord(o)?.value);
    });
  });
  if (element.options !== undefined && element.option_groups !== undefined) {
    ctx.add(pointer, 'must provide exactly one of options or option_groups');
  }
  const initial = [
    element.initial_option,
    ...(Array.isArray(element.initial_options) ? element.initial_options : []),
  ];
  initial.forEach((o) => {
    if (o !== undefined && !values.has(asRecord(o)?.value)) {
      ctx.add(`${pointer}/initial_option`, 'initial option must match one of the provided options');
    }
  });
}

function checkConfirm(ctx: CheckContext, value: unknown, pointer: string): void {
  const confirm = asRecord(value);
  if (!confirm) return;
  checkText(ctx, confirm.title, `${pointer}/title`, LIMITS.confirmTitle, { plainOnly: true, required: true });
  checkText(ctx, confirm.text, `${pointer}/text`, LIMITS.textObject, { required: true });
  checkText(ctx, confirm.confirm, `${pointer}/confirm`, LIMITS.textObject, {
    plainOnly: true,
    required: true,
  });
  checkText(ctx, confirm.deny, `${pointer}/deny`, LIMITS.textObject, { plainOnly: true, required: true });
}

export function checkSlackImage(ctx: CheckContext, image: Record<string, unknown>, pointer: string): void {
  const hasUrl = image.image_url !== undefined;
  const hasFile = image.slack_file !== undefined;
  if (hasUrl === hasFile) ctx.add(pointer, 'must provide exactly one of image_url or slack_file');
  checkString(ctx, image.image_url, `${pointer}/image_url`, LIMITS.imageUrl);
  if (typeof image.alt_text !== 'string') ctx.add(`${pointer}/alt_text`, 'missing required field');
  else checkString(ctx, image.alt_text, `${pointer}/alt_text`, LIMITS.imageAltText);
  if (!hasFile) return;
  const file = asRecord(image.slack_file);
  const ref: SlackFileRef = {};
  if (typeof file?.id === 'string') ref.id = file.id;
  if (typeof file?.url === 'string') ref.url = file.url;
  if ((ref.id === undefined) === (ref.url === undefined)) {
    ctx.add(`${pointer}/slack_file`, 'must provide exactly one of id or url');
    return;
  }
  const resolve = ctx.options.resolveFile;
  if (resolve && !resolve(ref)?.isImage) ctx.add(`${pointer}/slack_file`, 'invalid slack file');
}

/** Checks one interactive (or image) element; `inBlock` collects action_ids to catch duplicates. */
export function checkElement(ctx: CheckContext, value: unknown, pointer: string, inBlock: Set<string>): void {
  const el = asRecord(value);
  if (!el || typeof el.type !== 'string') {
    ctx.add(pointer, 'must be an element with a type');
    return;
  }
  if (el.type === 'image') {
    checkSlackImage(ctx, el, pointer);
    return;
  }
  if (el.action_id !== undefined) {
    checkString(ctx, el.action_id, `${pointer}/action_id`, LIMITS.actionId);
    if (typeof el.action_id === 'string') {
      if (inBlock.has(el.action_id)) ctx.add(`${pointer}/action_id`, `duplicate action_id: ${el.action_id}`);
      inBlock.add(el.action_id);
    }
  }
  checkText(ctx, el.placeholder, `${pointer}/placeholder`, LIMITS.placeholderText, { plainOnly: true });
  checkConfirm(ctx, el.confirm, `${pointer}/confirm`);
  switch (el.type) {
    case 'button':
      checkText(ctx, el.text, `${pointer}/text`, LIMITS.buttonText, { plainOnly: true, required: true });
      checkString(ctx, el.value, `${pointer}/value`, LIMITS.buttonValue);
      checkString(ctx, el.url, `${pointer}/url`, LIMITS.buttonUrl);
      if (el.style !== undefined && el.style !== 'primary' && el.style !== 'danger') {
        ctx.add(`${pointer}/style`, 'must be one of primary, danger');
      }
      return;
    case 'static_select':
    case 'multi_static_select':
      checkOptions(ctx, el, pointer, LIMITS.selectOptions);
      return;
    case 'overflow':
      checkOptions(ctx, el, pointer, LIMITS.overflowOptions);
      return;
    case 'checkboxes':
    case 'radio_buttons':
      checkOptions(ctx, el, pointer, LIMITS.choiceOptions);
      return;
    case 'plain_text_input':
      for (const key of ['max_length', 'min_length'] as const) {
        const n = el[key];
        if (n !== undefined && (typeof n !== 'number' || n < 0 || n > LIMITS.plainTextInputLength)) {
          ctx.add(`${pointer}/${key}`, `must be a number between 0 and ${LIMITS.plainTextInputLength}`);
        }
      }
      return;
    default:
      return;
  }
}
