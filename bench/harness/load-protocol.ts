// Messages between the harness and the load generator child (JSON over the fork IPC channel).

/** One signed slash command, sent again and again (re-signed as the clock moves). */
export type CommandSpec = {
  command: string;
  text: string;
  channelId: string;
  userId: string;
  responseUrl: string;
  signingSecret: string;
  teamId: string;
  appId: string;
};

/** `concurrency` senders, each sending its next request as soon as the last one answered. */
export type ClosedLoopJob = {
  kind: 'closed';
  url: string;
  concurrency: number;
  warmupMs: number;
  durationMs: number;
  request: CommandSpec;
};

/** Requests at a fixed rate whatever the answers (latency counted from the planned send time). */
export type OpenLoopJob = {
  kind: 'open';
  url: string;
  warmupMs: number;
  durationMs: number;
  streams: Array<{ label: string; ratePerSec: number; request: CommandSpec }>;
};

export type LoadJob = ClosedLoopJob | OpenLoopJob;

export type StreamResult = {
  label: string;
  /** Answered with HTTP 200 inside the measured window. */
  ok: number;
  /** Non-200 answers and transport errors inside the measured window. */
  errors: number;
  firstError?: string;
  reqPerSec: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Bytes of the last answer body (an ack with a card vs an empty ack). */
  answerBytes: number;
  /** Every request answered, warm-up included: what the server's CPU time for the run paid for. */
  total: number;
};

export type LoadResult = { streams: StreamResult[] };

export type LoadMessage = { id: number; job: LoadJob };
export type LoadReply = { id: number; result?: LoadResult; error?: string };
