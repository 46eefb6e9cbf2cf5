// Defects the copy test finds that are still in the app, each with why. The test fails on a
// defect not listed here, and on an entry that no longer matches anything: remove it then.
import type { KnownDefect } from '../support/copy/verdict.ts';

export const KNOWN_DEFECTS: readonly KnownDefect[] = [
  {
    kind: 'refused-example',
    pattern: /^index name 0d6f3f5e-1111-4a2b-8c3d-9e8f7a6b5c4d catalog$/,
    why: 'the example names an invented id, so whoever copies it is refused; the command table should show one a person can run or adapt',
  },
];
