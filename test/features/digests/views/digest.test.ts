import { describe, expect, it } from 'vitest';
import { composeDigest, type DigestContent } from '../../../../src/features/digests/compose.ts';
import { digestMessage } from '../../../../src/features/digests/views/digest.ts';
import { checkBlockKit } from '../../../../src/sim/slack/index.ts';
import type { Weekday } from '../../../../src/store/index.ts';
import { textWithAltOf as textOf } from '../../../support/blocks.ts';
import { fakeParts, NOW, notFound, pendingRequest } from '../helpers.ts';

const subscription = {
  channelId: 'C0DIGEST',
  indexIds: ['idx-1', 'idx-2'],
  period: '1d',
  localTime: '09:00',
  timeZone: 'Europe/Berlin',
  days: [1, 2, 3, 4, 5] as Weekday[],
  includeAccounts: true,
  includeRequests: true,
};

const OPTS = { command: '/ops' };

const compose = (parts = fakeParts(), sub: Partial<typeof subscription> = {}) =>
  composeDigest(parts, { subscription: { ...subscription, ...sub }, scheduledFor: NOW, now: NOW });

/** Checks as Slack would, with the card's file known to be an uploaded image. */
const violations = (blocks: unknown) =>
  checkBlockKit('message', blocks, undefined, { resolveFile: () => ({ isImage: true }) });

