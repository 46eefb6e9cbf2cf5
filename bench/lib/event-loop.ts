// How long the event loop was blocked while some work ran: the largest delay of
// monitorEventLoopDelay (a timer sampling every `resolutionMs`), which catches every stretch of
// synchronous work on this thread, GC pauses included. Work on other threads does not count.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

export type LoopBlocking = { maxMs: number; p99Ms: number; meanMs: number; wallMs: number };

export async function measureLoopBlocking(
  work: () => Promise<unknown>,
  resolutionMs = 1,
): Promise<LoopBlocking> {
  const histogram = monitorEventLoopDelay({ resolution: resolutionMs });
  histogram.enable();
  // A first turn of the loop so the monitor's timer is armed before the work starts.
  await new Promise((resolve) => setTimeout(resolve, resolutionMs * 2));
  const start = performance.now();
  await work();
  const wallMs = performance.now() - start;
  await new Promise((resolve) => setTimeout(resolve, resolutionMs * 2));
  histogram.disable();
  // The monitor reports how late its timer fired, plus the resolution itself.
  const ms = (ns: number) => Math.max(0, ns / 1e6 - resolutionMs);
  return {
    maxMs: ms(histogram.max),
    p99Ms: ms(histogram.percentile(99)),
    meanMs: ms(histogram.mean),
    wallMs,
  };
}

/** Wall time of the synchronous part of an async call: from the call until it returns its promise. */
export function syncPart<T>(call: () => Promise<T>): { ms: number; promise: Promise<T> } {
  const start = performance.now();
  const promise = call();
  return { ms: performance.now() - start, promise };
}
