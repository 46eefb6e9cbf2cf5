import { describe, expect, it } from 'vitest';
import { helpBlocks, unknownSubcommandBlocks } from '../../../src/slack/help-view.ts';
import { CommandRouter, type Subcommand } from '../../../src/slack/router.ts';

const sub = (words: string[], description = `does ${words.join(' ')}`): Subcommand => ({
  words,
  example: words.join(' '),
  description,
  handle: async () => {},
});

const text = (blocks: unknown) => JSON.stringify(blocks);

describe('the help card', () => {
  it('lists what is registered, including subcommands registered after it was first shown', () => {
    const router = new CommandRouter();
    router.register(sub(['search', 'create']));
    const first = helpBlocks('/ops', router.list());
    expect(text(first)).toContain('/ops search create');
    expect(text(first)).not.toContain('vector stats');

    router.register(sub(['vector', 'stats']));
    const second = helpBlocks('/ops', router.list());
    expect(text(second)).toContain('/ops search create');
    expect(text(second)).toContain('/ops vector stats');
  });

  it('names the command as the workspace calls it, each name on its own card', () => {
    const router = new CommandRouter();
    router.register(sub(['digest']));
    expect(text(helpBlocks('/ops', router.list()))).toContain('`/ops digest`');
    expect(text(helpBlocks('/cloud', router.list()))).toContain('`/cloud digest`');
    expect(text(helpBlocks('/ops', router.list()))).not.toContain('/cloud');
  });

  it('is the same card every time, and stays whole when embedded in the unknown-command answer', () => {
    const router = new CommandRouter();
    router.register(sub(['messaging', 'accounts']));
    const before = text(helpBlocks('/ops', router.list()));
    const unknown = unknownSubcommandBlocks('/ops', 'deploy', router.list());
    expect(text(unknown.slice(1))).toBe(before);
    expect(text(helpBlocks('/ops', router.list()))).toBe(before);
  });

  it('shows a replaced subcommand, not the one it replaced', () => {
    const router = new CommandRouter();
    router.register(sub(['digest'], 'old words'));
    expect(text(helpBlocks('/ops', router.list()))).toContain('Old words');
    const list = router.list() as Subcommand[];
    list[0] = sub(['digest'], 'new words');
    expect(text(helpBlocks('/ops', router.list()))).toContain('New words');
  });
});
