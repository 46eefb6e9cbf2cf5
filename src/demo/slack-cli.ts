// `npm run slack`: a sandbox in the workspace that `npm run demo -- --serve` keeps running. Without
// a line it reads lines from the terminal — slash commands, clicks and picks by label, modal fields,
// moves of the clock — and prints what Slack shows as it happens, opsbot's own posts included; with
// one (`npm run slack -- "/ops stats idx-1 7d"`) it runs that line, prints the replies and exits.
// The workspace's process does the work (src/demo/sandbox.ts): this is its terminal.
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { DEFAULT_OUTPUT_DIR } from './output.ts';
import type { SandboxAnswer } from './sandbox-server.ts';
import { SANDBOX_VERBS } from './sandbox-words.ts';
import { readServeState, type ServeState } from './serve.ts';

const USAGE = `Usage: npm run slack [-- [--user @<person>] [--channel #<channel>] ["<line>"]]

  Plays someone in the workspace of a running \`npm run demo -- --serve\`.
  Without a line: a sandbox; type \`help\` in it for what it does (click, pick, fill, submit, wait…).
  With a line ("/ops help", "click Approve"): runs it, prints the replies, exits.
  --user     who you are (default @requester; approvers: @approver, @approver2; U… ids work too)
  --channel  where (default #general; also #approvals, #team-ops; any C… id)
  --wait     with a line: seconds to wait for replies (default 20)`;

/** With a line: Slack quiet this long after the last reply means opsbot has finished answering. */
const QUIET_MS = 1_500;
/** In the sandbox: how often to look for what opsbot posts on its own. */
const POLL_MS = 400;

type Session = { id: string; base: string };

async function call(base: string, path: string, body: unknown = {}): Promise<SandboxAnswer> {
  const res = await fetch(new URL(path, base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as SandboxAnswer & { error?: string };
  if (!res.ok) throw new Error(answer.error ?? `the sandbox answered HTTP ${res.status}`);
  return answer;
}

const print = (lines: readonly string[]) => {
  for (const line of lines) process.stdout.write(`${line}\n`);
};

/** A line for opsbot unless the sandbox takes its first word: `stats idx-1` is `/ops stats idx-1`. */
function asLine(typed: string): string {
  const first = typed.split(/\s+/)[0]?.toLowerCase() ?? '';
  return typed.startsWith('/') || (SANDBOX_VERBS as readonly string[]).includes(first)
    ? typed
    : `/ops ${typed}`;
}

async function oneLine(session: Session, typed: string, waitMs: number): Promise<void> {
  const first = await call(session.base, `/sandbox/sessions/${session.id}/lines`, { line: asLine(typed) });
  print(first.lines);
  const start = Date.now();
  // Answered already, unless all it printed is what the person did (opsbot answers later, if at all).
  let last = first.lines.some((l) => !l.startsWith('▶')) ? Date.now() : undefined;
  for (;;) {
    await new Promise((r) => setTimeout(r, 200));
    const more = await call(session.base, `/sandbox/sessions/${session.id}/poll`);
    print(more.lines);
    if (more.lines.length > 0) last = Date.now();
    if (last !== undefined && Date.now() - last > QUIET_MS) break;
    if (Date.now() - start > waitMs) {
      if (last === undefined) print([`  · no reply within ${waitMs / 1000} s`]);
      break;
    }
  }
}

async function repl(session: Session, intro: readonly string[], prompt: string): Promise<void> {
  const tty = process.stdin.isTTY === true;
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: tty });
  const setPrompt = (where: string) => rl.setPrompt(`${where}> `);
  // Lines arriving while the person types: printed above the prompt, which is drawn again.
  const show = (lines: readonly string[]) => {
    if (lines.length === 0) return;
    if (tty) process.stdout.write('\r\x1b[K');
    print(lines);
    if (tty) rl.prompt(true);
  };
  print(intro);
  setPrompt(prompt);
  // A prompt is for a person at a terminal; piped lines (a script, a test) get the replies alone.
  const promptAgain = () => {
    if (tty && !closed) rl.prompt();
  };
  let queue = Promise.resolve();
  let closed = false;
  promptAgain();
  const run = (work: () => Promise<void>) => {
    queue = queue.then(work).catch((error: unknown) => {
      show([`npm run slack: ${error instanceof Error ? error.message : String(error)}`]);
    });
    return queue;
  };
  rl.on('line', (typed) => {
    const line = typed.trim();
    if (line === 'exit' || line === 'quit') {
      rl.close();
      return;
    }
    void run(async () => {
      const answer = await call(session.base, `/sandbox/sessions/${session.id}/lines`, { line });
      print(answer.lines);
      setPrompt(answer.prompt);
      promptAgain();
    });
  });
  const timer = setInterval(() => {
    void run(async () => {
      const answer = await call(session.base, `/sandbox/sessions/${session.id}/poll`);
      show(answer.lines);
    });
  }, POLL_MS);
  rl.on('SIGINT', () => rl.close()); // Ctrl+C leaves, as Ctrl+D does
  await new Promise<void>((resolve) => rl.once('close', resolve));
  closed = true;
  clearInterval(timer);
  await queue;
  await call(session.base, `/sandbox/sessions/${session.id}/close`).catch(() => undefined);
}

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse();
  } catch (error) {
    process.stderr.write(
      `npm run slack: ${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`,
    );
    return 64;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const state = readServeState(resolve(DEFAULT_OUTPUT_DIR));
  if (state === undefined || !(await alive(state))) {
    process.stderr.write(
      'npm run slack: no running demo workspace found. Start one in another terminal with\n' +
        '  npm run demo -- --serve\n',
    );
    return 69;
  }
  const color = process.stdout.isTTY === true && process.stdout.hasColors();
  let opened: SandboxAnswer;
  try {
    opened = await call(state.sandboxUrl, '/sandbox/sessions', {
      ...(values.user === undefined ? {} : { user: values.user }),
      ...(values.channel === undefined ? {} : { channel: values.channel }),
      color,
    });
  } catch (error) {
    process.stderr.write(`npm run slack: ${error instanceof Error ? error.message : String(error)}\n`);
    return 64;
  }
  const session = { id: opened.id, base: state.sandboxUrl };
  const typed = positionals.join(' ').trim();
  if (typed === '') await repl(session, opened.intro ?? [], opened.prompt);
  else await oneLine(session, typed, Number(values.wait ?? '20') * 1000);
  return 0;
}

function parse() {
  return parseArgs({
    allowPositionals: true,
    options: {
      user: { type: 'string' },
      channel: { type: 'string' },
      wait: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

async function alive(state: ServeState): Promise<boolean> {
  if (state.sandboxUrl === undefined) return false; // a workspace served by an older build
  try {
    const res = await fetch(new URL('/healthz', state.appUrl));
    return res.ok;
  } catch {
    return false;
  }
}

try {
  process.exit(await main());
} catch (error) {
  process.stderr.write(`npm run slack: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
