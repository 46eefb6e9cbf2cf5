// A strict reader of the Prometheus text exposition format (0.0.4), enough to check that a scrape
// parses and to read its samples: every line is a comment or `name{labels} value`.
export type Samples = Map<string, number>;

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: -?\d+)?$/;
const LABEL = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

export function parsePrometheusText(text: string): Samples {
  const samples: Samples = new Map();
  const typed = new Set<string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('# TYPE ')) {
      const [name, type] = line.slice(7).split(' ');
      if (name === undefined || !TYPES.has(type ?? '')) throw new Error(`bad TYPE line: ${line}`);
      typed.add(name);
      continue;
    }
    if (line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const [, name = '', labelText, raw = ''] = match;
    // Prometheus reads values as Go's ParseFloat does: NaN and Inf in any case (prom-client writes Nan).
    const value = /^[+-]?inf$/i.test(raw) ? (raw.startsWith('-') ? -Infinity : Infinity) : Number(raw);
    if (Number.isNaN(value) && !/^nan$/i.test(raw)) throw new Error(`bad value: ${line}`);
    const family = name.replace(/_(bucket|sum|count)$/, '');
    if (!typed.has(name) && !typed.has(family)) throw new Error(`sample before its TYPE: ${line}`);
    samples.set(key(name, labelsOf(labelText ?? '')), value);
  }
  return samples;
}

function labelsOf(text: string): Record<string, string> {
  if (text === '') return {};
  const labels: Record<string, string> = {};
  // Values are quoted and may hold escaped quotes and commas.
  for (const part of text.match(/[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*"/g) ?? []) {
    const match = LABEL.exec(part);
    if (!match) throw new Error(`bad label: ${part}`);
    labels[match[1] as string] = match[2] as string;
  }
  return labels;
}

export function key(name: string, labels: Record<string, string> = {}): string {
  const inner = Object.keys(labels)
    .sort()
    .map((k) => `${k}="${labels[k]}"`)
    .join(',');
  return inner === '' ? name : `${name}{${inner}}`;
}

/** A sample's value, 0 when the series does not exist yet (a counter that never moved). */
export function sampleValue(samples: Samples, name: string, labels: Record<string, string> = {}): number {
  return samples.get(key(name, labels)) ?? 0;
}

export async function scrape(port: number | undefined): Promise<{ text: string; samples: Samples }> {
  if (port === undefined) throw new Error('metrics are not served (METRICS_PORT unset)');
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}`);
  const text = await res.text();
  return { text, samples: parsePrometheusText(text) };
}
