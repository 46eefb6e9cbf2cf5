// What the documentation promises about opsbot's defaults is read from the pages and compared with
// the defaults the app runs with, so a page cannot offer what the app refuses (a `remind 45s` under
// a five-minute floor) or list simulated indexes the simulator doesn't have.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRemindEvery, remindEveryText } from '../src/features/watches/incident.ts';
import { DEFAULT_LIMITS } from '../src/policy/resolve.ts';
import { DEFAULT_VECTOR_INDEXES } from '../src/sim/mgmt/stats.ts';
import { DEFAULT_REMIND_EVERY_MS } from '../src/store/index.ts';

const root = new URL('..', import.meta.url).pathname;
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const readme = read('README.md');
const commands = read('docs/commands.md');
const oneLine = (text: string) => text.replace(/\s+/g, ' ');

describe('reminders, as the pages offer them', () => {
  it('every `remind …` the README and docs/commands.md show is one the default limits accept', () => {
    const offered = [...`${readme}\n${commands}`.matchAll(/remind (\w+)/g)].map((m) => m[1] ?? '');
    const intervals = offered.filter((word) => /^(\d+[smh]|never)$/.test(word));
    expect(intervals.length).toBeGreaterThanOrEqual(4);
    const refused = intervals.filter((word) => {
      const read = parseRemindEvery(word);
      return !read.ok || (read.value !== null && read.value < DEFAULT_LIMITS.remindAtLeastMs);
    });
    expect(refused).toEqual([]);
  });

  it('names the default floor and the default interval the app uses', () => {
    const floor = remindEveryText(DEFAULT_LIMITS.remindAtLeastMs);
    expect(oneLine(commands)).toContain(`\`remind_at_least\`, ${floor} unless the policy says otherwise`);
    expect(oneLine(commands)).toContain(`${DEFAULT_REMIND_EVERY_MS / 60_000} minutes unless set`);
  });

  it("states the policy's default limits as the app has them", () => {
    const limits = oneLine(commands.slice(commands.indexOf('- **Limits**')));
    const stated = (name: string) => new RegExp(`\`${name}\`[^(]*\\(([^)]+)\\)`).exec(limits)?.[1];
    expect({
      notify_people: stated('notify_people'),
      notify_groups: stated('notify_groups'),
      remind_at_least: stated('remind_at_least'),
      watches_per_channel: stated('watches_per_channel'),
    }).toEqual({
      notify_people: String(DEFAULT_LIMITS.notifyPeople),
      notify_groups: String(DEFAULT_LIMITS.notifyGroups),
      remind_at_least: remindEveryText(DEFAULT_LIMITS.remindAtLeastMs),
      watches_per_channel: String(DEFAULT_LIMITS.watchesPerChannel),
    });
  });
});

describe('the simulated workspace, as the README lists it', () => {
  it('names every vector index the simulated API knows, and no other', () => {
    const sentence = /Vector indexes: ([^.]*(?:\.[^ ][^.]*)*)\./.exec(oneLine(readme))?.[1] ?? '';
    const named = [...sentence.matchAll(/`([\w-]+)`/g)].map((m) => m[1]);
    expect(named.sort()).toEqual(Object.keys(DEFAULT_VECTOR_INDEXES).sort());
  });
});
