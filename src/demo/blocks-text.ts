// Block Kit as a person reads it in Slack, in plain lines for a terminal: headers stand out, fields
// sit in two columns, buttons look like [Approve], images point at the PNG written to disk.
// Pure: blocks in, lines out.
import { escapeMrkdwn } from '../text/mrkdwn.ts';
import { elementToken } from './element-text.ts';
import { asJson, asList, type Json, type RenderOptions, readableMrkdwn, textOf } from './slack-text.ts';

function textObject(value: unknown, options: RenderOptions): string {
  const obj = asJson(value);
  if (obj?.type === 'mrkdwn') return readableMrkdwn(textOf(obj), options);
  return textOf(value);
}

const ALT_SHOWN = 90;

function imageLine(block: Json, options: RenderOptions): string {
  const full = String(block.alt_text ?? textOf(block.title) ?? 'image');
  const alt = full.length > ALT_SHOWN ? `${full.slice(0, ALT_SHOWN - 1)}…` : full;
  const path = options.imagePath?.(block);
  return path === undefined ? `[image: ${alt}]` : `[image: ${alt} → ${path}]`;
}

function fieldLines(fields: unknown[], options: RenderOptions): string[] {
  // "*Label*\nvalue\nvalue" reads as "*Label* value; value" on one line.
  const cells = fields.map((f) => {
    const [label = '', ...values] = textObject(f, options).split('\n');
    return values.length === 0 ? label : `${label} ${values.join('; ')}`;
  });
  const width = Math.max(...cells.map((c) => visibleLength(c)));
  if (width > 48) return cells;
  const lines: string[] = [];
  for (let i = 0; i < cells.length; i += 2) {
    const left = cells[i] ?? '';
    const right = cells[i + 1];
    lines.push(right === undefined ? left : `${left}${' '.repeat(width + 4 - visibleLength(left))}${right}`);
  }
  return lines;
}

function visibleLength(text: string): number {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the ANSI styling this file adds.
  return [...text.replace(/\x1b\[[0-9;]*m/g, '')].length;
}

/**
 * Rich text as mrkdwn, for readableMrkdwn to show: mentions become `<@U…>`, `<#C…>`,
 * `<!subteam^S…>` (read by name), while its text is literal, so it is escaped first.
 */
function richText(value: unknown): string {
  const obj = asJson(value);
  if (obj === undefined) return '';
  if (obj.type === 'user') return `<@${String(obj.user_id)}>`;
  if (obj.type === 'channel') return `<#${String(obj.channel_id)}>`;
  if (obj.type === 'usergroup') return `<!subteam^${String(obj.usergroup_id)}>`;
  if (obj.type === 'emoji') return `:${String(obj.name)}:`;
  if (obj.type === 'link') return escapeMrkdwn(String(obj.text ?? obj.url ?? ''));
  if (typeof obj.text === 'string') return escapeMrkdwn(obj.text);
  const children = asList(obj.elements).map(richText).join('');
  return obj.type === 'rich_text_section' || obj.type === 'rich_text_preformatted'
    ? `${children}\n`
    : children;
}

/** One block as lines. */
export function blockLines(block: unknown, options: RenderOptions): string[] {
  const b = asJson(block) ?? {};
  const { style } = options;
  switch (b.type) {
    case 'header':
      return [style.bold(textOf(b.text))];
    case 'section': {
      const lines = b.text === undefined ? [] : textObject(b.text, options).split('\n');
      lines.push(...fieldLines(asList(b.fields), options));
      if (b.accessory !== undefined) {
        const token = elementToken(b.accessory, options);
        if (lines.length === 0) lines.push(token);
        else lines[lines.length - 1] = `${lines[lines.length - 1]}  ${token}`;
      }
      return lines;
    }
    case 'context':
      return [
        style.dim(
          asList(b.elements)
            .map((e) => (asJson(e)?.type === 'image' ? elementToken(e, options) : textObject(e, options)))
            .join('  '),
        ),
      ];
    case 'divider':
      return [style.dim('─'.repeat(40))];
    case 'actions':
      return [
        asList(b.elements)
          .map((e) => elementToken(e, options))
          .join(' '),
      ];
    case 'image':
      return [imageLine(b, options)];
    case 'input': {
      const optional =
        b.optional === true && !/optional/i.test(textOf(b.label)) ? style.dim(' (optional)') : '';
      const lines = [`${textOf(b.label)}${optional}: ${elementToken(b.element, options)}`];
      if (b.hint !== undefined) lines.push(style.dim(`  ${textOf(b.hint)}`));
      return lines;
    }
    case 'rich_text':
      return readableMrkdwn(richText(b).trimEnd(), options).split('\n');
    default:
      return [`[${String(b.type ?? 'unknown')} block]`];
  }
}

/** A message: its blocks, or its text when it has none. */
export function messageLines(
  message: { text?: unknown; blocks?: unknown },
  options: RenderOptions,
): string[] {
  const blocks = asList(message.blocks);
  if (blocks.length === 0) return readableMrkdwn(String(message.text ?? ''), options).split('\n');
  return blocks.flatMap((b) => blockLines(b, options));
}

/** A modal's title. */
export function viewTitle(view: unknown): string {
  return textOf(asJson(view)?.title);
}

/** A modal: its blocks, then its close / submit buttons. */
export function viewLines(view: unknown, options: RenderOptions): string[] {
  const v = asJson(view) ?? {};
  const buttons = [v.close, v.submit]
    .filter((b) => b !== undefined)
    .map((b) => `[${textOf(b)}]`)
    .join(' ');
  return [...asList(v.blocks).flatMap((b) => blockLines(b, options)), ...(buttons ? [buttons] : [])];
}
