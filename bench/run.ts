// `npm run bench` — runs every benchmark (targets first, then the peers for information, then the
// larger days) and prints one markdown table.
//   npm run bench -- --quick          a smoke run (seconds; numbers too thin to judge targets)
//   npm run bench -- --only 1,2       some items only
//   npm run bench -- --write          also refresh the generated block of BENCHMARKS.md
//   npm run bench -- --cpu-prof DIR   write a V8 CPU profile of each app process under load into DIR
//   npm run bench -- --app DIR        measure the opsbot checkout in DIR (e.g. a worktree of an earlier
//                                     commit, node_modules installed) instead of this one in items 1–5,
//                                     and alongside this one in items 6–8 (before / after, one run)
//   npm run bench -- --only 6 --shape 0.2 --day-seconds 20
//                                     items 6–8 at a fraction of their shape, in a shorter day (a smoke run)
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runBenchmarks } from './harness/bench.ts';
import { machineMarkdown } from './harness/machine.ts';
import { benchAppFrom } from './harness/processes.ts';
import { describeSettings, FULL, QUICK, scaledDay, scaleSettings, shortDay } from './harness/settings.ts';
import { markdownTable, replaceResultsBlock, resultsBlock } from './harness/table.ts';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    write: { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
    app: { type: 'string' },
    shape: { type: 'string' },
    'day-seconds': { type: 'string' },
  },
});

if (values.app) benchAppFrom(values.app);

const items = values.only
  ?.split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n >= 1 && n <= 10);

// Items 6–8 at a fraction of the full day's shape and in a shorter day: a smoke run of them that
// still deals the whole mix, without the minutes the full shapes take.
const shape = values.shape === undefined ? 1 : Number(values.shape);
const seconds = values['day-seconds'] === undefined ? undefined : Number(values['day-seconds']);
if (!(shape > 0) || (seconds !== undefined && !(seconds > 0)))
  throw new Error('--shape and --day-seconds take positive numbers');
const chosen = values.quick ? QUICK : FULL;
// The 1× day shrunk: its commands too (scaledDay keeps at least the day's own rate when growing it).
const shrunk = { ...scaledDay(FULL.day, shape), commandsPerSec: FULL.day.commandsPerSec * shape };
const benchSettings =
  shape === 1 && seconds === undefined
    ? chosen
    : { ...chosen, scale: scaleSettings(seconds === undefined ? shrunk : shortDay(shrunk, seconds)) };

const report = await runBenchmarks({
  quick: values.quick,
  settings: benchSettings,
  ...(values.app ? { beforeDir: values.app } : {}),
  ...(items && items.length > 0 ? { items } : {}),
  progress: (line) => process.stderr.write(`${line}\n`),
  ...(values['cpu-prof'] ? { cpuProfileDir: values['cpu-prof'] } : {}),
});

const settings = describeSettings(report.settings);
process.stdout.write(`\n${machineMarkdown(report.machine)}\n- Settings: ${settings}\n\n`);
process.stdout.write(`${markdownTable(report.rows)}\n`);

if (values.write) {
  const path = fileURLToPath(new URL('../BENCHMARKS.md', import.meta.url));
  let document = '';
  try {
    document = readFileSync(path, 'utf8');
  } catch {
    document = '# Benchmarks\n';
  }
  writeFileSync(path, replaceResultsBlock(document, resultsBlock(report.machine, settings, report.rows)));
  process.stderr.write(`wrote the results into ${path}\n`);
}
