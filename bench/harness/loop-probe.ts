// Preloaded into the app under test (`node --import ./bench/harness/loop-probe.ts src/main.ts`) for
// item 2 only: it watches the app's own event loop, which the ack latencies seen from outside can
// only hint at. On SIGUSR2 it writes what it saw since the last signal to BENCH_LOOP_PROBE_FILE and
// starts over. It reads nothing of the app and changes nothing in it; one 5 ms timer is its cost.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_PROBE_FILE;
if (file) {
  const resolutionMs = 5;
  const histogram = monitorEventLoopDelay({ resolution: resolutionMs });
  histogram.enable();
  let seq = 0;
  const ms = (ns: number) => Math.max(0, ns / 1e6 - resolutionMs);
  process.on('SIGUSR2', () => {
    seq++;
    const report = {
      seq,
      maxMs: ms(histogram.max),
      p99Ms: ms(histogram.percentile(99)),
      meanMs: ms(histogram.mean),
    };
    writeFileSync(file, JSON.stringify(report));
    histogram.reset();
  });
}
