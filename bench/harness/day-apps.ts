// The app processes a busy day runs against: one on a SQLite file, or several replicas sharing one
// PostgreSQL database (each with its own /metrics port, which says how much of the work it did).
// What each process cost is read from /proc just before it is stopped.
import type { SlackDriver } from '../../src/sim/driver/driver.ts';
import { cpuSeconds, freePort, opsbotEntry, type ServerProcess, spawnServer } from './processes.ts';

export type DayApps = {
  servers: ServerProcess[];
  metricsPorts: number[];
  /** Each app's CPU seconds when the day started: its start-up is not the day's work. */
  cpuAtDayStart?: (number | undefined)[];
};

/** What one app process cost and did during the day. */
export type AppFigures = {
  peakRssMiB: number | undefined;
  /** CPU seconds (all threads) from the day's start to its end. */
  cpuSeconds: number | undefined;
  /** Its own counters (undefined when the checkout serves no /metrics). */
  work: AppWork | undefined;
  /** It ended during the day: how, and the last line it wrote (a heap limit, a crash). */
  endedEarly?: string;
};

/** The share of the day's work a replica did, from its Prometheus counters. */
export type AppWork = {
  requests: number;
  digestsPosted: number;
  watchChecks: number;
  slackCalls: number;
  /** Its event loop's delay over the day (prom-client's default gauges, read once at the end), ms. */
  loopDelayMs: { p99: number; max: number };
};

export async function startDayApps(options: {
  count: number;
  env: Record<string, string>;
  appDir?: string | undefined;
  nodeArgs?: readonly string[] | undefined;
  name: string;
}): Promise<DayApps> {
  const servers: ServerProcess[] = [];
  const metricsPorts: number[] = [];
  try {
    // One after another: replicas of a deployment start at their own pace, and on 2 cores a
    // simultaneous start of three would time out on a busy machine.
    for (let i = 0; i < options.count; i++) {
      const port = await freePort();
      const metricsPort = await freePort();
      servers.push(
        await spawnServer({
          name: options.count === 1 ? options.name : `${options.name} replica ${i + 1}`,
          script: opsbotEntry(options.appDir),
          env: { ...options.env, PORT: String(port), METRICS_PORT: String(metricsPort) },
          ready: { port },
          timeoutMs: 30_000,
          ...(options.nodeArgs ? { nodeArgs: options.nodeArgs } : {}),
        }),
      );
      metricsPorts.push(metricsPort);
    }
  } catch (error) {
    await Promise.allSettled(servers.map((s) => s.stop()));
    throw error;
  }
  return { servers, metricsPorts };
}

/** Notes each app's CPU time so far: what the day costs is counted from here. */
export function markDayStart(apps: DayApps): void {
  apps.cpuAtDayStart = apps.servers.map((s) => cpuSeconds(s.pid));
}

/** Reads each app's figures, then stops it. */
export async function stopDayApps(apps: DayApps): Promise<AppFigures[]> {
  const figures = await Promise.all(
    apps.servers.map(async (server, i) => {
      const ended = server.ended();
      // V8's own last words (a heap limit) come before its stack dump: the line that says why.
      const lines = server.tail().trim().split('\n');
      const why = lines.findLast((l) => /FATAL|heap|Error|"level":(50|60)/.test(l)) ?? lines.at(-1) ?? '';
      const lastLine = why.slice(0, 200);
      return {
        peakRssMiB: server.peakRssMiB(),
        cpuSeconds: (cpuSeconds(server.pid) ?? Number.NaN) - (apps.cpuAtDayStart?.[i] ?? 0),
        work: await workOf(apps.metricsPorts[i] as number),
        ...(ended === undefined ? {} : { endedEarly: `ended (${ended}): ${lastLine}` }),
      };
    }),
  );
  await Promise.allSettled(apps.servers.map((s) => s.stop()));
  return figures;
}

/**
 * A driver that sends each request to the next app in turn, as a load balancer in front of the
 * replicas would: a search request's later steps may land on another replica than its command.
 */
export function roundRobin(drivers: readonly SlackDriver[]): SlackDriver {
  if (drivers.length === 1) return drivers[0] as SlackDriver;
  let next = 0;
  const first = drivers[0] as unknown as Record<PropertyKey, unknown>;
  return new Proxy({} as SlackDriver, {
    get: (_, key) => {
      // Only the driver's methods rotate; anything else (`then` included) reads as on one driver.
      if (typeof first[key] !== 'function') return first[key];
      return (...args: unknown[]) => {
        const driver = drivers[next++ % drivers.length] as unknown as Record<PropertyKey, unknown>;
        return (driver[key] as (...a: unknown[]) => unknown)(...args);
      };
    },
  });
}

async function workOf(metricsPort: number): Promise<AppWork | undefined> {
  let text: string;
  try {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    if (!res.ok) return undefined;
    text = await res.text();
  } catch {
    return undefined;
  }
  return {
    requests: counter(text, 'opsbot_slack_requests_total'),
    digestsPosted: counter(text, 'opsbot_digests_total', 'outcome="posted"'),
    watchChecks: counter(text, 'opsbot_watch_checks_total'),
    slackCalls: counter(text, 'opsbot_slack_api_calls_total'),
    loopDelayMs: {
      p99: counter(text, 'nodejs_eventloop_lag_p99_seconds') * 1000,
      max: counter(text, 'nodejs_eventloop_lag_max_seconds') * 1000,
    },
  };
}

/** The sum of a counter's series in Prometheus text, those with `label` only when one is given. */
function counter(text: string, name: string, label?: string): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (label !== undefined && !line.includes(label)) continue;
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (Number.isFinite(value)) sum += value;
  }
  return sum;
}
