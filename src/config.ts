// The one place that reads the environment. Everything else receives a typed Config.
// A bad or missing value stops start-up with one line per problem that names the variable
// and what is expected. Only a malformed ID is quoted back; no other value is echoed (it may be a secret).
import { z } from 'zod';
import { type ApprovalRule, parseApprovalRule } from './approval-rule.ts';
import { loadPolicy, type Policy } from './policy/index.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const required = (what: string) =>
  z
    .string({ error: `is missing — ${what}` })
    .trim()
    .min(1, { error: `is empty — ${what}` });

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const intFrom = (what: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max} (${what})` });
        return z.NEVER;
      }
      return n;
    });

const httpUrl = (what: string) =>
  required(what).transform((v, ctx) => {
    let url: URL;
    try {
      url = new URL(v);
    } catch {
      ctx.addIssue({ code: 'custom', message: `is not a valid URL — ${what}` });
      return z.NEVER;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      ctx.addIssue({ code: 'custom', message: `must start with http:// or https:// — ${what}` });
      return z.NEVER;
    }
    if (url.username || url.password) {
      ctx.addIssue({
        code: 'custom',
        message: 'must not carry credentials; use the *_USERNAME/*_PASSWORD variables',
      });
      return z.NEVER;
    }
    if (/\/v2\/?$/.test(url.pathname)) {
      ctx.addIssue({ code: 'custom', message: 'must not end with /v2 — opsbot appends /v2/… itself' });
      return z.NEVER;
    }
    return v;
  });

const slackId = (prefixes: string) => new RegExp(`^[${prefixes}][A-Z0-9]{2,}$`);

/** A kind of Slack ID: what it is called and what one looks like, for the line that refuses one. */
type IdKind = { what: string; example: string; where: string };
const idKind = (what: string, example: string, where = ''): IdKind => ({ what, example, where });
const CHANNEL_ID = idKind(
  'a channel ID',
  'C0123ABCD',
  ' (at the bottom of the channel’s details in Slack; its #name won’t do)',
);
const USER_ID = idKind('a user ID', 'U0123ABCD', ' (a profile’s ⋮ → Copy member ID)');
const TEAM_ID = idKind('a team ID', 'T0123ABCD');
const APP_ID = idKind('an app ID', 'A0123ABCD', ' (the app’s Basic Information page)');
const GROUP_ID = idKind('a user group ID or handle', 'S0123ABCD or ops-approvers');

/**
 * `is "general", not a channel ID: a channel ID looks like C0123ABCD (…)` — the value quoted back
 * (IDs are not secrets, and seeing it saves a round trip), then what would do.
 */
function notAnId(values: readonly string[], kind: IdKind, verb = 'is'): string {
  const quoted = values.map((v) => JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)).join(', ');
  return `${verb} ${quoted}, not ${kind.what}: ${kind.what} looks like ${kind.example}${kind.where}`;
}

/** An optional single ID of `kind`, refused with the value quoted back. */
const optionalId = (pattern: RegExp, kind: IdKind) =>
  optionalText.superRefine((v, ctx) => {
    if (v !== undefined && !pattern.test(v)) ctx.addIssue({ code: 'custom', message: notAnId([v], kind) });
  });

const idList = (pattern: RegExp, kind: IdKind) =>
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      const ids = v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
      const bad = ids.filter((id) => !pattern.test(id));
      if (bad.length > 0) {
        // IDs are not secrets; naming the bad one saves a round trip.
        ctx.addIssue({ code: 'custom', message: notAnId(bad, kind, 'has') });
        return z.NEVER;
      }
      return ids;
    });

// The names Slack lets people type after "@" for a user group.
const GROUP_HANDLE = /^[a-z0-9][a-z0-9._-]*$/;

