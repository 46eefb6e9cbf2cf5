// Lists of names in a sentence, as every message writes them.

/** "a", "a and b", "a, b and c" (or "or"). */
export function listWords(items: readonly string[], last: 'and' | 'or'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;
}
