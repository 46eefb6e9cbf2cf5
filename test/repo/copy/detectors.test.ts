// Each of the copy test's detectors, shown failing on a deliberately broken text and passing the
// same text written right; then the whole path from a recorded Slack call to a finding.
import { describe, expect, it } from 'vitest';
import type { SimCall } from '../../../src/sim/slack/index.ts';
import { type SeenText, textsOfAck, textsOfCall } from '../../support/copy/collect.ts';
import { elementType, internalWord, metricSpelling, unescapedAngle } from '../../support/copy/detectors.ts';
import { examplesIn, isRefusal } from '../../support/copy/examples.ts';
import { INDEX_FORMATTER } from '../../support/copy/index-formatter.ts';
import { indexLabel } from '../../support/copy/index-labels.ts';
import { metricNameFor } from '../../support/copy/metric-names.ts';
import { detect, stale, unlisted } from '../../support/copy/verdict.ts';

const mrkdwn = (text: string): SeenText => ({ text, kind: 'mrkdwn', where: 'a crafted text' });
const plain = (text: string): SeenText => ({ text, kind: 'plain', where: 'a crafted text' });
const matches = (found: Array<{ match: string }>) => found.map((f) => f.match);

describe('(a) an unescaped <word> in mrkdwn', () => {
  it('finds a placeholder Slack would eat, in code or not', () => {
    expect(matches(unescapedAngle(mrkdwn('Usage: `/ops index name <id> <name>` or <index>')))).toEqual([
      '<id>',
      '<name>',
      '<index>',
    ]);
  });
  it('leaves mentions, specials, links, escaped placeholders and plain text alone', () => {
    const fine =
      '<@U0APPROVER> <#C0GENERAL|general> <!subteam^S0OPS|@ops> <!here> <!date^1795798913^{date}|x> <https://example.com|docs> <mailto:a@b.c> `&lt;id&gt;`';
    expect(unescapedAngle(mrkdwn(fine))).toEqual([]);
    expect(unescapedAngle(plain('Usage: <id>'))).toEqual([]);
  });
});

describe('(b) an example the app would refuse', () => {
  it('reads the examples a text introduces, as typed after the command', () => {
    const text =
      'Usage: `/ops watch list`. e.g. `/ops stats catalog 7d`; Try `/ops watch catalog cost &gt; $50`. Did you mean `/ops search requests`? Type `/ops index name &lt;id&gt; &lt;name&gt;`';
    expect(examplesIn(mrkdwn(text), '/ops').map((e) => e.command)).toEqual([
      'stats catalog 7d',
      'watch catalog cost > $50',
      'search requests',
    ]);
  });
  it('tells a refusal by the warning that begins its message, not by a warning inside it', () => {
    const refused = textsOfAck('an answer', { text: ':warning: There is no watch 3 in this channel.' });
    const digest = textsOfAck('a digest', {
      text: 'Daily digest',
      blocks: [{ type: 'section', text: { type: 'mrkdwn', text: ':warning: *Accounts needing attention*' } }],
    });
    expect(isRefusal(refused)?.text).toContain('no watch 3');
    expect(isRefusal(digest)).toBeUndefined();
  });
});

describe('(c) a metric written another way than its one name', () => {
  const other = metricNameFor('monthly_cost') === 'monthly_cost' ? 'monthly-cost' : 'monthly_cost';
  it('finds another spelling of a known metric', () => {
    expect(matches(metricSpelling(metricNameFor)(mrkdwn(`alert when ${other} > $50`)))).toEqual([other]);
  });
  it('leaves the one name, index ids, regions and words that are no metric alone', () => {
    const name = metricNameFor('monthly_cost') ?? '';
    expect(
      metricSpelling(metricNameFor)(mrkdwn(`${name} of idx-2 in eu-west-1 (the cost, re-checked)`)),
    ).toEqual([]);
  });
});