const envSchema = z.object({
  SLACK_BOT_TOKEN: required('the bot token from "OAuth & Permissions", starting with xoxb-').refine(
    (v) => v.startsWith('xoxb-'),
    { error: 'must be a bot token starting with xoxb-' },
  ),
  SLACK_SIGNING_SECRET: optionalText,
  SLACK_APP_TOKEN: optionalText.refine((v) => v === undefined || v.startsWith('xapp-'), {
    error: 'must be an app-level token starting with xapp- (or unset for HTTP mode)',
  }),
  SLACK_API_URL: optionalText.pipe(
    z
      .string()
      .url({ error: 'must be the Web API base URL including /api/, e.g. https://slack.com/api/' })
      .optional(),
  ),
  SLACK_TEAM_ID: optionalId(slackId('TE'), TEAM_ID),
  SLACK_APP_ID: optionalId(slackId('A'), APP_ID),
  MGMT_API_URL: httpUrl('the management API base URL without /v2, e.g. https://api.example.com'),
  MGMT_API_USERNAME: required('the management API username (Basic auth)'),
  MGMT_API_PASSWORD: required('the management API password (Basic auth)'),
  MGMT_API_TIMEOUT_MS: intFrom('total timeout of one API call', 100, 120_000, 15_000),
  MGMT_API_CONNECT_TIMEOUT_MS: intFrom('connect timeout of one API call', 100, 60_000, 5_000),
  APPROVAL_CHANNEL_ID: required(
    'the channel ID where index requests are approved, e.g. C0123ABCD',
  ).superRefine((v, ctx) => {
    if (!slackId('CG').test(v)) ctx.addIssue({ code: 'custom', message: notAnId([v], CHANNEL_ID) });
  }),
  // Either may be empty, not both (approversProblem).
  APPROVER_USER_IDS: optionalText.pipe(idList(slackId('UW'), USER_ID).optional()),
  APPROVER_GROUP: optionalText.pipe(
    z
      .string()
      .superRefine((v, ctx) => {
        if (!slackId('S').test(v) && !GROUP_HANDLE.test(v.replace(/^@/, '')))
          ctx.addIssue({ code: 'custom', message: notAnId([v], GROUP_ID) });
      })
      .transform((v) => v.replace(/^@/, ''))
      .optional(),
  ),
  APPROVALS_REQUIRED: optionalText.transform((v, ctx) => {
    const rule = parseApprovalRule(v);
    if (typeof rule === 'string') {
      ctx.addIssue({ code: 'custom', message: rule });
      return z.NEVER;
    }
    return rule;
  }),
  ALLOWED_CHANNEL_IDS: optionalText.pipe(idList(slackId('CGD'), CHANNEL_ID).optional()),
  // The guardrails (src/policy): a YAML file's path, or the same YAML inline; read in policyFrom.
  POLICY_FILE: optionalText,
  POLICY: optionalText,
  REQUEST_TTL_HOURS: intFrom('how long an index request waits for approval', 1, 24 * 30, 24),
  MAX_PENDING_REQUESTS_PER_USER: intFrom('open index requests one person may have', 1, 100, 5),
  MAX_UNAPPROVED_CREATES_PER_DAY: intFrom(
    'indexes one person may create without approval per UTC day',
    1,
    1_000,
    5,
  ),
  DIGEST_CATCHUP_HOURS: intFrom('how late a missed digest may still be posted', 0, 48, 3),
  DIGEST_TICK_MS: intFrom(
    'how often the digest scheduler looks for due digests, in ms',
    10,
    3_600_000,
    30_000,
  ),
  WATCH_INTERVAL_MS: intFrom('how often each threshold watch is checked, in ms', 10, 86_400_000, 300_000),
  DATABASE_URL: optionalText.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    error: 'must be a postgres:// or postgresql:// URL (or unset for the embedded SQLite store)',
  }),
  DATABASE_PATH: optionalText.transform((v) => v ?? './data/opsbot.sqlite'),
  DATABASE_POOL_SIZE: intFrom('PostgreSQL connections per process', 1, 100, 10),
  LOG_LEVEL: optionalText
    .transform((v) => v?.toLowerCase() ?? 'info')
    .pipe(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })),
  PORT: intFrom('the HTTP port', 0, 65_535, 3000),
  // metrics: Prometheus /metrics on its own port, off unless set (the Slack port faces the internet).
  METRICS_PORT: intFrom('the Prometheus /metrics port, apart from PORT', 0, 65_535, -1),
  // The Model Context Protocol at POST /mcp on PORT (src/features/mcp): off unless turned on.
  MCP: optionalText
    .transform((v) => v?.toLowerCase() ?? 'off')
    .pipe(
      z.enum(['on', 'off'], { error: 'must be on or off (the MCP endpoint at POST /mcp; off by default)' }),
    ),
  MCP_TOKEN_TTL_DAYS: intFrom('how many days an MCP token lasts', 1, 3_650, 90),
  MCP_CALLS_PER_MINUTE: intFrom("MCP tool calls one person's tokens may make a minute", 1, 10_000, 60),
});

