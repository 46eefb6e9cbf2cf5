// How a watch is named in every message (the alert, its story, the list), in one place that the
// message builders beside it all read.
import type { Watch } from '../../../store/index.ts';
import { indexLabel, plainIndexLabel } from '../../../vector-index.ts';
import { type Metric, metricByKey } from '../watchable.ts';

/** The watch's metric; one opsbot no longer knows reads as its saved key, counted as a measure. */
export function metricOf(watch: Watch): Metric {
  return (
    metricByKey(watch.metric) ?? {
      key: 'monthly_cost',
      name: watch.metric,
      source: 'scalar',
      unit: 'measure',
      group: 'counts',
    }
  );
}

/**
 * A watch as messages show it: with its index's name, where the team gave it one, and the longest
 * mute its alert may offer (the policy's `mute_at_most`; 7 days when not given).
 */
export type ShownWatch = Watch & { indexName?: string | undefined; muteAtMostMs?: number };

/** The watch's index as every message shows an index: *catalog* (`0d6f3f5e…`), or its id. */
export function indexWords(watch: ShownWatch): string {
  return indexLabel(watch.indexId, watch.indexName);
}

/** The same in plain text, for notifications and chart titles: `catalog (0d6f3f5e…)`. */
export function plainIndexWords(watch: ShownWatch): string {
  return plainIndexLabel(watch.indexId, watch.indexName);
}
