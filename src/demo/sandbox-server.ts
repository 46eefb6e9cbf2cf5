// The sandbox over HTTP on the loopback, for `npm run slack` in another terminal: open a session (who
// the person plays, where), send it lines, poll it for what opsbot did on its own. Each answer is the
// transcript lines to print and the prompt (`@requester in #general`).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { channelId, knownChannels, knownPeople, personId } from './composer.ts';
import { type Fills, SandboxSession } from './sandbox.ts';
import type { DemoWorkspace } from './workspace.ts';

export type SandboxAnswer = { id: string; lines: string[]; prompt: string; intro?: string[] };

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const parsed: unknown = text.trim() === '' ? {} : JSON.parse(text);
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The sessions of one served workspace, by id. */
export class Sandbox {
  readonly #demo: DemoWorkspace;
  readonly #outDir: string;
  readonly #sessions = new Map<string, SandboxSession>();
  readonly #fills: Fills = new Map();
  #count = 0;

  constructor(demo: DemoWorkspace, outDir: string) {
    this.#demo = demo;
    this.#outDir = outDir;
  }

  async open(o: { user?: string; channel?: string; color?: boolean }) {
    const user = o.user === undefined ? undefined : personId(o.user);
    const channel = o.channel === undefined ? undefined : channelId(o.channel);
    if (o.user !== undefined && user === undefined)
      throw new Error(`“${o.user}” isn't anyone here: people are ${knownPeople()}`);
    if (o.channel !== undefined && channel === undefined)
      throw new Error(`“${o.channel}” isn't a channel here: channels are ${knownChannels()}`);
    const session = new SandboxSession(this.#demo, this.#outDir, this.#fills, {
      ...(user === undefined ? {} : { user }),
      ...(channel === undefined ? {} : { channel }),
      ...(o.color === undefined ? {} : { color: o.color }),
    });
    await session.open();
    this.#count += 1;
    const id = `s${this.#count}`;
    this.#sessions.set(id, session);
    return { id, session };
  }

  get(id: string): SandboxSession | undefined {
    return this.#sessions.get(id);
  }

  close(id: string): void {
    this.#sessions.delete(id);
  }
}

export async function startSandboxServer(demo: DemoWorkspace, outDir: string) {
  const sandbox = new Sandbox(demo, outDir);
  const answer = (id: string, session: SandboxSession, lines: string[]): SandboxAnswer => ({
    id,
    lines,
    prompt: session.where,
  });
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://sandbox');
      const body = await readJson(req);
      if (req.method === 'POST' && url.pathname === '/sandbox/sessions') {
        const user = text(body.user);
        const channel = text(body.channel);
        const { id, session } = await sandbox.open({
          ...(user === undefined ? {} : { user }),
          ...(channel === undefined ? {} : { channel }),
          color: body.color === true,
        });
        send(res, 200, { ...answer(id, session, []), intro: session.intro() });
        return;
      }
      const route = /^\/sandbox\/sessions\/(s\d+)\/(lines|poll|close)$/.exec(url.pathname);
      const id = route?.[1] ?? '';
      const session = sandbox.get(id);
      if (req.method !== 'POST' || route === null || session === undefined) {
        send(res, 404, { error: 'no such sandbox session' });
        return;
      }
      if (route[2] === 'close') {
        sandbox.close(id);
        send(res, 200, answer(id, session, []));
        return;
      }
      const lines = route[2] === 'lines' ? await session.line(text(body.line) ?? '') : await session.poll();
      send(res, 200, answer(id, session, lines));
    })().catch((error: unknown) => {
      if (!res.headersSent) send(res, 400, { error: error instanceof Error ? error.message : String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
