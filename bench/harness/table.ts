// The one table `npm run bench` prints, and the block of BENCHMARKS.md it can refresh.
import { type Machine, machineMarkdown } from './machine.ts';

export type Verdict = 'met' | 'missed' | 'info' | 'not available yet' | 'skipped' | 'failed';

export type Row = {
  /** Item number (1–9, see ITEMS in bench.ts). */
  item: number;
  name: string;
  opsbot: string;
  peer: string;
  ratio: string;
  target: string;
  verdict: Verdict;
  /** Why a row is not a measurement, or what was missed by how much. */
  note?: string;
};

export type Judgement = Pick<Row, 'verdict'> & { note?: string };

/** Met when `value` ≤ `limit`; a miss says by how much, relative to the limit. */
export function atMost(value: number, limit: number): Judgement {
  if (!Number.isFinite(value)) return { verdict: 'failed', note: 'no value' };
  if (value <= limit) return { verdict: 'met' };
  return { verdict: 'missed', note: `${(((value - limit) / limit) * 100).toFixed(0)}% over` };
}

/** Met when `value` ≥ `limit`; a miss says by how much, relative to the limit. */
export function atLeast(value: number, limit: number): Judgement {
  if (!Number.isFinite(value)) return { verdict: 'failed', note: 'no value' };
  if (value >= limit) return { verdict: 'met' };
  return { verdict: 'missed', note: `${(((limit - value) / limit) * 100).toFixed(0)}% short` };
}

/** A row that could not be measured, with the reason where the numbers would go. */
export function absentRow(item: number, name: string, verdict: Verdict, note: string): Row {
  return { item, name, opsbot: '—', peer: '—', ratio: '—', target: '—', verdict, note };
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

export function markdownTable(rows: readonly Row[]): string {
  const header = ['#', 'Benchmark', 'opsbot', 'peer / baseline', 'ratio', 'target', 'result'];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  for (const row of rows) {
    const result = row.note ? `${row.verdict} — ${row.note}` : row.verdict;
    const cells = [String(row.item), row.name, row.opsbot, row.peer, row.ratio, row.target, result];
    lines.push(`| ${cells.map(cell).join(' | ')} |`);
  }
  return lines.join('\n');
}

export const RESULTS_START = '<!-- bench:results:start -->';
export const RESULTS_END = '<!-- bench:results:end -->';

/** The generated part of BENCHMARKS.md: machine, settings, table. */
export function resultsBlock(machine: Machine, settings: string, rows: readonly Row[]): string {
  return [
    RESULTS_START,
    '',
    machineMarkdown(machine),
    `- Settings: ${settings}`,
    '',
    markdownTable(rows),
    '',
    RESULTS_END,
  ].join('\n');
}

/** Replaces the generated block of `document`, keeping the hand-written text around it. */
export function replaceResultsBlock(document: string, block: string): string {
  const start = document.indexOf(RESULTS_START);
  const end = document.indexOf(RESULTS_END);
  if (start === -1 || end === -1 || end < start) return `${document.trimEnd()}\n\n${block}\n`;
  return document.slice(0, start) + block + document.slice(end + RESULTS_END.length);
}
