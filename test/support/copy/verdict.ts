// From texts to a verdict: every detector over every text, findings told apart from the known
// defects (each entry a pattern and why), and known defects that no longer occur (stale entries).
import type { SeenText } from './collect.ts';
import type { DefectKind, Detector, Finding } from './detectors.ts';

export type KnownDefect = {
  kind: DefectKind;
  /** Matched against what the detector found (the offending words, or the refused example). */
  pattern: RegExp;
  /** Matched against the whole text it was found in, to pin down which message says it. */
  in?: RegExp;
  /** Why it is still there, and whose work removes it. */
  why: string;
};

/** Each finding once: the same text is posted again and again (help, a card after each update). */
export function detect(texts: readonly SeenText[], detectors: readonly Detector[]): Finding[] {
  const unique = new Map<string, Finding>();
  for (const text of texts) {
    for (const finding of detectors.flatMap((detector) => detector(text))) {
      const key = `${finding.kind}\u0000${finding.match}\u0000${finding.text}`;
      if (!unique.has(key)) unique.set(key, finding);
    }
  }
  return [...unique.values()];
}

const isKnown = (finding: Finding, entry: KnownDefect) =>
  entry.kind === finding.kind &&
  entry.pattern.test(finding.match) &&
  (entry.in === undefined || entry.in.test(finding.text));

/** The findings no known defect accounts for: each one is a defect to fix. */
export const unlisted = (findings: readonly Finding[], known: readonly KnownDefect[]): Finding[] =>
  findings.filter((finding) => !known.some((entry) => isKnown(finding, entry)));

/** The known defects nothing matched any more: fixed, so the entry must go. */
export const stale = (findings: readonly Finding[], known: readonly KnownDefect[]): KnownDefect[] =>
  known.filter((entry) => !findings.some((finding) => isKnown(finding, entry)));

/** One line per finding, short enough to read in a failure: what, where, and the text around it. */
export function describeFindings(findings: readonly Finding[]): string[] {
  return findings.map((f) => {
    const at = f.text.indexOf(f.match);
    const around =
      at === -1 ? f.text.slice(0, 120) : f.text.slice(Math.max(0, at - 50), at + f.match.length + 50);
    return `${f.kind} ${JSON.stringify(f.match)} in ${f.where}: …${around.replaceAll('\n', ' ')}…`;
  });
}