export type Config = {
  slack: {
    botToken: string;
    signingSecret: string | undefined;
    appToken: string | undefined;
    apiUrl: string | undefined;
    teamId: string | undefined;
    appId: string | undefined;
  };
  mgmt: {
    baseUrl: string;
    username: string;
    password: string;
    timeoutMs: number;
    connectTimeoutMs: number;
  };
  approvals: {
    channelId: string;
    /** Approvers by user ID; with `group`, its members are approvers too. Never both empty. */
    approverIds: string[];
    /** A user group's ID (S…) or handle, resolved at start-up. */
    group: string | undefined;
    rule: ApprovalRule;
    requestTtlHours: number;
    maxPendingPerUser: number;
    /** Indexes of plans needing no approval one person may ask for per UTC day. */
    maxUnapprovedPerDay: number;
  };
  allowedChannelIds: string[] | undefined;
  /** Who may do what, where (POLICY_FILE / POLICY; without either, everyone anywhere). */
  policy: Policy;
  digests: { catchUpHours: number; tickMs: number };
  watches: { intervalMs: number };
  database: { url: string | undefined; path: string; poolSize: number };
  logLevel: (typeof LOG_LEVELS)[number];
  port: number;
  /** Where GET /metrics is served; undefined: not served, nothing collected. */
  metricsPort: number | undefined;
  /** The MCP endpoint (POST /mcp): whether it answers, how long a token lasts, a person's calls a minute. */
  mcp: { enabled: boolean; tokenTtlDays: number; callsPerMinute: number };
};

/** The Slack port faces the internet; metrics must not share it. Checked on the raw environment. */
function metricsPortProblem(env: Record<string, string | undefined>): string | undefined {
  const metrics = env.METRICS_PORT?.trim() ?? '';
  if (metrics === '' || Number(metrics) === 0) return undefined;
  const port = env.PORT?.trim() || '3000';
  if (Number(metrics) !== Number(port)) return undefined;
  return 'METRICS_PORT must differ from PORT — /metrics is never served on the port Slack reaches';
}

/** Someone must be able to approve: a list, a group, or both. */
function approversProblem(env: Record<string, string | undefined>): string | undefined {
  const ids = (env.APPROVER_USER_IDS ?? '').split(',').filter((id) => id.trim() !== '');
  if (ids.length > 0 || (env.APPROVER_GROUP?.trim() ?? '') !== '') return undefined;
  return 'APPROVER_USER_IDS is missing — comma-separated Slack user IDs of approvers, e.g. U0123ABCD,U0456EFGH (or set APPROVER_GROUP to a Slack user group)';
}

type ConfigResult = { ok: true; config: Config } | { ok: false; problems: string[] };

/**
 * The one stderr line a refused configuration ends in: every problem, then what to do, on one line
 * (a platform's log shows each line as an entry of its own, and a hint alone on one reads as noise).
 */
