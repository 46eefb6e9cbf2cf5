// The demo's workspace: the simulated Slack and management API on local ports, the real opsbot app
// on the embedded SQLite default in a fresh temporary folder, and a clock the tour can move forward
// (to reach the time of a daily digest without waiting for it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SimulatedWorkspace, startSimulatedWorkspace } from '../sim/workspace.ts';
import { DEMO_APPROVER_GROUP, DEMO_POLICY } from './people.ts';

export type DemoClock = {
  now(): number;
  /** Moves time forward to `ms` (never back); real time keeps running from there. */
  jumpTo(ms: number): void;
};

export type DemoWorkspace = {
  ws: SimulatedWorkspace;
  clock: DemoClock;
  /** The temporary folder holding the SQLite database; removed by stop(). */
  dataDir: string;
  databasePath: string;
  stop(): Promise<void>;
};

export function createDemoClock(): DemoClock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    jumpTo(ms) {
      offset = Math.max(offset, ms - Date.now());
    },
  };
}

export async function startDemoWorkspace(
  options: { onLogLine?: (line: string) => void; mode?: 'http' | 'socket' } = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'opsbot-demo-'));
  const databasePath = join(dataDir, 'opsbot.sqlite');
  const clock = createDemoClock();
  let ws: SimulatedWorkspace;
  try {
    ws = await startSimulatedWorkspace({
      clock: clock.now,
      // Approvers from a Slack user group, and two of them for a paid (payg) index; a small policy.
      env: {
        DATABASE_PATH: databasePath,
        LOG_LEVEL: 'info',
        APPROVER_GROUP: DEMO_APPROVER_GROUP.handle,
        APPROVALS_REQUIRED: 'free=0,payg=2',
        POLICY: DEMO_POLICY,
        MCP: 'on',
      },
      slack: {
        userGroups: {
          [DEMO_APPROVER_GROUP.id]: {
            handle: DEMO_APPROVER_GROUP.handle,
            users: [...DEMO_APPROVER_GROUP.members],
          },
        },
      },
      ...(options.mode === undefined ? {} : { mode: options.mode }),
      ...(options.onLogLine === undefined ? {} : { onLogLine: options.onLogLine }),
    });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const demo: DemoWorkspace = {
    ws,
    clock,
    dataDir,
    databasePath,
    async stop() {
      await ws.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return demo;
}
