// Waiting for something a person would see (a message, a log line, a row), polled without sleeping
// longer than it takes. One implementation for every test.

/** Resolves with `probe`'s first defined value; fails naming `what` after `timeoutMs`. */
export async function until<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  what = 'the expected result',
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Resolves once `condition` holds; fails naming `what` after `timeoutMs`. */
export async function eventually(
  condition: () => boolean | Promise<boolean>,
  what = 'the condition',
  timeoutMs = 5_000,
): Promise<void> {
  await until(async () => ((await condition()) ? true : undefined), what, timeoutMs);
}
