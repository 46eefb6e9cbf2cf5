import { describe, expect, it } from 'vitest';
import { createHomeOutbound } from '../../../../src/features/home/outbound.ts';
import type { UserTimeZone } from '../../../../src/slack/user-time-zone.ts';
import type { WebClient } from '../../../../src/slack/web-client.ts';
import { capturingLogger } from '../../../support/logs.ts';
import { eventually } from '../../../support/poll.ts';

/** A time-zone cache whose first answer for each person is `first`, and every later one `later`. */
function zonesAnswering(first: string | undefined, later: string | undefined): UserTimeZone {
  const asked = new Set<string>();
  return async (_client, userId) => {
    if (asked.has(userId)) return later;
    asked.add(userId);
    return first;
  };
}

const outboundWith = (zones: UserTimeZone) => {
  const client = {} as WebClient;
  return createHomeOutbound(
    { publishing: client, lookups: client },
    zones,
    capturingLogger().logger,
    Date.now,
  );
};

describe('Home: the time a tab is drawn in', () => {
  it('a zone Slack names too late for the tab: drawn in UTC, then the tab is redrawn once it comes', async () => {
    const late: string[] = [];
    const outbound = outboundWith(zonesAnswering(undefined, 'Europe/Berlin'));
    expect(await outbound.zoneOf('U0LATE', () => late.push('U0LATE'))).toBe('UTC');
    await eventually(() => late.length === 1);
    expect(await outbound.zoneOf('U0LATE', () => late.push('again'))).toBe('Europe/Berlin');
    expect(late).toEqual(['U0LATE']);
  });

  it('a profile with no zone: UTC, and no redraw', async () => {
    const late: string[] = [];
    const outbound = outboundWith(zonesAnswering(undefined, undefined));
    expect(await outbound.zoneOf('U0NOZONE', () => late.push('U0NOZONE'))).toBe('UTC');
    await new Promise((resolve) => setImmediate(resolve));
    expect(late).toEqual([]);
  });
});
