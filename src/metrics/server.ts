// GET /metrics on its own port: the Slack port faces the internet, this one should not. Nothing else
// is served here but /readyz in full (the database's host and error, the API's state and drift),
// which the Slack port keeps to `ok` or the reason's kind. A scrape never waits on Slack or the
// management API (only on the store, for the watch counts).
import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';
import { sendReadiness } from '../http-server.ts';
import type { Logger } from '../log.ts';
import type { ReadinessReport } from '../readiness.ts';

export function createMetricsServer(
  registry: Registry,
  logger: Logger,
  readiness?: () => Promise<ReadinessReport>,
): Server {
  return createServer((req, res) => {
    const path = req.url?.split('?')[0];
    if (readiness !== undefined && path === '/readyz' && req.method === 'GET')
      return void readiness().then((report) => sendReadiness(res, report));
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': registry.contentType });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        logger.error(
          { event: 'metrics_scrape_failed', err: error instanceof Error ? error.message : String(error) },
          'could not collect metrics',
        );
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('metrics unavailable\n');
      },
    );
  });
}
