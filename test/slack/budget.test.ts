// Slack's allowance per method (src/slack/budget.ts) and the fetch every Web API client sends
// through (budgetedFetch): turns in order, a 429 moving the schedule for everyone sharing it.
import { describe, expect, it } from 'vitest';
import { createJob } from '../../src/jobs.ts';
import { createLogger } from '../../src/log.ts';
import { memoryBudget } from '../../src/slack/budget.ts';
import { budgetedFetch } from '../../src/slack/web-client.ts';
import { WorkTracker } from '../../src/work-tracker.ts';

const API = 'http://slack.test/api/';
const ALLOWANCES = {
  'users.info': { perMinute: 60, burst: 2 },
  'chat.postMessage': { perMinute: 600, burst: 5 },
  'views.open': { perMinute: 100, burst: 50 },
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
    for (let i = 0; i < 5; i += 1) await call(f, 'auth.test', '');
    expect(sent.map((s) => s.at)).toEqual(Array(5).fill(1_000_000));
  });

  it('answers a trigger that a 429 would outlive `expired_trigger_id` at once, without waiting', async () => {
    const limited = () => new Response('', { status: 429, headers: { 'retry-after': '5' } });
    const { sent, replica, now } = harness([limited]);
    const response = await call(replica(), 'views.open', 'trigger_id=1.2&view=%7B%7D');
    expect(await response.json()).toEqual({ ok: false, error: 'expired_trigger_id' });
    expect(sent).toHaveLength(1);
    expect(now()).toBe(1_000_000);
  });

  it('waits out a short 429 inside the trigger’s life and opens the view', async () => {
    const limited = () => new Response('', { status: 429, headers: { 'retry-after': '1' } });
    const { sent, replica } = harness([limited]);
    const response = await call(replica(), 'views.open', 'trigger_id=1.2&view=%7B%7D');
    expect(await response.json()).toEqual({ ok: true });
    expect(sent.map((s) => s.at - 1_000_000)).toEqual([0, 1_000]);
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

describe('the share kept for people', () => {
  it('lets a job spend part of a method, so a person’s call goes before the jobs’ backlog', async () => {
    let now = 0;
    const sent: string[] = [];
    const fetch = (async (_input: string | URL | Request, init?: RequestInit) => {
      sent.push(String(init?.body));
      return Response.json({ ok: true });
    }) as typeof globalThis.fetch;
    const f = budgetedFetch(fetch, memoryBudget(), {
      allowances: { 'chat.update': { perMinute: 60, burst: 10 } },
      now: () => now,
      sleep: async (ms) => {
        now += ms;
      },
    });
    const job = createJob({
      name: 'digest_scheduler',
      intervalMs: 60_000,
      logger: createLogger({ level: 'silent' }),
      work: new WorkTracker(),
      run: async () => {
        for (let i = 0; i < 10; i += 1) await call(f, 'chat.update', `job=${i}`);
        return now;
      },
    });
    const jobDoneAt = await job.runOnce();
    // 70% of a burst of 10 at once, the rest at 70% of the rate: the job could not spend it all.
    expect(jobDoneAt).toBeGreaterThan(0);
    const personAt = now;
    await call(f, 'chat.update', 'person=1');
    expect(now).toBe(personAt);
    expect(sent.at(-1)).toBe('person=1');
  });
});

describe('a call that may wait only so long', () => {
  it('is answered `ratelimited` at once when its turn is further off, and takes no turn', async () => {
    let now = 0;
    const sent: number[] = [];
    const fetch = (async () => {
      sent.push(now);
      return Response.json({ ok: true });
    }) as typeof globalThis.fetch;
    const f = budgetedFetch(fetch, memoryBudget(), {
      allowances: { 'files.getUploadURLExternal': { perMinute: 60, burst: 1, maxWaitMs: 1_500 } },
      now: () => now,
      sleep: async (ms) => {
        now += ms;
      },
    });
    const upload = () => call(f, 'files.getUploadURLExternal', 'filename=card.png&length=1');
    // One now, the next a second later (within 1.5 s); the third would wait 2 s: not made.
    const answers = [await upload(), await upload()];
    now = 0;
    const late = await upload();
    expect(await Promise.all(answers.map((a) => a.json()))).toEqual([{ ok: true }, { ok: true }]);
    expect(await late.json()).toEqual({ ok: false, error: 'ratelimited' });
    expect(sent).toEqual([0, 1_000]);
    // It took no turn: at 2 s the next call goes without waiting.
    now = 2_000;
    await upload();
    expect(sent).toEqual([0, 1_000, 2_000]);
  });
});
