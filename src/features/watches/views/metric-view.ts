// A metric as people read it: its one name in code, and the list an unknown metric is answered with.
import { escapeMrkdwn } from '../../../text/mrkdwn.ts';
import { METRIC_GROUPS, METRICS, type Metric } from '../watchable.ts';

/** A metric as people type it: `p99-query-latency`, in code. */
export function metricWords(metric: Metric): string {
  return `\`${escapeMrkdwn(metric.name)}\``;
}

/** The metrics as the unknown-metric answer lists them: the names people type, one line per kind. */
export function metricList(): string {
  return METRIC_GROUPS.map((group) => {
    const names = METRICS.filter((m) => m.group === group).map(metricWords);
    return `• ${group}: ${names.join(', ')}`;
  }).join('\n');
}
