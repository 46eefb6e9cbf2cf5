import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { quotedApprovals, readmeSection, walkthroughDisagreements } from '../support/readme-walkthrough.ts';

// The check that holds the README's walkthrough to the demo runs on the real tour in demo.test.ts;
// here it is shown to catch each kind of drift, on a small README and run made for the purpose.
const README = `# app

## Try it in one command

1. **Help** — the card.
2. **A search index** — approved by two.

\`\`\`text
▶ @approver2 presses [Approve & create]
  ↳ opsbot updates its message in #approvals
    │ ✅ *Created* 2026-11-27 16:11 UTC — approved by @approver and @approver2.
    └ demo-output/16-search-update.json
\`\`\`

## Next

1. **Not a step** — approved by @nobody, demo-output/99-nothing.json
`;

const RUN = {
  steps: [{ title: 'Help' }, { title: 'A search index' }],
  files: ['run-folder/15-search-modal.json', 'run-folder/16-search-update.json'],
  transcript: [
    '▶ @approver2 presses [Approve & create]',
    '  ↳ opsbot updates its message in #approvals',
    '    │ ✅ *Created* 2026-11-27 16:30 UTC — approved by @approver and @approver2.',
    '    └ run-folder/16-search-update.json',
  ].join('\n'),
};

describe('the README walkthrough check', () => {
  it('agrees with a run that tells the same story, whatever the times and folders', () => {
    expect(walkthroughDisagreements(README, RUN)).toEqual([]);
  });

  it('reads only the walkthrough section', () => {
    expect(readmeSection(README, 'Try it in one command')).not.toContain('Not a step');
  });

  it('names a quoted file the run did not write, and the ones like it that it did', () => {
    const stale = README.replace('16-search-update.json', '07-search-update.json');
    expect(walkthroughDisagreements(stale, RUN)).toEqual([
      'the README quotes demo-output/07-search-update.json; the tour writes no such file (it writes 16-search-update.json)',
    ]);
  });

  it('catches one approver where the tour has two', () => {
    const stale = README.replace('approved by @approver and @approver2', 'approved by @approver');
    expect(walkthroughDisagreements(stale, RUN)).toEqual([
      'the README says "approved by @approver"; the tour says "approved by @approver and @approver2"',
    ]);
  });

  it('catches a step count and a narration line the tour does not have', () => {
    const stale = README.replace(
      '2. **A search index**',
      '2. **A search index**\n3. **A digest** — daily.',
    ).replace('▶ @approver2 presses', '▶ @approver presses');
    expect(walkthroughDisagreements(stale, RUN)).toEqual([
      'the README walks through 3 steps; the tour has 2',
      `the README's transcript shows "▶ @approver presses [Approve & create]"; the tour's does not`,
    ]);
  });

  it('refuses a walkthrough that quotes no approval at all', () => {
    const silent = README.replace(/ — approved by @approver and @approver2\./, '.');
    expect(walkthroughDisagreements(silent, RUN)).toContain(
      'the README quotes no "approved by …" from the tour',
    );
  });

  it('finds the approvals the real README quotes', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    expect(quotedApprovals(readmeSection(readme, 'Try it in one command')).length).toBeGreaterThan(0);
  });
});
