// `watch <index> <metric> >|< <threshold> [for <checks>]` and the modal's fields, checked the same
// way: a specific sentence for what is wrong, and nothing saved. The policy's limits on who a watch
// calls and how often it reminds are checked here too, for both forms.
import { groupWords, type Policy, type PolicyLimits } from '../../policy/index.ts';
import { exampleCode, usageCode } from '../../slack/help-view.ts';
import { didYouMean, nearWords } from '../../text/did-you-mean.ts';
import { listWords } from '../../text/lists.ts';
import { escapeMrkdwn, quoteUserText } from '../../text/mrkdwn.ts';
import { indexIdSchema } from '../../vector-index.ts';
import { remindEveryText } from './incident.ts';
import { exampleThreshold, parseThreshold } from './threshold.ts';
import { metricList } from './views/metric-view.ts';
import { findMetric, type Metric, metricSpellings } from './watchable.ts';

const DEFAULT_FOR_CHECKS = 3;
const MAX_FOR_CHECKS = 60;

export type WatchSpec = {
  indexId: string;
  metric: Metric;
  direction: 'above' | 'below';
  threshold: number;
  forChecks: number;
};

type SpecResult = { ok: true; spec: WatchSpec } | { ok: false; field: keyof WatchSpec; problem: string };

/** No such metric: the closest names, then every name people can type, by kind. */
function unknownMetricSentence(typed: string): string {
  const near = nearWords(typed.replaceAll('_', '-'), metricSpellings()).map((g) => findMetric(g)?.name ?? g);
  return `opsbot has no metric ${quoteUserText(typed, 40)}.${didYouMean([...new Set(near)])} The metrics:\n${metricList()}`;
}

export function readSpec(fields: {
  indexId: string | undefined;
  metric: string | undefined;
  direction: string | undefined;
  threshold: string | undefined;
  forChecks: string | undefined;
}): SpecResult {
  const indexId = fields.indexId?.trim() ?? '';
  if (!indexIdSchema.safeParse(indexId).success)
    return { ok: false, field: 'indexId', problem: 'Choose a vector index (type part of its name or id).' };
  const metric = findMetric(fields.metric ?? '');
  if (metric === undefined)
    return { ok: false, field: 'metric', problem: unknownMetricSentence(fields.metric ?? '') };
  const op = fields.direction?.trim().toLowerCase();
  const direction =
    op === '>' || op === 'above' ? 'above' : op === '<' || op === 'below' ? 'below' : undefined;
  if (direction === undefined)
    return {
      ok: false,
      field: 'direction',
      problem: 'Say `>` (above) or `<` (below) between the metric and the threshold.',
    };
  const threshold = parseThreshold(fields.threshold ?? '', metric);
  if (!threshold.ok)
    return { ok: false, field: 'threshold', problem: `The threshold: ${threshold.problem}.` };
  const forText = fields.forChecks?.trim() ?? '';
  const forChecks = forText === '' ? DEFAULT_FOR_CHECKS : Number(forText);
  if (!Number.isInteger(forChecks) || forChecks < 1 || forChecks > MAX_FOR_CHECKS)
    return {
      ok: false,
      field: 'forChecks',
      problem: `“for N” takes a whole number of checks from 1 to ${MAX_FOR_CHECKS}.`,
    };
  return { ok: true, spec: { indexId, metric, direction, threshold: threshold.value, forChecks } };
}

/** The rule as help and every hint write it; notify and remind are read before it (owners.ts). */
const WATCH_RULE_USAGE = '<index> <metric> >|< <threshold> [for <checks>]';
export const WATCH_USAGE = `[${WATCH_RULE_USAGE} [notify @people @group] [remind 20m|2h|never]]`;

/** Comparisons people try that a watch doesn't take: it fires strictly above or below. */
const OTHER_COMPARISONS = /^(>=|<=|=>|=<|==?|!=|<>|≥|≤|≠)$/u;

/**
 * The text form: `idx-1 monthly-cost > $50 for 3` (the threshold may hold a space: `500 MB`).
 * `command` is the slash command as the workspace names it, for the example in the answer.
 */
export function parseWatchArgs(args: readonly string[], command: string): SpecResult {
  const other = args.find((a) => OTHER_COMPARISONS.test(a));
  if (other !== undefined)
    return shapeProblem(
      args,
      command,
      `${quoteUserText(other)} isn't a comparison a watch takes: it fires above (\`>\`) or below (\`<\`) the threshold.`,
    );
  const opAt = args.findIndex((a) => a === '>' || a === '<');
  if (args.length < 4 || opAt !== 2)
    return shapeProblem(
      args,
      command,
      opAt === -1
        ? 'A watch needs `>` or `<` and a threshold after the metric.'
        : `The comparison (\`${escapeMrkdwn(args[opAt] ?? '')}\`) goes right after the metric, before the threshold.`,
    );
  const forAt = args.findIndex((a, i) => i > opAt && a.toLowerCase() === 'for');
  const threshold = args.slice(opAt + 1, forAt === -1 ? undefined : forAt).join(' ');
  return readSpec({
    indexId: args[0],
    metric: args[1],
    direction: args[opAt],
    threshold,
    forChecks: forAt === -1 ? undefined : args.slice(forAt + 1).join(' '),
  });
}

