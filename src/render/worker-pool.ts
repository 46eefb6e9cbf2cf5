import { tracingChannel } from 'node:diagnostics_channel';
import { Worker } from 'node:worker_threads';
import type { RenderOptions } from './raster.ts';
import type { CardData } from './series.ts';
import type { WatchChartData } from './watch-chart.ts';

export type RenderJob =
  | { id: number; kind?: 'card'; data: CardData; options: RenderOptions }
  | { id: number; kind: 'watch'; chart: WatchChartData };
export type RenderReply = { id: number; png: Uint8Array } | { id: number; error: string };

type Waiter = { resolve: (png: Buffer) => void; reject: (error: Error) => void };

// One render thread, started on first use. It is unref'd while idle, so it never keeps the
// process alive, and ref'd while a card is in flight, so a short script still gets its card.
// If it dies, the cards in flight fail and the next call starts a fresh one.
let worker: Worker | undefined;
const waiting = new Map<number, Waiter>();
let nextId = 1;
/** Each render is traced here; src/metrics/render.ts counts and times them (no cost when unobserved). */
const renders = tracingChannel<{ kind: string }>('opsbot:render'); // metrics

/**
 * How long the render thread may sit idle before it exits. Its heap and Skia's surfaces are tens
 * of MiB that an app rendering a few cards an hour should not carry between them; the next card
 * starts a fresh thread (~100 ms) instead.
 */
let idleMs = 60_000;
let idleTimer: NodeJS.Timeout | undefined;
/** Threads let go while idle: their exit is expected and concerns no card in flight. */
const retired = new WeakSet<Worker>();

/** For tests and tools: a shorter (or longer) idle time before the render thread exits. */
export function setRenderThreadIdleMs(ms: number): void {
  idleMs = ms;
}

/** Whether a render thread is running now. */
export function renderThreadRunning(): boolean {
  return worker !== undefined;
}

function exitWhenIdle(w: Worker): void {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (worker === w && waiting.size === 0) {
      worker = undefined;
      retired.add(w);
      void w.terminate();
    }
  }, idleMs);
  idleTimer.unref();
}

function failAll(error: Error): void {
  for (const w of waiting.values()) w.reject(error);
  waiting.clear();
}

/**
 * The render thread's heap limits. Its JavaScript keeps little (the pixels live in native memory),
 * but V8 sizes a young generation for a busy thread at up to tens of MiB, all resident: capped at
 * 4 MiB the process stays ~20 MiB smaller with no measurable change in render time (~15 ms per 30d
 * card either way). The old generation holds ~10 MiB; the cap only stops a runaway, which ends the
 * thread (the cards in flight fail, the next one starts a fresh thread) instead of the process.
 */
const RENDER_THREAD_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 } as const;

function start(): Worker {
  const w = new Worker(new URL('./worker.ts', import.meta.url), {
    name: 'opsbot-render',
    resourceLimits: RENDER_THREAD_LIMITS,
  });
  w.unref();
  w.on('message', (reply: RenderReply) => {
    const waiter = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (waiting.size === 0) {
      w.unref();
      exitWhenIdle(w);
    }
    if (!waiter) return;
    if ('png' in reply)
      waiter.resolve(Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength));
    else waiter.reject(new Error(`render failed: ${reply.error}`));
  });
  w.on('error', (error: unknown) => {
    if (worker === w) worker = undefined;
    failAll(error instanceof Error ? error : new Error(String(error)));
  });
  w.on('exit', (code) => {
    if (retired.has(w)) return;
    if (worker === w) worker = undefined;
    failAll(new Error(`render worker exited with code ${code}`));
  });
  return w;
}

/** Renders `data` on the render thread; the event loop only posts the job and takes the bytes. */
export function renderOnWorker(data: CardData, options: RenderOptions): Promise<Buffer> {
  return renders.tracePromise(() => post((id) => ({ id, data, options })), { kind: 'stats' }); // metrics
}

/** A watch's alert chart, on the same thread. */
export function renderWatchChartOnWorker(chart: WatchChartData): Promise<Buffer> {
  return renders.tracePromise(() => post((id) => ({ id, kind: 'watch', chart })), { kind: 'watch' }); // metrics
}

function post(job: (id: number) => RenderJob): Promise<Buffer> {
  clearTimeout(idleTimer);
  worker ??= start();
  const w = worker;
  const id = nextId++;
  return new Promise<Buffer>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    w.ref();
    w.postMessage(job(id));
  });
}

/** Stops the render thread (graceful shutdown, tests); a later render starts a new one. */
export async function stopRenderWorker(): Promise<void> {
  const w = worker;
  worker = undefined;
  if (w) await w.terminate();
}
