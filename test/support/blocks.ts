// What a person reads in Block Kit: every `text` string of a payload, in order, one per line. One
// implementation for every test; `altText` adds images' alt text (what a screen reader says).
export function textOf(blocks: unknown, options: { altText?: boolean } = {}): string {
  const out: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) for (const item of node) visit(item);
    else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        const shown = key === 'text' || (options.altText === true && key === 'alt_text');
        if (shown && typeof value === 'string') out.push(value);
        else visit(value);
      }
    }
  };
  visit(blocks);
  return out.join('\n');
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
