// The sandbox behind `npm run slack`: a person plays someone in the simulated workspace, line by
// line — types a slash command, presses a button or picks an option by its words, fills a modal in
// and submits it, moves the clock — and sees what Slack would show, opsbot's own posts included.
// It runs in the `npm run demo -- --serve` process, beside the workspace, and drives opsbot with the
// tour's own kit: the same signed payloads Slack sends, to the same endpoint.

import { SIM_IDS, SIM_USERS } from '../sim/workspace.ts';
import { parseDuration } from '../time/durations.ts';
import { viewTitle } from './blocks-text.ts';
import { channelId, compose, knownChannels, knownPeople, personId } from './composer.ts';
import { DemoOutput } from './output.ts';
import { SlackPresenter } from './present.ts';
import { clockLine, passTime } from './sandbox-clock.ts';
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
import { SANDBOX_HELP, type SandboxVerb } from './sandbox-words.ts';
import { createSimClient } from './sim-client.ts';
import { TourKit } from './tour-kit.ts';
import { Transcript } from './transcript.ts';
import type { DemoWorkspace } from './workspace.ts';

/** Values filled in so far, by modal id. */
export type Fills = Map<string, Record<string, Record<string, unknown>>>;

export class SandboxSession {
  user: string;
  channel: string;
  readonly #kit: TourKit;
  readonly #lines: string[] = [];
  /** After `home`, until the person does something elsewhere: a label is looked for on the Home tab first. */
  #atHome = false;
  #queue: Promise<unknown> = Promise.resolve();

  /** The sandbox's, not the session's: one `npm run slack -- "fill …"` a line adds up to a form. */
  readonly #fills: Fills;

  constructor(
    demo: DemoWorkspace,
    outDir: string,
    fills: Fills,
    o: { user?: string; channel?: string; color?: boolean },
  ) {
    this.#fills = fills;
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
    const pending = this.#fills.get(view.id) ?? {};
    pending[match.field.blockId] = { [match.field.actionId]: value.state };
    this.#fills.set(view.id, pending);
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
    await this.#kit.submit(this.user, view, this.#fills.get(view.id) ?? {});
    this.#fills.delete(view.id);
    await this.#kit.show();
  }

  async #close(): Promise<void> {
    const view = this.#modal();
    if (view === undefined) return;
    this.#kit.t.action(`@${this.#kit.presenter.user(this.user)} closes the modal “${viewTitle(view)}”`);
    await this.#kit.ws.driver.closeView({ userId: this.user, view });
    this.#fills.delete(view.id);
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

  async #wait(text: string): Promise<void> {
    const ms = parseDuration(text);
    if (ms === undefined || ms === 0) {
      this.#kit.t.say(
        `\`wait\` takes a length of time, like \`wait 10m\`, \`wait 2h\` or \`wait 1d\` (got “${text}”).`,
      );
      return;
    }
    await passTime(this.#kit, ms, SIM_USERS[this.user]?.tz ?? 'UTC');
    await this.#kit.show();
  }
}
