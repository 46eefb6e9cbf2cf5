// What the numbers were measured on: they only mean something next to this.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

export type Machine = {
  cpu: string;
  cores: number;
  ramGiB: number;
  node: string;
  os: string;
  date: string;
  /** 1-minute load average when the run started and when it ended: other work on the machine. */
  loadAtStart: number;
  loadAtEnd?: number;
  /** The code measured: commit, and how many files differed from it. */
  tree: string;
};

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function treeState(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
    const commit = git('rev-parse', '--short', 'HEAD');
    const changed = git('status', '--porcelain').split('\n').filter(Boolean).length;
    return changed === 0
      ? `commit ${commit}`
      : `commit ${commit} with ${changed} changed or new paths not yet committed`;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

function cpuModel(): string {
  try {
    const info = readFileSync('/proc/cpuinfo', 'utf8');
    const model = /^model name\s*:\s*(.+)$/m.exec(info)?.[1];
    if (model) return model.trim();
  } catch {
    // not Linux: fall through to what Node knows
  }
  return os.cpus()[0]?.model ?? 'unknown';
}

export function describeMachine(now = new Date()): Machine {
  return {
    cpu: cpuModel(),
    cores: os.availableParallelism(),
    ramGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    date: now.toISOString(),
    loadAtStart: os.loadavg()[0] ?? Number.NaN,
    tree: treeState(),
  };
}

export function loadNow(): number {
  return os.loadavg()[0] ?? Number.NaN;
}

export function machineMarkdown(m: Machine): string {
  return [
    `- CPU: ${m.cpu}, ${m.cores} cores available to Node`,
    `- RAM: ${m.ramGiB} GiB`,
    `- Node: ${m.node}; OS: ${m.os}`,
    `- Date: ${m.date}; code: ${m.tree}`,
    `- 1-minute load average: ${m.loadAtStart.toFixed(2)} at the start, ${m.loadAtEnd?.toFixed(2) ?? '?'} at the end` +
      ` (${m.cores} cores; anything near or above that means other work competed with the benchmark)`,
  ].join('\n');
}
