// `npm run demo -- --serve`: the simulated workspace stays up so a person can send their own commands
// with `npm run slack`. The state file tells that CLI where everything listens; it holds URLs and ids
// only (the fake signing secret is a constant of the simulated workspace, never written down).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DEFAULT_VECTOR_INDEXES } from '../sim/mgmt/index.ts';
import { SIM_IDS } from '../sim/workspace.ts';
import { DEMO_CHANNELS, DEMO_USERS } from './people.ts';
import { clockLine } from './sandbox-clock.ts';
import { startSandboxServer } from './sandbox-server.ts';
import type { DemoWorkspace } from './workspace.ts';

export const SERVE_STATE_FILE = '.serve.json';

export type ServeState = {
  pid: number;
  appUrl: string;
  slackUrl: string;
  mgmtUrl: string;
  teamId: string;
  appId: string;
  /** The sandbox's own loopback endpoint (sessions, lines, polls): what `npm run slack` talks to. */
  sandboxUrl: string;
  startedAt: string;
};

export function readServeState(outDir: string): ServeState | undefined {
  try {
    return JSON.parse(readFileSync(join(outDir, SERVE_STATE_FILE), 'utf8')) as ServeState;
  } catch {
    return undefined;
  }
}

/** Serves until SIGINT / SIGTERM, then stops everything and removes the state file. */
export async function serve(demo: DemoWorkspace, outDir: string, print: (line: string) => void) {
  const { ws } = demo;
  const sandbox = await startSandboxServer(demo, outDir);
  const state: ServeState = {
    pid: process.pid,
    appUrl: `${ws.url}/slack/events`,
    slackUrl: ws.slack.baseUrl,
    mgmtUrl: ws.mgmt.url,
    teamId: SIM_IDS.teamId,
    appId: SIM_IDS.appId,
    sandboxUrl: sandbox.url,
    startedAt: new Date().toISOString(),
  };
  const statePath = join(outDir, SERVE_STATE_FILE);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(statePath, `${JSON.stringify(state, null, 2)}\n`);
  const people = Object.entries(DEMO_USERS)
    .filter(([, name]) => name !== 'opsbot')
    .map(([id, name]) => `${id} (@${name})`);
  const channels = Object.entries(DEMO_CHANNELS).map(([id, name]) => `${id} (#${name})`);
  for (const line of [
    '',
    '━━ The simulated workspace keeps running ━━',
    `  opsbot         ${state.appUrl}   (health: ${ws.url}/healthz)`,
    `  Slack (sim)    ${ws.slack.apiUrl}   (what it received: ${ws.slack.baseUrl}/_sim/calls)`,
    `  mgmt API (sim) ${ws.mgmt.url}/v2/`,
    '',
    'Play someone in this workspace from another terminal, in this folder:',
    '  npm run slack                 (a sandbox: type /ops commands, click, pick, fill, submit, wait; `help`)',
    '  npm run slack -- "/ops help"  (one line, then its replies)',
    '  npm run slack -- "/ops stats idx-1 7d"',
    '  npm run slack -- --user @approver --channel #approvals "/ops search requests"',
    `People: ${people.join(', ')}; approvers: @approver, @approver2.`,
    `Channels: ${channels.join(', ')} — any other C… id works too.`,
    `Vector indexes the simulated API knows: ${Object.keys(DEFAULT_VECTOR_INDEXES).join(', ')}.`,
    `${clockLine(demo.clock)}${demo.clock.now() - Date.now() >= 60_000 ? ' The tour moved it to reach a digest’s time and a watch’s checks; `wait` in the sandbox moves it on.' : ''}`,
    `Where the CLI finds this workspace: ${relative(process.cwd(), statePath) || statePath} (URLs only).`,
    'Press Ctrl+C to stop.',
  ])
    print(line);

  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  print('Stopping the simulated workspace…');
  rmSync(statePath, { force: true });
  await sandbox.close();
  await demo.stop();
}
