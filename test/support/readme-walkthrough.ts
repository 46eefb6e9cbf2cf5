// The README's "Try it in one command" tells the demo's tour before anyone runs it: its steps, the
// files it writes, who approves. This reads what that section claims and lists every claim a run
// of the tour contradicts, so the README cannot drift from the demo unnoticed.
import { basename } from 'node:path';

export const WALKTHROUGH_HEADING = 'Try it in one command';

/** What one run of the tour produced (runTour's result has these). */
export type DemoRun = {
  transcript: string;
  /** Paths of every file the run wrote. */
  files: readonly string[];
  steps: readonly { title: string }[];
};

/** The README's `## <heading>` section, up to the next second-level heading. */
export function readmeSection(readme: string, heading: string): string {
  const start = readme.indexOf(`\n## ${heading}\n`);
  if (start === -1) throw new Error(`the README has no "## ${heading}" section`);
  const end = readme.indexOf('\n## ', start + heading.length + 4);
  return readme.slice(start, end === -1 ? undefined : end);
}

/** Each "approved by @a and @b" a text quotes, as the list of handles it names. */
export function quotedApprovals(text: string): string[] {
  return [...text.matchAll(/approved by (@[\w-]+(?:(?:,| and) @[\w-]+)*)/g)].map((m) => m[1] ?? '');
}

const FILE = /demo-output\/(\d{2,}-[\w.-]+?\.(?:json|png))/g;

/** Every way the README's walkthrough disagrees with the run; empty when it tells the same story. */
export function walkthroughDisagreements(readme: string, run: DemoRun): string[] {
  const section = readmeSection(readme, WALKTHROUGH_HEADING);
  const problems: string[] = [];

  const items = section.split('\n').filter((line) => /^\d+\. \*\*/.test(line));
  if (items.length !== run.steps.length)
    problems.push(`the README walks through ${items.length} steps; the tour has ${run.steps.length}`);

  const written = run.files.map((path) => basename(path));
  for (const [, name = ''] of section.matchAll(FILE)) {
    if (written.includes(name)) continue;
    const slug = name.replace(/^\d+-/, '');
    const alike = written.filter((w) => w.endsWith(`-${slug}`));
    problems.push(
      `the README quotes demo-output/${name}; the tour writes no such file${alike.length > 0 ? ` (it writes ${alike.join(', ')})` : ''}`,
    );
  }

  const told = quotedApprovals(run.transcript);
  const quoted = quotedApprovals(section);
  if (quoted.length === 0) problems.push('the README quotes no "approved by …" from the tour');
  for (const approvals of quoted)
    if (!told.includes(approvals))
      problems.push(
        `the README says "approved by ${approvals}"; the tour says ${told.map((a) => `"approved by ${a}"`).join(', ') || 'no "approved by"'}`,
      );

  // The excerpt's narration (who does what, what opsbot does) must be lines of the transcript.
  const transcriptLines = new Set(run.transcript.split('\n').map((line) => line.trim()));
  const excerpt = /```text\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  for (const line of excerpt.split('\n').map((l) => l.trim()))
    if (/^[▶↳·] /.test(line) && !transcriptLines.has(line))
      problems.push(`the README's transcript shows "${line}"; the tour's does not`);
  return problems;
}
