// Defects the copy test finds that are still in the app, each with why. The test fails on a
// defect not listed here, and on an entry that no longer matches anything: remove it then. All of
// these belong to the command grammar and the one-name-per-thing work (help card and usage lines,
// the metric table, the index formatter); most go as that work lands, the rest once the views
// named below call the index formatter.
import type { KnownDefect } from '../support/copy/verdict.ts';

const PLACEHOLDER = /^<(index|metric|threshold|n|id|name|new-name)>$/;

export const KNOWN_DEFECTS: readonly KnownDefect[] = [
  {
    kind: 'unescaped-angle',
    pattern: PLACEHOLDER,
    in: /^• `\/ops /,
    why: "the help card's usage lines write the table's placeholders unescaped (src/slack/help-view.ts)",
  },
  {
    kind: 'unescaped-angle',
    pattern: PLACEHOLDER,
    in: /Write it as `\/ops watch </,
    why: 'a watch typed wrong is answered with its usage, placeholders unescaped (src/features/watches/input.ts)',
  },
  {
    kind: 'unescaped-angle',
    pattern: /^<n>$/,
    in: /`\/ops watch remove <n>` removes one/,
    why: "the watch list's footer writes `watch remove <n>` unescaped (src/features/watches/views/list-view.ts)",
  },
  {
    kind: 'unescaped-angle',
    pattern: PLACEHOLDER,
    in: /`\/ops (index name|index rename|index forget|watch remove|vector stats) </,
    why: "the indexes' usage sentence and list header, and the stats usage line, write placeholders unescaped (src/features/index-names/views.ts, src/features/vector-stats/views.ts)",
  },
  {
    kind: 'refused-example',
    pattern: /^index name 0d6f3f5e-1111-4a2b-8c3d-9e8f7a6b5c4d catalog$/,
    why: 'the example names an invented id, so whoever copies it is refused; the command table should show one a person can run or adapt',
  },
  {
    kind: 'metric-spelling',
    pattern: /^p99-query-latency$/,
    why: "the metric table names metrics by the API's keys (query_latency_99) while help writes p99-query-latency; one name for each is the grammar work's",
  },
  {
    kind: 'index-label',
    pattern: /^catalog \(idx-2\)/,
    in: /`catalog \(idx-2\)`|catalog \(idx-2\) (·|monthly cost)/,
    why: 'watches write an index as `name (id)` in code (rules, alerts, resolutions) instead of through the index formatter',
  },
  {
    kind: 'index-label',
    pattern: /^catalog\* `idx-2`/,
    in: /Indexes opsbot knows/,
    why: '`index list` writes *name* `id` without the formatter’s parentheses',
  },
  {
    kind: 'index-label',
    pattern: /^catalog · idx-2/,
    why: 'the index type-ahead offers `name · id` where plain text is written `name (id)`',
  },
  {
    kind: 'index-label',
    pattern: /^catalog \(`idx-2`/,
    in: /\*Vector index catalog \(`idx-2`\)\*/,
    why: 'the digest writes the whole label in bold instead of the name alone',
  },
  {
    kind: 'index-label',
    pattern: /^without its name: .*[Vv]ector index `?idx-2\b/,
    why: "the stats card's title, alt text and file title, and the Details view, name the index by its id alone (src/features/vector-stats, src/render)",
  },
  {
    kind: 'index-label',
    pattern: /^without its name: `idx-2`$/,
    in: /^`idx-2` · last /,
    why: "the stats message's context line starts with the id alone (src/features/vector-stats/views.ts)",
  },
  {
    kind: 'index-label',
    pattern: /^without its name: [\s\S]*· `idx-2`$/,
    in: /`idx-2` monthly[ -]cost in <#/,
    why: "Home's watch rows show the index by its id alone (src/features/home/views.ts)",
  },
];
