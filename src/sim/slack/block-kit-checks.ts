import {
  type BlockKitCheckOptions,
  type CheckContext,
  checkArray,
  checkElement,
  checkSlackImage,
  checkString,
  checkText,
} from './block-kit-elements.ts';
import { LIMITS } from './block-kit-limits.ts';
import { asRecord } from './reference.ts';

export type { BlockKitCheckOptions, SlackFileRef } from './block-kit-elements.ts';

export type BlockKitSurface = 'message' | 'modal' | 'home';

export interface BlockKitViolation {
  /** `msg_blocks_too_long` is Slack's separate error for the cumulative text budget of a message. */
  code: 'invalid_blocks' | 'msg_blocks_too_long';
  reason: string;
  pointer: string;
}

// Block types Slack accepts; anything else is rejected so that a typo in a builder fails in tests.
const KNOWN_BLOCKS = new Set([
  'section',
  'divider',
  'image',
  'actions',
  'context',
  'input',
  'file',
  'header',
  'video',
  'rich_text',
  'markdown',
  'table',
  'call',
  'context_actions',
]);

/**
 * Lists every Block Kit violation Slack would reject, as "<reason> [json-pointer:/blocks/0/...]".
 * Pure: no I/O. Pointers start at /blocks, or at /view when a view is given (as views.* report them).
 */
export function checkBlockKit(
  surface: BlockKitSurface,
  blocks: unknown,
  view?: unknown,
  options: BlockKitCheckOptions = {},
): string[] {
  return findBlockKitViolations(surface, blocks, view, options).map(
    (v) => `${v.reason} [json-pointer:${v.pointer}]`,
  );
}

export function findBlockKitViolations(
  surface: BlockKitSurface,
  blocks: unknown,
  view?: unknown,
  options: BlockKitCheckOptions = {},
): BlockKitViolation[] {
  const violations: BlockKitViolation[] = [];
  let textChars = 0;
  const ctx: CheckContext = {
    add: (pointer, reason) => {
      violations.push({ code: 'invalid_blocks', reason, pointer });
    },
    countText: (chars) => {
      textChars += chars;
    },
    options,
  };
  const base = view === undefined ? '/blocks' : '/view/blocks';
  if (view !== undefined) checkView(ctx, surface, view, blocks);
  const max =
    surface === 'message'
      ? LIMITS.messageBlocks
      : surface === 'modal'
        ? LIMITS.modalBlocks
        : LIMITS.homeBlocks;
  const list = checkArray(ctx, blocks, base, max);
  const blockIds = new Set<string>();
  list.forEach((block, i) => {
    checkBlock(ctx, block, `${base}/${i}`, blockIds);
  });
  if (surface === 'message' && textChars > LIMITS.messageCumulativeText) {
    violations.push({
      code: 'msg_blocks_too_long',
      reason: `cumulative text of ${textChars} characters exceeds ${LIMITS.messageCumulativeText}`,
      pointer: base,
    });
  }
  return violations;
}

function checkView(ctx: CheckContext, surface: BlockKitSurface, value: unknown, blocks: unknown): void {
  const view = asRecord(value);
  if (!view) {
    ctx.add('/view', 'must be a view object');
    return;
  }
  const expected = surface === 'home' ? 'home' : 'modal';
  if (view.type !== expected) ctx.add('/view/type', `must be ${expected}`);
  if (expected === 'modal') {
    checkText(ctx, view.title, '/view/title', LIMITS.viewTitle, { plainOnly: true, required: true });
    checkText(ctx, view.submit, '/view/submit', LIMITS.viewSubmit, { plainOnly: true });
    checkText(ctx, view.close, '/view/close', LIMITS.viewClose, { plainOnly: true });
    const hasInput = Array.isArray(blocks) && blocks.some((b) => asRecord(b)?.type === 'input');
    if (hasInput && (view.submit === undefined || view.submit === null)) {
      ctx.add('/view/submit', 'submit is required when the view has input blocks');
    }
  }
  checkString(ctx, view.private_metadata, '/view/private_metadata', LIMITS.privateMetadata);
  checkString(ctx, view.callback_id, '/view/callback_id', LIMITS.callbackId);
  checkString(ctx, view.external_id, '/view/external_id', LIMITS.externalId);
}

function checkBlock(ctx: CheckContext, value: unknown, pointer: string, blockIds: Set<string>): void {
  const block = asRecord(value);
  if (!block || typeof block.type !== 'string') {
    ctx.add(pointer, 'must be a block with a type');
    return;
  }
  if (!KNOWN_BLOCKS.has(block.type)) {
    ctx.add(`${pointer}/type`, `unsupported block type: ${block.type}`);
    return;
  }
  checkString(ctx, block.block_id, `${pointer}/block_id`, LIMITS.blockId);
  if (typeof block.block_id === 'string') {
    if (blockIds.has(block.block_id)) ctx.add(`${pointer}/block_id`, `duplicate block_id: ${block.block_id}`);
    blockIds.add(block.block_id);
  }
  const actionIds = new Set<string>();
  switch (block.type) {
    case 'section':
      checkSection(ctx, block, pointer, actionIds);
      return;
    case 'header':
      checkText(ctx, block.text, `${pointer}/text`, LIMITS.headerText, { plainOnly: true, required: true });
      return;
    case 'context':
      if (block.elements === undefined) ctx.add(`${pointer}/elements`, 'missing required field');
      checkArray(ctx, block.elements, `${pointer}/elements`, LIMITS.contextElements).forEach((e, i) => {
        const el = asRecord(e);
        if (el?.type === 'image') checkSlackImage(ctx, el, `${pointer}/elements/${i}`);
        else checkText(ctx, e, `${pointer}/elements/${i}`, LIMITS.textObject, { required: true });
      });
      return;
    case 'actions':
      if (block.elements === undefined) ctx.add(`${pointer}/elements`, 'missing required field');
      checkArray(ctx, block.elements, `${pointer}/elements`, LIMITS.actionsElements).forEach((e, i) => {
        checkElement(ctx, e, `${pointer}/elements/${i}`, actionIds);
      });
      return;
    case 'image':
      checkSlackImage(ctx, block, pointer);
      checkText(ctx, block.title, `${pointer}/title`, LIMITS.imageTitle, { plainOnly: true });
      return;
    case 'input':
      checkText(ctx, block.label, `${pointer}/label`, LIMITS.inputLabel, { plainOnly: true, required: true });
      checkText(ctx, block.hint, `${pointer}/hint`, LIMITS.inputHint, { plainOnly: true });
      if (block.element === undefined) ctx.add(`${pointer}/element`, 'missing required field');
      else checkElement(ctx, block.element, `${pointer}/element`, actionIds);
      return;
    case 'markdown':
      if (typeof block.text !== 'string') ctx.add(`${pointer}/text`, 'must be a string');
      else ctx.countText(block.text.length);
      return;
    default:
      return;
  }
}

function checkSection(
  ctx: CheckContext,
  block: Record<string, unknown>,
  pointer: string,
  actionIds: Set<string>,
): void {
  if (block.text === undefined && block.fields === undefined) {
    ctx.add(pointer, 'must provide either text or fields');
  }
  checkText(ctx, block.text, `${pointer}/text`, LIMITS.sectionText);
  checkArray(ctx, block.fields, `${pointer}/fields`, LIMITS.sectionFields).forEach((f, i) => {
    checkText(ctx, f, `${pointer}/fields/${i}`, LIMITS.sectionFieldText, { required: true });
  });
  if (block.accessory !== undefined) checkElement(ctx, block.accessory, `${pointer}/accessory`, actionIds);
}
