// Block Kit's plain_text object, written once: a label, title, hint, placeholder or button's text.
import { truncate } from './mrkdwn.ts';

/** A plain_text object, its emoji shown; cut to `max` UTF-16 units (with an ellipsis) when given. */
export function plain(text: string, max?: number): { type: 'plain_text'; text: string; emoji: true } {
  return { type: 'plain_text', text: max === undefined ? text : truncate(text, max), emoji: true };
}
