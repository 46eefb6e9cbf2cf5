// Node's module compile cache for opsbot: the TypeScript sources, stripped of their types and
// compiled by V8, are kept on disk and reused by the next start. Plain JavaScript on purpose: it
// runs before any TypeScript is loaded, which is the point.
//
// Why it matters: without it every start (and the render thread, which is a second V8 isolate)
// loads Node's TypeScript stripper, a WebAssembly module of ~17 MiB resident per isolate, and
// strips ~200 files again. With a warm cache neither happens (BENCHMARKS.md, "Footprint").
import module from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Inside node_modules: every platform that installs dependencies at build time keeps that folder
 * in what it deploys (slug, image layer), and `npm ci` empties it, so a cache never outlives the
 * dependencies and sources it was made from (a stale entry would only be a miss anyway: each is
 * checked against its file's contents).
 */
export const COMPILE_CACHE_DIR = fileURLToPath(
  new URL('../../node_modules/.cache/opsbot-compile', import.meta.url),
);

/**
 * Turns the cache on for this process and, through the environment, for its worker threads.
 * Portable: entries name files relative to the cache folder, so a build made in one directory
 * (a platform's build folder) serves the app run from another. `NODE_DISABLE_COMPILE_CACHE=1`
 * (Node's own switch) turns it off; a `NODE_COMPILE_CACHE` set by the operator is used instead
 * (portable only with `NODE_COMPILE_CACHE_PORTABLE=1`, as Node has it).
 * Never throws (src/start.mjs has refused a Node.js without it): a read-only disk only means no cache.
 */
export function enableCompileCache() {
  // Set in the environment, Node turned the cache on before any code ran, in the mode the
  // environment says; worker threads inherit the same variables, so they match it.
  if (!process.env.NODE_COMPILE_CACHE) {
    process.env.NODE_COMPILE_CACHE = COMPILE_CACHE_DIR;
    process.env.NODE_COMPILE_CACHE_PORTABLE = '1';
  }
  const result = module.enableCompileCache({
    directory: process.env.NODE_COMPILE_CACHE,
    portable: process.env.NODE_COMPILE_CACHE_PORTABLE === '1',
  });
  const { ENABLED, ALREADY_ENABLED } = module.constants.compileCacheStatus;
  if (result.status === ENABLED || result.status === ALREADY_ENABLED)
    return { enabled: true, directory: result.directory };
  return { enabled: false, reason: result.message ?? 'disabled' };
}

/** Writes what this process compiled so far, so a start cut short still leaves its cache. */
export function flushCompileCache() {
  module.flushCompileCache?.();
}
