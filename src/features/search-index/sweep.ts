// Expires overdue requests on a timer. The interval is injected (tests use a short one or none)
// and the timer is unref'd and stoppable, so neither a test run nor a shutdown waits on it.
export type SweepTimers = {
  setInterval: (run: () => void, ms: number) => { unref?: () => unknown };
  clearInterval: (handle: ReturnType<SweepTimers['setInterval']>) => void;
};

export type ExpirySweepOptions = {
  intervalMs: number;
  /** One sweep; rejections go to `onError`. */
  run: () => Promise<unknown>;
  onError: (error: unknown) => void;
  timers?: SweepTimers;
};

export type ExpirySweep = { stop(): void; readonly running: boolean };

const defaultTimers: SweepTimers = {
  setInterval: (run, ms) => setInterval(run, ms),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

export function startExpirySweep(options: ExpirySweepOptions): ExpirySweep {
  const timers = options.timers ?? defaultTimers;
  let busy = false;
  let stopped = false;
  const tick = () => {
    // A slow sweep (many cards to update) must not overlap the next one.
    if (busy || stopped) return;
    busy = true;
    options
      .run()
      .catch(options.onError)
      .finally(() => {
        busy = false;
      });
  };
  const handle = timers.setInterval(tick, options.intervalMs);
  handle.unref?.();
  return {
    get running() {
      return !stopped;
    },
    stop() {
      if (stopped) return;
      stopped = true;
      timers.clearInterval(handle);
    },
  };
}
