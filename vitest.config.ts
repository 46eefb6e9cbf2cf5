import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/postgres-notice.ts'],
    // A worker runs file after file without importing the app afresh for each: importing Bolt, the
    // store and the renderer was two fifths of a file's time. Safe because the app keeps no
    // module-level state (docs/ARCHITECTURE.md: state lives in the closure `register` builds).
    isolate: false,
    // Vitest's default is one worker fewer than the cores: on a 2-core machine, one file at a time,
    // though most suites spend their time waiting on servers and child processes.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // e2e suites start real HTTP servers; give them room on a 2-core machine.
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
