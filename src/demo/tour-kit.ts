// What a tour step does with the workspace, each narrated: someone types a command, clicks a button,
// submits a modal; then the transcript shows what Slack showed. The driver sends the same signed
// requests Slack sends, to the same endpoint. Only what a timer would start (a digest tick, a watch
// check) is started through the app's ports, so the tour need not wait for the clock.
import type { MessageLike } from '../sim/driver/index.ts';
import type { SimMessage, SimView } from '../sim/slack/index.ts';
import type { DemoOutput } from './output.ts';
import type { SlackPresenter } from './present.ts';
import type { Transcript } from './transcript.ts';
import type { DemoWorkspace } from './workspace.ts';

type Json = Record<string, unknown>;

const WAIT_MS = 15_000;
/** Slack quiet this long: opsbot has finished answering what was done. */
const QUIET_MS = 250;
/** Well past the Home tab's batching window (500 ms) and the time to build the tabs it republishes. */
const SETTLED_QUIET_MS = 1_200;

export type TourStep = { slug: string; title: string; run(k: TourKit): Promise<void> };

/** A step that cannot run in this build (its feature is missing): reported, never faked. */
export class StepUnavailable extends Error {}

export class TourKit {
  readonly demo: DemoWorkspace;
  readonly t: Transcript;
  readonly presenter: SlackPresenter;
  readonly output: DemoOutput;
  slug = 'tour';

  constructor(demo: DemoWorkspace, transcript: Transcript, presenter: SlackPresenter, output: DemoOutput) {
    this.demo = demo;
    this.t = transcript;
    this.presenter = presenter;
    this.output = output;
  }

  get ws() {
    return this.demo.ws;
  }

  /**
   * `@user in #channel types /ops <text>`; shows opsbot's immediate answer, if any. `typed`: what the
   * person typed, when `text` is already as Slack's composer turned it (the sandbox's mentions).
   */
  async command(
    user: string,
    channel: string,
    text: string,
    options: { escape?: boolean; command?: string; typed?: string } = {},
  ) {
    const { typed, ...sent } = options;
    const command = sent.command ?? '/ops';
    this.t.action(
      `@${this.presenter.user(user)} types in ${this.presenter.place(channel)}:  ${command} ${typed ?? text}`,
    );
    // `escape`: @people and #channels picked from Slack's list arrive as Slack escapes them.
    const res = await this.ws.driver.command(text, { userId: user, channelId: channel, ...sent });
    if (res.status !== 200) throw new Error(`opsbot answered the command with HTTP ${res.status}`);
    this.presenter.showCommandAck(res.body, user, channel, this.slug);
    return res;
  }

  /** `which`: the button among several sharing `actionId` (a row per request), by its block and value. */
  async click(
    user: string,
    message: MessageLike,
    actionId: string,
    label: string,
    which: { blockId?: string; value?: string } = {},
  ) {
    this.t.action(`@${this.presenter.user(user)} clicks ${label} ${this.presenter.where(message.channel)}`);
    const res = await this.ws.driver.clickButton({ userId: user, message, actionId, ...which });
    if (res.status !== 200) throw new Error(`opsbot answered the click with HTTP ${res.status}`);
    return res;
  }

  async choose(user: string, message: MessageLike, actionId: string, value: string, label: string) {
    this.t.action(`@${this.presenter.user(user)} picks ${label} ${this.presenter.where(message.channel)}`);
    const res = await this.ws.driver.selectOption({ userId: user, message, actionId, value });
    if (res.status !== 200) throw new Error(`opsbot answered the selection with HTTP ${res.status}`);
    return res;
  }

  /** Fills in the modal and presses its submit button; shows what Slack does with opsbot's answer. */
  async submit(user: string, view: SimView, values: Record<string, Record<string, unknown>>) {
    this.t.action(`@${this.presenter.user(user)} ${describeFilling(view, values)}`);
    const res = await this.ws.driver.submitView({ userId: user, view, values });
    if (res.status !== 200) throw new Error(`opsbot answered the submission with HTTP ${res.status}`);
    if (!res.applied.ok)
      throw new Error(`Slack would refuse opsbot's answer: ${res.applied.errors?.join('; ')}`);
    this.presenter.showViewAck(res.ack, user, this.slug);
    return res;
  }

