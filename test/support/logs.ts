// What the app logged, as a person reading the log would see it: one JSON object per line.
import { createLogger, type Logger } from '../../src/log.ts';

/** Lines of JSON logs, parsed. */
export function parsedLogs(logs: readonly string[]): Array<Record<string, unknown>> {
  return logs.map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** A real logger whose lines are kept in `lines` (parsed on read) instead of written to stdout. */
export function capturingLogger(level = 'info'): { logger: Logger; lines(): Array<Record<string, unknown>> } {
  const raw: string[] = [];
  const logger = createLogger({ level, destination: { write: (line: string) => raw.push(line) } });
  return { logger, lines: () => parsedLogs(raw) };
}
