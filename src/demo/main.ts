// `npm run demo`: see everything opsbot does without a Slack app or an API account. Plays the tour
// against the simulated workspace and exits 0 when it completes (1 when a step failed, 2 when a
// step's feature is missing from this build). `--serve` keeps the workspace up afterwards.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_OUTPUT_DIR } from './output.ts';
import { serve } from './serve.ts';
import { runTour, type TourResult } from './tour.ts';
import { startDemoWorkspace } from './workspace.ts';

const USAGE = `Usage: npm run demo [-- --socket] [-- --serve [--no-tour]] [-- --out <folder>]

  (no options)   play the tour, print what each Slack user sees, write cards and Block Kit JSON
                 to ${DEFAULT_OUTPUT_DIR}/, exit 0 when every step worked
  --socket       Slack reaches opsbot over Socket Mode (the app opens the connection) instead of
                 signed HTTP requests; the tour is the same
  --serve        after the tour, keep the simulated workspace running for \`npm run slack -- "/ops …"\`
  --no-tour      with --serve: skip the tour, just serve
  --out <folder> write files there instead of ${DEFAULT_OUTPUT_DIR}/`;

function exitCodeOf(result: TourResult): number {
  if (result.ok) return 0;
  return result.steps.some((s) => s.status === 'failed') || result.steps.every((s) => s.status === 'ok')
    ? 1
    : 2;
}

async function main(): Promise<number> {
  let values: { serve?: boolean; 'no-tour'?: boolean; out?: string; help?: boolean; socket?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        serve: { type: 'boolean' },
        socket: { type: 'boolean' },
        'no-tour': { type: 'boolean' },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    process.stderr.write(
      `opsbot demo: ${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`,
    );
    return 64;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const outDir = resolve(values.out ?? DEFAULT_OUTPUT_DIR);
  const print = (line: string) => process.stdout.write(`${line}\n`);
  // hasColors() honours NO_COLOR / FORCE_COLOR itself.
  const color = process.stdout.isTTY === true && process.stdout.hasColors();

  if (values.socket && values.serve) {
    // `npm run slack` sends signed HTTP requests, which a Socket Mode app does not take.
    process.stderr.write('opsbot demo: --serve works over HTTP only; drop --socket to serve.\n');
    return 64;
  }
  const demo = await startDemoWorkspace({ mode: values.socket ? 'socket' : 'http' });
  if (values.socket) print('Slack reaches opsbot over Socket Mode in this run.');
  let code = 0;
  try {
    if (!values['no-tour']) {
      const result = await runTour({ outDir, print, color, demo });
      code = exitCodeOf(result);
      if (code !== 0) {
        const bad = result.steps.filter((s) => s.status !== 'ok');
        for (const step of bad)
          process.stderr.write(
            `opsbot demo: step ${step.number} (${step.slug}) ${step.status}: ${step.detail}\n`,
          );
        if (bad.length === 0) process.stderr.write('opsbot demo: a secret leaked (see the summary above)\n');
      }
    }
    if (values.serve) {
      await serve(demo, outDir, print);
      return code;
    }
  } finally {
    if (!values.serve) await demo.stop();
  }
  return code;
}

try {
  const code = await main();
  // Background pieces (render workers, keep-alive sockets) must not hold the process open.
  process.exit(code);
} catch (error) {
  process.stderr.write(
    `opsbot demo: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
}
