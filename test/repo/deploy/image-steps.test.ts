// The runtime image's steps, replayed on this machine as a shell script would run them (there is no
// container runtime here): the build context is a clean copy of the repository's files minus what
// .dockerignore keeps out, each stage's WORKDIR a fresh folder, COPY a copy, RUN a shell command.
// Steps that need root or Debian's package manager (apt-get, chown) are skipped and listed. Then the
// image's command starts against the simulators: /healthz and /readyz answer, the HEALTHCHECK
// command passes, and SIGTERM ends the process cleanly.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { startManagementApiSimulator } from '../../../src/sim/mgmt/index.ts';
import { startSlackSimulator } from '../../../src/sim/slack/index.ts';
import { SIM_CREDENTIALS, SIM_IDS, simulatedAppEnv } from '../../../src/sim/workspace.ts';
import { until } from '../../support/poll.ts';
import { freePort } from '../../support/ports.ts';
import { healthcheckCommand, type Instruction, parseDockerfile, stagesOf } from './dockerfile.ts';

const NEEDS_ROOT = /\b(apt-get|chown)\b/;

/** The tracked and new (not ignored) files, minus what .dockerignore keeps out of the context. */
function buildContext(into: string): void {
  const ignore = readFileSync('.dockerignore', 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#') && !l.startsWith('!'))
    .map((p) => p.replace(/\/$/, ''));
  const kept = (file: string) =>
    file === '.env.example' ||
    !ignore.some((p) =>
      p.startsWith('*')
        ? file.endsWith(p.slice(1))
        : file === p || file.startsWith(`${p}/`) || file.startsWith(p),
    );
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    encoding: 'utf8',
  })
    .split('\0')
    .filter((f) => f !== '' && kept(f));
  for (const file of files) {
    mkdirSync(dirname(join(into, file)), { recursive: true });
    try {
      cpSync(file, join(into, file));
    } catch {
      // Deleted in the working tree but still tracked: not in a build from this tree either.
    }
  }
}

type Replay = { roots: Map<string, string>; env: Record<string, string>; skipped: string[]; cwd: string };

function replayStage(name: string, steps: Instruction[], context: string, work: string, replay: Replay) {
  const root = join(work, name);
  mkdirSync(root, { recursive: true });
  replay.roots.set(name, root);
  const inImage = (path: string, cwd: string) => (path.startsWith('/') ? join(root, path) : join(cwd, path));
  let cwd = root;
  for (const step of steps) {
    if (step.keyword === 'WORKDIR') {
      cwd = inImage(step.text, cwd);
      mkdirSync(cwd, { recursive: true });
    } else if (step.keyword === 'ENV') {
      const [key, ...value] = step.text.split('=');
      replay.env[key as string] = value.join('=');
    } else if (step.keyword === 'COPY') {
      const words = step.text.split(/\s+/);
      const dest = inImage(words.pop() as string, cwd);
      const from = step.flags.from === undefined ? context : (replay.roots.get(step.flags.from) as string);
      for (const source of words) {
        const path =
          step.flags.from === undefined ? join(from, source) : join(from, source.replace(/^\/app/, 'app'));
        const target = dest.endsWith('/') ? join(dest, source.split('/').pop() as string) : dest;
        cpSync(path, target, { recursive: true });
      }
    } else if (step.keyword === 'RUN') {
      if (NEEDS_ROOT.test(step.text)) {
        replay.skipped.push(step.text);
        const rest = step.text.replace(/\s*&&\s*chown .*$/, '');
        if (!NEEDS_ROOT.test(rest)) execFileSync('/bin/sh', ['-c', rest], { cwd, stdio: 'pipe' });
        continue;
      }
      // These steps run on this machine, not in a throwaway layer: nothing may touch its npm cache.
      if (/npm cache (clean|rm|clear)/.test(step.text)) throw new Error(`refusing to replay: ${step.text}`);
      execFileSync('/bin/sh', ['-c', step.text], {
        cwd,
        stdio: 'pipe',
        env: {
          ...process.env,
          ...replay.env,
          PATH: `${dirname(process.execPath)}:${process.env.PATH}`,
          // Reuse what the machine's npm cache holds; the registry is asked only for what it lacks.
          npm_config_prefer_offline: 'true',
          npm_config_audit: 'false',
          npm_config_fund: 'false',
        },
      });
    }
  }
  replay.cwd = cwd;
}

