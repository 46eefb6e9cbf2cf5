// The sandbox behind `npm run slack`: a person plays someone in the simulated workspace, line by
// line — types a slash command, presses a button or picks an option by its words, fills a modal in
// and submits it, moves the clock — and sees what Slack would show, opsbot's own posts included.
// It runs in the `npm run demo -- --serve` process, beside the workspace, and drives opsbot with the
// tour's own kit: the same signed payloads Slack sends, to the same endpoint.

import { SIM_IDS, SIM_USERS } from '../sim/workspace.ts';
import { parseDuration } from '../time/durations.ts';
import { instantInWords } from '../time/zones.ts';
import { viewTitle } from './blocks-text.ts';
import { channelId, compose, knownChannels, knownPeople, personId } from './composer.ts';
import { DemoOutput } from './output.ts';
import { SlackPresenter } from './present.ts';
import { fillValue } from './sandbox-fill.ts';
import {
  type Field,
  type Found,
  fieldsOf,
  findButton,
  findOption,
  labelsOn,
  matchField,
  surfacesFor,
} from './sandbox-targets.ts';
import { createSimClient } from './sim-client.ts';
import { TourKit } from './tour-kit.ts';
import { Transcript } from './transcript.ts';
import type { DemoClock, DemoWorkspace } from './workspace.ts';

export const SANDBOX_HELP = [
  'In the sandbox you play someone in the simulated workspace:',
  '  /ops <words>            type a slash command; @names and #channels become mentions, as in Slack',
  '  as @<person> [<line>]   be someone else, from now on or for one line',
  '  in #<channel> [<line>]  go to another channel, from now on or for one line',
  '  click <label>           press a button: on your modal, a message only you see, this channel,',
  '                          anywhere opsbot posted, then your Home tab (newest first)',
  '  pick <option>           choose a menu option the same way, e.g. pick 7d',
  '  fill <field> <value>    fill a field of your open modal (several values: a, b)',
  '  submit                  press the modal’s submit button;  close: close it',
  '  home                    open opsbot’s Home tab',
  '  wait <10m|2h|1d>        move the simulated clock on; opsbot’s timers (watch checks, digests) tick',
  '  clock                   the simulated time;  who: the people and channels here',
  '  help                    this list;  exit (or Ctrl+D) to leave',
  'What opsbot posts on its own (alerts, reminders, digests, DMs) shows up as it happens.',
];

/** The first words the sandbox takes itself; any other line is for opsbot (`/ops …`). */
export const SANDBOX_VERBS = [
  'help',
  'who',
  'as',
  'in',
  'click',
  'pick',
  'fill',
  'submit',
  'close',
  'home',
  'wait',
  'clock',
] as const;
type SandboxVerb = (typeof SANDBOX_VERBS)[number];

/** Values filled in so far, per modal: kept across sessions, so one `npm run slack -- "fill …"` a line works. */
const pendingFills = new Map<string, Record<string, Record<string, unknown>>>();

/** "1 h 20 min": how far the simulated clock is ahead of this machine's. */
export function aheadInWords(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const parts = [
    [Math.floor(minutes / 1440), 'd'],
    [Math.floor((minutes % 1440) / 60), 'h'],
    [minutes % 60, 'min'],
  ] as const;
  const shown = parts.filter(([n]) => n > 0).map(([n, unit]) => `${n} ${unit}`);
  return shown.length > 0 ? shown.join(' ') : 'less than a minute';
}

/** "Simulated time: Tue 1 Dec, 23:40 UTC, 1 h 20 min ahead of this machine's clock." */
export function clockLine(clock: DemoClock): string {
  const ahead = clock.now() - Date.now();
  const when = `${instantInWords(clock.now(), 'UTC')} UTC`;
  if (ahead < 60_000) return `Simulated time: ${when}, the same as this machine's clock.`;
  return `Simulated time: ${when}, ${aheadInWords(ahead)} ahead of this machine's clock (it only moves forward).`;
}

