// Cards rendered and their render time, observed on the renderer's tracing channel
// (node:diagnostics_channel): the renderer publishes whether or not anyone listens, and costs
// nothing when nobody does.
import { tracingChannel } from 'node:diagnostics_channel';
import { type Metrics, secondsSince } from './registry.ts';

/** The channel src/render/index.ts traces each render on; the context names the card kind. */
const RENDER_CHANNEL = 'opsbot:render';

type RenderContext = { kind: string; startedAt?: number; failed?: boolean };

export function observeRenders(metrics: Metrics): () => void {
  const channel = tracingChannel<RenderContext>(RENDER_CHANNEL);
  const finish = (context: RenderContext, outcome: 'ok' | 'error') => {
    const kind = context.kind === 'watch' ? 'watch' : 'stats';
    metrics.cardsRendered.inc({ kind, outcome });
    if (context.startedAt !== undefined)
      metrics.cardRenderSeconds.observe({ kind }, secondsSince(context.startedAt));
  };
  const handlers = {
    start: (context: RenderContext) => {
      context.startedAt = performance.now();
    },
    // A rejected render publishes `error`, then `asyncEnd` like a fulfilled one.
    error: (context: RenderContext) => {
      context.failed = true;
    },
    asyncEnd: (context: RenderContext) => finish(context, context.failed ? 'error' : 'ok'),
  };
  channel.subscribe(handlers);
  return () => channel.unsubscribe(handlers);
}
