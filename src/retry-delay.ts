// How long a retry waits: the same doubling for the API's transport and the recorder of creates.

/** The wait before retry number `attempt` (from 1): `firstMs`, doubling each time, never over `maxMs`. */
export function doublingDelay(firstMs: number, maxMs: number, attempt: number): number {
  return Math.min(maxMs, firstMs * 2 ** (attempt - 1));
}