describe('the runtime image’s steps, replayed from a clean copy of the repository', () => {
  const work = mkdtempSync(join(tmpdir(), 'opsbot-image-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('installs production dependencies, starts, answers its probes, and stops cleanly on SIGTERM', async (ctx) => {
    const instructions = parseDockerfile(readFileSync('Dockerfile', 'utf8'));
    const stages = stagesOf(instructions);
    const context = join(work, 'context');
    buildContext(context);
    const replay: Replay = { roots: new Map(), env: {}, skipped: [], cwd: work };
    try {
      for (const stage of stages) replayStage(stage.name ?? 'stage', stage.steps, context, work, replay);
    } catch (error) {
      const stderr = String((error as { stderr?: unknown }).stderr ?? '');
      if (/npm (ci|error)|ENOTFOUND|EAI_AGAIN|ECONNREFUSED/.test(stderr) && /npm/.test(String(error))) {
        ctx.skip(`npm could not install the production dependencies here: ${stderr.split('\n')[0]}`);
      }
      throw error;
    }
    // The image's root-only steps, which this machine can't run as they are.
    expect(replay.skipped.every((s) => /apt-get install .*tini|chown node:node/.test(s))).toBe(true);
    const app = replay.cwd;
    // Production dependencies only: no dev tool in the image.
    expect(() => readFileSync(join(app, 'node_modules/vitest/package.json'))).toThrow();
    expect(() => readFileSync(join(app, 'node_modules/@slack/bolt/package.json'))).not.toThrow();

    const slack = await startSlackSimulator({ botToken: SIM_CREDENTIALS.botToken, teamId: SIM_IDS.teamId });
    const mgmt = await startManagementApiSimulator({
      username: SIM_CREDENTIALS.mgmtUsername,
      password: SIM_CREDENTIALS.mgmtPassword,
    });
    try {
      const port = await freePort();
      const cmd = instructions.findLast((s) => s.keyword === 'CMD')?.json ?? [];
      const env = {
        PATH: `${dirname(process.execPath)}:/usr/bin:/bin`,
        HOME: work,
        ...replay.env,
        ...simulatedAppEnv(slack.apiUrl, mgmt.url),
        DATABASE_PATH: join(app, 'data', 'opsbot.sqlite'),
        PORT: String(port),
        LOG_LEVEL: 'info',
      };
      const child = spawn(cmd[0] as string, cmd.slice(1), {
        cwd: app,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      // A failed expectation must not leave the app running (it is a no-op once it has exited).
      onTestFinished(() => void child.kill('SIGKILL'));
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

      const base = `http://127.0.0.1:${port}`;
      expect(
        (
          await untilAnswered(
            () => probe(`${base}/healthz`),
            exited,
            () => output,
          )
        ).status,
      ).toBe(200);
      const ready = await untilAnswered(
        async () => {
          const res = await probe(`${base}/readyz`);
          return res?.status === 200 ? res : undefined;
        },
        exited,
        () => output,
      );
      expect(ready.body).toEqual({ ok: true });

      const health = instructions.find((s) => s.keyword === 'HEALTHCHECK');
      if (health === undefined) throw new Error('no HEALTHCHECK');
      const [command, ...args] = healthcheckCommand(health);
      expect(() => execFileSync(command as string, args, { env, stdio: 'pipe' })).not.toThrow();

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('"event":"stopped"');
    } finally {
      await slack.close();
      await mgmt.close();
    }
  }, 120_000);
});

async function probe(url: string): Promise<{ status: number; body: unknown } | undefined> {
  try {
    const res = await fetch(url);
    return { status: res.status, body: await res.json() };
  } catch {
    return undefined;
  }
}

/** Polls until `check` gives a value, or fails with the process's output if it exits first. */
async function untilAnswered<T>(
  check: () => Promise<T | undefined>,
  exited: Promise<unknown>,
  output: () => string,
) {
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const answered = async () => {
    const value = await check();
    if (value === undefined && gone) throw new Error(`the app exited before answering:\n${output()}`);
    return value;
  };
  return until(answered, 'an answer from the app', 30_000).catch((error: Error) => {
    throw new Error(`${error.message}:\n${output()}`);
  });
}
