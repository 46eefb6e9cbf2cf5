// Issue 8, Bad input (property-based), continued: the parameters of `/ops vector stats` (typed, and
// carried back by its buttons and picker) and of the digest modal. Never a throw; what is accepted
// is valid; what is refused is said specifically, and nothing echoed can ping.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STATS_PERIODS } from '../../src/api/index.ts';
import { MAX_INDEXES, parseDigestForm } from '../../src/features/digests/form.ts';
import { ACTION, BLOCK } from '../../src/features/digests/ids.ts';
import { decodeTarget, indexIdSchema, parseStatsCommand } from '../../src/features/vector-stats/input.ts';
import {
  badIdNotice,
  badPeriodNotice,
  extraArgsNotice,
  missingIdNotice,
} from '../../src/features/vector-stats/views.ts';
import { findBlockKitViolations } from '../../src/sim/slack/index.ts';
import { tokenize } from '../../src/slack/router.ts';
import { mrkdwnStrings, pingsIn } from '../support/shown.ts';
import { hostileText } from './arbitraries.ts';

const RUNS = { numRuns: 300 };
const idLike = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,70}$/);
const periodLike = fc.oneof(fc.constantFrom(...STATS_PERIODS, '7D', '2w', '0h', ''), hostileText);

describe('/ops vector stats parameters', () => {
  it('typed: valid ids and periods are taken, anything else is refused with a specific, inert notice', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          hostileText,
          fc.tuple(idLike, periodLike).map(([i, p]) => `${i} ${p}`),
        ),
        (text) => {
          const parsed = parseStatsCommand(tokenize(text));
          if (parsed.ok) {
            expect(indexIdSchema.safeParse(parsed.target.indexId).success).toBe(true);
            expect(STATS_PERIODS).toContain(parsed.target.period);
            return;
          }
          const given = parsed.given ?? '';
          const notice = {
            missing_id: () => missingIdNotice('/ops'),
            bad_id: () => badIdNotice('/ops', given),
            bad_period: () => badPeriodNotice('/ops', given),
            extra_args: () => extraArgsNotice('/ops', given),
          }[parsed.problem]();
          expect(findBlockKitViolations('message', notice.blocks)).toEqual([]);
          expect(pingsIn([notice.text, ...mrkdwnStrings(notice.blocks)])).toEqual([]);
          expect(notice.text).toMatch(
            /Which vector index\?|isn't a vector index id|isn't a period|didn't expect/,
          );
        },
      ),
      RUNS,
    );
  });

  it('carried by a button or picker: anything but <period>:<id> is rejected, never thrown on', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          hostileText,
          fc.tuple(periodLike, idLike).map(([p, i]) => `${p}:${i}`),
          fc.anything(),
        ),
        (value) => {
          const target = decodeTarget(value);
          if (target === undefined) return;
          expect(STATS_PERIODS).toContain(target.period);
          expect(indexIdSchema.safeParse(target.indexId).success).toBe(true);
        },
      ),
      RUNS,
    );
  });
});

/** A submitted digest modal, every field hostile or plausible. */
const digestForm = fc.record({
  indexes: fc.oneof(
    hostileText,
    fc.array(idLike, { maxLength: 25 }).map((ids) => ids.join(', ')),
  ),
  period: fc.option(periodLike),
  time: fc.option(fc.oneof(fc.constantFrom('09:00', '23:59', '24:00', '9:5', '00:00'), hostileText)),
  zone: fc.oneof(
    fc.constantFrom('Europe/Berlin', 'UTC', 'America/New_York', 'Mars/Olympus', 'europe/berlin'),
    hostileText,
  ),
  days: fc.option(fc.oneof(fc.constantFrom('every', 'weekdays', 'chosen'), hostileText)),
  chosen: fc.array(fc.oneof(fc.constantFrom('0', '3', '6', '7', '-1', '1.5'), hostileText), { maxLength: 8 }),
  include: fc.array(fc.oneof(fc.constantFrom('accounts', 'requests'), hostileText), { maxLength: 3 }),
});

describe('the digest modal', () => {
  it('accepts only a digest that can run, and otherwise says per field what is wrong', () => {
    fc.assert(
      fc.property(digestForm, (f) => {
        const option = (value: string | null) => (value === null ? null : { value });
        const values = {
          [BLOCK.indexes]: { [ACTION.value]: { type: 'plain_text_input', value: f.indexes } },
          [BLOCK.period]: { [ACTION.value]: { type: 'static_select', selected_option: option(f.period) } },
          [BLOCK.time]: { [ACTION.value]: { type: 'timepicker', selected_time: f.time } },
          [BLOCK.zone]: { [ACTION.value]: { type: 'plain_text_input', value: f.zone } },
          [BLOCK.days]: { [ACTION.value]: { type: 'radio_buttons', selected_option: option(f.days) } },
          [BLOCK.chosenDays]: {
            [ACTION.value]: { type: 'checkboxes', selected_options: f.chosen.map((value) => ({ value })) },
          },
          [BLOCK.include]: {
            [ACTION.value]: { type: 'checkboxes', selected_options: f.include.map((value) => ({ value })) },
          },
        };
        const result = parseDigestForm(values);
        if (result.ok) {
          const s = result.settings;
          expect(s.indexIds.length).toBeGreaterThan(0);
          expect(s.indexIds.length).toBeLessThanOrEqual(MAX_INDEXES);
          for (const id of s.indexIds) expect(indexIdSchema.safeParse(id).success).toBe(true);
          expect(STATS_PERIODS).toContain(s.period);
          expect(s.localTime).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
          expect(() => new Intl.DateTimeFormat('en', { timeZone: s.timeZone })).not.toThrow();
          expect(s.days.length).toBeGreaterThan(0);
          for (const d of s.days) expect([0, 1, 2, 3, 4, 5, 6]).toContain(d);
          return;
        }
        const blocks = new Set<string>(Object.values(BLOCK));
        const entries = Object.entries(result.errors);
        expect(entries.length).toBeGreaterThan(0);
        for (const [block, message] of entries) {
          expect(blocks.has(block)).toBe(true);
          // Shown as plain text under the field (never parsed for mentions), and kept short.
          expect(message.length).toBeGreaterThan(10);
          expect(message.length).toBeLessThan(400);
        }
      }),
      RUNS,
    );
  });
});