export function configErrorLine(problems: readonly string[]): string {
  const what = problems.map((p) => p.replace(/\s*\n\s*/gu, ' ')).join('; ');
  return `opsbot: configuration error: ${what}. Set the environment as .env.example shows, or try opsbot without any setup: npm run demo`;
}

const VARIABLE_ORDER = Object.keys(envSchema.shape);

/**
 * HTTP mode authenticates every request by its signature: without the secret, anyone could act.
 * Checked on the raw environment so it is reported together with every other problem.
 */
function signingSecretProblem(env: Record<string, string | undefined>): string | undefined {
  const present = (name: string) => (env[name]?.trim() ?? '') !== '';
  if (present('SLACK_APP_TOKEN') || present('SLACK_SIGNING_SECRET')) return undefined;
  return 'SLACK_SIGNING_SECRET is missing — required in HTTP mode (from "Basic Information" → App Credentials)';
}

/**
 * The placeholders `.env.example` ships with (test/e2e/startup-slack.test.ts starts opsbot on that
 * file as it is, so the two can't drift apart). A copied but unedited `.env` passes every shape
 * check, so it is caught by value, before Slack is asked.
 */
const EXAMPLE_VALUES: Readonly<Record<string, string>> = {
  SLACK_BOT_TOKEN: 'xoxb-your-bot-token',
  SLACK_SIGNING_SECRET: 'your-signing-secret',
  SLACK_APP_TOKEN: 'xapp-your-app-token',
  MGMT_API_URL: 'https://api.example.com',
  MGMT_API_USERNAME: 'your-username',
  MGMT_API_PASSWORD: 'your-password',
  APPROVAL_CHANNEL_ID: 'C0123ABCD',
  APPROVER_USER_IDS: 'U0123ABCD,U0456EFGH',
};

function examplesLeft(env: Record<string, string | undefined>): string[] {
  return Object.entries(EXAMPLE_VALUES)
    .filter(([name, example]) => env[name]?.trim() === example)
    .map(([name]) => name);
}

/** The policy, or the one line that stops start-up (both variables set, or a malformed policy). */
function policyFrom(file: string | undefined, inline: string | undefined, allowed: string[] | undefined) {
  if (file !== undefined && inline !== undefined)
    return 'POLICY_FILE and POLICY are both set — use one: POLICY_FILE names a YAML file, POLICY holds the same YAML';
  const source = file !== undefined ? { file } : inline !== undefined ? { inline } : undefined;
  const result = loadPolicy(source, allowed);
  return result.ok ? result.policy : result.problem;
}

