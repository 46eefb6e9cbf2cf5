// Hostile input for the bad-input suites: what people paste that Slack would act on if echoed raw,
// control characters, random unicode, and 10,000-character runs.
import fc from 'fast-check';

export const INJECTIONS = [
  '<!channel>',
  '<!here>',
  '<!everyone>',
  '<!subteam^S0INJECT>',
  '<@U0INJECT1>',
  '<@U0INJECT1|boss>',
  '<#C0INJECT>',
  '<https://evil.example|click>',
  '*bold*',
  '_it_',
  '~strike~',
  '`code`',
  '```block```',
  '> quote',
  '&lt;!channel&gt;',
  '&',
  // Words that are keys of every JavaScript object: a lookup table indexed by user text finds them.
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
];

const CONTROL = fc.constantFrom(
  '\u0000',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\u001b',
  '\u007f',
  '\u202e',
  '\u200b',
  '\ufeff',
);

/** One "word" of hostile input. */
const piece = fc.oneof(
  fc.constantFrom(...INJECTIONS),
  CONTROL,
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    'search',
    'create',
    'messaging',
    'accounts',
    'help',
    'requests',
    'eu-west-1',
    'payg',
    'fixed',
  ),
);

/** Free text as it arrives in a command or a form field. */
export const hostileText = fc.oneof(
  { weight: 8, arbitrary: fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(' ')) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 10_000, maxLength: 10_000 }) },
  { weight: 1, arbitrary: fc.constantFrom(...INJECTIONS).map((p) => p.repeat(Math.ceil(10_000 / p.length))) },
);
