// The README tells operators which `event` names to search and alert on. Each must be logged by
// opsbot's own logger as a field of its own (Bolt's logger would flatten it into the message).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [readFileSync(path, 'utf8')] : [];
  });
}

function eventsNamedInReadme(): string[] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const logs = readme.slice(readme.indexOf('### Logs'), readme.indexOf('### What each error means'));
  // Event names are where the README names events: the alert table's first column, the list of
  // outcome events, and the first word of each drift bullet.
  const places = logs.split('\n').flatMap((line) => {
    if (line.startsWith('| `')) return [line.split('|')[1] ?? ''];
    if (line.startsWith('- `')) return [line.slice(0, line.indexOf('`', 3) + 1)];
    return [];
  });
  places.push(/its own event \(([^)]*)\)/.exec(logs.replaceAll('\n', ' '))?.[1] ?? '');
  const names = places.flatMap((text) =>
    [...text.matchAll(/`([a-z]+(?:_[a-z]+)+)`/g)].map((m) => m[1] ?? ''),
  );
  return [...new Set(names)];
}

describe('log events the README names', () => {
  const code = sources(join(root, 'src')).join('\n');

  it('are many (the section was found)', () => {
    expect(eventsNamedInReadme()).toEqual(
      expect.arrayContaining(['listener_error', 'api_drift', 'digest_posted']),
    );
    expect(eventsNamedInReadme().length).toBeGreaterThan(20);
  });

  it.each(eventsNamedInReadme())('%s is logged as an event field', (name) => {
    const lines = code.split('\n').filter((line) => line.includes(`'${name}'`));
    expect(lines.some((line) => /\bevent: /.test(line))).toBe(true);
  });

  it('nothing logs an event through Bolt’s logger (args.logger of a listener)', () => {
    // Bolt's listener args carry its logger; opsbot's listeners take theirs from the context.
    expect(code).not.toMatch(/\{[^}]*\blogger\b[^}]*\}: (ViewArgs|ActionArgs|SlackViewMiddlewareArgs)/);
  });
});