export class SandboxSession {
  user: string;
  channel: string;
  readonly #kit: TourKit;
  readonly #lines: string[] = [];
  /** After `home`, until the person does something elsewhere: a label is looked for on the Home tab first. */
  #atHome = false;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(demo: DemoWorkspace, outDir: string, o: { user?: string; channel?: string; color?: boolean }) {
    this.user = o.user ?? SIM_IDS.requester;
    this.channel = o.channel ?? SIM_IDS.generalChannel;
    const t = new Transcript({ print: (line) => this.#lines.push(line), color: o.color ?? false });
    // Time to the millisecond: sessions from several terminals must not overwrite each other's files.
    const stamp = new Date().toISOString().slice(11, 23).replace(/[:.]/g, '');
    const output = new DemoOutput(outDir, `slack-${stamp}-`);
    const presenter = new SlackPresenter(createSimClient(demo.ws.slack.baseUrl), output, t);
    presenter.briefHomeTabs = true; // `home` shows the person's own
    this.#kit = new TourKit(demo, t, presenter, output);
    this.#kit.slug = '';
  }

  /** Starts from now: what happened before (the tour, other terminals) is not shown again. */
  async open(): Promise<void> {
    await this.#kit.presenter.skipToNow();
  }

  /** What a person reads on arriving: who they are, where, what to type, what time it is. */
  intro(): string[] {
    return [
      `opsbot sandbox: you are ${this.where}. \`help\` lists what you can do here, \`/ops help\` what opsbot does.`,
      clockLine(this.#kit.demo.clock),
    ];
  }

  /** `@requester in #general`: where the person is, for the prompt. */
  get where(): string {
    return `@${this.#kit.presenter.user(this.user)} in ${this.#kit.presenter.place(this.channel)}`;
  }

  /** Runs one line; returns what it printed, with whatever opsbot did meanwhile. */
  line(text: string): Promise<string[]> {
    return this.#serial(async () => {
      try {
        await this.#run(text.trim());
      } catch (error) {
        this.#kit.t.say(`  ✗ ${error instanceof Error ? error.message : String(error)}`);
      }
    });
  }

  /** Whatever opsbot posted since the last look, on its own or late. */
  poll(): Promise<string[]> {
    return this.#serial(() => this.#kit.presenter.showNew(this.#kit.slug));
  }

