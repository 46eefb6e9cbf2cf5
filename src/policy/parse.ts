// Reading the policy at start-up. A mistake stops opsbot with one line an operator can act on: the
// file (or POLICY), the line, the path inside the document (`allow.watch.manage.who[1]`) and what is
// wrong. The line comes from the yaml package's node positions, so it points at the entry itself.
import { readFileSync } from 'node:fs';
import { isMap, isNode, isScalar, LineCounter, parseDocument } from 'yaml';
import type { z } from 'zod';
import { defaultPolicy, type PolicyPath, type Problem, resolvePolicy } from './resolve.ts';
import { policyFileSchema } from './schema.ts';
import { CAPABILITIES, type Policy } from './types.ts';

/** Where the YAML comes from: POLICY_FILE (a path) or POLICY (the text itself). */
type PolicySource = { file: string } | { inline: string };

type PolicyResult = { ok: true; policy: Policy } | { ok: false; problem: string };

/** `allow.watch.manage.who[1]`: keys joined with dots, list positions in brackets. */
export function formatPath(path: PolicyPath): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

function sourceName(source: PolicySource): string {
  return 'file' in source ? `POLICY_FILE ${source.file}` : 'POLICY';
}

/** Reads and checks the policy; without a source, the default (everyone, anywhere or ALLOWED_CHANNEL_IDS). */
export function loadPolicy(
  source: PolicySource | undefined,
  allowedChannelIds?: readonly string[],
): PolicyResult {
  if (source === undefined) return { ok: true, policy: defaultPolicy(allowedChannelIds) };
  let text: string;
  if ('file' in source) {
    try {
      text = readFileSync(source.file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      return {
        ok: false,
        problem: `${sourceName(source)} can’t be read (${code}): check the path and its permissions.`,
      };
    }
  } else text = source.inline;
  return parsePolicyText(text, sourceName(source), allowedChannelIds);
}

/** Parses policy YAML; `name` is how the start-up line names where it came from. */
export function parsePolicyText(
  text: string,
  name: string,
  allowedChannelIds?: readonly string[],
): PolicyResult {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true });
  const syntax = doc.errors[0];
  if (syntax !== undefined) {
    const line = syntax.linePos?.[0].line;
    const what = (syntax.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
    return {
      ok: false,
      problem: `${name}${line === undefined ? '' : `, line ${line}`}: not valid YAML — ${what}`,
    };
  }
  // The key's own line when the path ends at a key (a block mapping's value starts a line later).
  const lineOf = (path: PolicyPath): number | undefined => {
    for (let depth = path.length; depth >= 0; depth--) {
      const parent = depth > 0 ? doc.getIn(path.slice(0, depth - 1), true) : undefined;
      const pair = isMap(parent)
        ? parent.items.find((p) => isScalar(p.key) && p.key.value === path[depth - 1])
        : undefined;
      const node = isNode(pair?.key) ? pair.key : doc.getIn(path.slice(0, depth), true);
      if (isNode(node) && node.range) return lineCounter.linePos(node.range[0]).line;
    }
    return undefined;
  };
  const say = ({ path, message }: Problem): PolicyResult => {
    const line = lineOf(path);
    const where = [
      name,
      line === undefined ? undefined : `line ${line}`,
      path.length > 0 ? formatPath(path) : undefined,
    ];
    return { ok: false, problem: `${where.filter(Boolean).join(', ')}: ${message}` };
  };
  const parsed = policyFileSchema.safeParse(doc.toJS() ?? {});
  if (!parsed.success) return say(problemFrom(parsed.error.issues[0]));
  const policy = resolvePolicy(parsed.data, name, allowedChannelIds);
  if ('path' in policy) return say(policy);
  for (const group of Object.values(policy.groups)) {
    const line = group.usergroup && lineOf(['groups', group.name, 'usergroup']);
    if (line) group.line = line;
  }
  return { ok: true, policy };
}

/** What may be written at each level, by first key and depth (`allow2`: inside one capability). */
const KEYS_AT: Readonly<Record<string, string>> = {
  top: 'groups, channels, allow or limits',
  groups2: 'usergroup or users',
  allow2: 'who or where',
  limits1:
    'notify_people, notify_groups, notify_groups_allowed, remind_at_least, mute_at_most or watches_per_channel',
};

/** The first zod issue as a path and a sentence; an unknown key is named, with what may go there. */
function problemFrom(issue: z.core.$ZodIssue | undefined): Problem {
  if (issue === undefined) return { path: [], message: 'is not a policy' };
  const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    const shown = key.slice(0, 40);
    const message =
      path.length === 1 && path[0] === 'allow'
        ? `unknown capability "${shown}" — capabilities are ${CAPABILITIES.join(', ')}`
        : `unknown key "${shown}" — expected ${KEYS_AT[String(path[0] ?? '') + path.length] ?? KEYS_AT.top}`;
    return { path: [...path, key], message };
  }
  if (path.length === 0 && issue.code === 'invalid_type')
    return { path, message: 'must be a mapping with groups, channels, allow and limits' };
  return { path, message: issue.message };
}
