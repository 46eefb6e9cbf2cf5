// Text from users or from the API is echoed into mrkdwn. Escaping &, < and > is what Slack
// asks for: it turns <!channel>, <!here> and <@U…> into inert text, so nothing echoed can ping.

/** What a value the API didn't send (or sent unreadably) shows: one quiet marker, not an error. */
export const NOT_REPORTED = 'not reported';

export function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Cut to at most `max` UTF-16 units (what Slack's limits count), marking the cut with an ellipsis.
 * The cut falls between graphemes, so an emoji, a flag or an accented letter is kept whole or
 * dropped whole, never split into a lone surrogate.
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return max <= 1 ? leadingGraphemes(text, max) : `${leadingGraphemes(text, max - 1)}…`;
}

/** The longest start of `text`, in whole graphemes, that fits in `max` UTF-16 units. */
export function leadingGraphemes(text: string, max: number): string {
  let kept = '';
  for (const { segment } of GRAPHEMES.segment(text)) {
    if (kept.length + segment.length > max) break;
    kept += segment;
  }
  return kept;
}

/**
 * Show what a user typed, inert: escaped, stripped of control characters, cut short, and inside
 * inline code so `*`, `_`, `~` and `>` cannot restyle the message around it.
 */
export function quoteUserText(text: string, max = 80): string {
  const visible = text
    .replace(/\p{Cc}/gu, ' ')
    .replace(/`/g, 'ˋ')
    .trim();
  if (visible === '') return '(empty)';
  return `\`${escapeMrkdwn(truncate(visible, max))}\``;
}

/** A `<@U…>` mention for an ID we trust (it came from Slack's own payload, not from text). */
export function mentionUser(userId: string): string {
  return /^[UW][A-Z0-9]+$/.test(userId) ? `<@${userId}>` : escapeMrkdwn(userId);
}

export function mentionChannel(channelId: string): string {
  return /^[CGD][A-Z0-9]+$/.test(channelId) ? `<#${channelId}>` : escapeMrkdwn(channelId);
}
