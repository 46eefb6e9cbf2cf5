// The card rendered on the calling thread (10–20 ms of blocking), for benchmarks and tests. It lives
// apart from index.ts so that the app, which renders on the render thread only, never loads the
// native canvas on its main thread. Not for long-running code: reading pixels back on the main
// thread keeps ~8 MiB per card in @napi-rs/canvas 1.1.1 (Brooooooklyn/canvas#819).
import { renderOptionsOf, type StatsCardInput, type StatsCardOptions } from './index.ts';
import { renderCardPng } from './raster.ts';
import { cardDataOf } from './series.ts';

export function renderStatsCardSync(input: StatsCardInput, options: StatsCardOptions = {}): Buffer {
  return renderCardPng(cardDataOf(input), renderOptionsOf(options));
}
