import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBlockKit, type SlackSimulator, startSlackSimulator } from '../../../../src/sim/slack/index.ts';

const limits = JSON.parse(
  readFileSync(new URL('../../../../src/slack/block-kit-limits.json', import.meta.url), 'utf8'),
);
const max = (section: string, key: string): number => Number.parseInt(String(limits[section][key].value), 10);

const plain = (text: string) => ({ type: 'plain_text', text });
const mrkdwn = (text: string) => ({ type: 'mrkdwn', text });
const section = (text: string) => ({ type: 'section', text: mrkdwn(text) });
const button = (over: Record<string, unknown> = {}) => ({
  type: 'button',
  action_id: 'go',
  text: plain('Go'),
  value: 'v',
  ...over,
});
const option = (text: string, value: string) => ({ text: plain(text), value });
const select = (options: unknown[]) => ({
  type: 'static_select',
  action_id: 'pick',
  placeholder: plain('Pick'),
  options,
});
const modal = (over: Record<string, unknown> = {}) => ({
  type: 'modal',
  title: plain('Request'),
  submit: plain('Send'),
  close: plain('Cancel'),
  ...over,
});

describe('checkBlockKit (pure)', () => {
  it('accepts well-formed messages and modals', () => {
    const blocks = [
      { type: 'header', text: plain('Stats') },
      section('*orders*'),
      { type: 'section', fields: [mrkdwn('a'), mrkdwn('b')], accessory: button() },
      { type: 'context', elements: [mrkdwn('updated now')] },
      { type: 'actions', elements: [button(), select([option('7 days', '7d')])] },
      { type: 'image', image_url: 'https://example.com/a.png', alt_text: 'chart' },
      { type: 'divider' },
    ];
    expect(checkBlockKit('message', blocks)).toEqual([]);
    const input = {
      type: 'input',
      block_id: 'name',
      label: plain('Name'),
      element: { type: 'plain_text_input', action_id: 'v' },
    };
    expect(checkBlockKit('modal', [input], modal({ blocks: [input] }))).toEqual([]);
  });

  it.each([
    [
      'too many blocks',
      Array.from({ length: max('surfaces', 'message.blocks.max') + 1 }, () => ({ type: 'divider' })),
      '/blocks',
    ],
    [
      'section text too long',
      [section('x'.repeat(max('blocks', 'section.text.max') + 1))],
      '/blocks/0/text/text',
    ],
    ['empty section text', [section('')], '/blocks/0/text/text'],
    [
      'too many fields',
      [{ type: 'section', fields: Array.from({ length: 11 }, () => mrkdwn('f')) }],
      '/blocks/0/fields',
    ],
    ['field too long', [{ type: 'section', fields: [mrkdwn('x'.repeat(2001))] }], '/blocks/0/fields/0/text'],
    ['header too long', [{ type: 'header', text: plain('x'.repeat(151)) }], '/blocks/0/text/text'],
    ['mrkdwn header', [{ type: 'header', text: mrkdwn('x') }], '/blocks/0/text/type'],
    [
      'too many context elements',
      [{ type: 'context', elements: Array.from({ length: 11 }, () => mrkdwn('c')) }],
      '/blocks/0/elements',
    ],
    [
      'too many actions',
      [{ type: 'actions', elements: Array.from({ length: 26 }, (_, i) => button({ action_id: `a${i}` })) }],
      '/blocks/0/elements',
    ],
    [
      'button text too long',
      [{ type: 'actions', elements: [button({ text: plain('x'.repeat(76)) })] }],
      '/blocks/0/elements/0/text/text',
    ],
    [
      'button value too long',
      [{ type: 'actions', elements: [button({ value: 'x'.repeat(2001) })] }],
      '/blocks/0/elements/0/value',
    ],
    [
      'option text too long',
      [{ type: 'actions', elements: [select([option('x'.repeat(76), 'v')])] }],
      '/blocks/0/elements/0/options/0/text/text',
    ],
    [
      'option value over 75',
      [{ type: 'actions', elements: [select([option('t', 'x'.repeat(76))])] }],
      '/blocks/0/elements/0/options/0/value',
    ],
    [
      'too many options',
      [
        {
          type: 'actions',
          elements: [select(Array.from({ length: 101 }, (_, i) => option(`o${i}`, `${i}`)))],
        },
      ],
      '/blocks/0/elements/0/options',
    ],
    [
      'action_id too long',
      [{ type: 'actions', elements: [button({ action_id: 'x'.repeat(256) })] }],
      '/blocks/0/elements/0/action_id',
    ],
    ['block_id too long', [{ type: 'divider', block_id: 'x'.repeat(256) }], '/blocks/0/block_id'],
    [
      'duplicate block_id',
      [
        { type: 'divider', block_id: 'a' },
        { type: 'divider', block_id: 'a' },
      ],
      '/blocks/1/block_id',
    ],
    [
      'alt_text too long',
      [{ type: 'image', image_url: 'https://e.x/a.png', alt_text: 'x'.repeat(2001) }],
      '/blocks/0/alt_text',
    ],
    [
      'image with url and file',
      [{ type: 'image', image_url: 'https://e.x/a.png', slack_file: { id: 'F1' }, alt_text: 'a' }],
      '/blocks/0',
    ],
    ['image with neither', [{ type: 'image', alt_text: 'a' }], '/blocks/0'],
    [
      'slack_file with id and url',
      [{ type: 'image', slack_file: { id: 'F1', url: 'https://x' }, alt_text: 'a' }],
      '/blocks/0/slack_file',
    ],
    ['unknown block type', [{ type: 'sectoin', text: mrkdwn('x') }], '/blocks/0/type'],
  ])('reports %s with a json-pointer', (_name, blocks, pointer) => {
    const violations = checkBlockKit('message', blocks);
    expect(violations.length).toBeGreaterThan(0);
    expect(violations.some((v) => v.endsWith(`[json-pointer:${pointer}]`))).toBe(true);
  });

  it('allows 100 blocks in a modal but not 101', () => {
    const blocks = (n: number) => Array.from({ length: n }, () => ({ type: 'divider' }));
    expect(checkBlockKit('modal', blocks(100), modal({ blocks: blocks(100) }))).toEqual([]);
    expect(checkBlockKit('modal', blocks(101), modal())).toContain(
      'no more than 100 items allowed [json-pointer:/view/blocks]',
    );
  });

  it('checks the modal itself: title, submit, close, private_metadata, callback_id', () => {
    const long = plain('x'.repeat(25));
    const view = modal({
      title: long,
      submit: long,
      close: long,
      private_metadata: 'x'.repeat(3001),
      callback_id: 'x'.repeat(256),
    });
    expect(checkBlockKit('modal', [], view).map((v) => v.replace(/^.*\[json-pointer:(.*)\]$/, '$1'))).toEqual(
      [
        '/view/title/text',
        '/view/submit/text',
        '/view/close/text',
        '/view/private_metadata',
        '/view/callback_id',
      ],
    );
  });

  it('requires submit on a modal with input blocks', () => {
    const input = { type: 'input', label: plain('N'), element: { type: 'plain_text_input', action_id: 'v' } };
    expect(checkBlockKit('modal', [input], modal({ submit: undefined }))).toEqual([
      'submit is required when the view has input blocks [json-pointer:/view/submit]',
    ]);
  });

  it('checks slack_file references against known files when given a resolver', () => {
    const blocks = [{ type: 'image', slack_file: { id: 'F1' }, alt_text: 'chart' }];
    expect(checkBlockKit('message', blocks, undefined, { resolveFile: () => ({ isImage: true }) })).toEqual(
      [],
    );
    expect(checkBlockKit('message', blocks, undefined, { resolveFile: () => ({ isImage: false }) })).toEqual([
      'invalid slack file [json-pointer:/blocks/0/slack_file]',
    ]);
    expect(checkBlockKit('message', blocks, undefined, { resolveFile: () => undefined })).toHaveLength(1);
  });
});

