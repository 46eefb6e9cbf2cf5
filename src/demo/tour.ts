// The scripted tour behind `npm run demo`: opsbot against the simulated Slack and management API,
// driven step by step through signed requests, with a transcript of what each person would see and
// every card and Block Kit payload written to the output folder.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SIM_CREDENTIALS } from '../sim/workspace.ts';
import { DEFAULT_OUTPUT_DIR, DemoOutput } from './output.ts';
import { DEMO_APPROVER_GROUP, DEMO_CHANNELS, DEMO_USERS } from './people.ts';
import { SlackPresenter } from './present.ts';
import { createSimClient } from './sim-client.ts';
import { TOUR_STEPS } from './steps.ts';
import { StepUnavailable, TourKit } from './tour-kit.ts';
import { Transcript } from './transcript.ts';
import { type DemoWorkspace, startDemoWorkspace } from './workspace.ts';

export type TourOptions = {
  /** Where cards, Block Kit JSON, transcript and log go; default `demo-output/` in the cwd. */
  outDir?: string;
  /** Receives each transcript line as it happens (the CLI prints them). */
  print?: (line: string) => void;
  color?: boolean;
  /** A running demo workspace to use and leave running (serve mode, tests); else one is started and stopped. */
  demo?: DemoWorkspace;
};

export type StepResult = {
  number: number;
  slug: string;
  title: string;
  status: 'ok' | 'failed' | 'unavailable';
  detail?: string;
};

export type TourResult = {
  ok: boolean;
  steps: StepResult[];
  transcript: string;
  /** Absolute paths of every file written. */
  files: string[];
  outDir: string;
};

export async function runTour(options: TourOptions = {}): Promise<TourResult> {
  const outDir = resolve(options.outDir ?? DEFAULT_OUTPUT_DIR);
  clearPreviousTour(outDir);
  const output = new DemoOutput(outDir);
  const t = new Transcript({
    ...(options.print === undefined ? {} : { print: options.print }),
    color: options.color ?? false,
  });
  const demo = options.demo ?? (await startDemoWorkspace());
  const { ws } = demo;
  const presenter = new SlackPresenter(createSimClient(ws.slack.baseUrl), output, t);
  const kit = new TourKit(demo, t, presenter, output);
  const steps: StepResult[] = [];
  try {
    introduce(t, demo);
    await presenter.skipToNow();
    for (const [i, step] of TOUR_STEPS.entries()) {
      const number = i + 1;
      t.heading(`${number}. ${step.title}`);
      kit.slug = step.slug;
      try {
        await step.run(kit);
        steps.push({ number, slug: step.slug, title: step.title, status: 'ok' });
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        const status = error instanceof StepUnavailable ? 'unavailable' : 'failed';
        t.say(`  ✗ ${status === 'unavailable' ? 'Unavailable' : 'Failed'}: ${detail}`);
        steps.push({ number, slug: step.slug, title: step.title, status, detail });
        await presenter.skipToNow().catch(() => undefined);
      }
    }
    const leaks = findLeaks(demo, t.text(), output);
    summarise(t, steps, leaks, output);
    output.write('opsbot.log', `${ws.logs.join('\n')}\n`);
    const ok = steps.every((s) => s.status === 'ok') && leaks.length === 0;
    t.say(
      `opsbot demo: wrote ${output.written.length + 1} files to ${output.shown} (PNG cards, Block Kit JSON,`,
    );
    t.say(`transcript.txt, opsbot.log). ${ok ? 'The tour completed.' : failureLine(steps, leaks)}`);
    output.write('transcript.txt', t.text());
    return { ok, steps, transcript: t.text(), files: [...output.written], outDir };
  } finally {
    if (options.demo === undefined) await demo.stop();
  }
}

function introduce(t: Transcript, demo: DemoWorkspace): void {
  const { ws } = demo;
  t.say(t.emph('opsbot demo'));
  t.say('opsbot (the real app) runs against local simulators of Slack and of the management API;');
  t.say('every request below is signed and sent the way Slack sends it. All credentials are fake.');
  t.say(`  opsbot         ${ws.url}/slack/events`);
  t.say(`  Slack (sim)    ${ws.slack.apiUrl}`);
  t.say(`  mgmt API (sim) ${ws.mgmt.url}/v2/`);
  t.say(`  database       SQLite in a temporary folder (${demo.databasePath})`);
  const people = Object.entries(DEMO_USERS)
    .filter(([, name]) => name !== 'opsbot')
    .map(([id, name]) => `@${name} (${id})`);
  t.say(`  people         ${people.join(', ')}`);
  const { handle, id, members } = DEMO_APPROVER_GROUP;
  const approvers = members.map((member) => `@${DEMO_USERS[member] ?? member}`).join(', ');
  t.say(`  user group     @${handle} (${id}): ${approvers} — the approvers`);
  const channels = Object.entries(DEMO_CHANNELS).map(([id, name]) => `#${name} (${id})`);
  t.say(`  channels       ${channels.join(', ')}`);
}

/** Every secret the simulators know, looked for in what Slack got, the log, the transcript and the files. */
function findLeaks(demo: DemoWorkspace, transcript: string, output: DemoOutput): string[] {
  const { ws } = demo;
  const secrets = [
    ...ws.mgmt.secretsHandedOut(),
    SIM_CREDENTIALS.botToken,
    SIM_CREDENTIALS.signingSecret,
    SIM_CREDENTIALS.mgmtPassword,
  ].filter((s) => s.length >= 6);
  const places: Array<[string, string]> = [
    ['what Slack received', ws.slack.calls.map((c) => `${c.rawBody}\n${JSON.stringify(c.args)}`).join('\n')],
    ['the log', ws.logs.join('\n')],
    ['the transcript', transcript],
    ...output.written.map((path): [string, string] => [path, readFileSync(path, 'latin1')]),
  ];
  const leaks: string[] = [];
  for (const [where, text] of places) {
    const count = secrets.filter((s) => text.includes(s)).length;
    if (count > 0) leaks.push(`${count} secret(s) in ${where}`);
  }
  return leaks;
}

function summarise(t: Transcript, steps: StepResult[], leaks: string[], output: DemoOutput): void {
  t.heading('Summary');
  for (const step of steps) {
    const mark = step.status === 'ok' ? '✓' : '✗';
    const note = step.status === 'ok' ? '' : ` — ${step.status}: ${step.detail ?? ''}`;
    t.say(`  ${mark} ${step.number}. ${step.title}${note}`);
  }
  if (leaks.length === 0) {
    t.say(
      '  ✓ Secrets: none of the credentials the simulators handed out appears in anything sent to Slack,',
    );
    t.say(`    in the log, in this transcript or in ${output.shown}`);
  } else {
    t.say(`  ✗ Secrets leaked: ${leaks.join('; ')}`);
  }
  const cards = output.written.filter((p) => p.endsWith('.png')).length;
  t.say(`  ${cards} PNG card(s) and the Block Kit JSON of every message and modal are in ${output.shown}`);
}

function failureLine(steps: StepResult[], leaks: string[]): string {
  const bad = steps.filter((s) => s.status !== 'ok').map((s) => `step ${s.number} (${s.slug}) ${s.status}`);
  if (leaks.length > 0) bad.push('secrets leaked');
  return `The tour did not complete: ${bad.join(', ')}.`;
}

/** Files of an earlier tour (numbered ones, transcript, log); the CLI's and the serve state stay. */
function clearPreviousTour(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (/^\d{2,}-.+\.(json|png)$/.test(name) || name === 'transcript.txt' || name === 'opsbot.log')
      rmSync(join(dir, name), { force: true });
  }
}
