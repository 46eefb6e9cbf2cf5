// `npm run slack -- "/ops stats idx-1 7d"`: plays a person typing a slash command in the workspace
// that `npm run demo -- --serve` keeps running. Signs the command as Slack does, sends it to opsbot,
// and prints what Slack then shows (ephemeral answers, posts, modals), writing cards to demo-output/.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { signSlackRequest, slashCommandBody } from '../sim/driver/index.ts';
import { SIM_CREDENTIALS, SIM_IDS } from '../sim/workspace.ts';
import { DEFAULT_OUTPUT_DIR, DemoOutput } from './output.ts';
import { SlackPresenter } from './present.ts';
import { readServeState, type ServeState } from './serve.ts';
import { createSimClient } from './sim-client.ts';
import { Transcript } from './transcript.ts';

const USAGE = `Usage: npm run slack -- [--user <U…>] [--channel <C…>] "/ops <subcommand …>"

  Sends the command to the opsbot of a running \`npm run demo -- --serve\` and prints its replies.
  --user     who types it (default ${SIM_IDS.requester}; approvers: ${SIM_IDS.approver}, ${SIM_IDS.secondApprover})
  --channel  where (default ${SIM_IDS.generalChannel}; approvals: ${SIM_IDS.approvalChannel})
  --wait     seconds to wait for replies (default 20)`;

const QUIET_MS = 1_500;

async function send(
  state: ServeState,
  input: { command: string; text: string; user: string; channel: string },
) {
  const sim = createSimClient(state.slackUrl);
  const { trigger_id, response_url } = await sim.commandContext(input.user, input.channel);
  const body = slashCommandBody({
    command: input.command,
    text: input.text,
    userId: input.user,
    channelId: input.channel,
    teamId: state.teamId,
    apiAppId: state.appId,
    responseUrl: response_url,
    triggerId: trigger_id,
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const res = await fetch(state.appUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': timestamp,
      'x-slack-signature': signSlackRequest(SIM_CREDENTIALS.signingSecret, timestamp, body),
    },
    body,
  });
  return { status: res.status, body: await res.text() };
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
  const typed = positionals.join(' ').trim();
  if (values.help || typed === '') {
    process.stdout.write(`${USAGE}\n`);
    return typed === '' && !values.help ? 64 : 0;
  }
  const outDir = resolve(DEFAULT_OUTPUT_DIR);
  const state = readServeState(outDir);
  if (state === undefined || !(await alive(state))) {
    process.stderr.write(
      'npm run slack: no running demo workspace found. Start one in another terminal with\n' +
        '  npm run demo -- --serve\n',
    );
    return 69;
  }
  const [command, ...rest] = typed.startsWith('/') ? typed.split(/\s+/) : ['/ops', typed];
  const user = values.user ?? SIM_IDS.requester;
  const channel = values.channel ?? SIM_IDS.generalChannel;
  const waitMs = Number(values.wait ?? '20') * 1000;

  const color = process.stdout.isTTY === true && process.stdout.hasColors();
  const t = new Transcript({ print: (line) => process.stdout.write(`${line}\n`), color });
  // Time to the millisecond: runs from several terminals must not overwrite each other's files.
  const stamp = new Date().toISOString().slice(11, 23).replace(/[:.]/g, '');
  const presenter = new SlackPresenter(
    createSimClient(state.slackUrl),
    new DemoOutput(outDir, `slack-${stamp}-`),
    t,
  );
  await presenter.skipToNow();
  t.action(`@${presenter.user(user)} types in ${presenter.place(channel)}:  ${command} ${rest.join(' ')}`);
  const res = await send(state, { command: command ?? '/ops', text: rest.join(' '), user, channel });
  if (res.status !== 200) {
    process.stderr.write(`opsbot answered HTTP ${res.status}: ${res.body.slice(0, 200)}\n`);
    return 1;
  }
  const answered = presenter.showCommandAck(res.body, user, channel, '');
  await followUp(presenter, t, { answered, waitMs });
  return 0;
}

/** Shows replies as they arrive; stops once Slack has been quiet for a moment after the last one. */
async function followUp(presenter: SlackPresenter, t: Transcript, o: { answered: boolean; waitMs: number }) {
  const start = Date.now();
  let last = o.answered ? Date.now() : undefined;
  let modal = false;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = t.lines.length;
    if ((await presenter.showNew('')) > 0) last = Date.now();
    modal ||= t.lines.slice(before).some((l) => l.includes('a modal for'));
    if (last !== undefined && Date.now() - last > QUIET_MS) break;
    if (Date.now() - start > o.waitMs) {
      if (last === undefined) t.note(`no reply within ${o.waitMs / 1000} s`);
      break;
    }
  }
  if (modal)
    t.note(
      'This CLI sends commands only; `npm run demo` shows modals being filled in, submitted and approved.',
    );
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