describe('Slack simulator: Block Kit violations over the API', () => {
  let sim: SlackSimulator;
  beforeAll(async () => {
    sim = await startSlackSimulator({ botToken: 'xoxb-test-fake-token' });
  });
  afterAll(() => sim.close());

  async function post(blocks: unknown) {
    const res = await fetch(`${sim.apiUrl}chat.postMessage`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Authorization: 'Bearer xoxb-test-fake-token',
      },
      body: new URLSearchParams({
        channel: 'C1',
        text: 'fallback',
        blocks: JSON.stringify(blocks),
      }).toString(),
    });
    return (await res.json()) as Record<string, unknown>;
  }

  it('answers invalid_blocks with [ERROR] messages carrying json-pointers', async () => {
    expect(await post([{ type: 'header', text: plain('x'.repeat(151)) }])).toEqual({
      ok: false,
      error: 'invalid_blocks',
      errors: ['must be less than 151 characters [json-pointer:/blocks/0/text/text]'],
      response_metadata: {
        messages: ['[ERROR] must be less than 151 characters [json-pointer:/blocks/0/text/text]'],
      },
    });
    expect(sim.messagesIn('C1')).toEqual([]);
  });

  it('answers msg_blocks_too_long when the cumulative text passes ~12000 characters', async () => {
    const blocks = Array.from({ length: 5 }, () => section('x'.repeat(2500)));
    expect(checkBlockKit('message', blocks)).toHaveLength(1);
    expect(await post(blocks)).toMatchObject({ ok: false, error: 'msg_blocks_too_long' });
    expect((await post(blocks.slice(0, 4))).ok).toBe(true);
  });

  it('rejects views.open with an invalid modal before using the trigger', async () => {
    const trigger = sim.newTriggerId('U1');
    const res = await fetch(`${sim.apiUrl}views.open`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer xoxb-test-fake-token' },
      body: JSON.stringify({
        trigger_id: trigger,
        view: modal({ title: plain('A title that is far too long'), blocks: [] }),
      }),
    });
    expect(await res.json()).toMatchObject({
      error: 'invalid_blocks',
      response_metadata: {
        messages: ['[ERROR] must be less than 25 characters [json-pointer:/view/title/text]'],
      },
    });
  });
});
