// Thresholds as people type them, in the metric's unit: `500 MB` or `2GiB` for bytes, `$50` or `50`
// for money, `10000` or `10k` for counts, a plain number where the spec states no unit.
import type { Metric } from './watchable.ts';

const BYTE_UNITS: Record<string, number> = {
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
  tib: 1024 ** 4,
};
const COUNT_SUFFIX: Record<string, number> = { '': 1, k: 1e3, m: 1e6, b: 1e9 };

type ThresholdResult = { ok: true; value: number } | { ok: false; problem: string };

export function exampleThreshold(metric: Metric): string {
  switch (metric.unit) {
    case 'money':
      return '$50';
    case 'bytes':
      return '500 MB';
    case 'count':
      return '10k';
    case 'measure':
      return '250';
  }
}

export function parseThreshold(text: string, metric: Metric): ThresholdResult {
  const t = text.trim().toLowerCase().replaceAll(',', '');
  const bad = (): ThresholdResult => ({
    ok: false,
    problem: `couldn’t read a threshold for \`${metric.name}\` there; write it like ${exampleThreshold(metric)}`,
  });
  let value: number | undefined;
  if (metric.unit === 'bytes') {
    const m = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/.exec(t);
    const factor = m ? BYTE_UNITS[m[2] === '' ? 'b' : (m[2] ?? '')] : undefined;
    if (m && factor !== undefined) value = Number(m[1]) * factor;
  } else if (metric.unit === 'money') {
    const m = /^\$?\s*(\d+(?:\.\d+)?)$/.exec(t);
    if (m) value = Number(m[1]);
  } else if (metric.unit === 'count') {
    const m = /^(\d+(?:\.\d+)?)\s*([kmb]?)$/.exec(t);
    if (m) value = Number(m[1]) * (COUNT_SUFFIX[m[2] ?? ''] ?? 1);
  } else {
    const m = /^-?\d+(?:\.\d+)?$/.exec(t);
    if (m) value = Number(t);
  }
  return value === undefined || !Number.isFinite(value) ? bad() : { ok: true, value };
}
