// docs/operations.md tells operators which `event` names to search and alert on. For the events a
// short session in a simulated workspace produces (a listing, a stats post, an approval and the create it
// starts, an action Slack refuses), the lines the app actually writes are checked: the event is a
// field of its own (Bolt's logger would flatten it into the message), at the level the page's
// alerts expect. The page's other events need a fault, a restart or a day to pass and are
// checked by the suites that cause them (test/hardening, test/e2e).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../src/sim/workspace.ts';
import { parsedLogs } from './support/logs.ts';
import { eventually } from './support/poll.ts';
import { fileRequest, openDecision, waitForCard } from './support/search-requests.ts';

const root = new URL('..', import.meta.url).pathname;
const { requester, approver, generalChannel } = SIM_IDS;

function eventsNamedInOperations(): string[] {
  const page = readFileSync(join(root, 'docs/operations.md'), 'utf8');
  const logs = page.slice(page.indexOf('\n## Logs\n'), page.indexOf('\n## What each error means\n'));
  // Event names are where the page names events: the alert table's first column, the list of
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

/** What the session below logs, each with the level it is logged at. */
const SESSION_EVENTS: Record<string, string> = {
  accounts_listed: 'info',
  vector_stats_posted: 'info',
  search_request_approved: 'info',
  search_index_created: 'info',
  action_failed: 'warn',
};

describe('log events docs/operations.md names', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace();
    const where = { userId: requester, channelId: generalChannel };
    await ws.driver.command('messaging accounts', where);
    await ws.driver.command('vector stats idx-1 1h', where);
    await fileRequest(ws, { text: 'search create logged-index eu-west-1 free' });
    const modal = await openDecision(ws, approver, 1, 'approve');
    await ws.driver.submitView({
      userId: approver,
      view: modal,
      values: { search_comment: { search_comment: 'ok' } },
    });
    await waitForCard(ws, 1, (text) => text.includes('*Created*'));
    // A form Slack refuses to open: an expected answer, so a warning rather than an error.
    ws.slack.fail('views.open', { error: 'expired_trigger_id' }, { times: 1 });
    await ws.driver.command('search create refused-index eu-west-1 free', where);
    await eventually(
      () => parsedLogs(ws.logs).some((line) => line.event === 'vector_stats_posted'),
      'the stats post to be logged',
    );
    // The refused form is answered (and logged) after the command's acknowledgement.
    await eventually(
      () => parsedLogs(ws.logs).some((line) => line.event === 'action_failed'),
      'the refused form to be logged',
    );
  });
  afterAll(async () => {
    await ws?.stop();
  });

  it('are many (the section was found), and include what the session logs', () => {
    expect(eventsNamedInOperations().length).toBeGreaterThan(20);
    expect(eventsNamedInOperations()).toEqual(expect.arrayContaining(Object.keys(SESSION_EVENTS)));
  });

  it.each(Object.entries(SESSION_EVENTS))('%s is logged as an event field at %s', (name, level) => {
    const lines = parsedLogs(ws.logs).filter((line) => line.event === name);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.level === level && line.app === 'opsbot')).toBe(true);
  });
});
