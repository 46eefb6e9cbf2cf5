type Json = Record<string, unknown>;

/** Every interactive element (buttons etc.) in a block list. */
export function elementsOf(blocks: unknown): Json[] {
  const found: Json[] = [];
  for (const block of (blocks ?? []) as Json[]) {
    const candidates = [...((block.elements as Json[] | undefined) ?? []), block.accessory, block.element];
    for (const c of candidates) if (c && typeof (c as Json).action_id === 'string') found.push(c as Json);
  }
  return found;
}
