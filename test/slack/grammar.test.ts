import { describe, expect, it } from 'vitest';
import {
  extraArgumentsSentence,
  missingArguments,
  requiredPlaceholders,
  unknownCommandAnswer,
} from '../../src/slack/grammar.ts';
import { helpBlocks } from '../../src/slack/help-view.ts';
import { CommandRouter, type Subcommand } from '../../src/slack/router.ts';

const sub = (words: string[], extra: Partial<Subcommand> = {}): Subcommand => ({
  words,
  example: words.join(' '),
  description: `does ${words.join(' ')}`,
  handle: async () => {},
  ...extra,
});

const answerTo = (router: CommandRouter, text: string) => {
  const match = router.match(text);
  if (match.kind !== 'unknown') throw new Error(`${text} matched ${match.kind}`);
  return unknownCommandAnswer('/ops', match, router.list());
};

describe('the command grammar', () => {
  const router = new CommandRouter();
  router.register(sub(['search', 'create'], { usage: '[name] [region] [plan]' }));
  router.register(sub(['search', 'requests']));
  router.register(sub(['vector', 'stats'], { aliases: [['stats']], usage: '<index> [period]' }));

  it('reads what a usage line requires: placeholders outside brackets', () => {
    expect(requiredPlaceholders('<id> <name>')).toEqual(['<id>', '<name>']);
    expect(requiredPlaceholders('<index> [period]')).toEqual(['<index>']);
    expect(requiredPlaceholders('[<index> <metric> >|< <threshold> [for <checks>]]')).toEqual([]);
    expect(requiredPlaceholders(undefined)).toEqual([]);
    expect(missingArguments(sub(['index', 'name'], { usage: '<id> <name>' }), ['idx-1'])).toEqual(['<name>']);
    expect(
      missingArguments(sub(['index', 'name'], { usage: '<id> <name>' }), ['idx-1', 'x']),
    ).toBeUndefined();
  });

  it('answers a known word alone with the words that may follow it and their usage, escaped', () => {
    const answer = answerTo(router, 'search');
    expect(answer.text).toBe(':warning: `/ops search` needs one more word: `create` or `requests`.');
    const shown = JSON.stringify(answer.blocks);
    expect(shown).toContain('`/ops search create [name] [region] [plan]`');
    expect(shown).not.toContain("doesn't know");
  });

  it('says which word after a known one is wrong before listing the right ones', () => {
    expect(answerTo(router, 'search lsit').text).toBe(
      ':warning: `/ops search` takes `create` or `requests` next, not `lsit`.',
    );
    expect(answerTo(router, 'search reqests').text).toBe(
      ':warning: `/ops search` takes `create` or `requests` next, not `reqests`. Did you mean `/ops search requests`?',
    );
  });

  it('offers the subcommand a typo means, and the help card only when nothing is close', () => {
    expect(answerTo(router, 'serach requests').text).toBe(
      ":warning: opsbot doesn't know `serach requests`. Did you mean `/ops search requests`?",
    );
    expect(answerTo(router, 'stast catalog 7d').text).toContain('Did you mean `/ops stats catalog 7d`?');
    const unknown = answerTo(router, 'launch');
    expect(JSON.stringify(unknown.blocks)).toContain(
      JSON.stringify(helpBlocks('/ops', router.list())).slice(1, -1),
    );
  });

  it('says which words were too many, then the usage', () => {
    const name = sub(['index', 'name'], { usage: '<id> <name>', example: 'index name idx-1 catalog' });
    expect(extraArgumentsSentence('/ops', name, ['idx-1', 'catalog', 'extra'])).toBe(
      '`/ops index name` takes `&lt;id&gt; &lt;name&gt;`, but got `idx-1 catalog extra`. Type `/ops index name &lt;id&gt; &lt;name&gt;`, e.g. `/ops index name idx-1 catalog`.',
    );
    expect(extraArgumentsSentence('/ops', sub(['index', 'list']), ['all'])).toBe(
      '`/ops index list` takes no arguments, but got `all`. Type `/ops index list`.',
    );
  });

  it('escapes placeholders on the help card so Slack shows them', () => {
    const shown = JSON.stringify(helpBlocks('/ops', router.list()));
    expect(shown).toContain('`/ops vector stats &lt;index&gt; [period]`');
    expect(shown).not.toMatch(/<index>/);
  });
});
