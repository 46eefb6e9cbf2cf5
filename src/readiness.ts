// What /readyz reports. Ready means opsbot can serve Slack now: the store answers and Slack has
// been reached (auth.test passed; in Socket Mode, the socket is open). The management API's state is
// reported but never makes opsbot unready: with bad credentials people still get opsbot's own
// clear message in Slack, which beats a dead app behind a load balancer.
import type { Store } from './store/index.ts';

export type SlackLink = 'connecting to Slack' | 'ok' | 'reconnecting to Slack';
export type MgmtLink = 'not checked yet' | 'ok' | 'credentials refused' | 'unreachable';

export class Readiness {
  slack: SlackLink = 'connecting to Slack';
  mgmt: MgmtLink = 'not checked yet';
  /** Extra named facts other parts add (e.g. counters of the API's drift). */
  readonly extras = new Map<string, () => unknown>();

  async report(store: Store): Promise<{ status: number; body: Record<string, unknown> }> {
    const health = await store.health();
    const ok = health.ok && this.slack === 'ok';
    const reasons = [
      ...(this.slack === 'ok' ? [] : [this.slack]),
      ...(health.ok ? [] : ['store unavailable']),
    ];
    const body: Record<string, unknown> = {
      ok,
      ...(ok ? {} : { reason: reasons.join('; ') }),
      slack: this.slack,
      store: health.ok ? 'ok' : (health.detail ?? 'unavailable'),
      mgmt: this.mgmt,
    };
    for (const [name, read] of this.extras) body[name] = read();
    return { status: ok ? 200 : 503, body };
  }
}
