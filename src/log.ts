// Structured JSON logs (one line per event). Two guards keep secrets out:
// 1. a redaction list of field paths that may carry credentials, whatever their value;
// 2. a last-moment scrub of every known secret value from the serialised line, for the
//    case where a secret turns up somewhere nobody expected (an error message, a URL).
import { type Logger as BoltLogger, type LogLevel as BoltLogLevel, LogLevel } from '@slack/bolt';
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger } from 'pino';

export const REDACTED_PATHS = [
  'password',
  'token',
  'read_only_token',
  'authorization',
  'headers.authorization',
  'req.headers.authorization',
  '*.password',
  '*.token',
  '*.read_only_token',
  '*.authorization',
  'botToken',
  'signingSecret',
  'appToken',
];

export type LoggerOptions = {
  level: string;
  /** Secret values to scrub from every line (tokens, passwords). */
  secrets?: string[];
  /** Where lines go; stdout by default. Tests pass a collector. */
  destination?: DestinationStream;
};

export function createLogger(options: LoggerOptions): Logger {
  const secrets = (options.secrets ?? []).filter((s) => s.length >= 4);
  return pino(
    {
      level: options.level,
      base: { app: 'opsbot' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' },
      hooks: {
        streamWrite: (line) => scrubSecrets(line, secrets),
      },
    },
    options.destination ?? pino.destination({ sync: true }),
  );
}

/**
 * Secrets opsbot makes itself, recognised by their shape: an MCP token is shown once in a modal,
 * so Slack's Web API client would otherwise log it with the request body at debug level.
 */
const SECRET_SHAPES: ReadonlyArray<[RegExp, string]> = [
  [/opsbot_mcp_[A-Za-z0-9_-]+/g, 'opsbot_mcp_[REDACTED]'],
];

export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const [shape, censor] of SECRET_SHAPES) out = out.replace(shape, censor);
  for (const secret of secrets) {
    if (out.includes(secret)) out = out.split(secret).join('[REDACTED]');
    // The same secret inside a JSON string has its quotes and backslashes escaped.
    const escaped = JSON.stringify(secret).slice(1, -1);
    if (escaped !== secret && out.includes(escaped)) out = out.split(escaped).join('[REDACTED]');
  }
  return out;
}

const BOLT_LEVEL_FOR: Record<string, BoltLogLevel> = {
  trace: LogLevel.DEBUG,
  debug: LogLevel.DEBUG,
  info: LogLevel.INFO,
  warn: LogLevel.WARN,
  error: LogLevel.ERROR,
  fatal: LogLevel.ERROR,
  silent: LogLevel.ERROR,
};

/**
 * Failures Bolt calls errors that opsbot retries and reports itself: the Socket Mode client's
 * apps.connections.open (start-up's `slack_unreachable` or its one refusal line, then
 * `slack_socket_reconnecting`). At error level they would read as a second, unexplained fault.
 */
const RETRIED_BY_OPSBOT = /^Failed to retrieve a new WSS URL/;

/** Bolt logs with variadic strings; route them into the same structured stream. */
export function boltLogger(logger: Logger): BoltLogger {
  const child = logger.child({ component: 'bolt' });
  const join = (msg: unknown[]) => msg.map((m) => (typeof m === 'string' ? m : safeStringify(m))).join(' ');
  return {
    debug: (...msg) => child.debug(join(msg)),
    info: (...msg) => child.info(join(msg)),
    warn: (...msg) => child.warn(join(msg)),
    error: (...msg) => {
      const text = join(msg);
      if (RETRIED_BY_OPSBOT.test(text)) child.warn(text);
      else child.error(text);
    },
    setLevel: () => {},
    getLevel: () => BOLT_LEVEL_FOR[logger.level] ?? LogLevel.INFO,
    setName: () => {},
  };
}

function safeStringify(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
