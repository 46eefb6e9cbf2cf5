// Slack's allowance per method (src/slack/budget.ts) and the fetch every Web API client sends
// through (budgetedFetch): turns in order, a 429 moving the schedule for everyone sharing it.
import { describe, expect, it } from 'vitest';
import { memoryBudget } from '../../src/slack/budget.ts';
import { budgetedFetch } from '../../src/slack/web-client.ts';

const API = 'http://slack.test/api/';
const ALLOWANCES = {
  'users.info': { perMinute: 60, burst: 2 },
  'chat.postMessage': { perMinute: 600, burst: 5 },
};

/** A fake clock the sleeps move, and a Slack that answers each call from a script. */
function harness(answers: Array<() => Response> = []) {
  let now = 1_000_000;
  const sent: Array<{ method: string; at: number; body: string }> = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    sent.push({ method: String(input).slice(API.length), at: now, body: String(init?.body ?? '') });
    return (answers.shift() ?? (() => Response.json({ ok: true })))();
  }) as typeof globalThis.fetch;
  const budget = memoryBudget();
  const replica = () =>
    budgetedFetch(fetch, budget, {
      allowances: ALLOWANCES,
      now: () => now,
      sleep: async (ms) => {
        now += ms;
      },
    });
  return { sent, replica, budget, now: () => now };
}

const call = (f: typeof globalThis.fetch, method: string, body = 'user=U1') =>
  f(`${API}${method}`, { method: 'POST', body });

describe('budgetedFetch', () => {
  it('sends a burst at once, then one call per interval, whichever replica asks', async () => {
    const { sent, replica } = harness();
    const [a, b] = [replica(), replica()];
    for (const f of [a, b, a, b]) await call(f, 'users.info');
    // 60 a minute with a burst of 2: two at once, then a second apart, across both "replicas".
    expect(sent.map((s) => s.at - 1_000_000)).toEqual([0, 0, 1_000, 2_000]);
  });

  it('leaves methods without an allowance alone', async () => {
    const { sent, replica } = harness();
    const f = replica();
    for (let i = 0; i < 5; i += 1) await call(f, 'views.open', 'trigger_id=1.2');
    expect(sent.map((s) => s.at)).toEqual(Array(5).fill(1_000_000));
  });

  it("waits out a 429's Retry-After for that call alone and holds the method for every replica", async () => {
    const limited = () => new Response('', { status: 429, headers: { 'retry-after': '7' } });
    const { sent, replica } = harness([limited]);
    const [a, b] = [replica(), replica()];
    const first = await call(a, 'users.info');
    expect(await first.json()).toEqual({ ok: true });
    const second = await call(b, 'users.info');
    expect(second.status).toBe(200);
    // a: refused at 0, sent again once Retry-After passed; b, the other replica, waited its turn after.
    expect(sent.map((s) => s.at - 1_000_000)).toEqual([0, 7_000, 8_000]);
  });

  it('answers `ratelimited` after repeated 429s instead of handing the client a 429 to pause on', async () => {
    const limited = () => new Response('', { status: 429, headers: { 'retry-after': '1' } });
    const { sent, replica } = harness([limited, limited, limited, limited, limited]);
    const response = await call(replica(), 'users.info');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: false, error: 'ratelimited' });
    expect(sent).toHaveLength(4);
  });

  it("holds only the channel a post's 429 was about", async () => {
    const limited = () => new Response('', { status: 429, headers: { 'retry-after': '30' } });
    const { sent, replica } = harness([limited]);
    const f = replica();
    await call(f, 'chat.postMessage', 'channel=C1&text=a');
    // C1 was held for 30 s and its post sent again then; a post to C2 after it goes at once.
    await call(f, 'chat.postMessage', 'channel=C2&text=b');
    expect(sent.map((s) => [s.body.slice(0, 10), s.at - 1_000_000])).toEqual([
      ['channel=C1', 0],
      ['channel=C1', 30_000],
      ['channel=C2', 30_000],
    ]);
  });
});
