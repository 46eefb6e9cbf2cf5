// `npm run build` (and npm's postinstall): fills Node's compile cache (compile-cache.mjs) with
// every module the app loads, on the main thread and on the render thread, so that the first
// start of a fresh container is as quick and as small as a restart. Run it where the app will
// run from (or anywhere: the cache is portable), after `npm ci`, with the Node.js that runs the app.
// It never fails an install: without a cache the app only starts slower.
import { globSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { enableCompileCache, flushCompileCache } from './compile-cache.mjs';

/** Code only tools and the demo use, and the render thread's entry (it runs as a thread only). */
const NOT_LOADED_BY_THE_APP = [/^sim\//, /^demo\//, /^render\/worker\.ts$/];

async function fill() {
  const cache = enableCompileCache();
  if (!cache.enabled) return `no compile cache: ${cache.reason}`;
  const srcDir = fileURLToPath(new URL('..', import.meta.url));
  const modules = globSync('**/*.ts', { cwd: srcDir }).filter(
    (file) => !NOT_LOADED_BY_THE_APP.some((pattern) => pattern.test(file)),
  );
  for (const file of modules.sort()) await import(pathToFileURL(`${srcDir}/${file}`).href);
  // The render thread compiles its own modules (worker.ts and the drawing code) when it starts.
  const render = await import('../render/index.ts');
  await render.warmUpRenderer();
  await render.stopRenderWorker();
  flushCompileCache();
  return `compile cache filled: ${modules.length} modules and the render thread's, in ${cache.directory}`;
}

try {
  process.stdout.write(`opsbot: ${await fill()}\n`);
} catch (error) {
  process.stdout.write(
    `opsbot: compile cache not filled (${error instanceof Error ? error.message : error}); the app starts without it\n`,
  );
}
process.exit(0);