export function parseConfig(env: Record<string, string | undefined>): ConfigResult {
  const parsed = envSchema.safeParse(env);
  const policy = parsed.success
    ? policyFrom(parsed.data.POLICY_FILE, parsed.data.POLICY, parsed.data.ALLOWED_CHANNEL_IDS)
    : undefined;
  const signing = signingSecretProblem(env);
  const examples = examplesLeft(env);
  const metricsPort = metricsPortProblem(env);
  const approvers = approversProblem(env);
  if (
    !parsed.success ||
    signing !== undefined ||
    examples.length > 0 ||
    metricsPort !== undefined ||
    approvers !== undefined ||
    typeof policy === 'string'
  ) {
    const problems = (parsed.error?.issues ?? [])
      .filter((issue) => !examples.includes(String(issue.path[0])))
      .map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        // zod's own messages for wrong types name the received value's type only, never the value.
        return `${name} ${issue.message}`;
      });
    if (signing !== undefined) problems.push(signing);
    if (metricsPort !== undefined) problems.push(metricsPort);
    if (approvers !== undefined) problems.push(approvers);
    if (typeof policy === 'string') problems.push(policy);
    if (examples.length > 0)
      problems.unshift(
        `${examples.join(', ')} ${examples.length === 1 ? 'is' : 'are'} still the example value from .env.example — put in your own (README: "Run it in your Slack workspace")`,
      );
    const position = (problem: string) => VARIABLE_ORDER.indexOf(problem.split(' ')[0] ?? '');
    return { ok: false, problems: [...new Set(problems)].sort((a, b) => position(a) - position(b)) };
  }
  const e = parsed.data;
  return {
    ok: true,
    config: {
      slack: {
        botToken: e.SLACK_BOT_TOKEN,
        signingSecret: e.SLACK_SIGNING_SECRET,
        appToken: e.SLACK_APP_TOKEN,
        apiUrl: e.SLACK_API_URL === undefined ? undefined : withTrailingSlash(e.SLACK_API_URL),
        teamId: e.SLACK_TEAM_ID,
        appId: e.SLACK_APP_ID,
      },
      mgmt: {
        baseUrl: e.MGMT_API_URL.replace(/\/+$/, ''),
        username: e.MGMT_API_USERNAME,
        password: e.MGMT_API_PASSWORD,
        timeoutMs: e.MGMT_API_TIMEOUT_MS,
        connectTimeoutMs: e.MGMT_API_CONNECT_TIMEOUT_MS,
      },
      approvals: {
        channelId: e.APPROVAL_CHANNEL_ID,
        approverIds: e.APPROVER_USER_IDS ?? [],
        group: e.APPROVER_GROUP,
        rule: e.APPROVALS_REQUIRED ?? { required: 1, plans: {} },
        requestTtlHours: e.REQUEST_TTL_HOURS,
        maxPendingPerUser: e.MAX_PENDING_REQUESTS_PER_USER,
        maxUnapprovedPerDay: e.MAX_UNAPPROVED_CREATES_PER_DAY,
      },
      allowedChannelIds: e.ALLOWED_CHANNEL_IDS,
      policy: policy as Policy,
      digests: { catchUpHours: e.DIGEST_CATCHUP_HOURS, tickMs: e.DIGEST_TICK_MS },
      watches: { intervalMs: e.WATCH_INTERVAL_MS },
      database: { url: e.DATABASE_URL, path: e.DATABASE_PATH, poolSize: e.DATABASE_POOL_SIZE },
      logLevel: e.LOG_LEVEL,
      port: e.PORT,
      metricsPort: e.METRICS_PORT === -1 ? undefined : e.METRICS_PORT,
      mcp: {
        enabled: e.MCP === 'on',
        tokenTtlDays: e.MCP_TOKEN_TTL_DAYS,
        callsPerMinute: e.MCP_CALLS_PER_MINUTE,
      },
    },
  };
}

/** The values that must never appear in output; the logger redacts them as a second guard. */
export function secretsOf(config: Config): string[] {
  return [
    config.slack.botToken,
    config.slack.signingSecret,
    config.slack.appToken,
    config.mgmt.password,
    ...urlCredentials(config.database.url),
    // Slack's Web API client names the URL it calls in its own log lines and errors.
    ...urlCredentials(config.slack.apiUrl),
  ].filter((s): s is string => s !== undefined && s.length >= 4);
}

/** A URL's `user:password@` part as written, and the password (or a lone user, a token) alone. */
function urlCredentials(url: string | undefined): string[] {
  if (url === undefined) return [];
  try {
    const { username, password } = new URL(url);
    const secret = password === '' ? username : password;
    if (secret === '') return [];
    return [...new Set([`${username}:${password}`, secret, decodeURIComponent(secret)])];
  } catch {
    return [];
  }
}

/**
 * Whether MGMT_API_URL sends the Basic auth credentials over the network unencrypted. Allowed (a
 * simulator or a sidecar in the same pod speaks plain HTTP), but worth a warning; a loopback host
 * never leaves the machine, so it gets none.
 */
export function mgmtCredentialsInClear(config: Config): boolean {
  const { protocol, hostname } = new URL(config.mgmt.baseUrl);
  if (protocol !== 'http:') return false;
  const loopback = hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
  return !loopback;
}

function withTrailingSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}
