// Lengths of time as people write them in configuration and commands: `45s`, `5m`, `2h`, `7d`.

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** Milliseconds, or undefined when `text` isn't a whole number followed by s, m, h or d. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d{1,6})\s*([smhd])$/.exec(text.trim().toLowerCase());
  if (match === null) return undefined;
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}

/** The shape a duration must have, for the start-up line that refuses one. */
export const DURATION_SHAPE = 'a whole number and a unit, like 45s, 5m, 2h or 7d';

/** `30m`, `2h`, `45s`: a length of time as parseDuration reads it back, in hours at most (`48h`). */
export function durationAsTyped(ms: number): string {
  if (ms % UNIT_MS.h === 0) return `${ms / UNIT_MS.h}h`;
  if (ms % UNIT_MS.m === 0) return `${ms / UNIT_MS.m}m`;
  return `${Math.round(ms / UNIT_MS.s)}s`;
}
