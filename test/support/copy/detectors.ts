// The kinds of wrong words the copy test looks for in every text a person can see. Each detector
// reads one text and returns what it found; none knows where the text came from.
import type { SeenText } from './collect.ts';

export type DefectKind =
  | 'unescaped-angle'
  | 'refused-example'
  | 'metric-spelling'
  | 'index-label'
  | 'element-type'
  | 'internal-word';

export type Finding = { kind: DefectKind; match: string; where: string; text: string };
export type Detector = (seen: SeenText) => Finding[];

const finding = (kind: DefectKind, match: string, seen: SeenText): Finding => ({
  kind,
  match,
  where: seen.where,
  text: seen.text,
});

// What Slack itself reads inside `<…>` in mrkdwn: mentions of people, channels and user groups,
// the specials (`<!here>`, `<!date^…>`) and links. Anything else is eaten as a broken link.
const SLACK_MARKUP = [
  /^@[UW][A-Z0-9]+(\|[^>]*)?$/u,
  /^#[CGD][A-Z0-9]+(\|[^>]*)?$/u,
  /^!subteam\^S[A-Z0-9]+(\|[^>]*)?$/u,
  /^!(here|channel|everyone)(\|[^>]*)?$/u,
  /^!date\^/u,
  /^(https?:\/\/|mailto:)[^\s|]+(\|[^>]*)?$/u,
];

/** (a) `<word>` in mrkdwn that is no mention or link: Slack hides it, people see nothing there. */
export const unescapedAngle: Detector = (seen) => {
  if (seen.kind !== 'mrkdwn') return [];
  return [...seen.text.matchAll(/<([^<>]*)>/gu)]
    .filter((m) => !SLACK_MARKUP.some((markup) => markup.test(m[1] ?? '')))
    .map((m) => finding('unescaped-angle', m[0], seen));
};

// Block Kit's own names for elements and text objects: words for the code, never for a person.
const ELEMENT_TYPES = [
  'plain_text_input',
  'number_input',
  'email_text_input',
  'url_text_input',
  'rich_text_input',
  'file_input',
  'static_select',
  'external_select',
  'users_select',
  'conversations_select',
  'channels_select',
  'multi_static_select',
  'multi_external_select',
  'multi_users_select',
  'multi_conversations_select',
  'multi_channels_select',
  'radio_buttons',
  'workflow_button',
  'datetimepicker',
  'datepicker',
  'timepicker',
  'plain_text',
  'rich_text',
  'mrkdwn',
];
const ELEMENT_TYPE = new RegExp(`\\b(${ELEMENT_TYPES.join('|')})\\b`, 'gu');

/** (d) A raw Block Kit element type (`number_input`) where a person reads. */
export const elementType: Detector = (seen) =>
  [...seen.text.matchAll(ELEMENT_TYPE)].map((m) => finding('element-type', m[0], seen));

// A value the code never filled in, an object printed as is, or an exception's own words.
const INTERNAL_WORDS = [
  /\b(undefined|null|NaN)\b/gu,
  /\[object \w+\]?/gu,
  /\bat (?:[^\s()]+ )?\(?[^\s()]+:\d+:\d+\)?/gu,
  /\b\w*Error:/gu,
];

/** (e) `undefined`, `null`, `NaN`, `[object …]`, a stack frame or `Error:` in a text. */
export const internalWord: Detector = (seen) =>
  INTERNAL_WORDS.flatMap((pattern) =>
    [...seen.text.matchAll(pattern)].map((m) => finding('internal-word', m[0], seen)),
  );

/**
 * (c) A metric written another way than its one name: `spelling(word)` is the name people type
 * when `word` is a known metric's spelling, undefined otherwise. Only words with `-` or `_` are
 * read: the short aliases (`cost`, `storage`) are ordinary English in a sentence.
 */
export function metricSpelling(spelling: (word: string) => string | undefined): Detector {
  return (seen) =>
    [...seen.text.matchAll(/[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)+/gu)].flatMap((m) => {
      const name = spelling(m[0]);
      return name === undefined || name === m[0] ? [] : [finding('metric-spelling', m[0], seen)];
    });
}