describe('digest message', () => {
  it('has the date in the channel zone, counters and the news per index, the card, accounts and requests', async () => {
    const content = await compose(fakeParts({ requests: [pendingRequest()] }));
    const { text, blocks } = digestMessage(content, OPTS);
    expect(violations(blocks)).toEqual([]);
    const shown = textOf(blocks);
    expect(blocks[0]).toMatchObject({
      type: 'header',
      text: { text: 'Daily digest · Monday 23 November 2026' },
    });
    expect(shown).toContain('Vector index `idx-1`');
    expect(shown).toContain('Vector index `idx-2`');
    // The same highlights as the stats message, not a table of sparklines.
    expect(shown).not.toMatch(/[▁▂▃▄▅▆▇█]/u);
    expect(shown).toMatch(
      /Vector index `idx-1`\n.+ vectors · .+ queries today so far · .+\n:white_check_mark: Nothing unusual in this period\./u,
    );
    expect(blocks.find((b) => b.type === 'image')).toMatchObject({ slack_file: { id: 'F0CARD' } });
    expect(shown).toContain('Messaging accounts needing attention* (2 of 7)');
    expect(shown).toContain('suspension in progress');
    expect(shown).toContain('unknown state');
    expect(shown).toContain('#7 `product-search` (eu-west-1, payg) by <@U0REQUESTER> — waiting 5 h');
    expect(text).toBe('Daily digest for Monday 23 November 2026: 2 vector indexes.');
  });

  it('posts what it has when one index errors, and says which part is missing and why', async () => {
    const content = await compose(fakeParts({ failing: { 'idx-2': notFound() } }));
    const { text, blocks } = digestMessage(content, OPTS);
    expect(violations(blocks)).toEqual([]);
    const shown = textOf(blocks);
    expect(shown).toContain('Vector index `idx-1`');
    expect(shown).toContain('Missing from this digest');
    expect(shown).toContain('`idx-2`: The management API has no vector index with that ID');
    expect(text).toContain('1 missing');
  });

  it('says when the accounts could not be read, and when the card is missing', async () => {
    const content = await compose(fakeParts({ accountsFail: true, card: undefined }));
    const shown = textOf(digestMessage(content, OPTS).blocks);
    expect(shown).toContain('Messaging accounts: The management API is unavailable right now');
    expect(shown).toContain('The card could not be attached this time');
    expect(digestMessage(content, OPTS).blocks.some((b) => b.type === 'image')).toBe(false);
  });

  it('leads each index with what changed in it, as the stats message does', async () => {
    const parts = fakeParts();
    const content = await compose(parts, { indexIds: ['idx-incident', 'idx-1'], period: '1h' });
    const { text, blocks } = digestMessage(content, OPTS);
    expect(violations(blocks)).toEqual([]);
    const shown = textOf(blocks);
    expect(shown).toMatch(
      /Vector index `idx-incident`\n.+\n• updates stopped at 07:35 UTC — 0 since\n• p99 query latency rose [\d.]+× in the last 15 min/u,
    );
    expect(text).toBe(
      'Daily digest for Monday 23 November 2026: 2 vector indexes, 1 with something unusual.',
    );
  });

  it('gives each index beyond the detailed ones one line with its top highlight', async () => {
    const ids = ['idx-incident', ...Array.from({ length: 6 }, (_, i) => `idx-${i}`)];
    const content = await compose(fakeParts(), { indexIds: [...ids.slice(1), 'idx-incident'], period: '1h' });
    const shown = textOf(digestMessage(content, OPTS).blocks);
    expect(shown).toMatch(
      /:mag: `idx-incident` {2}.+ vectors · .+ queries today so far · updates stopped at 07:35 UTC — 0 since \(and 1 more\)/u,
    );
    expect(shown).toMatch(/Vector index `idx-5`\n.+\n:white_check_mark: Nothing unusual in this period\./u);
  });

  it('a card that fails to render costs only the picture', async () => {
    const content = await compose(fakeParts({ card: 'throw' }));
    expect(content.card).toBeUndefined();
    expect(content.indexes.every((p) => p.ok)).toBe(true);
  });

  it('mentions the watches firing in the channel, and says nothing of watches when none fire', async () => {
    const firing = await compose({ ...fakeParts(), firingWatches: async () => 2 });
    expect(textOf(digestMessage(firing, OPTS).blocks)).toContain(
      '*2 watches firing in this channel* — `/ops watch list` shows them.',
    );
    const quiet = await compose({ ...fakeParts(), firingWatches: async () => 0 });
    expect(textOf(digestMessage(quiet, OPTS).blocks)).not.toContain('firing');
  });

  it('leaves out parts the channel did not ask for', async () => {
    const content = await compose(fakeParts(), { includeAccounts: false, includeRequests: false });
    const shown = textOf(digestMessage(content, OPTS).blocks);
    expect(shown).not.toContain('Messaging accounts');
    expect(shown).not.toContain('Index requests');
  });

  it('says no requests are waiting when none are (expired ones do not count)', async () => {
    const expired = pendingRequest({ expiresAt: NOW - 1 });
    const shown = textOf(digestMessage(await compose(fakeParts({ requests: [expired] })), OPTS).blocks);
    expect(shown).toContain('none waiting for approval');
  });

  it('escapes what came from the API or a user', async () => {
    const parts = fakeParts({ requests: [pendingRequest({ name: '<!channel>', region: '<@U0X>' })] });
    const shown = textOf(digestMessage(await compose(parts), OPTS).blocks);
    expect(shown).not.toContain('<!channel>');
    expect(shown).toContain('&lt;!channel&gt;');
  });

  it('stays within Block Kit limits with 60 indexes, summarising the rest', async () => {
    const ids = Array.from({ length: 60 }, (_, i) => `idx-${i}`);
    const failing = Object.fromEntries(ids.slice(50).map((id) => [id, notFound()]));
    const content = await compose(
      fakeParts({ failing, requests: Array.from({ length: 30 }, (_, i) => pendingRequest({ id: i + 1 })) }),
      {
        indexIds: ids,
      },
    );
    const { blocks } = digestMessage(content, OPTS);
    expect(violations(blocks)).toEqual([]);
    const shown = textOf(blocks);
    expect(shown).toContain('Vector index `idx-0`');
    expect(shown).toContain('*More indexes*');
    expect(shown).toMatch(/…and \d+ more indexes\./u);
    expect(shown).toContain('/ops vector stats &lt;index&gt; 1d');
    expect(shown).toContain('`idx-59`: The management API has no vector index');
    expect(shown).toContain('…and 20 more — `/ops search requests`');
  });

  it('a preview says it is one', async () => {
    const { blocks } = digestMessage(await compose(), { ...OPTS, preview: true });
    expect(textOf(blocks)).toContain('Preview only — the schedule is unchanged');
    expect(blocks[0]).toMatchObject({ text: { text: 'Digest preview · Monday 23 November 2026' } });
  });

  it('the header date is the local date of the zone', async () => {
    const content: DigestContent = await composeDigest(fakeParts(), {
      subscription: { ...subscription, timeZone: 'Pacific/Auckland' },
      scheduledFor: Date.parse('2026-11-23T18:00:00Z'),
      now: NOW,
    });
    expect(content.localDate).toBe('2026-11-24');
    expect(content.dateText).toBe('Tuesday 24 November 2026');
  });
});
