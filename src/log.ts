// Structured JSON logs (one line per event). Three guards keep secrets out:
// 1. a redaction list of field paths that may carry credentials, whatever their value;
// 2. a last-moment scrub of every known secret value from the serialised line, for the
//    case where a secret turns up somewhere nobody expected (an error message, a URL);
// 3. the same scrub by shape, for what Slack hands out per payload and no configuration knows:
//    a workflow's `xwfp-` token, any `xox?-`/`xapp-` token, a response_url, a trigger_id. Field
//    redaction can't see inside a string (Bolt's and the Socket Mode client's lines are strings),
//    so the raw payloads those clients log at debug are cut to their type before they are written.
import { type Logger as BoltLogger, type LogLevel as BoltLogLevel, LogLevel } from '@slack/bolt';
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger } from 'pino';

const REDACTED_PATHS = [
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

type LoggerOptions = {
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
    // Synchronous: lines keep their order to the last one at exit (buffered writes could land
    // after it). A slow reader's full pipe was one warning per waiting caller, now one per read.
    options.destination ?? pino.destination({ sync: true }),
  );
}

/**
 * Secrets recognised by their shape, wherever they turn up in a line. Slack's: tokens by their
 * prefix, a response_url (or an incoming webhook) by its host or its path, a trigger_id by its form
 * (the slashes of a URL may be escaped, `\/`, once or twice in a JSON line). opsbot's own: an MCP
 * token is shown once in a modal, so Slack's Web API client would otherwise log it with the request
 * body at debug level.
 */
const SLASH = String.raw`(?:\\*\/)`;
const SECRET_SHAPES: ReadonlyArray<[RegExp, string]> = [
  [/\bxox[a-z]-[A-Za-z0-9-]+/g, '[REDACTED]'],
  [/\bxapp-[A-Za-z0-9-]+/g, '[REDACTED]'],
  [/\bxwfp-[A-Za-z0-9-]+/g, '[REDACTED]'],
  [new RegExp(String.raw`hooks\.slack\.com(?:${SLASH}[A-Za-z0-9_%.~-]+)+`, 'g'), '[REDACTED]'],
  [
    new RegExp(
      `${SLASH}(?:commands|actions|services|triggers|workflows)${SLASH}T[A-Z0-9]+(?:${SLASH}[A-Za-z0-9]+){2}`,
      'g',
    ),
    '[REDACTED]',
  ],
  [/\b\d{4,}\.\d{4,}\.[0-9a-f]{16,}\b/g, '[REDACTED]'],
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

/** The Socket Mode client's lines that quote a whole payload (tokens, response_urls, what people typed). */
const RAW_SOCKET_MESSAGE =
  /^(Received a message on the WebSocket|Unable to parse an incoming WebSocket message)/;

/** A raw-payload line cut to what an operator debugging the socket needs: the envelope's type. */
function withoutPayload(text: string): string {
  const raw = RAW_SOCKET_MESSAGE.exec(text);
  if (raw === null) return text;
  if (raw[1] !== 'Received a message on the WebSocket') return `${raw[1]} (will ignore; payload not logged)`;
  try {
    const message = JSON.parse(text.slice(text.indexOf(':') + 1)) as {
      type?: unknown;
      payload?: { type?: unknown; event?: { type?: unknown } };
    };
    const inner = message.payload?.event?.type ?? message.payload?.type;
    const kinds = [message.type, inner].filter((k) => typeof k === 'string').join(' / ');
    return `${raw[1]}: ${kinds || 'a message'} (payload not logged)`;
  } catch {
    return `${raw[1]} (payload not logged)`;
  }
}

/** Bolt logs with variadic strings; route them into the same structured stream. */
export function boltLogger(logger: Logger): BoltLogger {
  const child = logger.child({ component: 'bolt' });
  const join = (msg: unknown[]) => msg.map((m) => (typeof m === 'string' ? m : safeStringify(m))).join(' ');
  return {
    debug: (...msg) => child.debug(withoutPayload(join(msg))),
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
