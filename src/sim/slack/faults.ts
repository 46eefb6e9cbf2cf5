import type { SlackFault } from './types.ts';

interface Pending {
  fault: SlackFault;
  remaining: number;
}

/** Faults queued per method (a Web API method, 'upload' or 'response_url'), consumed in order. */
export interface FaultBook {
  add(method: string, fault: SlackFault, times: number): void;
  take(method: string): SlackFault | undefined;
  clear(): void;
}

export function createFaultBook(): FaultBook {
  const pending = new Map<string, Pending[]>();
  return {
    add(method, fault, times) {
      if (!(times > 0)) throw new Error(`fault times must be positive, got ${times}`);
      pending.set(method, [...(pending.get(method) ?? []), { fault, remaining: times }]);
    },
    take(method) {
      const queue = pending.get(method);
      const next = queue?.[0];
      if (!queue || !next) return undefined;
      next.remaining -= 1;
      if (next.remaining <= 0) queue.shift();
      return next.fault;
    },
    clear() {
      pending.clear();
    },
  };
}
