import { flushCompileCache } from 'node:module';
import { parentPort } from 'node:worker_threads';
import { renderCardPng } from './raster.ts';
import { paintWatchChart } from './watch-chart.ts';
import type { RenderJob, RenderReply } from './worker-pool.ts';

// The render thread: drawing, quantising and deflating a card take 10–20 ms of CPU, which the
// event loop of the Slack app must not wait on. Jobs are messages, handled one at a time.

const port = parentPort;
if (!port) throw new Error('render/worker.ts runs as a worker thread only');
// The thread is always ended by terminate(), which writes nothing to Node's compile cache (when it
// is on: src/boot/compile-cache.mjs): keep this thread's modules there now, for the next thread.
flushCompileCache();

port.on('message', (job: RenderJob) => {
  let reply: RenderReply;
  let transfer: ArrayBuffer[] = [];
  try {
    const png = job.kind === 'watch' ? paintWatchChart(job.chart) : renderCardPng(job.data, job.options);
    // A Buffer may be a view into a shared pool; only a buffer of its own can be transferred.
    const own = png.byteOffset === 0 && png.buffer.byteLength === png.length ? png : Uint8Array.from(png);
    reply = { id: job.id, png: own };
    if (own.buffer instanceof ArrayBuffer) transfer = [own.buffer];
  } catch (error) {
    reply = { id: job.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(reply, transfer);
});
