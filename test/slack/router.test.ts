import { describe, expect, it } from 'vitest';
import { asTyped, CommandRouter, type Subcommand, tokenize } from '../../src/slack/router.ts';

const noop = async () => {};
const sub = (words: string[], extra: Partial<Subcommand> = {}): Subcommand => ({
  words,
  example: words.join(' '),
  description: `does ${words.join(' ')}`,
  handle: noop,
  ...extra,
});

describe('CommandRouter', () => {
  const router = new CommandRouter();
  const search = sub(['search', 'create']);
  const requests = sub(['search', 'requests']);
  const accounts = sub(['messaging', 'accounts'], { aliases: [['accounts']] });
  const digest = sub(['digest']);
  const digestList = sub(['digest', 'list']);
  for (const s of [search, requests, accounts, digest, digestList]) router.register(s);

  it('treats empty text and help as the help card', () => {
    expect(router.match('')).toEqual({ kind: 'help' });
    expect(router.match('   ')).toEqual({ kind: 'help' });
    expect(router.match('--help')).toEqual({ kind: 'help' });
  });

  it('reads help on one topic before or after its words, never `help` as an argument', () => {
    expect(router.match('help digest')).toEqual({ kind: 'help', topic: ['digest'] });
    expect(router.match('HELP me')).toEqual({ kind: 'help', topic: ['me'] });
    expect(router.match('digest help')).toEqual({ kind: 'help', topic: ['digest'] });
    expect(router.match('digest list -h')).toEqual({ kind: 'help', topic: ['digest', 'list'] });
    expect(router.match('accounts --help')).toEqual({ kind: 'help', topic: ['accounts'] });
    expect(router.match('search create help')).toEqual({ kind: 'help', topic: ['search', 'create'] });
    // `help` after words that begin no subcommand is no topic: the text is unknown as a whole.
    expect(router.match('launch help')).toMatchObject({ kind: 'unknown' });
  });

  it('finds a topic’s entries by their words or an alias, in card order, and guesses a typo', () => {
    expect(router.topic(['digest'])).toEqual([digest, digestList]);
    expect(router.topic(['Search'])).toEqual([search, requests]);
    expect(router.topic(['accounts'])).toEqual([accounts]);
    expect(router.topic(['messaging', 'accounts'])).toEqual([accounts]);
    expect(router.topic(['nothing'])).toEqual([]);
    expect(router.topicGuesses(['digets'])).toEqual(['digest']);
    expect(router.topicGuesses(['serach', 'requests'])).toEqual(['search requests']);
  });

  it('names the generic example index until told where the workspace’s come from, and when that fails', async () => {
    const own = new CommandRouter();
    expect(await own.exampleIndex()).toBe('idx-1');
    own.useExampleIndex(async () => 'orders');
    expect(await own.exampleIndex()).toBe('orders');
    own.useExampleIndex(async () => undefined);
    expect(await own.exampleIndex()).toBe('idx-1');
    own.useExampleIndex(() => Promise.reject(new Error('store down')));
    expect(await own.exampleIndex()).toBe('idx-1');
  });

  it('matches the longest word path and passes the rest as arguments, case kept', () => {
    expect(router.match('search create My-Index eu-west-1')).toEqual({
      kind: 'subcommand',
      sub: search,
      args: ['My-Index', 'eu-west-1'],
    });
    expect(router.match('digest list')).toMatchObject({ sub: digestList, args: [] });
    expect(router.match('digest')).toMatchObject({ sub: digest, args: [] });
    expect(router.match('Search   REQUESTS')).toMatchObject({ sub: requests });
  });

  it('accepts aliases', () => {
    expect(router.match('accounts')).toMatchObject({ kind: 'subcommand', sub: accounts });
  });

  it('reports unknown input with the text as typed', () => {
    expect(router.match('deploy prod')).toEqual({
      kind: 'unknown',
      text: 'deploy prod',
      known: [],
      next: [],
      guesses: [],
    });
  });

  it('knows a word that begins subcommands, and what may follow it', () => {
    expect(router.match('Search')).toMatchObject({
      kind: 'unknown',
      known: ['search'],
      next: [search, requests],
    });
    expect(router.match('messaging foo')).toMatchObject({ known: ['messaging'], next: [accounts] });
  });

  it('guesses the subcommand a typo within two letters means, keeping the rest of the text', () => {
    expect(router.match('serach requests')).toMatchObject({ guesses: ['search requests'] });
    expect(router.match('search reqests')).toMatchObject({ guesses: ['search requests'] });
    expect(router.match('acounts')).toMatchObject({ guesses: ['accounts'] });
    expect(router.match('digset list')).toMatchObject({ guesses: ['digest list'] });
    expect(router.match('serach')).toMatchObject({ guesses: ['search create', 'search requests'] });
    expect(router.match('launch')).toMatchObject({ guesses: [] });
    // A sole word after a subcommand that is a typo of a longer one: a guess, not an argument.
    expect(router.match('digest lsit')).toMatchObject({ kind: 'unknown', guesses: ['digest list'] });
    // Words after one that takes none, where longer ones begin: what may come next, not arguments.
    expect(router.match('digest catalog')).toMatchObject({ kind: 'unknown', known: ['digest'], guesses: [] });
    const names = new CommandRouter();
    const name = sub(['index', 'name']);
    for (const s of [name, sub(['index', 'rename'])]) names.register(s);
    expect(names.match('index name catalog')).toMatchObject({ kind: 'subcommand', sub: name });
  });

  it('tokenizes on any unicode whitespace', () => {
    expect(tokenize(' a\tb\u00a0c\nd ')).toEqual(['a', 'b', 'c', 'd']);
  });

  it('lists housekeeping commands registered first after the others on the help card', () => {
    const ordered = new CommandRouter();
    const housekeeping = sub(['index', 'list'], { lateInHelp: true });
    const stats = sub(['vector', 'stats']);
    ordered.register(housekeeping);
    ordered.register(stats);
    expect(ordered.list()).toEqual([stats, housekeeping]);
    // Matching is unaffected by the order shown.
    expect(ordered.match('index list')).toMatchObject({ sub: housekeeping });
  });

  it('reads the text as typed: Slack’s entities back to characters, its mentions kept', () => {
    expect(asTyped('idx-1 p99 &gt; 250 &amp; more notify <@U0BOB|bob>')).toBe(
      'idx-1 p99 > 250 & more notify <@U0BOB|bob>',
    );
  });
});
