import { describe, expect, it } from 'vitest';
import { escapeMrkdwn, mentionUser, quoteUserText, truncate } from '../../src/text/mrkdwn.ts';

describe('mrkdwn helpers', () => {
  it('makes broadcast and user mentions inert', () => {
    expect(escapeMrkdwn('<!channel> <@U123> & co')).toBe('&lt;!channel&gt; &lt;@U123&gt; &amp; co');
  });

  it('quotes user text inside inline code, without backticks or control characters', () => {
    expect(quoteUserText('*bold* `code`\u0007<!here>')).toBe('`*bold* ˋcodeˋ &lt;!here&gt;`');
    expect(quoteUserText('   ')).toBe('(empty)');
    expect(quoteUserText('x'.repeat(500), 10)).toBe(`\`${'x'.repeat(9)}…\``);
  });

  it('truncates with an ellipsis only when needed', () => {
    expect(truncate('abc', 3)).toBe('abc');
    expect(truncate('abcd', 3)).toBe('ab…');
  });

  it('mentions only well-formed user IDs', () => {
    expect(mentionUser('U0ALICE')).toBe('<@U0ALICE>');
    expect(mentionUser('<!channel>')).toBe('&lt;!channel&gt;');
  });
});
