// The Node.js version guard every npm script and the Procfile run first: on an older Node it stops
// with one line (the version found, the version needed, how to get it) instead of a stack trace.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const GUARD = new URL('../../src/require-node.cjs', import.meta.url).pathname;
const { nodeVersionProblem } = createRequire(import.meta.url)(GUARD) as {
  nodeVersionProblem(version: string): string | undefined;
};

/** Runs the guard as npm would (as the main module), in a Node that reports `version` as its own. */
function runGuardAs(version: string) {
  const script = [
    `Object.defineProperty(process.versions, 'node', { value: ${JSON.stringify(version)} });`,
    `require('node:module').runMain(${JSON.stringify(GUARD)});`,
  ].join(' ');
  return spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
}

describe('the Node.js version guard', () => {
  it('on Node 20: exit 1 and one line naming both versions and what to do', () => {
    const run = runGuardAs('20.11.1');
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      'opsbot needs Node.js 24 or newer, but this is Node.js 20.11.1. Install Node.js 24 (with nvm or fnm: `nvm install` reads .nvmrc; or from nodejs.org) and run the command again.',
    ]);
  });

  it('on Node 24 and later: silent, exit 0', () => {
    const run = runGuardAs('24.0.0');
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    expect(nodeVersionProblem('26.1.0')).toBeUndefined();
  });

  it('guards every script people run, and the Procfile', () => {
    const scripts = (
      JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    for (const name of ['start', 'demo', 'slack', 'test', 'bench'])
      expect(scripts[name], name).toMatch(/^node src\/require-node\.cjs && /);
    // The Procfile runs the guard, then the entry, with the same environment and node flags as
    // `npm start` (the bench reads them from the Procfile).
    const procfile =
      /^web: node src\/require-node\.cjs && ((?:\w+=\S+ )*)exec node ((?:--\S+ )*)src\/main\.ts$/.exec(
        readFileSync(new URL('../../Procfile', import.meta.url), 'utf8').trim(),
      );
    expect(procfile).not.toBeNull();
    const [, env = '', flags = ''] = procfile ?? [];
    expect(scripts.start).toBe(
      `node src/require-node.cjs && ${env}node ${flags}--env-file-if-exists=.env src/main.ts`,
    );
  });

  it('names the version it needs in .nvmrc too, for nvm and fnm', () => {
    expect(readFileSync(new URL('../../.nvmrc', import.meta.url), 'utf8').trim()).toBe('24');
  });
});