describe('(c) an index written another way than the index formatter writes it', () => {
  const catalog = indexLabel(() => [{ id: 'idx-2', name: 'catalog' }], INDEX_FORMATTER);
  it('finds the name and the id near each other in another form', () => {
    expect(matches(catalog(mrkdwn('Watch #1 set: `catalog (idx-2)` monthly cost')))).toEqual([
      'catalog (idx-2)',
    ]);
    expect(matches(catalog(plain('catalog · idx-2')))).toEqual(['catalog · idx-2']);
  });
  it('finds the id of a named index standing without its name', () => {
    expect(matches(catalog(plain('Vector index idx-2. Last 7 days')))).toEqual([
      'without its name: Vector index idx-2.',
    ]);
  });
  it("accepts the formatter's own label, a renamed index's new label, and the name far from the id", () => {
    expect(catalog(mrkdwn(`Watch on ${INDEX_FORMATTER.mrkdwn('idx-2', 'catalog')}`))).toEqual([]);
    expect(catalog(plain(INDEX_FORMATTER.plain('idx-2', 'catalog')))).toEqual([]);
    expect(catalog(mrkdwn(`\`catalog\` is now ${INDEX_FORMATTER.mrkdwn('idx-2', 'products')}`))).toEqual([]);
    expect(catalog(mrkdwn('e.g. `/ops stats catalog 7d`'))).toEqual([]);
  });
});

describe('(d) a raw Block Kit element type', () => {
  it('finds the element names a person should never read', () => {
    expect(matches(elementType(plain('Threshold [number_input] · notify: multi_external_select')))).toEqual([
      'number_input',
      'multi_external_select',
    ]);
    expect(elementType(plain('Pick a channel and a number'))).toEqual([]);
  });
});

describe('(e) an internal word', () => {
  it('finds undefined, null, NaN, an object printed as is, a stack frame and an exception', () => {
    const broken = 'Watch on undefined: null above NaN [object Object] TypeError: x at run (src/app.ts:12:3)';
    expect(matches(internalWord(plain(broken)))).toEqual([
      'undefined',
      'null',
      'NaN',
      '[object Object]',
      'at run (src/app.ts:12:3)',
      'TypeError:',
    ]);
    expect(internalWord(plain('Nothing unusual; no data at 12:30'))).toEqual([]);
  });
});

describe('from a recorded Slack call to a verdict', () => {
  const call: SimCall = {
    method: 'chat.postMessage',
    args: {
      channel: 'C0GENERAL',
      text: 'Watch on <index>',
      blocks: [
        { type: 'section', text: { type: 'mrkdwn', text: 'Threshold: undefined' } },
        { type: 'image', image_url: 'https://x', alt_text: 'plain_text_input chart' },
        { type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: 'Mute <n>' } }] },
      ],
    },
    at: 0,
    ok: true,
    status: 200,
    rawBody: '',
    headers: {},
  };

  it("collects every text of the call, each as Slack renders it, and the detectors find what's wrong", () => {
    const texts = textsOfCall(call);
    expect(texts.map((t) => [t.text, t.kind])).toEqual([
      ['Watch on <index>', 'mrkdwn'],
      ['Threshold: undefined', 'mrkdwn'],
      ['plain_text_input chart', 'plain'],
      ['Mute <n>', 'plain'],
    ]);
    const findings = detect(texts, [unescapedAngle, internalWord, elementType]);
    expect(findings.map((f) => `${f.kind} ${f.match} in ${f.where}`)).toEqual([
      'unescaped-angle <index> in chat.postMessage in C0GENERAL',
      'internal-word undefined in chat.postMessage in C0GENERAL',
      'element-type plain_text_input in chat.postMessage in C0GENERAL',
    ]);
  });

  it('a call Slack refused showed nobody anything', () => {
    expect(textsOfCall({ ...call, ok: false, error: 'invalid_blocks' })).toEqual([]);
  });

  it('a known defect hides its findings and only those; a known defect that no longer occurs is stale', () => {
    const findings = detect(textsOfCall(call), [unescapedAngle, internalWord]);
    const known = [
      { kind: 'unescaped-angle' as const, pattern: /^<index>$/, in: /^Watch on/, why: 'crafted' },
      { kind: 'element-type' as const, pattern: /number_input/, why: 'crafted, fixed since' },
    ];
    expect(unlisted(findings, known).map((f) => f.match)).toEqual(['undefined']);
    expect(stale(findings, known).map((entry) => entry.why)).toEqual(['crafted, fixed since']);
  });
});
