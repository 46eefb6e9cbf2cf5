// `npm run bench` — runs every benchmark (issue 23: targets first, then the peers for information) and prints one markdown table.
//   npm run bench -- --quick          a smoke run (seconds; numbers too thin to judge targets)
//   npm run bench -- --only 1,2       some items only
//   npm run bench -- --write          also refresh the generated block of BENCHMARKS.md
//   npm run bench -- --cpu-prof DIR   write a V8 CPU profile of each app process under load into DIR
//   npm run bench -- --app DIR        measure the opsbot checkout in DIR (e.g. a worktree of an earlier
//                                     commit, node_modules installed) instead of this one
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runBenchmarks } from './harness/bench.ts';
import { machineMarkdown } from './harness/machine.ts';
import { benchAppFrom } from './harness/processes.ts';
import { describeSettings } from './harness/settings.ts';
import { markdownTable, replaceResultsBlock, resultsBlock } from './harness/table.ts';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    write: { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
    app: { type: 'string' },
  },
});

if (values.app) benchAppFrom(values.app);

const items = values.only
  ?.split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n >= 1 && n <= 5);

const report = await runBenchmarks({
  quick: values.quick,
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
