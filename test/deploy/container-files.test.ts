// The container files can't be built here (no container runtime), so what can be checked is: they
// parse, and what they say matches what opsbot is — the Procfile's start command, config.ts's port
// and variable names, the documented contract (docs/configuration.md) — and every path they copy
// exists.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseConfig } from '../../src/config.ts';
import { healthcheckCommand, parseDockerfile, procfileWeb, stagesOf } from './dockerfile.ts';

const read = (path: string) => readFileSync(path, 'utf8');
const instructions = parseDockerfile(read('Dockerfile'));
const stages = stagesOf(instructions);
const runtime = stages.at(-1);
const stepsOf = (keyword: string) => runtime?.steps.filter((s) => s.keyword === keyword) ?? [];
const dockerignore = read('.dockerignore')
  .split('\n')
  .filter((l) => l.trim() !== '' && !l.startsWith('#'));

/** Every variable config.ts reads: .env.example names each one (set or commented out). */
const configNames = new Set(
  [...read('.env.example').matchAll(/^#?\s?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]),
);
const defaultPort = (() => {
  const parsed = parseConfig({
    SLACK_BOT_TOKEN: 'xoxb-test-not-real',
    SLACK_SIGNING_SECRET: 'test-not-real',
    MGMT_API_URL: 'https://mgmt.example.test',
    MGMT_API_USERNAME: 'test',
    MGMT_API_PASSWORD: 'test-not-real',
    APPROVAL_CHANNEL_ID: 'C0TEST',
    APPROVER_USER_IDS: 'U0TEST',
  });
  if (!parsed.ok) throw new Error(parsed.problems.join('; '));
  return parsed.config.port;
})();

describe('Dockerfile', () => {
  it('builds on Linux in one stage and runs a slim Node 24 image with production dependencies only', () => {
    expect(stages.map((s) => s.name)).toEqual(['build', 'runtime']);
    for (const stage of stages) expect(stage.base).toMatch(/^node:24-[a-z]+-slim$/);
    const installs = stages[0]?.steps.filter((s) => s.keyword === 'RUN' && /\bnpm ci\b/.test(s.text)) ?? [];
    expect(installs).toHaveLength(1);
    expect(installs[0]?.text).toContain('--omit=dev');
    // The runtime stage installs nothing from npm: it takes the build stage's node_modules.
    expect(stepsOf('RUN').some((s) => /\bnpm (ci|install|i)\b/.test(s.text))).toBe(false);
    expect(stepsOf('COPY').find((s) => s.flags.from === 'build')?.text).toBe(
      '/app/node_modules ./node_modules',
    );
  });

  it('runs as the unprivileged node user under an init process that passes SIGTERM on', () => {
    expect(stepsOf('USER').map((s) => s.text)).toEqual(['node']);
    const entrypoint = stepsOf('ENTRYPOINT')[0]?.json ?? [];
    expect(entrypoint[0]).toMatch(/\/tini$/);
    expect(stepsOf('RUN').some((s) => /apt-get install .*\btini\b/.test(s.text))).toBe(true);
  });

  it('starts with exactly the Procfile’s web command, in exec form so the shell hands over to Node', () => {
    const cmd = stepsOf('CMD')[0]?.json;
    expect(cmd?.slice(0, 2)).toEqual(['/bin/sh', '-c']);
    expect(cmd?.[2]).toBe(procfileWeb(read('Procfile')));
    // `exec` replaces the shell, so tini's SIGTERM reaches Node itself.
    expect(cmd?.[2]).toMatch(/(^|\s)exec node /);
  });

  it('exposes config.ts’s default port and checks /healthz on PORT', () => {
    expect(stepsOf('EXPOSE').map((s) => s.text)).toEqual([String(defaultPort)]);
    const health = stepsOf('HEALTHCHECK')[0];
    if (health === undefined) throw new Error('no HEALTHCHECK');
    const command = healthcheckCommand(health).join(' ');
    expect(command).toContain('/healthz');
    expect(command).toContain(`process.env.PORT || ${defaultPort}`);
  });

  it('copies only paths that exist and that .dockerignore lets into the build context', () => {
    const copies = instructions.filter((s) => s.keyword === 'COPY' && s.flags.from === undefined);
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) {
      const sources = copy.text.split(/\s+/).slice(0, -1);
      for (const source of sources) {
        expect(existsSync(source), `${source} (Dockerfile line ${copy.line})`).toBe(true);
        expect(dockerignore.some((p) => p.replace(/\/$/, '') === source.replace(/\/$/, ''))).toBe(false);
      }
    }
    const stageNames = stages.map((s) => s.name);
    for (const copy of instructions.filter((s) => s.flags.from !== undefined))
      expect(stageNames.slice(0, -1)).toContain(copy.flags.from);
  });

  it('.dockerignore keeps secrets, local data, installs and test output out of the image', () => {
    for (const entry of ['.env', 'data/', 'node_modules/', 'coverage/', 'demo-output/', '*.sqlite'])
      expect(dockerignore).toContain(entry);
    expect(dockerignore).toContain('!.env.example');
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as {
    services: Record<string, Record<string, unknown>>;
  };
  const service = (name: string) => {
    const s = compose.services[name];
    if (s === undefined) throw new Error(`no service ${name}`);
    return s as {
      environment?: Record<string, string>;
      env_file?: Array<{ path: string }>;
      healthcheck?: { test: string[] | string };
      depends_on?: Record<string, { condition: string }>;
      ports?: string[];
      profiles?: string[];
      command?: string[];
      build?: string;
    };
  };
  const replicas = ['opsbot-1', 'opsbot-2'];

  it('PostgreSQL with a health check, and two replicas that wait for it, configured from .env', () => {
    expect(service('postgres').healthcheck?.test.toString()).toContain('pg_isready');
    for (const name of replicas) {
      const replica = service(name);
      expect(replica.build).toBe('.');
      expect(replica.env_file?.map((f) => f.path)).toEqual(['.env']);
      expect(replica.depends_on?.postgres?.condition).toBe('service_healthy');
      expect(replica.environment?.DATABASE_URL).toMatch(/^postgres:\/\/.*@postgres:5432\//);
    }
  });

  it('each replica’s readiness check asks /readyz on the PORT it is given, which its ports publish', () => {
    for (const name of replicas) {
      const replica = service(name);
      const test = replica.healthcheck?.test as string[];
      expect(test.join(' ')).toContain('/readyz');
      const port = replica.environment?.PORT;
      expect(port).toBe(String(defaultPort));
      expect(test.join(' ')).toContain(`http://127.0.0.1:${port}/readyz`);
      expect(replica.ports?.some((p) => p.endsWith(`:${port}`))).toBe(true);
      const metrics = replica.environment?.METRICS_PORT;
      expect(metrics).not.toBe(port);
      // Metrics never leave the machine by default: published on loopback only.
      expect(
        replica.ports?.filter((p) => p.endsWith(`:${metrics}`)).every((p) => p.startsWith('127.0.0.1:')),
      ).toBe(true);
    }
  });

  it('interpolates only its own variable (a dollar-brace meant for Node would be read by Compose)', () => {
    const interpolated = [...read('compose.yaml').matchAll(/(?<!\$)\$\{([^}:?-]+)/g)].map((m) => m[1]);
    expect(new Set(interpolated)).toEqual(new Set(['POSTGRES_PASSWORD']));
  });

  it('names only variables config.ts reads, every one of them in docs/configuration.md', () => {
    const readme = read('docs/configuration.md');
    for (const name of replicas)
      for (const variable of Object.keys(service(name).environment ?? {})) {
        expect(configNames.has(variable), variable).toBe(true);
        expect(readme).toContain(`\`${variable}\``);
      }
  });

  it('a demo profile runs one opsbot against the simulators, as `npm run demo -- --serve` does', () => {
    const demo = service('demo');
    expect(demo.profiles).toEqual(['demo']);
    expect(demo.command).toEqual(['npm', 'run', 'demo', '--', '--serve']);
    expect(JSON.parse(read('package.json')).scripts.demo).toBeDefined();
    // It needs no .env and no database: the simulators and an embedded SQLite file.
    expect(demo.env_file).toBeUndefined();
    expect(demo.depends_on).toBeUndefined();
  });
});

describe('the documentation', () => {
  it('documents the container, the monitoring, and that the image is not built here', () => {
    const deploy = read('docs/deploy.md');
    const operations = read('docs/operations.md');
    expect(deploy).toMatch(/^## In a container$/m);
    expect(operations).toMatch(/^## Monitoring$/m);
    expect(operations).toContain('`METRICS_PORT`');
    expect(deploy).toMatch(/no container runtime/i);
  });
});
