import { describe, expect, it } from 'vitest';
import { composeDigest } from '../../../../src/features/digests/compose.ts';
import { type DigestsOutbound, postDigest } from '../../../../src/features/digests/outbound.ts';
import type { Pacer } from '../../../../src/slack/pacer.ts';
import { textWithAltOf as textOf } from '../../../support/blocks.ts';
import { fakeParts, NOW, subscriptionInput } from '../../../support/digests.ts';

/** Slack's answer while a fresh upload is still being processed. */
const invalidSlackFile = () =>
  Object.assign(new Error('invalid_blocks'), {
    data: {
      ok: false,
      error: 'invalid_blocks',
      errors: ['invalid slack file [json-pointer:/blocks/3/slack_file]'],
    },
  });

function slackRefusingImages(times: number) {
  const posts: Array<{ channel: string; blocks?: unknown[] }> = [];
  let refused = 0;
  const slack: DigestsOutbound = {
    async postMessage(args) {
      const withImage = args.blocks?.some((b) => b.type === 'image') === true;
      if (withImage && refused < times) {
        refused += 1;
        throw invalidSlackFile();
      }
      posts.push(args);
      return { ts: `1700000000.00000${posts.length}` };
    },
    uploadPng: async () => 'F0CARD',
  };
  return { slack, posts };
}

function countingPacer() {
  const taken: string[] = [];
  const pacer: Pacer = {
    async take(channel) {
      taken.push(channel);
    },
  } as Pacer;
  return { pacer, taken };
}

const content = () =>
  composeDigest(fakeParts(), {
    subscription: { ...subscriptionInput({ indexIds: ['idx-1'] }), days: [0, 1, 2, 3, 4, 5, 6] },
    scheduledFor: NOW,
    now: NOW,
  });

describe('posting a digest', () => {
  it('re-sends while Slack processes the card, each send paced, then shows it', async () => {
    const { slack, posts } = slackRefusingImages(2);
    const { pacer, taken } = countingPacer();
    const posted = await postDigest(slack, await content(), {
      pacer,
      command: '/ops',
      retryDelaysMs: [0, 0, 0],
    });
    expect(posted).toMatchObject({ withImage: true });
    expect(posts).toHaveLength(1);
    expect(posts[0]?.blocks?.some((b) => (b as { type: string }).type === 'image')).toBe(true);
    expect(taken).toEqual(['C0DIGEST', 'C0DIGEST', 'C0DIGEST']);
  });

  it('when the card is never taken, posts once without it, and says so', async () => {
    const { slack, posts } = slackRefusingImages(99);
    const { pacer } = countingPacer();
    const posted = await postDigest(slack, await content(), {
      pacer,
      command: '/ops',
      retryDelaysMs: [0, 0],
    });
    expect(posted).toMatchObject({ withImage: false, ts: '1700000000.000001' });
    expect(posts).toHaveLength(1);
    expect(posts[0]?.blocks?.some((b) => (b as { type: string }).type === 'image')).toBe(false);
    expect(textOf(posts[0]?.blocks)).toContain('The card could not be attached this time');
  });
});
