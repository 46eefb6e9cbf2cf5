// Vitest global setup: without TEST_DATABASE_URL the PostgreSQL suites skip themselves, and a
// green run would not say that part of the store went untested. One line says which, and how.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

export default function setup(): void {
  if (process.env.TEST_DATABASE_URL !== undefined) return;
  const root = new URL('../..', import.meta.url).pathname;
  const skipped = testFiles(join(root, 'test'))
    .filter((file) => readFileSync(file, 'utf8').includes('TEST_DATABASE_URL'))
    .map((file) => relative(root, file));
  process.stdout.write(
    `PostgreSQL suites skipped (TEST_DATABASE_URL is not set): ${skipped.join(', ')}. ` +
      'Run them with TEST_DATABASE_URL=postgres://user@host:5432/db npm test.\n',
  );
}
