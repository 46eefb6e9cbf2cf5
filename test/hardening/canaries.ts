// The canary machinery of the leak suites: unique secret-looking values remembered by the field
// they were put in, and every place one could surface (Slack calls and uploads, log lines, the
// SQLite file and its WAL, the demo's output folder).
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SimulatedWorkspace } from '../../src/sim/workspace.ts';
import { SIM_CREDENTIALS } from '../../src/sim/workspace.ts';

export type Sinks = {
  ws: SimulatedWorkspace;
  dbPath?: string;
  outputDir?: string;
  /** A scrape of GET /metrics. */
  metricsText?: string;
};

export const canaries = new Map<string, string>();
/** A unique secret-looking value, remembered under `where` so a hit says which field leaked. */
export function canary(where: string): string {
  const value = `CANARY${where.replace(/[^a-z]/gi, '')}${randomBytes(16).toString('hex')}`;
  canaries.set(value, where);
  return value;
}

/** Every place a canary could surface, as text. */
function sinks({ ws, dbPath, outputDir, metricsText }: Sinks): Array<{ where: string; text: string }> {
  const out: Array<{ where: string; text: string }> = [];
  for (const [i, call] of ws.slack.calls.entries()) {
    out.push({ where: `slack call ${i} ${call.method} body`, text: call.rawBody });
    out.push({ where: `slack call ${i} ${call.method} args`, text: JSON.stringify(call.args) });
  }
  for (const file of ws.slack.files) {
    const { bytes, ...meta } = file;
    out.push({ where: `uploaded file ${file.id} metadata`, text: JSON.stringify(meta) });
    if (bytes) out.push({ where: `uploaded file ${file.id} bytes`, text: bytes.toString('latin1') });
  }
  for (const [i, line] of ws.logs.entries()) out.push({ where: `log line ${i}`, text: line });
  if (metricsText !== undefined) out.push({ where: 'GET /metrics', text: metricsText });
  for (const suffix of dbPath === undefined ? [] : ['', '-wal', '-shm', '-journal']) {
    const path = `${dbPath}${suffix}`;
    if (existsSync(path))
      out.push({ where: `database file ${path}`, text: readFileSync(path).toString('latin1') });
  }
  if (outputDir !== undefined && existsSync(outputDir)) {
    for (const name of readdirSync(outputDir, { recursive: true }).map(String)) {
      const path = join(outputDir, name);
      if (statSync(path).isFile()) out.push({ where: path, text: readFileSync(path).toString('latin1') });
    }
  }
  return out;
}

/** "<field> → <place>" for every canary, handed-out secret or credential found anywhere. */
export function leaks(where: Sinks): string[] {
  const { ws } = where;
  const secrets = new Map(canaries);
  for (const value of ws.mgmt.secretsHandedOut())
    secrets.set(value, secrets.get(value) ?? 'handed out by the API');
  for (const [name, value] of Object.entries(SIM_CREDENTIALS))
    if (name !== 'mgmtUsername') secrets.set(value, name);
  const found: string[] = [];
  for (const sink of sinks(where)) {
    for (const [value, where] of secrets) {
      if (sink.text.includes(value) || sink.text.includes(encodeURIComponent(value)))
        found.push(`${where} → ${sink.where}`);
    }
  }
  return found;
}
