// Issue 8, Bad input (property-based): whatever people paste — random unicode, 10k characters,
// control characters, mention and mrkdwn injection — the parsers never throw, nothing they echo can
// ping anyone, what they build fits Slack's limits, and every refusal says something specific.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AVAILABLE_SEARCH_PLANS, SEARCH_REGIONS } from '../../src/api/index.ts';
import { BLOCK } from '../../src/features/search-requests/ids.ts';
import { parseCreateArgs } from '../../src/features/search-requests/parse.ts';
import { REASON_MAX, validateRequestForm } from '../../src/features/search-requests/validation.ts';
import { requestModal } from '../../src/features/search-requests/views/modals.ts';
import { findBlockKitViolations } from '../../src/sim/slack/index.ts';
import { unknownCommandAnswer } from '../../src/slack/grammar.ts';
import { helpBlocks } from '../../src/slack/help-view.ts';
import { CommandRouter, type Subcommand, tokenize } from '../../src/slack/router.ts';
import { NAME_MAX, NAME_MIN } from '../../src/text/index-names.ts';
import { escapeMrkdwn, quoteUserText } from '../../src/text/mrkdwn.ts';
import { hostileText } from './arbitraries.ts';
import { mrkdwnStrings, pingsIn } from './helpers.ts';

const noop = async () => {};
const sub = (words: string[], usage?: string): Subcommand => ({
  words,
  ...(usage === undefined ? {} : { usage }),
  example: words.join(' '),
  description: `does ${words.join(' ')}`,
  handle: noop,
});

const router = new CommandRouter();
for (const s of [
  sub(['search', 'create'], '[name] [region] [plan]'),
  sub(['search', 'requests']),
  { ...sub(['messaging', 'accounts']), aliases: [['accounts']] },
  sub(['vector', 'stats'], '<index-id> [period]'),
  sub(['digest']),
  sub(['digest', 'list']),
]) {
  router.register(s);
}

const RUNS = { numRuns: 300 };

describe('the ping detector these suites rely on', () => {
  it('flags raw broadcasts and injected mentions, and lets escaped ones and dates pass', () => {
    expect(pingsIn(['hi <!channel>', 'a <!here|here>', '<@U0INJECT1>', '<!subteam^S1>'])).toHaveLength(4);
    expect(pingsIn(['&lt;!channel&gt;', '<!date^1700000000^{date_short}|Nov 14>', '<@U0REQUESTER>'])).toEqual(
      [],
    );
  });
});

describe('the /ops text parser (router)', () => {
  it('never throws, and every outcome it builds is inert, valid Block Kit', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const match = router.match(text);
        const blocks =
          match.kind === 'unknown'
            ? unknownCommandAnswer('/ops', match, router.list()).blocks
            : helpBlocks('/ops', router.list());
        expect(pingsIn(mrkdwnStrings(blocks))).toEqual([]);
        expect(findBlockKitViolations('message', blocks)).toEqual([]);
        if (match.kind === 'unknown') {
          // A specific answer: what it did not understand (cut short, inert), or what the known words need next.
          expect(mrkdwnStrings(blocks)[0]).toMatch(
            /^:warning: (opsbot doesn't know (`[^`]*`|\(empty\))|`\/ops [a-z ]+` (needs one more word|takes `))/,
          );
        }
        if (match.kind === 'subcommand') {
          const words = tokenize(text);
          expect(match.args).toEqual(words.slice(words.length - match.args.length));
        }
      }),
      RUNS,
    );
  });

  it('keeps what it quotes back short, on one line, escaped and inside inline code', () => {
    fc.assert(
      fc.property(hostileText, fc.integer({ min: 1, max: 200 }), (text, max) => {
        const quoted = quoteUserText(text, max);
        if (quoted === '(empty)') return;
        expect(quoted.startsWith('`') && quoted.endsWith('`')).toBe(true);
        const inner = quoted.slice(1, -1);
        expect(inner).not.toMatch(/[`<>\n\r]/);
        expect(inner.includes('\u0000')).toBe(false);
        expect(inner.replace(/&(amp|lt|gt);/g, '').includes('&')).toBe(false);
        // Escaping lengthens; the cut is on the raw text, so the visible length stays bounded.
        expect(inner.replace(/&(amp|lt|gt);/g, '_').length).toBeLessThanOrEqual(max);
      }),
      RUNS,
    );
  });

  it('escapes so that nothing pings, and the escape is lossless', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const escaped = escapeMrkdwn(text);
        expect(pingsIn([escaped])).toEqual([]);
        expect(escaped).not.toMatch(/[<>]/);
        expect(escaped.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')).toBe(text);
      }),
      RUNS,
    );
  });
});

describe('/ops search create: parsing and the prefilled request modal', () => {
  it('never throws; the modal it opens is valid and quotes nothing that could ping', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const prefill = parseCreateArgs(tokenize(text));
        expect(prefill.region === undefined || SEARCH_REGIONS.includes(prefill.region)).toBe(true);
        expect(prefill.plan === undefined || AVAILABLE_SEARCH_PLANS.includes(prefill.plan)).toBe(true);
        const view = requestModal(prefill, { channelId: 'C0GENERAL' });
        expect(findBlockKitViolations('modal', view.blocks, view)).toEqual([]);
        expect(pingsIn(mrkdwnStrings(view.blocks))).toEqual([]);
      }),
      RUNS,
    );
  });
});

const formField = fc.oneof(hostileText, fc.constant(null), fc.constant(undefined));
const choice = (known: readonly string[]) => fc.oneof(fc.constantFrom(...known), formField);

describe('the request modal’s validation', () => {
  it('accepts only what the API can take, and otherwise says per field what is allowed', () => {
    fc.assert(
      fc.property(
        fc.record({
          name: fc.oneof(formField, fc.stringMatching(/^[a-z][a-z0-9-]{1,45}[a-z0-9]$/)),
          region: choice([...SEARCH_REGIONS, 'ap-south-1']),
          plan: choice([...AVAILABLE_SEARCH_PLANS, 'fixed']),
          reason: formField,
        }),
        (form) => {
          const result = validateRequestForm(form);
          if (result.ok) {
            const { name, region, plan, reason } = result.value;
            expect(name).toMatch(/^[a-z][a-z0-9-]*[a-z0-9]$/);
            expect(name.length).toBeGreaterThanOrEqual(NAME_MIN);
            expect(name.length).toBeLessThanOrEqual(NAME_MAX);
            expect(SEARCH_REGIONS).toContain(region);
            expect(AVAILABLE_SEARCH_PLANS).toContain(plan);
            expect(reason.length).toBeGreaterThan(0);
            expect(reason.length).toBeLessThanOrEqual(REASON_MAX);
            return;
          }
          const specific: Record<string, RegExp> = {
            [BLOCK.name]: /name|Names/,
            [BLOCK.region]: /^Choose a region: eu-west-1 or us-central1\.$/,
            [BLOCK.plan]: /^(Choose a plan: free or payg\.|The fixed plan isn’t currently available.*)$/,
            [BLOCK.reason]: /^(Say why the index is needed|Keep the reason under 500 characters)/,
          };
          const entries = Object.entries(result.errors);
          expect(entries.length).toBeGreaterThan(0);
          for (const [block, message] of entries) {
            expect(message).toMatch(specific[block] ?? /^$/);
            // Shown as plain text under the field: bounded, and it never repeats the raw input back.
            expect(message.length).toBeLessThan(300);
            expect(message.includes('<') || message.includes('\u0000')).toBe(false);
          }
        },
      ),
      RUNS,
    );
  });
});
