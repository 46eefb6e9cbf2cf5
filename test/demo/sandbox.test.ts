// `npm run slack` as a person uses it: a served workspace (`npm run demo -- --serve --no-tour`) and
// the sandbox reading typed lines from stdin. A payg index approved by two people, an alert fired,
// shown on its own and acknowledged, a digest saved and posted at its time — by @names and labels.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/poll.ts';

const mainPath = fileURLToPath(new URL('../../src/demo/main.ts', import.meta.url));
const cliPath = fileURLToPath(new URL('../../src/demo/slack-cli.ts', import.meta.url));
/** Generous: the machine may be busy; every wait ends as soon as the line shows up. */
const SHOWS_UP_MS = 60_000;

describe('npm run slack: the sandbox', () => {
  let cwd: string;
  let server: ChildProcess;
  let sandbox: ChildProcess;
  let serverOut = '';
  let out = '';

  /** Everything printed since `from`, once `text` is in it. */
  const shows = async (text: string | RegExp, from: number) => {
    const seen = () => out.slice(from);
    await eventually(
      () => (typeof text === 'string' ? seen().includes(text) : text.test(seen())),
      `the sandbox to print ${String(text)}; it printed:\n${seen()}`,
      SHOWS_UP_MS,
    );
    return seen();
  };
  /** Types a line; returns where its output starts. */
  const type = (line: string) => {
    const from = out.length;
    sandbox.stdin?.write(`${line}\n`);
    return from;
  };

  beforeAll(async () => {
    cwd = mkdtempSync(join(tmpdir(), 'opsbot-sandbox-'));
    const env = { PATH: process.env.PATH ?? '' };
    server = spawn(process.execPath, [mainPath, '--serve', '--no-tour'], { cwd, env });
    server.stdout?.on('data', (d) => {
      serverOut += d;
    });
    await eventually(() => serverOut.includes('Press Ctrl+C to stop.'), 'serve mode to come up', SHOWS_UP_MS);
    sandbox = spawn(process.execPath, [cliPath], { cwd, env });
    sandbox.stdout?.on('data', (d) => {
      out += d;
    });
    sandbox.stderr?.on('data', (d) => {
      out += d;
    });
    await eventually(() => out.includes('opsbot sandbox: you are @requester in #general'), 'the sandbox');
  }, 2 * SHOWS_UP_MS);

  afterAll(() => {
    if (sandbox.exitCode === null) sandbox.kill('SIGKILL');
    if (server.exitCode === null) server.kill('SIGKILL');
    rmSync(cwd, { recursive: true, force: true });
  });

  it('lists its own commands in help', async () => {
    const seen = await shows('exit (or Ctrl+D)', type('help'));
    for (const command of ['/ops <words>', 'as @<person>', 'in #<channel>', 'click <label>', 'pick <option>'])
      expect(seen).toContain(command);
    for (const command of ['fill <field> <value>', 'submit', 'wait <10m|2h|1d>', 'clock'])
      expect(seen).toContain(command);
  });

  it('names the people and channels it knows when a name is unknown, and sends nothing', async () => {
    const seen = await shows('Nothing was sent.', type('/ops watch idx-1 p99-query-latency > 1 notify @bob'));
    expect(seen).toContain("@bob isn't anyone here (people: @requester, @approver, @approver2");
    expect(seen).not.toContain('types in');
  });

  it('takes a payg index through its request and two approvals, by labels', async () => {
    await shows(
      'opens a modal for @requester: “Request a search index”',
      type('/ops search create product-search eu-west-1 payg'),
    );
    await shows(
      '“Why is it needed?” reads “For the product catalogue”',
      type('fill reason For the product catalogue'),
    );
    let seen = await shows('Approvals 0 of 2', type('submit'));
    expect(seen).toContain('↳ opsbot posts in #approvals');

    type('as @approver');
    seen = await shows('opens a modal for @approver: “Approve request #1”', type('click Approve'));
    expect(seen).toContain('▶ @approver clicks [Approve] in #approvals');
    type('fill comment Fine for the launch.');
    seen = await shows('Approvals 1 of 2', type('submit'));
    expect(seen).toContain('✅ @approver “Fine for the launch.”');

    type('as @approver2');
    await shows('opens a modal for @approver2: “Approve request #1”', type('click Approve'));
    seen = await shows('Your search index is ready', type('submit'));
    expect(seen).toContain('▶ @approver2 presses [Approve & create]');
    expect(seen).toContain('approved by @approver and @approver2');
    expect(seen).toContain('↳ opsbot posts in a DM to @requester');
  });

  it('re-renders a stats message for the period picked by its words', async () => {
    type('as @requester');
    await shows('↳ opsbot posts in #general', type('/ops stats idx-1 1h'));
    const seen = await shows('↳ opsbot updates its message in #general', type('pick 7d'));
    expect(seen).toMatch(/▶ @requester picks “7d[^”]*” in #general/);
    expect(seen).toContain('last 7 days');
  });

  it('shows an alert as the watch fires, with its chart, and an @approver acknowledges it', async () => {
    type('in #team-ops');
    let seen = await shows(
      'Watch #1 set',
      type('/ops watch idx-1 p99-query-latency > 1 for 1 notify @approver remind 10m'),
    );
    expect(seen).toContain('calling @approver'); // @approver arrived as a mention opsbot resolved
    seen = await shows('[Acknowledge]', type('wait 5m'));
    const fired = seen.slice(seen.indexOf('⏩ The clock moves 5 min on'));
    expect(fired).toContain('↳ opsbot posts in #team-ops');
    expect(fired).toContain('🚨 `idx-1` · `p99-query-latency`');
    const chart = /→ (demo-output\/slack-[^\]]+\.png)\]/.exec(fired)?.[1];
    expect(chart, fired).toBeDefined();
    expect(existsSync(join(cwd, chart ?? ''))).toBe(true);

    seen = await shows('Acknowledged by @approver', type('as @approver click Acknowledge'));
    expect(seen).toContain('▶ @approver clicks [Acknowledge] in #team-ops');
  });

  it('saves a digest field by field and shows it posted when its time comes', async () => {
    await shows('opens a modal for @requester: “Daily digest”', type('/ops digest'));
    await shows('“Vector indexes” reads “idx-1', type('fill indexes idx-1'));
    await shows('“Time of day” reads “10:00”', type('fill time of day 10:00'));
    let seen = await shows('The daily digest for #team-ops is saved', type('submit'));
    expect(seen).toContain('every day at 10:00 (Europe/Berlin)');

    seen = await shows('Change or stop this digest', type('wait 1d'));
    const posted = seen.slice(seen.indexOf('⏩ The clock moves 1 d on'));
    expect(posted).toContain('↳ opsbot posts in #team-ops');
    expect(posted).toContain('*Daily digest ·');
    expect(posted).toMatch(/\[image: Vector index idx-1\..+→ demo-output\/slack-.+\.png\]/);
  });

  it('shows what opsbot posts for someone else, typed in another terminal, without a line typed here', async () => {
    const from = out.length;
    const other = spawn(
      process.execPath,
      [cliPath, '--user', '@approver2', '--channel', '#team-ops', '/ops stats idx-2 1h'],
      {
        cwd,
        env: { PATH: process.env.PATH ?? '' },
      },
    );
    const done = new Promise<number | null>((resolve) => other.on('close', resolve));
    const seen = await shows('Vector index idx-2', from);
    expect(seen).toContain('↳ opsbot posts in #team-ops');
    expect(seen).not.toContain('▶'); // nobody typed anything in this terminal
    expect(await done).toBe(0);
  });

  it('tells how far the simulated clock has moved, and leaves on exit', async () => {
    const seen = await shows('ahead of this machine', type('clock'));
    expect(seen).toMatch(/Simulated time: .+ UTC, 1 d \d+ min ahead of this machine's clock/);
    const exited = new Promise<number | null>((resolve) => sandbox.on('close', resolve));
    type('exit');
    expect(await exited).toBe(0);
  });
});
