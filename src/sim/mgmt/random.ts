import { randomBytes } from 'node:crypto';

/** FNV-1a: a stable 32-bit hash so simulated values depend only on (seed, id, series, time). */
export function hash32(...parts: ReadonlyArray<string | number>): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const text = `${String(part)}\u0000`;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
  }
  // One avalanche round (murmur3 finaliser) so nearby inputs give unrelated outputs.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Deterministic number in [0, 1). */
export function unit(...parts: ReadonlyArray<string | number>): number {
  return hash32(...parts) / 2 ** 32;
}

/**
 * A fresh, obviously fake secret. Random (not seeded) so that every value the simulator hands
 * out is unique and a leak test that finds it somewhere knows exactly where it came from.
 */
export function fakeSecret(kind: string): string {
  return `fake-${kind}-${randomBytes(12).toString('hex')}`;
}