  async #serial(work: () => Promise<unknown>): Promise<string[]> {
    const done = this.#queue.then(work);
    this.#queue = done.catch(() => undefined);
    await done;
    return this.#lines.splice(0);
  }

  async #run(text: string): Promise<void> {
    const t = this.#kit.t;
    if (text === '') return;
    if (text.startsWith('/')) {
      this.#atHome = false;
      return this.#command(text);
    }
    const [verb = '', ...words] = text.split(/\s+/);
    const rest = words.join(' ');
    switch (verb.toLowerCase() as SandboxVerb | '') {
      case 'help':
        for (const line of SANDBOX_HELP) t.say(line);
        return;
      case 'who':
        t.say(`People: ${knownPeople()} (you are @${this.#kit.presenter.user(this.user)}).`);
        t.say(`Channels: ${knownChannels()} (you are in ${this.#kit.presenter.place(this.channel)}).`);
        return;
      case 'as':
        return this.#as(words, rest);
      case 'in':
        return this.#in(words, rest);
      case 'click':
        return this.#click(rest);
      case 'pick':
        return this.#pick(rest);
      case 'fill':
        return this.#fill(rest);
      case 'submit':
        return this.#submit();
      case 'close':
        return this.#close();
      case 'home':
        return this.#home();
      case 'wait':
        return this.#wait(rest);
      case 'clock':
        t.say(clockLine(this.#kit.demo.clock));
        return;
      default:
        t.say(
          `“${verb}” isn't something the sandbox does: type \`/ops ${text}\` to send it to opsbot, or \`help\`.`,
        );
    }
  }

  async #command(text: string): Promise<void> {
    const [command = '/ops', ...words] = text.split(/\s+/);
    const typed = words.join(' ');
    const composed = compose(typed);
    if (!composed.ok) {
      this.#kit.t.say(composed.sentence);
      return;
    }
    await this.#kit.command(this.user, this.channel, composed.text, { command, typed });
    await this.#kit.show();
  }

  /** `as @approver` from now on; `as @approver click Approve` for one line. */
  async #as(words: string[], rest: string): Promise<void> {
    const [who = '', ...line] = words;
    const id = personId(who);
    if (id === undefined) {
      this.#kit.t.say(`“${who}” isn't anyone here: people are ${knownPeople()}.`);
      return;
    }
    if (line.length === 0) {
      this.#atHome = false;
      this.user = id;
      this.#kit.t.note(`You are ${this.where} now.`);
      return;
    }
    const was = this.user;
    this.user = id;
    try {
      await this.#run(rest.slice(who.length).trim());
    } finally {
      this.user = was;
    }
  }

  async #in(words: string[], rest: string): Promise<void> {
    const [where = '', ...line] = words;
    const id = channelId(where);
    if (id === undefined) {
      this.#kit.t.say(`“${where}” isn't a channel here: channels are ${knownChannels()}.`);
      return;
    }
    if (line.length === 0) {
      this.#atHome = false;
      this.channel = id;
      this.#kit.t.note(`You are ${this.where} now.`);
      return;
    }
    const was = this.channel;
    this.channel = id;
    try {
      await this.#run(rest.slice(where.length).trim());
    } finally {
      this.channel = was;
    }
  }

  #surfaces() {
    return surfacesFor(this.#kit.ws.slack, this.user, this.channel, { homeFirst: this.#atHome });
  }

  #notFound(what: 'button' | 'option', wanted: string): void {
    const offered = labelsOn(this.#surfaces(), what);
    this.#kit.t.say(
      `There is no ${what} “${wanted}” where @${this.#kit.presenter.user(this.user)} can see it` +
        (offered.length > 0 ? ` (nearest: ${offered.slice(0, 12).join(', ')}).` : '.'),
    );
  }

  async #click(label: string): Promise<void> {
    const found = findButton(this.#surfaces(), label);
    if (found === undefined) return this.#notFound('button', label);
    await this.#press(found, 'button');
  }

  async #pick(label: string): Promise<void> {
    const found = findOption(this.#surfaces(), label);
    if (found === undefined) return this.#notFound('option', label);
    await this.#press(found, 'option');
  }

  async #press(found: Found, kind: 'button' | 'option'): Promise<void> {
    const k = this.#kit;
    const { surface, actionId, blockId, value } = found;
    const shown = kind === 'button' ? `[${found.label}]` : `“${found.label}”`;
    if (surface.kind === 'message') {
      if (kind === 'option' && value !== undefined)
        await k.choose(this.user, surface.message, actionId, value, shown);
      else
        await k.click(this.user, surface.message, actionId, shown, {
          blockId,
          ...(value === undefined ? {} : { value }),
        });
    } else {
      const verb = kind === 'button' ? 'clicks' : 'picks';
      const place = surface.home ? 'on the Home tab' : `in the modal “${viewTitle(surface.view)}”`;
      k.t.action(`@${k.presenter.user(this.user)} ${verb} ${shown} ${place}`);
      const res = await k.ws.driver.clickInView({
        userId: this.user,
        view: surface.view,
        actionId,
        blockId,
        ...(kind === 'option' && value !== undefined ? { value } : {}),
      });
      if (res.status !== 200) throw new Error(`opsbot answered the click with HTTP ${res.status}`);
    }
    await k.show();
  }

  #modal() {
    const view = this.#kit.ws.slack.openViews(this.user).at(-1);
    if (view === undefined)
      this.#kit.t.say(
        `No modal is open for @${this.#kit.presenter.user(this.user)}: a command or a button opens one.`,
      );
    return view;
  }

  async #fill(text: string): Promise<void> {
    const view = this.#modal();
    if (view === undefined) return;
    const fields = fieldsOf(view);
    const match = matchField(fields, text);
    const list = (fs: Field[]) => fs.map((f) => `“${f.label}”`).join(', ');
    if ('candidates' in match) {
      this.#kit.t.say(`Which field? Type \`fill <field> <value>\` with one of ${list(match.candidates)}.`);
      return;
    }
    if (match.value === '') {
      this.#kit.t.say(`Fill “${match.field.label}” with what? e.g. \`fill ${match.field.label} …\``);
      return;
    }
    const value = await fillValue(this.#kit.ws.driver, this.user, view, match.field, match.value);
    if (!value.ok) {
      this.#kit.t.say(value.sentence);
      return;
    }
    const pending = pendingFills.get(view.id) ?? {};
    pending[match.field.blockId] = { [match.field.actionId]: value.state };
    pendingFills.set(view.id, pending);
    const given = (f: Field) =>
      f.blockId in pending || Object.keys(f.element).some((key) => key.startsWith('initial_'));
    const open = fields.filter((f) => !f.optional && !given(f)).map((f) => `“${f.label}”`);
    this.#kit.t.note(
      `“${match.field.label}” reads “${value.shown}”` +
        (open.length > 0 ? `; still empty: ${open.join(', ')}` : '; `submit` when ready'),
    );
  }

  async #submit(): Promise<void> {
    const top = this.#modal();
    if (top === undefined) return;
    const view = this.#kit.ws.slack.viewById(top.id) ?? top;
    await this.#kit.submit(this.user, view, pendingFills.get(view.id) ?? {});
    pendingFills.delete(view.id);
    await this.#kit.show();
  }

  async #close(): Promise<void> {
    const view = this.#modal();
    if (view === undefined) return;
    this.#kit.t.action(`@${this.#kit.presenter.user(this.user)} closes the modal “${viewTitle(view)}”`);
    await this.#kit.ws.driver.closeView({ userId: this.user, view });
    pendingFills.delete(view.id);
    await this.#kit.show();
  }

  async #home(): Promise<void> {
    const k = this.#kit;
    k.t.action(`@${k.presenter.user(this.user)} opens opsbot's Home tab`);
    const res = await k.ws.driver.openHome({ userId: this.user });
    if (res.status !== 200) throw new Error(`opsbot answered app_home_opened with HTTP ${res.status}`);
    k.presenter.briefHomeTabs = false;
    try {
      await k.showSettled();
    } finally {
      k.presenter.briefHomeTabs = true;
    }
    this.#atHome = true;
  }

  /**
   * Moves the clock on as time would pass: opsbot's timers run along the way (a watch check every
   * interval, at most 24 steps; every digest at its time), since a digest far past its time is
   * skipped as after downtime. The timers' next tick is run at each step rather than waited for.
   */
  async #wait(text: string): Promise<void> {
    const k = this.#kit;
    const ms = parseDuration(text);
    if (ms === undefined || ms === 0) {
      k.t.say(
        `\`wait\` takes a length of time, like \`wait 10m\`, \`wait 2h\` or \`wait 1d\` (got “${text}”).`,
      );
      return;
    }
    const { clock } = k.demo;
    const end = clock.now() + ms;
    const step = Math.max(k.ws.config.watches.intervalMs, Math.ceil(ms / MAX_WAIT_STEPS));
    const zone = SIM_USERS[this.user]?.tz ?? 'UTC';
    k.t.action(
      `⏩ The clock moves ${aheadInWords(ms)} on, to ${instantInWords(end, zone)} (${zone}); on the way opsbot checks its watches every ${aheadInWords(step)} and posts digests at their times`,
    );
    const { watches, digests, searchRequests } = k.ws.opsbot.features;
    while (clock.now() < end) {
      const dueDigests = (await k.ws.store.listSubscriptions())
        .map((d) => d.nextRunAt + DIGEST_LATE_MS)
        .filter((at) => at > clock.now() && at < end);
      clock.jumpTo(Math.min(clock.now() + step, end, ...dueDigests));
      await watches.runOnce();
      await digests.runOnce();
    }
    await searchRequests.sweep();
    await k.show();
  }
}

/** A long wait still checks watches in no more than this many steps. */
const MAX_WAIT_STEPS = 24;
/** A digest is posted this long after its time, as the scheduler's tick would find it. */
const DIGEST_LATE_MS = 5_000;

/** The sessions of one served workspace, by id. */
export class Sandbox {
  readonly #demo: DemoWorkspace;
  readonly #outDir: string;
  readonly #sessions = new Map<string, SandboxSession>();
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
    const session = new SandboxSession(this.#demo, this.#outDir, {
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
