// The digests feature as the app sees it: register() and its port (the demo and tests run a tick).
import type { FeatureContext } from '../../feature-context.ts';
import { registerDigests } from './listeners.ts';
import type { TickReport } from './scheduler.ts';

export type DigestsPort = {
  /** Runs one scheduler tick now (after the one in flight). */
  runOnce(): Promise<TickReport>;
};

export function register(context: FeatureContext): DigestsPort {
  return registerDigests(context);
}
