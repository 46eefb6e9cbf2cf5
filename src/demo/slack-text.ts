// Slack's mrkdwn as a person reads it on screen, for the demo's terminal transcript: mentions by the
// name Slack shows, links by their label, emoji as emoji. Faithful rather than kind: a `<word>` that
// opsbot forgot to escape is read the way Slack reads it (as a link), so the transcript shows the
// same loss a person in Slack would see. Pure: text in, text out.

export type Json = Record<string, unknown>;

/** The workspace's names for IDs: what Slack puts on screen in place of `<@U…>`, `<#C…>`, `<!subteam^S…>`. */
export type Names = {
  user(id: string): string;
  channel(id: string): string;
  /** A user group's handle (without the @), when the workspace has the group. */
  group(id: string): string | undefined;
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

// Every emoji code opsbot writes, as Slack draws it (an unknown code stays as typed, as in Slack).
const EMOJI: Record<string, string> = {
  alarm_clock: '⏰',
  busts_in_silhouette: '👥',
  calendar: '📅',
  chart_with_upwards_trend: '📈',
  eyes: '👀',
  frame_with_picture: '🖼️',
  gear: '⚙️',
  grey_question: '❔',
  hammer_and_wrench: '🛠️',
  heavy_check_mark: '✔️',
  heavy_multiplication_x: '✖️',
  hourglass: '⌛',
  hourglass_flowing_sand: '⏳',
  inbox_tray: '📥',
  information_source: 'ℹ️',
  label: '🏷️',
  large_green_circle: '🟢',
  large_orange_circle: '🟠',
  large_yellow_circle: '🟡',
  lock: '🔒',
  mag: '🔍',
  memo: '📝',
  mute: '🔇',
  no_entry: '⛔',
  no_entry_sign: '🚫',
  pencil2: '✏️',
  raising_hand: '🙋',
  red_circle: '🔴',
  rotating_light: '🚨',
  tada: '🎉',
  telephone_receiver: '📞',
  warning: '⚠️',
  wastebasket: '🗑️',
  wave: '👋',
  white_check_mark: '✅',
  white_circle: '⚪',
  x: '❌',
  zzz: '💤',
};

export const asJson = (value: unknown): Json | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
export const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const textOf = (value: unknown): string => {
  const obj = asJson(value);
  return typeof obj?.text === 'string' ? obj.text : typeof value === 'string' ? value : '';
};

/** What Slack shows for one `<…>` of mrkdwn: the inside, without its angle brackets. */
function referenceText(inner: string, names: Names): string {
  const [target = '', label] = inner.split('|', 2);
  if (target.startsWith('@')) return `@${label ?? names.user(target.slice(1))}`;
  if (target.startsWith('#')) return `#${label ?? names.channel(target.slice(1))}`;
  if (target.startsWith('!subteam^')) {
    // Slack shows the group's handle as the workspace has it now; the label is only a fallback.
    const id = target.slice('!subteam^'.length);
    return `@${names.group(id) ?? label?.replace(/^@/, '') ?? id}`;
  }
  if (target.startsWith('!date^')) return label ?? 'a date';
  if (target.startsWith('!')) return `@${target.slice(1)}`;
  // A link: Slack shows its label (the terminal adds where it goes). Anything else between angle
  // brackets — an unescaped `<index>` — Slack also reads as a link: the brackets vanish.
  return label === undefined ? target : `${label} (${target})`;
}

/** Slack's mrkdwn as it reads on screen: mentions by name, links with their label, entities decoded. */
export function readableMrkdwn(text: string, options: RenderOptions): string {
  const { names, style } = options;
  const linked = text.replace(/<([^<>]+)>/g, (_all, inner: string) => referenceText(inner, names));
  const emoji = linked.replace(/:([a-z0-9_+-]+):/g, (all, name: string) => EMOJI[name] ?? all);
  const bolded =
    style === PLAIN_STYLE
      ? emoji
      : emoji.replace(/(^|[\s(])\*([^*\n]+)\*(?=$|[\s).,:;!?])/g, (_a, pre: string, t: string) => {
          return `${pre}${style.bold(t)}`;
        });
  return bolded.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
