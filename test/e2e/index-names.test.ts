// Index names as a team lives them, in HTTP and in Socket Mode: opsbot remembers what it read,
// a name stands for an id in every command, and every index field offers the known ones as you
// type (most recently used first), with *Use ID …* for an id it hasn't seen yet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK as DIGEST, ACTION as DIGEST_ACTION } from '../../src/features/digests/ids.ts';
import type { SimView } from '../../src/sim/slack/index.ts';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { openHome } from '../support/home.ts';
import { textOf } from '../support/search-requests.ts';

const { requester } = SIM_IDS;
const CHANNEL = 'C0NAMES';
const UUID = '9b2f6c1e-3d4a-4f5b-8c7d-1e2f3a4b5c6d';
const MINUTE = 60_000;

describe.each(['http', 'socket'] as const)('e2e: index names (%s)', (mode) => {
  let ws: SimulatedWorkspace;
  let now = Date.UTC(2026, 0, 5, 9, 0);
  const later = () => {
    now += 5 * MINUTE;
  };

  beforeAll(async () => {
    ws = await startSimulatedWorkspace({ mode, clock: () => now });
  });
  afterAll(async () => {
    await ws?.stop();
  });

  const toldCalls = () => [...ws.slack.callsTo('response_url'), ...ws.slack.callsTo('chat.postEphemeral')];

  /** What the person was told since `seen` calls: the ack, a response_url post, an ephemeral. */
  const told = (ack: string, seen: Set<unknown>) =>
    [
      ack,
      ...toldCalls()
        .filter((c) => !seen.has(c))
        .map((c) => `${String(c.args.text ?? '')} ${textOf(c.args.blocks ?? [])}`),
    ].join('\n');

  async function command(text: string, expected: RegExp | string): Promise<string> {
    const seen = new Set<unknown>(toldCalls());
    const res = await ws.driver.command(text, { userId: requester, channelId: CHANNEL });
    let ack = '';
    try {
      ack = String((JSON.parse(res.body) as { text?: string }).text ?? '');
    } catch {
      // An empty acknowledgement: the answer comes by response_url.
    }
    const matches = () => {
      const all = told(ack, seen);
      return typeof expected === 'string' ? all.includes(expected) : expected.test(all);
    };
    if (!matches()) await ws.slack.waitFor(matches);
    return told(ack, seen);
  }

  async function formFor(callbackId: string, open: () => Promise<unknown>): Promise<SimView> {
    const count = () => ws.slack.views.filter((v) => v.view.callback_id === callbackId).length;
    const before = count();
    await open();
    await ws.slack.waitFor(() => count() > before);
    const view = ws.slack.views.filter((v) => v.view.callback_id === callbackId).at(-1)?.view;
    if (view === undefined) throw new Error(`no ${callbackId} form`);
    return view;
  }

  it('names an index read once, and shows stats by name with the id beside it', async () => {
    await command(`stats ${UUID}`, /^/);
    await ws.slack.waitFor(
      (c) => c.method === 'chat.postMessage' && c.ok && textOf(c.args.blocks).includes(UUID),
    );
    later();
    expect(await command(`index name ${UUID} catalog`, 'is named')).toContain('*catalog*');
    later();
    // An id not read yet is read first (so only an index that exists gets a name).
    expect(await command('index name idx-2 orders', 'is named')).toContain('*orders*');
    later();
    await command('stats catalog 7d', /^/);
    const post = await ws.slack.waitFor(
      (c) =>
        c.method === 'chat.postMessage' && c.ok && textOf(c.args.blocks).includes('Vector index catalog'),
    );
    expect(textOf(post.args.blocks)).toContain(`*catalog* (\`${UUID.slice(0, 8)}…\`)`);
    expect(ws.mgmt.requests.some((r) => r.path.includes(UUID))).toBe(true);
  });

  it('answers an unknown name with the known ones, in one sentence', async () => {
    const typo = await command('stats catalgo', 'Did you mean');
    expect(typo).toContain('`catalog`');
    expect(typo).toMatch(/Known names: `catalog`, `orders`|Known names: `orders`, `catalog`/);
    // A name-shaped word far from any name is tried as an id; the API's "no such index" lists the names.
    const gone = await command('stats nothing-here', 'knows no vector index');
    expect(gone).toMatch(/Known names: .*`catalog`/);
    // A name is not an id: checking its letters' case would not help.
    expect(gone).not.toContain('Check the id');
  });

  it('never looks a search index up as a vector index, nor offers it as one', async () => {
    await ws.store.rememberIndex({ id: 'srch-7f3a', kind: 'search', at: now, name: 'product-search' });
    const said = await command('stats product-search', 'search index');
    expect(said).toContain(
      '`product-search` is a search index (from a search request), not a vector index: stats, watches and digests read vector indexes. `/ops index list` shows which is which.',
    );
    const typo = await command('stats catalgo', 'Did you mean');
    expect(typo).not.toContain('product-search');
    expect(ws.mgmt.requests.some((r) => r.path.includes('srch-7f3a'))).toBe(false);
  });

  it('answers `index` alone with the words that may follow it, placeholders as Slack shows them', async () => {
    const said = await command('index', 'needs one more word');
    expect(said).toContain(
      ':warning: `/ops index` needs one more word: `name` or `list` or `rename` or `forget`.',
    );
    const short = await command('index name catalog', 'needs');
    expect(short).toContain(':warning: `/ops index name catalog` needs `&lt;name&gt;` next.');
  });

  it('sets a watch by name from text, and names the index wherever the watch is shown', async () => {
    const set = await command('watch catalog monthly_cost > $50', 'Watch #');
    expect(await ws.store.listWatches(CHANNEL)).toEqual([
      expect.objectContaining({ indexId: UUID, metric: 'monthly_cost', threshold: 50 }),
    ]);
    const named = `*catalog* (\`${UUID.slice(0, 8)}…\`)`;
    expect(set).toContain(named);
    expect(await command('watch list', 'monthly-cost')).toContain(named);
  });

  it('offers valid options for a prefix, most recently used first, with Use ID for a new id', async () => {
    const form = await formFor('watch.create', () => command('watch', /^/));
    const all = await ws.driver.suggest({
      userId: requester,
      actionId: 'watch_index',
      value: '',
      view: form,
    });
    expect(all.valid, all.errors.join('; ')).toBe(true);
    expect(all.options.map((o) => o.value)).toEqual([UUID, 'idx-2']);
    later();
    await command('stats orders', /^/);
    await ws.slack.waitFor(
      (c) => c.method === 'chat.postMessage' && textOf(c.args.blocks).includes('orders'),
    );
    const reordered = await ws.driver.suggest({
      userId: requester,
      actionId: 'watch_index',
      value: '',
      view: form,
    });
    expect(reordered.options.map((o) => o.value)).toEqual(['idx-2', UUID]);

    const prefix = await ws.driver.suggest({
      userId: requester,
      actionId: 'watch_index',
      value: 'cat',
      view: form,
    });
    expect(prefix.valid, prefix.errors.join('; ')).toBe(true);
    expect(prefix.options[0]).toEqual({
      text: { type: 'plain_text', text: 'catalog (9b2f6c1e…)' },
      value: UUID,
    });
    expect(prefix.options.every((o) => JSON.stringify(o).length < 200)).toBe(true);
  });

  it('creates a watch from the form through the type-ahead', async () => {
    const form = await formFor('watch.create', () => command('watch', /^/));
    const typed = await ws.driver.suggest({
      userId: requester,
      actionId: 'watch_index',
      value: 'ord',
      view: form,
    });
    const orders = typed.options[0];
    expect(orders).toMatchObject({ value: 'idx-2' });
    const saved = await ws.driver.submitView({
      userId: requester,
      view: form,
      values: {
        watch_index: { watch_index: { type: 'external_select', selected_option: orders } },
        watch_metric: { watch_metric: 'monthly_cost' },
        watch_threshold: { watch_threshold: '$80' },
        watch_channel: { watch_channel: CHANNEL },
      },
    });
    expect(saved.ack).toBeUndefined();
    expect(await ws.store.listWatches(CHANNEL)).toContainEqual(
      expect.objectContaining({ indexId: 'idx-2', threshold: 80 }),
    );
  });

  it('sets a digest with two indexes chosen through the type-ahead', async () => {
    const form = await formFor('digests.configure', () => command('digest', /^/));
    const offered = await ws.driver.suggest({
      userId: requester,
      actionId: DIGEST_ACTION.value,
      blockId: DIGEST.indexes,
      value: '',
      view: form,
    });
    expect(offered.valid, offered.errors.join('; ')).toBe(true);
    const saved = await ws.driver.submitView({
      userId: requester,
      view: form,
      values: {
        [DIGEST.indexes]: {
          [DIGEST_ACTION.value]: {
            type: 'multi_external_select',
            selected_options: offered.options.slice(0, 2),
          },
        },
      },
    });
    expect(saved.ack).toMatchObject({ response_action: 'update' });
    // The saved form names what was stored as the team named it.
    const savedView = (saved.ack as { view: { blocks: unknown[] } }).view;
    expect(textOf(savedView.blocks)).toContain(`*orders* (\`idx-2\`), *catalog* (\`${UUID.slice(0, 8)}…\`)`);
    expect((await ws.store.getSubscription(CHANNEL))?.indexIds).toEqual(['idx-2', UUID]);
    // The digest names both indexes as the team named them, the id nearby.
    const preview = await command('digest preview', 'Vector index');
    expect(preview).toContain('*orders* (`idx-2`)');
    expect(preview).toContain(`*catalog* (\`${UUID.slice(0, 8)}…\`)`);
    // In use now: forgetting it is refused, saying by what.
    const refused = await command('index forget orders', 'still used');
    expect(refused).toMatch(/watch #\d+/);
  });

  it('accepts an id it has not seen through Use ID, from Home’s Stats for…', async () => {
    const home = await openHome(ws, requester);
    const form = await formFor('home.stats', () =>
      ws.driver.clickInView({ userId: requester, view: home, actionId: 'home.stats_for' }),
    );
    const typed = await ws.driver.suggest({
      userId: requester,
      actionId: 'home_stats_index',
      value: 'idx-1',
      view: form,
    });
    expect(typed.valid).toBe(true);
    const useId = typed.options.at(-1);
    expect(useId).toEqual({ text: { type: 'plain_text', text: 'Use ID idx-1' }, value: 'idx-1' });
    later();
    await ws.driver.submitView({
      userId: requester,
      view: form,
      values: {
        home_stats_index: { home_stats_index: { type: 'external_select', selected_option: useId } },
        home_stats_period: { home_stats_period: '1d' },
      },
    });
    await ws.slack.waitFor(
      (c) => c.method === 'chat.postMessage' && textOf(c.args.blocks).includes('Vector index idx-1'),
    );
    const list = await command('index list', 'Indexes opsbot knows');
    expect(list).toContain('`idx-1`');
    expect(list.indexOf('idx-1')).toBeLessThan(list.indexOf('orders'));
  });
});
