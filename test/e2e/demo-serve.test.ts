import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_CREDENTIALS } from '../../src/sim/workspace.ts';
import { eventually } from '../support/poll.ts';

const mainPath = fileURLToPath(new URL('../../src/demo/main.ts', import.meta.url));
const cliPath = fileURLToPath(new URL('../../src/demo/slack-cli.ts', import.meta.url));

type Run = { code: number | null; stdout: string; stderr: string };

function run(args: string[], cwd: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cliPath, ...args], { cwd, env: { PATH: process.env.PATH ?? '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('e2e: npm run demo -- --serve, and npm run slack', () => {
  let cwd: string;
  let server: ChildProcess;
  let serverOut = '';
  const statePath = () => join(cwd, 'demo-output', '.serve.json');

  beforeAll(async () => {
    cwd = mkdtempSync(join(tmpdir(), 'opsbot-serve-'));
    server = spawn(process.execPath, [mainPath, '--serve', '--no-tour'], {
      cwd,
      env: { PATH: process.env.PATH ?? '' },
    });
    server.stdout?.on('data', (d) => {
      serverOut += d;
    });
    await eventually(() => serverOut.includes('Press Ctrl+C to stop.'), 'serve mode to come up', 30_000);
  }, 40_000);
  afterAll(() => {
    if (server.exitCode === null) server.kill('SIGKILL');
    rmSync(cwd, { recursive: true, force: true });
  });

  it('prints where everything listens and how to send a command', () => {
    expect(serverOut).toMatch(/opsbot +http:\/\/127\.0\.0\.1:\d+\/slack\/events/);
    expect(serverOut).toContain('npm run slack -- "/ops stats idx-1 7d"');
    const state = readFileSync(statePath(), 'utf8');
    expect(JSON.parse(state)).toMatchObject({ appUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+/) });
    for (const secret of Object.values(SIM_CREDENTIALS)) expect(state).not.toContain(secret);
  });

  it('sends /ops help and prints the card only the typist sees', async () => {
    const { code, stdout } = await run(['/ops help'], cwd);
    expect(code).toBe(0);
    expect(stdout).toContain('▶ @requester types in #general:  /ops help');
    expect(stdout).toContain('↳ opsbot → only @requester sees, in #general');
    expect(stdout).toContain('/ops search create');
  });

  it('sends /ops stats idx-1 7d as an approver and prints the post with its card written to disk', async () => {
    const { code, stdout } = await run(['--user', 'U0APPROVER', '/ops stats idx-1 7d'], cwd);
    expect(code).toBe(0);
    expect(stdout).toContain('↳ opsbot posts in #general');
    expect(stdout).toContain('Vector index idx-1 · last 7 days');
    const image = /\[image: .+ → (demo-output\/slack-.+\.png)\]/.exec(stdout)?.[1];
    expect(image, stdout).toBeDefined();
    expect(existsSync(join(cwd, image ?? ''))).toBe(true);
  });

  it('stops on SIGTERM and removes its state file; the CLI then says to start a demo', async () => {
    const exited = new Promise<number | null>((resolve) => server.on('close', resolve));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(readdirSync(join(cwd, 'demo-output'))).not.toContain('.serve.json');
    const { code, stderr } = await run(['/ops help'], cwd);
    expect(code).toBe(69);
    expect(stderr).toContain('npm run demo -- --serve');
  });
});
