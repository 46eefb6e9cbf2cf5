// The build step fills Node's compile cache, and a fresh container started on that cache strips no
// TypeScript at all, on the main thread or the render thread: every source module comes from the
// cache (Node's own compile-cache log says so), which is what makes the start quick and small.
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sims, startSims } from '../../src/sim/standalone.ts';
import { type SpawnedApp, spawnApp } from '../support/spawned-app.ts';

const FILL = fileURLToPath(new URL('../../src/boot/fill-compile-cache.mjs', import.meta.url));
const RENDER = fileURLToPath(new URL('../../src/render/index.ts', import.meta.url));

/** Node's compile-cache log lines for TypeScript sources: `{ hits, misses }` by file. */
function strippedTypeScript(log: string) {
  const hits = new Set<string>();
  const misses = new Set<string>();
  for (const line of log.split('\n')) {
    const m = /reading cache from \S+ for StrippedTypeScript (file:\/\/\S+?)\.\.\.(.*)$/.exec(line);
    if (!m?.[1]) continue;
    (m[2]?.includes('success') ? hits : misses).add(m[1]);
  }
  return { hits, misses };
}

describe('the compile cache the build step fills', () => {
  let dir: string;
  let cache: string;
  let fill: SpawnSyncReturns<string>;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'opsbot-compile-cache-'));
    cache = join(dir, 'cache');
    fill = spawnSync(process.execPath, [FILL], {
      env: { PATH: process.env.PATH ?? '', NODE_COMPILE_CACHE: cache },
      encoding: 'utf8',
    });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is filled by the build step, which says how much it compiled and where', () => {
    expect(fill.status).toBe(0);
    const said = /^opsbot: compile cache filled: (\d+) modules and the render thread's, in (.+)$/m.exec(
      fill.stdout,
    );
    expect(said, fill.stdout + fill.stderr).not.toBeNull();
    expect(Number(said?.[1])).toBeGreaterThan(100);
    expect(said?.[2]).toContain(cache);
    const [versionDir] = readdirSync(cache);
    expect(readdirSync(join(cache, versionDir ?? '')).length).toBeGreaterThan(Number(said?.[1]));
  });

  describe('a fresh start on it', () => {
    let sims: Sims;
    let app: SpawnedApp;
    beforeAll(async () => {
      sims = await startSims();
      app = spawnApp(
        sims.appEnv({ LOG_LEVEL: 'info', NODE_COMPILE_CACHE: cache, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' }),
      );
      await app.waitForEvent('listening', undefined, 20_000);
    });
    afterAll(async () => {
      await app?.stop();
      await sims?.close();
    });

    it('takes every TypeScript module of the app from the cache (none is stripped again)', () => {
      const { hits, misses } = strippedTypeScript(app.stderr());
      expect([...misses]).toEqual([]);
      expect(hits.size).toBeGreaterThan(100);
      expect([...hits].some((file) => file.endsWith('/src/app.ts'))).toBe(true);
    });
  });

  it('serves the render thread too: a card is drawn with no module stripped again', () => {
    const script = `const r = await import(${JSON.stringify(RENDER)}); const png = await r.renderStatsCard({ indexId: 'idx-1', period: '1h', stats: {} }); await r.stopRenderWorker(); console.log(png.subarray(1, 4).toString());`;
    const run = spawnSync(process.execPath, ['-e', script], {
      env: { PATH: process.env.PATH ?? '', NODE_COMPILE_CACHE: cache, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' },
      encoding: 'utf8',
    });
    expect(run.stdout.trim()).toBe('PNG');
    const { hits, misses } = strippedTypeScript(run.stderr);
    expect([...misses]).toEqual([]);
    expect([...hits].some((file) => file.endsWith('/src/render/worker.ts'))).toBe(true);
    expect([...hits].some((file) => file.endsWith('/src/render/raster.ts'))).toBe(true);
  });

  // What production runs: no NODE_COMPILE_CACHE in the environment, so src/start.mjs turns the cache
  // on itself, in node_modules/.cache/opsbot-compile (where `npm ci` and `npm run build` put it),
  // portable, and hands it to the render thread through the environment.
  describe('src/start.mjs with no NODE_COMPILE_CACHE set', () => {
    const DEFAULT_DIR = fileURLToPath(new URL('../../node_modules/.cache/opsbot-compile', import.meta.url));
    let sims: Sims;
    let app: SpawnedApp;
    beforeAll(async () => {
      const build = spawnSync(process.execPath, [FILL], {
        env: { PATH: process.env.PATH ?? '' },
        encoding: 'utf8',
      });
      expect(build.stdout).toContain(`compile cache filled: `);
      expect(build.stdout).toContain(DEFAULT_DIR);
      sims = await startSims();
      app = spawnApp(sims.appEnv({ LOG_LEVEL: 'info', NODE_DEBUG_NATIVE: 'COMPILE_CACHE' }));
      await app.waitForEvent('listening', undefined, 20_000);
    });
    afterAll(async () => {
      await app?.stop();
      await sims?.close();
    });

    it('uses the portable cache in node_modules and strips no TypeScript', () => {
      const log = app.stderr();
      expect(log).toContain(`resolved path ${DEFAULT_DIR}`);
      expect(log).toMatch(/using relative path (\.\.\/)+src\/app\.ts from /);
      const { hits, misses } = strippedTypeScript(log);
      expect([...misses]).toEqual([]);
      expect([...hits].some((file) => file.endsWith('/src/main.ts'))).toBe(true);
    });
  });
});
