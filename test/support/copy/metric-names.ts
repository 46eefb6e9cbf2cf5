// The one name people type for each metric, from the watches feature's own table, and what any
// other spelling of a known metric means. The app's reader (findMetric) decides what is a metric.
import { findMetric, type Metric } from '../../../src/features/watches/watchable.ts';

/**
 * The name a metric is typed and read by: the table's `name` where it has one, else its key (the
 * table before it named metrics apart from the API's keys).
 */
export function typedNameOf(metric: Metric): string {
  return 'name' in metric && typeof metric.name === 'string' ? metric.name : metric.key;
}

/** The typed name of the metric `word` spells, or undefined when it spells none. */
export function metricNameFor(word: string): string | undefined {
  const metric = findMetric(word);
  return metric === undefined ? undefined : typedNameOf(metric);
}
