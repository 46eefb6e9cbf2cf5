// What `npm start` and the Procfile run: the Node.js version check, Node's compile cache, then
// src/main.ts. Plain JavaScript on purpose: it must run on the old Node it refuses, and the cache
// must be on before the first TypeScript module is loaded.
import { createRequire } from 'node:module';

const { nodeVersionProblem } = createRequire(import.meta.url)('./require-node.cjs');
const problem = nodeVersionProblem(process.versions.node);
if (problem !== undefined) {
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}

const { enableCompileCache, flushCompileCache } = await import('./boot/compile-cache.mjs');
enableCompileCache();
const { main } = await import('./main.ts');
await main();
// main.ts has started the app (or exited): keep what was compiled, for the next start.
flushCompileCache();
