// Peak resident set per contender. RSS is process-wide and rarely shrinks, so two contenders in one
// process would be charged for each other's memory: each gets a child process of its own, which
// reports its own high-water mark (getrusage maxrss, the kernel's VmHWM) as a JSON line.
import { spawn } from 'node:child_process';

export type RssReport = { baselineMiB: number; peakMiB: number };

/** This process's resident set high-water mark so far, MiB. */
export function peakRssMiB(): number {
  return process.resourceUsage().maxRSS / 1024;
}

export function rssMiB(): number {
  return process.memoryUsage.rss() / 1024 ** 2;
}

/** Prints the report a parent's `rssOfChild` reads: the last stdout line. */
export function reportRss(report: RssReport): void {
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

/** Runs `node script ...args` and reads the RssReport it prints last. */
export function rssOfChild(script: string, args: readonly string[]): Promise<RssReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      try {
        if (code !== 0) throw new Error(`exited with code ${code}`);
        resolve(JSON.parse(last) as RssReport);
      } catch (error) {
        reject(
          new Error(`rss child ${script} ${args.join(' ')}: ${String(error)}; output: ${out.slice(-500)}`),
        );
      }
    });
  });
}
