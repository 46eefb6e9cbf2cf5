// conversations.history as the simulator answers it: top-level messages newest first, bounded by
// `oldest`, and their metadata only with include_all_metadata.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SlackSimulator, startSlackSimulator } from '../../src/sim/slack/index.ts';
import { simulatorClient } from '../support/slack-client.ts';

const TOKEN = 'xoxb-test-fake-token';

describe('Slack simulator: conversations.history', () => {
  let sim: SlackSimulator;
  beforeAll(async () => {
    sim = await startSlackSimulator({ botToken: TOKEN });
  });
  afterAll(() => sim.close());

  it('newest first, no thread replies, metadata only when asked for', async () => {
    const client = simulatorClient(sim, TOKEN);
    const metadata = { event_type: 'opsbot_post', event_payload: { key: 'k1' } };
    const first = await client.chat.postMessage({ channel: 'C0HIST', text: 'one', metadata });
    await client.chat.postMessage({ channel: 'C0HIST', text: 'reply', thread_ts: first.ts ?? '' });
    const second = await client.chat.postMessage({ channel: 'C0HIST', text: 'two' });
    const plain = await client.conversations.history({ channel: 'C0HIST' });
    expect(plain.messages?.map((m) => m.text)).toEqual(['two', 'one']);
    expect(plain.messages?.[1]).not.toHaveProperty('metadata');
    const withMetadata = await client.conversations.history({
      channel: 'C0HIST',
      include_all_metadata: true,
    });
    expect(withMetadata.messages?.[1]?.metadata).toEqual(metadata);
    const after = await client.conversations.history({ channel: 'C0HIST', oldest: first.ts ?? '' });
    expect(after.messages?.map((m) => m.ts)).toEqual([second.ts]);
  });
});
