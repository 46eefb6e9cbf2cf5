// Turns what the Slack simulator recorded into what each person would see, in the transcript: who
// posted where (channel, DM, ephemeral to whom, modal), the message rendered from its blocks, its
// images written as PNG files and its raw Block Kit written as JSON. Used by the tour and `npm run slack`.
import type { SimActivity, SimActivityPage } from '../sim/slack/inspect-routes.ts';
import { messageLines, viewLines, viewTitle } from './blocks-text.ts';
import type { DemoOutput } from './output.ts';
import { DEMO_CHANNELS, DEMO_GROUPS, DEMO_USERS } from './people.ts';
import type { SimClient } from './sim-client.ts';
import type { Names, RenderOptions } from './slack-text.ts';
import type { Transcript } from './transcript.ts';

type Json = Record<string, unknown>;

const asJson = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export class SlackPresenter {
  cursor = 0;
  /** A line per Home tab published instead of the tab (the sandbox, where every change republishes several). */
  briefHomeTabs = false;
  readonly #client: SimClient;
  readonly #output: DemoOutput;
  readonly #t: Transcript;
  readonly #images = new Map<string, string>();
  #dms: Record<string, string> = {};
  #fileNames = new Map<string, string>();
  readonly #skippedFiles = new Set<string>();

  constructor(client: SimClient, output: DemoOutput, transcript: Transcript) {
    this.#client = client;
    this.#output = output;
    this.#t = transcript;
  }

  /** Skips what happened so far (another terminal's commands) without showing it. */
  async skipToNow(): Promise<void> {
    const page = await this.#client.activity(this.cursor);
    this.#dms = page.dms;
    this.cursor = page.next;
    for (const file of page.files) this.#skippedFiles.add(file.id);
  }

  /** Shows every call since the last one shown; returns how many a person would have seen. */
  async showNew(slug: string): Promise<number> {
    const page = await this.#client.activity(this.cursor);
    this.#dms = page.dms;
    this.#fileNames = new Map(page.files.map((f) => [f.id, f.filename]));
    this.cursor = page.next;
    let shown = 0;
    for (const call of page.calls) if (await this.#showCall(call, slug)) shown += 1;
    await this.#writeLooseImages(page, slug);
    return shown;
  }

  /** The HTTP answer to a slash command: Slack shows a non-empty one to the person who typed it. */
  showCommandAck(body: string, user: string, channel: string, slug: string): boolean {
    if (body.trim() === '') return false;
    let message: Json;
    try {
      message = asJson(JSON.parse(body));
    } catch {
      message = { text: body };
    }
    const where =
      message.response_type === 'in_channel'
        ? `opsbot posts in ${this.where(channel)}`
        : `opsbot → only @${this.user(user)} sees, ${this.where(channel)}`;
    this.#message(where, message, `${slug}-reply`);
    return true;
  }

  /** The HTTP answer to a modal's submission, as Slack applies it. */
  showViewAck(ack: unknown, user: string, slug: string): void {
    const body = asJson(ack);
    const action = body.response_action;
    if (ack === undefined || action === 'clear') {
      this.#t.note(`@${this.user(user)}'s modal closes`);
    } else if (action === 'errors') {
      const errors = Object.entries(asJson(body.errors)).map(([field, text]) => `${field}: ${String(text)}`);
      this.#t.shown(`the modal stays open for @${this.user(user)} and says`, errors);
    } else if (action === 'update' || action === 'push') {
      const path = this.#output.writeJson(`${slug}-modal`, body.view);
      const verb = action === 'update' ? 'the modal changes, for' : 'a new modal opens on top, for';
      const title = `${verb} @${this.user(user)}: “${viewTitle(body.view)}”`;
      this.#t.shown(title, viewLines(body.view, this.#render()), path);
    }
  }

  user(id: string): string {
    return DEMO_USERS[id] ?? id;
  }

  /** "in #general", or "in a DM to @requester". */
  where(channel: string): string {
    return `in ${this.place(channel)}`;
  }

  /** "#general", or "a DM to @requester". */
  place(channel: string): string {
    const dmUser = Object.entries(this.#dms).find(([, dm]) => dm === channel)?.[0];
    if (dmUser !== undefined) return `a DM to @${this.user(dmUser)}`;
    return `#${DEMO_CHANNELS[channel] ?? channel}`;
  }

  #names(): Names {
    return {
      user: (id) => this.user(id),
      channel: (id) => DEMO_CHANNELS[id] ?? id,
      group: (id) => DEMO_GROUPS[id],
    };
  }

  #render(): RenderOptions {
    return {
      names: this.#names(),
      style: this.#t.style,
      imagePath: (image) => {
        const id = str(asJson(image.slack_file).id);
        if (id !== undefined) return this.#images.get(id) ?? `(file ${id}, not uploaded)`;
        return str(image.image_url) ?? str(asJson(image.slack_file).url);
      },
    };
  }

  #message(headline: string, message: Json, slug: string): void {
    const raw = message.blocks === undefined ? { text: message.text } : { blocks: message.blocks };
    const path = this.#output.writeJson(slug, raw);
    this.#t.shown(headline, messageLines(message, this.#render()), path);
  }

  async #showCall(call: SimActivity, slug: string): Promise<boolean> {
    const args = call.args;
    const channel = str(args.channel) ?? call.channel ?? '';
    if (!call.ok) {
      if (VISIBLE.has(call.method))
        this.#t.note(`Slack refused opsbot's ${call.method}: ${call.error ?? 'error'}`);
      return false;
    }
    await this.#writeImagesOf(args.blocks, slug);
    switch (call.method) {
      case 'chat.postMessage': {
        const thread = args.thread_ts === undefined ? '' : ' (in a thread)';
        this.#message(`opsbot posts ${this.where(channel)}${thread}`, args, `${slug}-message`);
        return true;
      }
      case 'chat.postEphemeral':
        this.#message(
          `opsbot → only @${this.user(str(args.user) ?? '')} sees, ${this.where(channel)}`,
          args,
          `${slug}-ephemeral`,
        );
        return true;
      case 'chat.update':
        this.#message(`opsbot updates its message ${this.where(channel)}`, args, `${slug}-update`);
        return true;
      case 'chat.delete':
        this.#t.note(`opsbot deletes its message ${this.where(channel)}`);
        return true;
      case 'response_url':
        return this.#showResponse(call, slug);
      case 'views.open':
      case 'views.push':
      case 'views.update': {
        const verb = { 'views.open': 'opens', 'views.push': 'pushes', 'views.update': 'updates' }[
          call.method
        ];
        const path = this.#output.writeJson(`${slug}-modal`, args.view);
        const headline = `opsbot ${verb} a modal for @${this.user(call.user ?? '')}: “${viewTitle(args.view)}”`;
        this.#t.shown(headline, viewLines(args.view, this.#render()), path);
        return true;
      }
      case 'views.publish': {
        if (this.briefHomeTabs) {
          this.#t.note(`opsbot updates @${this.user(str(args.user_id) ?? '')}'s Home tab`);
          return true;
        }
        const path = this.#output.writeJson(`${slug}-home`, args.view);
        const headline = `opsbot publishes @${this.user(str(args.user_id) ?? '')}'s Home tab`;
        this.#t.shown(headline, viewLines(args.view, this.#render()), path);
        return true;
      }
      case 'files.completeUploadExternal':
        return this.#showSharedFile(call, slug);
      default:
        return false;
    }
  }

  #showResponse(call: SimActivity, slug: string): boolean {
    const args = call.args;
    const user = `@${this.user(call.user ?? '')}`;
    const where = this.where(call.channel ?? '');
    if (args.delete_original === true || args.delete_original === 'true') {
      this.#t.note(`opsbot removes the message ${user} acted on`);
      return true;
    }
    const replace = args.replace_original === true || args.replace_original === 'true';
    const headline =
      args.response_type === 'in_channel'
        ? `opsbot posts ${where} (answering ${user})`
        : replace
          ? `opsbot replaces what ${user} clicked on, ${where}`
          : `opsbot → only ${user} sees, ${where}`;
    this.#message(headline, args, `${slug}-reply`);
    return true;
  }

  async #showSharedFile(call: SimActivity, slug: string): Promise<boolean> {
    const channel = str(call.args.channel_id);
    if (channel === undefined) return false; // uploaded for an image block; shown with its message
    const files = Array.isArray(call.args.files) ? call.args.files : [];
    const lines: string[] = [];
    for (const file of files) {
      const id = str(asJson(file).id) ?? '';
      const path = await this.#writeImage(id, slug);
      lines.push(`[file: ${str(asJson(file).title) ?? id}${path === undefined ? '' : ` → ${path}`}]`);
    }
    const thread = call.args.thread_ts === undefined ? '' : ' (in a thread)';
    this.#t.shown(`opsbot shares a file ${this.where(channel)}${thread}`, lines);
    return true;
  }

  async #writeImagesOf(blocks: unknown, slug: string): Promise<void> {
    if (!Array.isArray(blocks)) return;
    for (const block of blocks) {
      const b = asJson(block);
      const id = str(asJson(b.slack_file).id);
      if (b.type === 'image' && id !== undefined) await this.#writeImage(id, slug);
    }
  }

  async #writeLooseImages(page: SimActivityPage, slug: string): Promise<void> {
    for (const file of page.files) {
      if (file.isImage && file.completed && !this.#images.has(file.id) && !this.#skippedFiles.has(file.id))
        await this.#writeImage(file.id, slug);
    }
  }

  async #writeImage(id: string, slug: string): Promise<string | undefined> {
    const known = this.#images.get(id);
    if (known !== undefined) return known;
    const bytes = await this.#client.fileBytes(id);
    if (bytes === undefined) return undefined;
    const path = this.#output.writeNumbered(`${slug}-${this.#fileNames.get(id) ?? id}`, 'png', bytes);
    this.#images.set(id, path);
    return path;
  }
}

const VISIBLE = new Set([
  'chat.postMessage',
  'chat.postEphemeral',
  'chat.update',
  'response_url',
  'views.open',
  'views.push',
  'views.update',
  'views.publish',
  'files.completeUploadExternal',
]);
