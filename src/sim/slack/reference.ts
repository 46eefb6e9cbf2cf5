import { existsSync, readFileSync } from 'node:fs';

// Slack's published limits and method references, kept as recorded (with their sources) in
// ./reference/. Block Kit limits live with the bot (src/slack/block-kit-limits.json), so the bot
// and the simulator read the very same numbers.
const REFERENCE_DIR = new URL('./reference/', import.meta.url);
const BLOCK_KIT_LIMITS = new URL('../../slack/block-kit-limits.json', import.meta.url);

export function readReference(relativePath: string): unknown {
  const url =
    relativePath === 'block-kit-limits.json' ? BLOCK_KIT_LIMITS : new URL(relativePath, REFERENCE_DIR);
  return JSON.parse(readFileSync(url, 'utf8'));
}

export function referenceExists(relativePath: string): boolean {
  return existsSync(new URL(relativePath, REFERENCE_DIR));
}

export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/**
 * Reads `<section>.<key>.value` from block-kit-limits.json. Some values are prose such as
 * "~12000 (undocumented)" or "75 (types) / 150 (current docs)": the first number is the one we enforce.
 */
export function limitFrom(doc: unknown, section: string, key: string): number {
  const entry = asRecord(asRecord(asRecord(doc)?.[section])?.[key]);
  const raw = entry?.value;
  const parsed = typeof raw === 'number' ? raw : Number.parseInt(String(raw ?? '').replace(/[^\d]*/, ''), 10);
  if (!Number.isFinite(parsed)) throw new Error(`block-kit-limits.json has no numeric ${section}.${key}`);
  return parsed;
}
