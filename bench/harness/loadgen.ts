// The load generator: a child process of its own (forked by load-client.ts), so the requests it
// builds, signs and times never compete with the harness or the simulators for an event loop.
// It sends exactly what Slack sends for a slash command: a form body signed with the app's secret.
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { slashCommandBody } from '../../src/sim/driver/payloads.ts';
import { signSlackRequest } from '../../src/sim/driver/signing.ts';
import type {
  ClosedLoopJob,
  CommandSpec,
  LoadJob,
  LoadMessage,
  LoadReply,
  LoadResult,
  OpenLoopJob,
  StreamResult,
} from './load-protocol.ts';
import { percentile } from './numbers.ts';

type Signed = { path: string; headers: Record<string, string>; body: string };

/** Builds the request once; the signature is renewed when the second changes (Bolt allows 5 min). */
function signer(spec: CommandSpec, url: URL): () => Signed {
  const body = slashCommandBody({
    command: spec.command,
    text: spec.text,
    userId: spec.userId,
    channelId: spec.channelId,
    teamId: spec.teamId,
    apiAppId: spec.appId,
    responseUrl: spec.responseUrl,
    triggerId: '1000000000.1000000000.0123456789abcdef0123456789abcdef',
  });
  let second = -1;
  let signed: Signed | undefined;
  return () => {
    const now = Math.floor(Date.now() / 1000);
    if (signed === undefined || now !== second) {
      second = now;
      signed = {
        path: url.pathname,
        body,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json,*/*',
          'user-agent': 'Slackbot 1.0 (+https://api.slack.com/robots)',
          'x-slack-request-timestamp': String(now),
          'x-slack-signature': signSlackRequest(spec.signingSecret, now, body),
        },
      };
    }
    return signed;
  };
}

class Recorder {
  readonly latencies: number[] = [];
  ok = 0;
  errors = 0;
  firstError: string | undefined;
  answerBytes = 0;
  total = 0;

  failure(message: string) {
    this.errors++;
    this.firstError ??= message;
  }

  result(label: string, durationMs: number): StreamResult {
    return {
      label,
      ok: this.ok,
      errors: this.errors,
      ...(this.firstError === undefined ? {} : { firstError: this.firstError }),
      reqPerSec: (this.ok * 1000) / durationMs,
      p50Ms: percentile(this.latencies, 0.5),
      p90Ms: percentile(this.latencies, 0.9),
      p99Ms: percentile(this.latencies, 0.99),
      maxMs: this.latencies.length === 0 ? Number.NaN : Math.max(...this.latencies),
      answerBytes: this.answerBytes,
      total: this.total,
    };
  }
}

/** Sends one request; calls `done` with its status and body size, or the transport error. */
async function send(pool: Pool, sign: () => Signed): Promise<{ status: number; bytes: number }> {
  const { path, headers, body } = sign();
  const res = await pool.request({ path, method: 'POST', headers, body });
  const text = await res.body.text();
  return { status: res.statusCode, bytes: Buffer.byteLength(text) };
}

async function closedLoop(job: ClosedLoopJob): Promise<LoadResult> {
  const url = new URL(job.url);
  const pool = new Pool(url.origin, { connections: job.concurrency, pipelining: 1 });
  const sign = signer(job.request, url);
  const recorder = new Recorder();
  const start = performance.now();
  const measureFrom = start + job.warmupMs;
  const end = measureFrom + job.durationMs;
  const worker = async () => {
    while (performance.now() < end) {
      const sent = performance.now();
      try {
        const { status, bytes } = await send(pool, sign);
        recorder.total++;
        const done = performance.now();
        if (done < measureFrom || done >= end) continue;
        if (status === 200) {
          recorder.ok++;
          recorder.latencies.push(done - sent);
          recorder.answerBytes = bytes;
        } else recorder.failure(`HTTP ${status}`);
      } catch (error) {
        if (performance.now() >= measureFrom) recorder.failure(String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, worker));
  await pool.close();
  return { streams: [recorder.result(job.request.text, job.durationMs)] };
}

async function openLoop(job: OpenLoopJob): Promise<LoadResult> {
  const url = new URL(job.url);
  const pool = new Pool(url.origin, { connections: 64, pipelining: 1 });
  const start = performance.now() + 20;
  const measureFrom = start + job.warmupMs;
  const end = measureFrom + job.durationMs;
  const inFlight = new Set<Promise<void>>();
  const recorders = job.streams.map(() => new Recorder());

  const schedule = async (index: number) => {
    const stream = job.streams[index];
    const recorder = recorders[index];
    if (stream === undefined || recorder === undefined) return;
    const sign = signer(stream.request, url);
    const interval = 1000 / stream.ratePerSec;
    for (let k = 0; ; k++) {
      const due = start + k * interval;
      if (due >= end) break;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      // Latency counts from the planned time, so a stalled server cannot hide its queue.
      const request = send(pool, sign).then(
        ({ status, bytes }) => {
          recorder.total++;
          if (due < measureFrom) return;
          if (status === 200) {
            recorder.ok++;
            recorder.latencies.push(performance.now() - due);
            recorder.answerBytes = bytes;
          } else recorder.failure(`HTTP ${status}`);
        },
        (error: unknown) => {
          if (due >= measureFrom) recorder.failure(String(error));
        },
      );
      inFlight.add(request);
      void request.finally(() => inFlight.delete(request));
    }
  };
  await Promise.all(job.streams.map((_, i) => schedule(i)));
  await Promise.all(inFlight);
  await pool.close();
  return {
    streams: job.streams.map((s, i) => (recorders[i] as Recorder).result(s.label, job.durationMs)),
  };
}

function run(job: LoadJob): Promise<LoadResult> {
  return job.kind === 'closed' ? closedLoop(job) : openLoop(job);
}

process.on('message', (message: LoadMessage) => {
  run(message.job).then(
    (result) => process.send?.({ id: message.id, result } satisfies LoadReply),
    (error: unknown) => process.send?.({ id: message.id, error: String(error) } satisfies LoadReply),
  );
});
process.on('disconnect', () => process.exit(0));