  /** Waits until `probe` finds something; the error names what never came. */
  async until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>): Promise<T> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const found = await probe();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`no ${what} within ${WAIT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /**
   * Once Slack has been quiet for a moment, shows everything opsbot did since the last look
   * (`maxLines` per message: to show a repeat briefly).
   */
  async show(maxLines?: number, quietMs = QUIET_MS): Promise<number> {
    let count = -1;
    let quietSince = Date.now();
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      if (this.ws.slack.calls.length !== count) {
        count = this.ws.slack.calls.length;
        quietSince = Date.now();
      } else if (Date.now() - quietSince >= quietMs) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const usual = this.t.maxBodyLines;
    this.t.maxBodyLines = maxLines ?? usual;
    try {
      return await this.presenter.showNew(this.slug);
    } finally {
      this.t.maxBodyLines = usual;
    }
  }

  /**
   * Like show(), after waiting out the Home tab's batching of changes (half a second): the Home tabs
   * a change republishes are shown here, before whatever comes next, so the files of the run are
   * numbered the same way every time (the README quotes some of them by name).
   */
  showSettled(): Promise<number> {
    return this.show(undefined, SETTLED_QUIET_MS);
  }

  /** The newest modal opened for `user` since call number `since`. */
  modalFor(user: string, since: number): Promise<SimView> {
    return this.until(`modal for @${this.presenter.user(user)}`, () => {
      const opened = this.ws.slack.views
        .slice(since)
        .filter((v) => v.user === user && v.via === 'views.open');
      return opened.at(-1)?.view;
    });
  }

  /** The newest message in `channel` that `test` accepts. */
  messageIn(channel: string, what: string, test: (m: SimMessage) => boolean = () => true) {
    return this.until(what, () => this.ws.slack.messagesIn(channel).filter(test).at(-1));
  }
}

/** `{ block: { action: value } }` for the modal's input whose label matches, as the person fills it in. */
export function fillIn(
  view: SimView,
  label: RegExp,
  value: unknown,
): Record<string, Record<string, unknown>> {
  const inputs = view.blocks.filter((b): b is Json => (b as Json).type === 'input') as Json[];
  const labelOf = (b: Json) => String((b.label as Json | undefined)?.text ?? '');
  const block = inputs.find((b) => label.test(labelOf(b)));
  const actionId = (block?.element as Json | undefined)?.action_id;
  if (block === undefined || typeof block.block_id !== 'string' || typeof actionId !== 'string') {
    throw new Error(`the modal has no field labelled ${label} (it has: ${inputs.map(labelOf).join(', ')})`);
  }
  return { [block.block_id]: { [actionId]: value } };
}

/** The first select in the message offering an option whose text starts with `text`. */
export function optionIn(
  message: SimMessage,
  text: string,
): { actionId: string; value: string; label: string } {
  for (const block of (message.blocks ?? []) as Json[]) {
    const elements = [...((block.elements as Json[] | undefined) ?? []), block.accessory as Json | undefined];
    for (const element of elements) {
      if (element === undefined || typeof element.action_id !== 'string') continue;
      for (const option of (element.options as Json[] | undefined) ?? []) {
        const shown = String((option.text as Json | undefined)?.text ?? '');
        if (shown.startsWith(text))
          return { actionId: element.action_id, value: String(option.value), label: shown };
      }
    }
  }
  throw new Error(`the message offers no option "${text}…"`);
}

/** "fills in “Reason” with “…” and presses [Request]". */
function describeFilling(view: SimView, values: Record<string, Record<string, unknown>>): string {
  const filled = view.blocks
    .map((b) => b as Json)
    .filter((b) => typeof b.block_id === 'string' && b.block_id in values)
    .map((b) => {
      const shown = shownValue(Object.values(values[b.block_id as string] ?? {})[0]);
      return `“${String((b.label as Json | undefined)?.text ?? b.block_id)}” with “${shown}”`;
    });
  const submit = String((view.submit as Json | undefined)?.text ?? 'Submit');
  return `${filled.length > 0 ? `fills in ${filled.join(' and ')} and ` : ''}presses [${submit}]`;
}

/**
 * What a filled-in field reads: a plain value, several (options picked), or a state value as Slack
 * reports it (`{ type, selected_options: [{ text, value }] }`), by the words its options show.
 */
function shownValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(shownValue).join(', ');
  if (typeof value !== 'object' || value === null) return String(value);
  const v = value as Json;
  if ('text' in v) return shownValue((v.text as Json | undefined)?.text ?? v.value);
  const held = Object.entries(v).find(([key]) => key !== 'type')?.[1];
  return held === undefined ? '' : shownValue(held);
}

/** True when the message's blocks hold an image. */
export function hasImage(message: { blocks?: unknown[] }): boolean {
  return ((message.blocks ?? []) as Json[]).some((b) => b.type === 'image');
}

export function hasAction(message: { blocks?: unknown[] }, actionId: string): boolean {
  return JSON.stringify(message.blocks ?? []).includes(`"action_id":"${actionId}"`);
}

/** "10:00" in `timeZone`, one hour (and a bit) from `now`: a time the tour then jumps to. */
export function nextWholeHour(now: number, timeZone: string): string {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone }).format(now + 3_600_000),
  );
  return `${String(hour).padStart(2, '0')}:00`;
}
