// Block Kit as a person reads it in Slack, in plain lines for a terminal: headers stand out, fields
// sit in two columns, buttons look like [Approve], images point at the PNG written to disk.
// Pure: blocks in, lines out.

type Json = Record<string, unknown>;

export type Names = {
  user(id: string): string;
  channel(id: string): string;
};

export type Style = {
  bold(text: string): string;
  dim(text: string): string;
};

export const PLAIN_STYLE: Style = { bold: (t) => `*${t}*`, dim: (t) => t };

export const ANSI_STYLE: Style = {
  bold: (t) => `\x1b[1m${t}\x1b[22m`,
  dim: (t) => `\x1b[2m${t}\x1b[22m`,
};

export type RenderOptions = {
  names: Names;
  style: Style;
  /** Where the image of an image block was written, when it was. */
  imagePath?: (image: Json) => string | undefined;
};

const EMOJI: Record<string, string> = {
  warning: '⚠️',
  white_check_mark: '✅',
  heavy_check_mark: '✔️',
  information_source: 'ℹ️',
  inbox_tray: '📥',
  hourglass_flowing_sand: '⏳',
  hourglass: '⌛',
  wave: '👋',
  wastebasket: '🗑️',
  rotating_light: '🚨',
  no_entry: '⛔',
  no_entry_sign: '🚫',
  mag: '🔍',
  lock: '🔒',
  large_green_circle: '🟢',
  large_yellow_circle: '🟡',
  large_orange_circle: '🟠',
  red_circle: '🔴',
  white_circle: '⚪',
  grey_question: '❔',
  frame_with_picture: '🖼️',
  zzz: '💤',
  gear: '⚙️',
  x: '❌',
  tada: '🎉',
  calendar: '📅',
  chart_with_upwards_trend: '📈',
};

const asJson = (value: unknown): Json | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const textOf = (value: unknown): string => {
  const obj = asJson(value);
  return typeof obj?.text === 'string' ? obj.text : typeof value === 'string' ? value : '';
};

/** Slack's mrkdwn as it reads on screen: mentions by name, links with their label, entities decoded. */
export function readableMrkdwn(text: string, options: RenderOptions): string {
  const { names, style } = options;
  const linked = text.replace(/<([^<>]+)>/g, (_all, inner: string) => {
    const [target = '', label] = inner.split('|', 2);
    if (target.startsWith('@')) return `@${label ?? names.user(target.slice(1))}`;
    if (target.startsWith('#')) return `#${label ?? names.channel(target.slice(1))}`;
    if (target.startsWith('!subteam^')) return label ?? '@group';
    if (target.startsWith('!date^')) return label ?? 'a date';
    if (target.startsWith('!')) return `@${target.slice(1)}`;
    return label === undefined ? target : `${label} (${target})`;
  });
  const emoji = linked.replace(/:([a-z0-9_+-]+):/g, (all, name: string) => EMOJI[name] ?? all);
  const bolded =
    style === PLAIN_STYLE
      ? emoji
      : emoji.replace(/(^|[\s(])\*([^*\n]+)\*(?=$|[\s).,:;!?])/g, (_a, pre: string, t: string) => {
          return `${pre}${style.bold(t)}`;
        });
  return bolded.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

function textObject(value: unknown, options: RenderOptions): string {
  const obj = asJson(value);
  if (obj?.type === 'mrkdwn') return readableMrkdwn(textOf(obj), options);
  return textOf(value);
}

function optionText(option: unknown): string {
  return textOf(asJson(option)?.text);
}

/** An interactive element as a compact token: [Approve], [7d · last 7 days ▾], [09:00]. */
export function elementToken(element: unknown, options: RenderOptions): string {
  const el = asJson(element) ?? {};
  switch (el.type) {
    case 'button':
      return `[${textOf(el.text)}]`;
    case 'static_select':
    case 'external_select':
    case 'users_select':
    case 'conversations_select':
    case 'channels_select': {
      const chosen = optionText(el.initial_option) || textOf(el.placeholder) || 'choose';
      return `[${chosen} ▾]`;
    }
    case 'multi_static_select': {
      const chosen = asList(el.initial_options).map(optionText).join(', ');
      return `[${chosen || textOf(el.placeholder) || 'choose'} ▾]`;
    }
    case 'overflow':
      return '[⋯]';
    case 'plain_text_input': {
      const value = typeof el.initial_value === 'string' ? el.initial_value : '';
      const placeholder = textOf(el.placeholder);
      return value
        ? `[${value}]`
        : placeholder
          ? `[${options.style.dim(`‹${placeholder}›`)}]`
          : `[${' '.repeat(12)}]`;
    }
    case 'timepicker':
      return `[${typeof el.initial_time === 'string' ? el.initial_time : '--:--'} 🕘]`;
    case 'datepicker':
      return `[${typeof el.initial_date === 'string' ? el.initial_date : 'yyyy-mm-dd'} 📅]`;
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
      return `[${String(el.type ?? 'element')}]`;
  }
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

function richText(value: unknown): string {
  const obj = asJson(value);
  if (obj === undefined) return '';
  if (typeof obj.text === 'string') return obj.text;
  if (obj.type === 'user') return `@${String(obj.user_id)}`;
  if (obj.type === 'emoji') return `:${String(obj.name)}:`;
  if (obj.type === 'link') return String(obj.text ?? obj.url ?? '');
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
