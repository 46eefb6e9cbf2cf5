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
