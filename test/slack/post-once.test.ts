// The one posting path of scheduled posts against the simulator, through a Web API client
// configured as opsbot's (web-client.ts) with a short timeout: a post whose outcome Slack didn't
// tell is not sent again by the client; it is looked for by its key, and sent again only when it
// isn't there. Nothing twice, nothing lost.
import { webApi } from '@slack/bolt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.ts';
import { type SlackSimulator, startSlackSimulator } from '../../src/sim/slack/index.ts';
import { createPacer } from '../../src/slack/pacer.ts';
import { createPostOnce, POST_EVENT_TYPE, type PostOnce } from '../../src/slack/post-once.ts';
import { POST_SERVER_ERROR, webClientOptions } from '../../src/slack/web-client.ts';
import { until } from '../support/poll.ts';
import { quietSlackLogger } from '../support/slack-client.ts';

const TOKEN = 'xoxb-test-fake-token';
const CHANNEL = 'C0POSTS';
const TIMEOUT_MS = 200;
const post = { channel: CHANNEL, key: 'digest:C0POSTS:2026-11-23', message: { text: 'Daily digest' } };

describe('posting once', () => {
  let sim: SlackSimulator;
  let client: webApi.WebClient;
  let postOnce: PostOnce;
  beforeAll(async () => {
    sim = await startSlackSimulator({ botToken: TOKEN });
  });
  afterAll(() => sim.close());
  beforeEach(() => {
    sim.reset();
    client = new webApi.WebClient(TOKEN, {
      ...webClientOptions(sim.apiUrl, { callTimeoutMs: TIMEOUT_MS }),
      retryConfig: { retries: 3, minTimeout: 10, maxTimeout: 20 },
      logger: quietSlackLogger,
    });
    postOnce = createPostOnce({
      client,
      pacer: createPacer({ perMinute: 60_000, burst: 100, perChannelGapMs: 0 }),
      clock: Date.now,
      logger: createLogger({ level: 'silent' }),
    });
  });

  it('carries its key in the message metadata', async () => {
    const sent = await postOnce(post);
    expect(sent.found).toBe(false);
    expect(sim.messagesIn(CHANNEL)).toEqual([
      expect.objectContaining({
        ts: sent.ts,
        metadata: { event_type: POST_EVENT_TYPE, event_payload: { key: post.key } },
      }),
    ]);
  });

  it('Slack takes the post and answers after the timeout: found by its key, one message', async () => {
    sim.fail('chat.postMessage', { answerLateMs: TIMEOUT_MS * 3 });
    const sent = await postOnce(post);
    expect(sent.found).toBe(true);
    expect(sim.messagesIn(CHANNEL)).toEqual([expect.objectContaining({ ts: sent.ts })]);
    expect(sim.callsTo('conversations.history')).toHaveLength(1);
    // The late answer is recorded once it is sent: before the next test starts.
    await sim.waitFor((c) => c.method === 'chat.postMessage', 5_000);
  });

  it('a 5xx: not retried by the client; looked for, not there, so sent again', async () => {
    sim.fail('chat.postMessage', { status: 500 });
    const sent = await postOnce(post);
    expect(sent.found).toBe(false);
    expect(sim.callsTo('chat.postMessage')).toHaveLength(2);
    expect(sim.callsTo('conversations.history')).toHaveLength(1);
    expect(sim.messagesIn(CHANNEL)).toEqual([expect.objectContaining({ ts: sent.ts })]);
  });

  it('a 5xx, yet Slack kept the post: found, not sent again', async () => {
    sim.fail('chat.postMessage', { answerLateMs: 0, status: 503 });
    const sent = await postOnce(post);
    expect(sent.found).toBe(true);
    expect(sim.callsTo('chat.postMessage')).toHaveLength(1);
    expect(sim.messagesIn(CHANNEL)).toEqual([expect.objectContaining({ ts: sent.ts })]);
  });

  it('a 5xx on every attempt: sent at most as often as the client would have, then the error', async () => {
    sim.fail('chat.postMessage', { status: 500 }, { times: 4 });
    await expect(postOnce(post)).rejects.toMatchObject({ data: { error: POST_SERVER_ERROR } });
    expect(sim.callsTo('chat.postMessage')).toHaveLength(4);
    expect(sim.messagesIn(CHANNEL)).toEqual([]);
  });

  it('the post lands after the look: the next attempt looks first and finds it', async () => {
    sim.fail('chat.postMessage', { delayMs: TIMEOUT_MS * 2 });
    const first = await postOnce(post).catch((error: unknown) => error);
    await until(() => sim.messagesIn(CHANNEL)[0], 'the late post to land');
    const again = first instanceof Error ? await postOnce(post) : first;
    expect(again).toMatchObject({ found: true, ts: sim.messagesIn(CHANNEL)[0]?.ts });
    expect(sim.messagesIn(CHANNEL)).toHaveLength(1);
  });

  it('a caller that knows an earlier attempt may have gone looks first', async () => {
    const earlier = await postOnce(post);
    const retried = await postOnce({ ...post, lookFirst: true });
    expect(retried).toEqual({ ...earlier, found: true });
    // Another key is another post.
    await postOnce({ ...post, key: 'digest:C0POSTS:2026-11-24', lookFirst: true });
    expect(sim.messagesIn(CHANNEL)).toHaveLength(2);
  });

  it('calls that post nothing are still retried by the client after a 5xx', async () => {
    sim.fail('auth.test', { status: 500 });
    await expect(client.auth.test()).resolves.toMatchObject({ ok: true });
    expect(sim.callsTo('auth.test')).toHaveLength(2);
  });
});
