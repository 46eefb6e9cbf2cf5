// One contender of the card render's peak-RSS row, in a process of its own (bench/render-card.ts
// starts it): one warm-up card, then `--cards` more, then its RssReport as the last stdout line.
// It imports only what its contender uses, so opsbot's figure is what the app pays (the renderer
// and its canvas) and not chart.js's modules as well.
import { parseArgs } from 'node:util';
import { benchStats } from './bench-stats.ts';
import { peakRssMiB, reportRss, rssMiB } from './rss.ts';

const { values } = parseArgs({
  options: { 'rss-of': { type: 'string' }, cards: { type: 'string', default: '20' } },
});
const cards = Number(values.cards);
const input = { indexId: 'idx-1', period: '30d', stats: benchStats() } as const;
const yieldLoop = () => new Promise((resolve) => setImmediate(resolve));

let one: () => Promise<unknown>;
const stop = async () => {};
if (values['rss-of'] === 'opsbot') {
  const render = await import('../../src/render/index.ts');
  one = () => render.renderStatsCard(input);
} else if (values['rss-of'] === 'chartjs') {
  const { chartJsCard } = await import('./card-peers.ts');
  const { cardDataOf } = await import('../../src/stats-report/card-data.ts');
  one = async () => chartJsCard(cardDataOf(input));
} else {
  throw new Error('usage: node bench/lib/rss-child.ts --rss-of=opsbot|chartjs [--cards=N]');
}

await one();
await yieldLoop();
const baselineMiB = rssMiB();
for (let i = 0; i < cards; i++) {
  await one();
  await yieldLoop();
}
const peakMiB = peakRssMiB();
await stop();
reportRss({ baselineMiB, peakMiB });
