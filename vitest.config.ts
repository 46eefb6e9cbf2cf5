import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/postgres-notice.ts'],
    // A worker runs file after file without importing the app afresh for each: importing Bolt, the
    // store and the renderer was two fifths of a file's time. Safe because the app keeps no
    // module-level state (docs/ARCHITECTURE.md: state lives in the closure `register` builds).
    isolate: false,
    // e2e suites start real HTTP servers; give them room on a 2-core machine.
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
