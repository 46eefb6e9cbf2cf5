import { describe, expect, it } from 'vitest';
import { checkOptionsAnswer } from '../../../../src/sim/slack/index.ts';

const plain = (text: string) => ({ type: 'plain_text', text });
const option = (text: string, value = text) => ({ text: plain(text), value });
const check = (answer: unknown, status = 200, elapsedMs = 10) =>
  checkOptionsAnswer(status, typeof answer === 'string' ? answer : JSON.stringify(answer), elapsedMs);

describe('an answer to an options request, as Slack judges it', () => {
  it('shows options, and the options of every group in order', () => {
    expect(check({ options: [option('catalog', 'id-1')] })).toMatchObject({
      errors: [],
      options: [{ value: 'id-1' }],
    });
    const grouped = check({
      option_groups: [
        { label: plain('Named'), options: [option('catalog')] },
        { label: plain('Recent IDs'), options: [option('0d6f3f5e')] },
      ],
    });
    expect(grouped.options.map((o) => o.value)).toEqual(['catalog', '0d6f3f5e']);
    // An empty list is a valid answer: the menu says there is nothing matching.
    expect(check({ options: [] })).toMatchObject({ errors: [], options: [] });
  });

  it('accepts exactly 100 options and refuses 101', () => {
    const options = (n: number) => Array.from({ length: n }, (_, i) => option(`o${i}`));
    expect(check({ options: options(100) }).errors).toEqual([]);
    expect(check({ options: options(101) }).errors).toEqual([
      'no more than 100 items allowed [json-pointer:/options]',
    ]);
  });

  it('refuses texts over 75 characters, mrkdwn texts, long values and missing values', () => {
    expect(check({ options: [option('x'.repeat(75))] }).errors).toEqual([]);
    expect(
      check({
        options: [
          option('x'.repeat(76), 'x'),
          { text: { type: 'mrkdwn', text: '*b*' }, value: 'b' },
          option('c', 'v'.repeat(200)),
          { text: plain('d') },
        ],
      }).errors,
    ).toEqual([
      'must be less than 76 characters [json-pointer:/options/0/text/text]',
      'must be plain_text [json-pointer:/options/1/text/type]',
      // Values: Slack's docs say 150, @slack/types says 75; the simulator holds apps to 75 everywhere.
      'must be less than 76 characters [json-pointer:/options/2/value]',
      'missing required field [json-pointer:/options/3/value]',
    ]);
  });

  it('refuses group labels over 75 characters and more than 100 options in a group', () => {
    const errors = check({
      option_groups: [
        { label: plain('l'.repeat(76)), options: [option('a')] },
        { label: plain('ok'), options: Array.from({ length: 101 }, (_, i) => option(`o${i}`)) },
      ],
    }).errors;
    expect(errors).toEqual([
      'must be less than 76 characters [json-pointer:/option_groups/0/label/text]',
      'no more than 100 items allowed [json-pointer:/option_groups/1/options]',
    ]);
  });

  it('refuses an answer with both lists, neither, an empty body, or something not JSON', () => {
    expect(check({ options: [], option_groups: [] }).errors).toEqual([
      'must provide exactly one of options or option_groups [json-pointer:/]',
    ]);
    expect(check({ text: 'hi' }).errors).toEqual(['answer has neither options nor option_groups']);
    expect(check('').errors).toEqual(['empty answer: an options request needs options or option_groups']);
    expect(check('<html>').errors).toEqual(['answer is not JSON']);
  });

  it('refuses an answer that is not HTTP 200 or comes after the 3 s Slack waits', () => {
    expect(check({ options: [option('a')] }, 500).errors).toEqual(['HTTP 500']);
    expect(check({ options: [option('a')] }, 200, 3200)).toMatchObject({
      options: [],
      errors: ['answered after 3200 ms; Slack gives up after 3000 ms'],
    });
  });
});
