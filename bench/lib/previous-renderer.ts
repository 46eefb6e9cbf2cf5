// The previous stats card renderer, as the peer of the current one: the render module as it was
// at PREVIOUS_RENDERER.rev (the card before it said what changed), taken out of git into a
// temporary folder that shares this checkout's node_modules, and loaded from there. One run then
// measures both renderers side by side, on the same machine, input, canvas and Node — no copy of
// the old code is kept in the repository.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { StatsCardInput } from '../../src/render/index.ts';

export const PREVIOUS_RENDERER = {
  rev: '5e5c8986b5e6aa8c05a7133fa4677e0b3f635f56',
  what: 'min–max sparklines, one number per panel, 1600×1020 px',
} as const;

export type PreviousRenderer = {
  /** The production path of that revision: its render thread. */
  render(input: StatsCardInput): Promise<Buffer>;
  /** The same work on the calling thread. */
  renderInline(input: StatsCardInput): Buffer;
  stop(): Promise<void>;
  /** Removes the temporary checkout. */
  dispose(): void;
};

const repo = fileURLToPath(new URL('../../', import.meta.url));

/** The previous renderer, or why it cannot be had (no git, a shallow clone without that commit). */
export async function loadPreviousRenderer(): Promise<PreviousRenderer | { absent: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'opsbot-previous-renderer-'));
  try {
    const archive = execFileSync(
      'git',
      ['-C', repo, 'archive', PREVIOUS_RENDERER.rev, 'package.json', 'src/render', 'src/api'],
      {
        maxBuffer: 64 * 1024 * 1024,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
    symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'), 'dir');
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    return {
      absent: `git could not give revision ${PREVIOUS_RENDERER.rev.slice(0, 7)}: ${(err as Error).message.split('\n')[0]}`,
    };
  }
  const url = (path: string) => pathToFileURL(join(dir, path)).href;
  const index = (await import(url('src/render/index.ts'))) as {
    renderStatsCard(input: StatsCardInput): Promise<Buffer>;
    stopRenderWorker(): Promise<void>;
  };
  const sync = (await import(url('src/render/sync.ts'))) as {
    renderStatsCardSync(input: StatsCardInput): Buffer;
  };
  return {
    render: (input) => index.renderStatsCard(input),
    renderInline: (input) => sync.renderStatsCardSync(input),
    stop: () => index.stopRenderWorker(),
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
