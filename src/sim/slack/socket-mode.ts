// Slack's side of Socket Mode, as its documentation describes it: `apps.connections.open` (called
// with the app-level `xapp-` token) hands out a single-use `wss://` URL; on connecting, the app gets
// `hello`; every request Slack would have POSTed arrives as an envelope (`slash_commands`,
// `interactive`, `events_api`) with an `envelope_id` the app must acknowledge, optionally with a
// payload; Slack pings the socket and may ask the app to reconnect with `disconnect`.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';

export type EnvelopeType = 'slash_commands' | 'interactive' | 'events_api';

export type SocketDelivery = {
  /** What the app acknowledged with: its `payload` (undefined for a bare ack). */
  ack: unknown;
  /** False when no ack came within the time Slack waits. */
  acked: boolean;
};

export type SocketModeHub = {
  /** apps.connections.open: a fresh single-use URL. */
  openUrl(): string;
  /** Times apps.connections.open handed out a URL. */
  readonly urlsIssued: number;
  /** Open connections now. */
  readonly connections: number;
  /** Sends an envelope to one connected app and waits for its ack. */
  deliver(
    type: EnvelopeType,
    payload: unknown,
    retry?: { attempt: number; reason: string },
  ): Promise<SocketDelivery>;
  /** Asks every connected app to reconnect, as Slack does before it rotates a connection. */
  requestReconnect(reason?: 'refresh_requested' | 'warning'): void;
  /** Resolves once exactly `n` connections are open (for tests and the demo). */
  waitForConnections(n: number, timeoutMs?: number): Promise<void>;
  close(): void;
};

/** Slack retries an envelope it got no ack for after about 3 seconds. */
const ACK_WAIT_MS = 3_000;
const PING_INTERVAL_MS = 5_000;

export function createSocketModeHub(server: Server, baseWsUrl: () => string, appId: string): SocketModeHub {
  const wss = new WebSocketServer({ noServer: true });
  const tickets = new Set<string>();
  const open = new Set<WebSocket>();
  const pending = new Map<string, (ack: unknown) => void>();
  let urlsIssued = 0;
  let next = 0;

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const ticket = /^\/link\/\?ticket=([a-f0-9]+)/.exec(req.url ?? '')?.[1];
    if (ticket === undefined || !tickets.delete(ticket)) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nconnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => accept(ws));
  });

  function accept(ws: WebSocket): void {
    open.add(ws);
    const ping = setInterval(() => ws.ping(), PING_INTERVAL_MS);
    ping.unref();
    ws.on('close', () => {
      open.delete(ws);
      clearInterval(ping);
    });
    ws.on('message', (data) => {
      let message: { envelope_id?: unknown; payload?: unknown };
      try {
        message = JSON.parse(String(data)) as typeof message;
      } catch {
        return;
      }
      if (typeof message.envelope_id !== 'string') return;
      pending.get(message.envelope_id)?.(message.payload);
    });
    ws.send(
      JSON.stringify({
        type: 'hello',
        num_connections: open.size,
        debug_info: { host: 'applink-sim', approximate_connection_time: 18060 },
        connection_info: { app_id: appId },
      }),
    );
  }

  function pick(): WebSocket | undefined {
    const live = [...open].filter((ws) => ws.readyState === ws.OPEN);
    if (live.length === 0) return undefined;
    next = (next + 1) % live.length;
    return live[next];
  }

  return {
    openUrl() {
      const ticket = randomBytes(16).toString('hex');
      tickets.add(ticket);
      urlsIssued += 1;
      return `${baseWsUrl()}/link/?ticket=${ticket}&app_id=${appId}`;
    },
    get urlsIssued() {
      return urlsIssued;
    },
    get connections() {
      return [...open].filter((ws) => ws.readyState === ws.OPEN).length;
    },
    deliver(type, payload, retry) {
      const ws = pick();
      if (ws === undefined) return Promise.reject(new Error('Socket Mode: no app is connected'));
      const envelopeId = randomBytes(8).toString('hex');
      return new Promise<SocketDelivery>((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(envelopeId);
          resolve({ ack: undefined, acked: false });
        }, ACK_WAIT_MS);
        pending.set(envelopeId, (ack) => {
          clearTimeout(timer);
          pending.delete(envelopeId);
          resolve({ ack, acked: true });
        });
        ws.send(
          JSON.stringify({
            envelope_id: envelopeId,
            payload,
            type,
            accepts_response_payload: type !== 'events_api',
            ...(retry === undefined ? {} : { retry_attempt: retry.attempt, retry_reason: retry.reason }),
          }),
        );
      });
    },
    requestReconnect(reason = 'refresh_requested') {
      for (const ws of open)
        ws.send(JSON.stringify({ type: 'disconnect', reason, debug_info: { host: 'applink-sim' } }));
    },
    async waitForConnections(n, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (this.connections !== n) {
        if (Date.now() > deadline)
          throw new Error(`Socket Mode: ${n} connection(s) expected, ${this.connections} open`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close() {
      for (const ws of open) ws.terminate();
      wss.close();
    },
  };
}
