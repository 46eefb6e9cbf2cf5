// A workspace that renamed the slash command to /opsbot sees /opsbot in every help line, hint and
// error message of the search-requests feature, including the ones sent later by the expiry sweep.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { fileRequest, replyTo, textOf, waitForDm } from '../support/search-requests.ts';

const { requester } = SIM_IDS;
const HOUR = 3_600_000;
const COMMAND = '/opsbot';
/** `/ops` where `/opsbot` should be: followed by anything but "bot". */
const OLD_NAME = /\/ops(?!bot)/;

describe('e2e: the command renamed to /opsbot', () => {
  let ws: SimulatedWorkspace;
  let now = Date.now();
  beforeAll(async () => {
    ws = await startSimulatedWorkspace({ clock: () => now, env: { MAX_PENDING_REQUESTS_PER_USER: '1' } });
  });
  afterAll(async () => {
    await ws?.stop();
  });

  /** The answer, whether it came in the command's ack (help, usage) or through its response_url. */
  async function ask(text: string): Promise<string> {
    const res = await ws.driver.command(text, { userId: requester, command: COMMAND });
    const reply =
      res.body === ''
        ? await replyTo(ws, res.responseUrl)
        : (JSON.parse(res.body) as { text?: string; blocks?: unknown[] });
    return `${reply.text ?? ''}\n${textOf(reply.blocks)}`;
  }

  it('help lists the search subcommands under /opsbot', async () => {
    const help = await ask('help');
    expect(help).toContain('/opsbot search create');
    expect(help).toContain('/opsbot search requests');
    expect(help).not.toMatch(OLD_NAME);
  });

  it('the requests list and its usage hint name /opsbot', async () => {
    const empty = await ask('search requests');
    expect(empty).toContain('Start one with `/opsbot search create [name] [region] [plan]`.');
    const extra = await ask('search requests mine');
    expect(extra).toContain('`/opsbot search requests` takes no arguments');
    expect(`${empty}${extra}`).not.toMatch(OLD_NAME);
  });

  it('the cap refusal, a failure and the Home tab’s hint name /opsbot', async () => {
    await fileRequest(ws, { command: COMMAND });
    const refused = await ask('search create one-more eu-west-1 free');
    expect(refused).toContain('(`/opsbot search requests` lists them)');
    vi.spyOn(ws.store, 'listRecentRequests').mockRejectedValueOnce(new Error('disk I/O error'));
    const failed = await ask('search requests');
    expect(failed).toContain(
      'opsbot couldn’t finish `/opsbot search requests` because of a problem on its side',
    );
    expect(`${refused}${failed}`).not.toMatch(OLD_NAME);
    expect(ws.opsbot.features.searchRequests.listCommand()).toBe('`/opsbot search requests`');
  });

  it('the expiry message sent later tells how to ask again with /opsbot', async () => {
    now += 25 * HOUR;
    await ws.opsbot.features.searchRequests.sweep();
    const dms = await waitForDm(ws, requester, 'expired');
    const expired = dms.find((t) => t.includes('expired')) ?? '';
    expect(expired).toContain('ask again with `/opsbot search create product-search eu-west-1 payg`');
    expect(expired).not.toMatch(OLD_NAME);
  });
});
