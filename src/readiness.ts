// What /readyz reports. Ready means opsbot can serve Slack now: the store answers and Slack has
// been reached (auth.test passed; in Socket Mode, the socket is open). The management API's state is
// reported but never makes opsbot unready: with bad credentials people still get opsbot's own
// clear message in Slack, which beats a dead app behind a load balancer.
// The Slack-facing port faces the internet, so there /readyz says only `ok` or the reason's kind;
// the details (database host and error, the API's state and drift) go to the log when readiness
// changes, and to /readyz on METRICS_PORT.
import type { Logger } from './log.ts';
import type { Store } from './store/index.ts';

type SlackLink = 'connecting to Slack' | 'ok' | 'reconnecting to Slack';
type MgmtLink = 'not checked yet' | 'ok' | 'credentials refused' | 'unreachable';

export type ReadinessReport = { status: number; body: Record<string, unknown> };

export class Readiness {
  slack: SlackLink = 'connecting to Slack';
  mgmt: MgmtLink = 'not checked yet';
  /** Extra named facts other parts add (e.g. counters of the API's drift). */
  readonly extras = new Map<string, () => unknown>();
  private lastLogged: string | undefined;

  /** Everything known, for the operator's port. */
  async details(store: Store): Promise<ReadinessReport> {
    const health = await store.health();
    const ok = health.ok && this.slack === 'ok';
    const reasons = [
      ...(this.slack === 'ok' ? [] : [this.slack]),
      ...(health.ok ? [] : ['database unavailable']),
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

  /** Only `ok` or the reason's kind, for the port Slack (and anyone) reaches; details are logged. */
  async publicReport(store: Store, logger: Pick<Logger, 'info' | 'warn'>): Promise<ReadinessReport> {
    const { status, body } = await this.details(store);
    this.logChange(body, logger);
    const { ok, reason } = body;
    return { status, body: reason === undefined ? { ok } : { ok, reason } };
  }

  /** One line when readiness changes (a probe every few seconds must not repeat it). */
  private logChange(body: Record<string, unknown>, logger: Pick<Logger, 'info' | 'warn'>): void {
    const state = body.ok ? 'ok' : String(body.reason);
    if (state === this.lastLogged) return;
    this.lastLogged = state;
    const line = { event: 'readiness_changed', ready: body.ok, reason: body.reason, store: body.store };
    // Slack's side is already told by its own lines; a database that stopped answering is news.
    if (body.store === 'ok') logger.info(line, body.ok ? 'ready' : 'not ready');
    else logger.warn(line, 'not ready');
  }
}
