// What a person reads in Block Kit: every `text` string of a payload, in order, one per line. One
// implementation for every test; `altText` adds images' alt text (what a screen reader says).

/** One string a person reads, and how Slack renders it: mrkdwn parses `<…>`, `*…*`; plain text shows it as is. */
export type ShownText = {
  text: string;
  kind: 'mrkdwn' | 'plain';
  /** A message's own `text`: what its notification says, and where a refusal says so. */
  lead?: true;
};

/**
 * Every string a person reads in a payload, in order, with how Slack renders it: a text object's
 * own `type` decides, rich text and alt text are literal, and a bare `text` (a message's) is mrkdwn.
 */
export function shownTexts(node: unknown, options: { altText?: boolean } = {}): ShownText[] {
  const out: ShownText[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) for (const item of node) visit(item);
    else if (node !== null && typeof node === 'object') {
      const type = (node as { type?: unknown }).type;
      const literal = type === 'plain_text' || type === 'text';
      for (const [key, value] of Object.entries(node)) {
        if (key === 'text' && typeof value === 'string')
          out.push({ text: value, kind: literal ? 'plain' : 'mrkdwn' });
        else if (key === 'alt_text' && options.altText === true && typeof value === 'string')
          out.push({ text: value, kind: 'plain' });
        else visit(value);
      }
    }
  };
  visit(node);
  return out;
}

export function textOf(blocks: unknown, options: { altText?: boolean } = {}): string {
  return shownTexts(blocks, options)
    .map((shown) => shown.text)
    .join('\n');
}

/** textOf with the images' alt text, for messages whose card carries the numbers. */
export const textWithAltOf = (blocks: unknown): string => textOf(blocks, { altText: true });

export type Button = { action_id: string; value?: string; text: string };

export function buttonsIn(blocks: unknown): Button[] {
  const found: Button[] = [];
  for (const block of Array.isArray(blocks) ? blocks : []) {
    for (const el of (block as { elements?: unknown[] }).elements ?? []) {
      const e = el as { type?: string; action_id?: string; value?: string; text?: { text?: string } };
      if (e.type === 'button' && e.action_id !== undefined) {
        found.push({
          action_id: e.action_id,
          text: e.text?.text ?? '',
          ...(e.value === undefined ? {} : { value: e.value }),
        });
      }
    }
  }
  return found;
}