/**
 * What was wrong, then the usage and an example the same command would accept: the typed index and
 * metric where they read, with a threshold in that metric's unit (never `$50` for a byte count).
 */
function shapeProblem(args: readonly string[], command: string, what: string): SpecResult {
  const metric = findMetric(args[1] ?? '');
  const index = indexIdSchema.safeParse(args[0] ?? '').success ? args[0] : 'catalog';
  const typedOp = args.find((a) => /^[<>=≥≤!]+$/u.test(a)) ?? '>';
  const op = typedOp.startsWith('<') || typedOp === '=<' || typedOp === '≤' ? '<' : '>';
  const typedThreshold = args.slice(3).join(' ');
  const rule =
    metric === undefined
      ? 'monthly-cost > $50'
      : `${metric.name} ${op} ${parseThreshold(typedThreshold, metric).ok ? typedThreshold : exampleThreshold(metric)}`;
  const example = `watch ${index} ${rule}`;
  const usage = usageCode(command, { words: ['watch'], usage: WATCH_RULE_USAGE });
  return {
    ok: false,
    field: 'direction',
    problem: `${what} Type ${usage}, e.g. ${exampleCode(command, { example })}.`,
  };
}

/** A user group as a form named it: its S… id, and its handle when the form showed one. */
type NamedGroup = { id: string; handle?: string | undefined };

/** Who a watch is asked to call and how often to remind, as either form read it. */
export type OwnersAsked = {
  users: readonly string[];
  groups: readonly NamedGroup[];
  /** undefined: not set (the watch keeps its interval); null: never. */
  remindEveryMs?: number | null | undefined;
};

type OwnersProblem = { field: 'notifyUsers' | 'notifyGroups' | 'remind'; problem: string };

/**
 * The policy's limits on who a watch calls and how often: one sentence saying the limit, for the
 * field it concerns. Plain text, so it reads the same under a form's field and in a message.
 */
export function ownersProblem(asked: OwnersAsked, policy: Policy): OwnersProblem | undefined {
  const { limits } = policy;
  if (asked.users.length > limits.notifyPeople)
    return {
      field: 'notifyUsers',
      problem: `A watch may notify at most ${countOf(limits.notifyPeople, 'person', 'people')} (you chose ${asked.users.length}); name a user group for more.`,
    };
  if (asked.groups.length > limits.notifyGroups)
    return {
      field: 'notifyGroups',
      problem: `A watch may notify at most ${countOf(limits.notifyGroups, 'user group', 'user groups')} (you chose ${asked.groups.length}).`,
    };
  const allowed = limits.notifyGroupsAllowed;
  const refused = allowed && asked.groups.find((g) => !allowed.some((name) => isGroup(policy, name, g)));
  if (allowed && refused)
    return {
      field: 'notifyGroups',
      problem: `A watch may notify only ${listWords(
        allowed.map((name) => groupWords(policy, name)),
        'or',
      )}, not ${refused.handle === undefined ? 'that user group' : `@${refused.handle}`}.`,
    };
  const every = asked.remindEveryMs;
  if (every !== undefined && every !== null && every < limits.remindAtLeastMs)
    return {
      field: 'remind',
      problem: `Reminders may come at most every ${remindEveryText(limits.remindAtLeastMs)}: choose ${remindEveryText(limits.remindAtLeastMs)} or longer, or never.`,
    };
  return undefined;
}

const countOf = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the policy's limits leave a watch, said once in its topic help (the same numbers the checks above use). */
export function watchLimitsSentence(limits: PolicyLimits, intervalMs: number): string {
  const minutes = Math.round(intervalMs / 60_000) || 1;
  return `Under the policy: up to ${countOf(limits.watchesPerChannel, 'watch', 'watches')} a channel, checked every ${minutes} min; \`notify\` names up to ${countOf(limits.notifyPeople, 'person', 'people')} and ${countOf(limits.notifyGroups, 'user group', 'user groups')}; \`remind\` every ${remindEveryText(limits.remindAtLeastMs)} or longer, or never.`;
}

/** Whether the policy group `name` is the user group a form named (by id, or by handle when only that is known). */
function isGroup(policy: Pick<Policy, 'groups'>, name: string, named: NamedGroup): boolean {
  const usergroup = policy.groups[name]?.usergroup;
  if (usergroup === undefined) return false;
  if (usergroup.id !== undefined) return usergroup.id === named.id;
  return usergroup.handle !== undefined && usergroup.handle === named.handle;
}
