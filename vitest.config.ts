import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/postgres-notice.ts'],
    // e2e suites start real HTTP servers; give them room on a 2-core machine.
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
