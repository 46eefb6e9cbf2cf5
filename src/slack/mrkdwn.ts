// Text from users or from the API is echoed into mrkdwn. Escaping &, < and > is what Slack
// asks for: it turns <!channel>, <!here> and <@U…> into inert text, so nothing echoed can ping.

export function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Cut to at most `max` characters, marking the cut with an ellipsis. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 1) return text.slice(0, Math.max(0, max));
  return `${text.slice(0, max - 1)}…`;
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
